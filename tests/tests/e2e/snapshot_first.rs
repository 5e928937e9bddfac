//! Snapshot-first start: entries pinned to a committed snapshot offer their approved tools at
//! once, whatever their servers do — one that never answers, one left for its first call —
//! and calls wait for their server within the call timeout.

use std::time::{Duration, Instant};

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::{Manager, ServerStatus};
use mcp_runtime::host::registry::{Format, Registry, RegistryOptions};
use serde_json::{Value, json};

use crate::common::faults::Pids;

const SERVER: &str = env!("CARGO_BIN_EXE_test-demo-server");
const DEMO_SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mcp/demo.json");
/// Far longer than the test takes: a start that waited for the mute server would show.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

fn pinned(mut entry: Value, extra: Value) -> Value {
    entry["snapshot"] = DEMO_SNAPSHOT.into();
    entry["retry"] = json!({"attempts": 1});
    if let (Value::Object(e), Value::Object(x)) = (&mut entry, extra) {
        e.extend(x);
    }
    entry
}

#[tokio::test]
async fn pinned_servers_offer_their_snapshot_at_once_and_calls_wait_for_them() {
    let pids = Pids::new("snapshot-first");
    let servers = json!({"mcpServers": {
        "mute": pinned(pids.entry("mute.py", &[]), json!({"timeout": 1})),
        "demo": pinned(json!({"command": SERVER}), json!({})),
        "lazy": pinned(json!({"command": SERVER}), json!({"connect": "on-first-call"})),
    }});
    let config = Config::parse(&servers.to_string(), "snapshot-first mcp.json").unwrap();
    let options = ConnectOptions::default().connect_timeout(CONNECT_TIMEOUT);
    let began = Instant::now();
    let manager = Manager::start(config, options).await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    assert!(
        began.elapsed() < CONNECT_TIMEOUT / 4,
        "{:?}",
        began.elapsed()
    );

    for server in ["mute", "demo", "lazy"] {
        assert!(
            registry.resolve(&format!("mcp_{server}_add")).is_some(),
            "{:?}",
            registry.names()
        );
    }
    assert!(registry.warnings().is_empty(), "{:?}", registry.warnings());
    assert!(manager.status()["mute"].is_connecting());
    assert_eq!(manager.status()["lazy"], ServerStatus::Disconnected(None));
    assert!(manager.server("lazy").unwrap().pids().await.is_empty());

    // A call to a server still connecting waits for it, within its call timeout.
    let sum = registry
        .dispatch("mcp_demo_add", r#"{"a": 2, "b": 3}"#)
        .await;
    assert!(
        !sum.is_error && sum.content.contains('5'),
        "{}",
        sum.content
    );
    let lazy = registry
        .dispatch("mcp_lazy_add", r#"{"a": 1, "b": 1}"#)
        .await;
    assert!(
        !lazy.is_error && lazy.content.contains('2'),
        "{}",
        lazy.content
    );
    assert_eq!(manager.status()["lazy"], ServerStatus::Connected);
    let mute = registry
        .dispatch("mcp_mute_add", r#"{"a": 1, "b": 1}"#)
        .await;
    assert!(
        mute.is_error && mute.content.contains("1s"),
        "{}",
        mute.content
    );
    assert!(manager.status()["mute"].is_connecting());

    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn servers_without_a_snapshot_join_the_registry_once_connected() {
    let pids = Pids::new("snapshot-first-joining");
    let servers = json!({"mcpServers": {
        "slow": pids.entry("slow_init.py", &["2"]),
        "mute": pids.entry("mute.py", &[]),
        "demo": pinned(json!({"command": SERVER}), json!({})),
    }});
    let config = Config::parse(&servers.to_string(), "joining mcp.json").unwrap();
    let options = ConnectOptions::default().connect_timeout(CONNECT_TIMEOUT);
    let began = Instant::now();
    let manager = Manager::start(config, options).await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    let at_once = began.elapsed();
    assert!(at_once < Duration::from_secs(1), "{at_once:?}");
    assert!(manager.status()["slow"].is_connecting());
    let names = registry.names();
    assert!(names.contains(&"mcp_demo_add".to_string()), "{names:?}");
    assert!(
        !names.iter().any(|n| n.starts_with("mcp_slow")),
        "{names:?}"
    );
    let joining = registry.warnings();
    assert!(
        joining
            .iter()
            .any(|w| w.contains("`slow`") && w.contains("not offered yet")),
        "{joining:?}"
    );

    // Called before it joined: the call waits for the server, as the model's next turn would.
    let noop = registry.dispatch("mcp_slow_noop", "{}").await;
    assert!(!noop.is_error && noop.content == "ok", "{}", noop.content);
    assert!(began.elapsed() >= Duration::from_secs(2));
    let definitions = registry.definitions(Format::OpenAi);
    let offered: Vec<&str> = definitions
        .iter()
        .filter_map(|d| d["function"]["name"].as_str())
        .collect();
    assert!(offered.contains(&"mcp_slow_noop"), "{offered:?}");
    assert!(
        offered.contains(&"mcp_demo_add"),
        "names given before never change"
    );
    let warnings = registry.warnings();
    assert!(
        !warnings.iter().any(|w| w.contains("`slow`")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("`mute`")),
        "{warnings:?}"
    );

    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

#[test]
fn on_first_call_needs_a_snapshot() {
    let servers = json!({"mcpServers": {"x": {"command": "x", "connect": "on-first-call"}}});
    let config = Config::parse(&servers.to_string(), "m").unwrap();
    assert!(config.servers.is_empty());
    let warning = &config.warnings[0];
    assert!(
        warning.contains("needs a `snapshot`") && warning.contains("mcp-codegen snapshot"),
        "{warning}"
    );
}

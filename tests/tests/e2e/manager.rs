//! Many servers from one mcp.json, with real processes: fault isolation, respawn, no replay of
//! destructive calls, pools, per-call sessions, and the registry on top.

use std::path::Path;
use std::time::{Duration, Instant};

use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::{Manager, ServerStatus};
use mcp_runtime::host::registry::{Format, PrefixPolicy, Registry, RegistryOptions};
use mcp_runtime::{ConnectOptions, Error};
use serde_json::{Value, json};

use crate::common::*;

const SERVER: &str = env!("CARGO_BIN_EXE_test-demo-server");

fn temp_dir(name: &str) -> Scratch {
    scratch(&format!("manager-{name}"))
}

/// A demo server entry that appends a line to `starts` each time it is started.
fn counted_demo(starts: &Path, extra: Value) -> Value {
    let mut entry = json!({
        "command": "sh",
        "args": ["-c", format!("echo start >> '{}'; exec '{SERVER}'", starts.display())],
        "retry": {"attempts": 1}
    });
    if let (Value::Object(e), Value::Object(x)) = (&mut entry, extra) {
        e.extend(x);
    }
    entry
}

fn starts(file: &Path) -> usize {
    std::fs::read_to_string(file)
        .map(|s| s.lines().count())
        .unwrap_or(0)
}

/// Room for a loaded machine: with 2 s, a server (the demo, the TypeScript one) now and then
/// took longer to connect when six tests ran at once on two cores.
fn options() -> ConnectOptions {
    ConnectOptions::default().connect_timeout(Duration::from_secs(6))
}

fn config(servers: Value) -> Config {
    Config::parse(
        &json!({ "mcpServers": servers }).to_string(),
        "test mcp.json",
    )
    .unwrap()
}

#[tokio::test]
async fn one_broken_server_never_blocks_or_breaks_the_others() {
    let config = config(json!({
        "demo": {"command": SERVER},
        "everything": {"command": npm_bin("mcp-server-everything"), "args": ["stdio"]},
        "missing": {"command": "no-such-mcp-server-anywhere", "retry": {"attempts": 2, "base_delay_ms": 10}},
        "silent": {"command": "sh", "args": ["-c", "exec sleep 60"], "retry": {"attempts": 1}},
        "off": {"command": SERVER, "disabled": true}
    }));
    let start = Instant::now();
    let manager = Manager::start_settled(config, options()).await;
    // The hung server costs its connect timeout (6 s), once, in parallel with the rest.
    assert!(
        start.elapsed() < Duration::from_secs(12),
        "took {:?}",
        start.elapsed()
    );
    let status = manager.status();
    assert_eq!(status["demo"], ServerStatus::Connected);
    assert_eq!(status["everything"], ServerStatus::Connected);
    assert_eq!(status["off"], ServerStatus::Disconnected(None));
    match &status["missing"] {
        ServerStatus::Failed(reason) => {
            assert!(reason.contains("no-such-mcp-server-anywhere"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    match &status["silent"] {
        ServerStatus::Failed(reason) => {
            assert!(
                reason.contains("no answer to `server/discover`"),
                "{reason}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(manager.connected_servers(), ["demo", "everything"]);

    let out = manager
        .call_tool("demo", "echo", json!({"message": "isolated"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "isolated");
    let out = manager
        .call_tool("everything", "echo", json!({"message": "still fine"}))
        .await
        .unwrap();
    assert!(out.text().contains("still fine"));
    let err = manager
        .call_tool("missing", "echo", json!({}))
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("no-such-mcp-server-anywhere"),
        "{err}"
    );
    let err = manager
        .call_tool("nowhere", "echo", json!({}))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::UnknownServer { server, configured } if server == "nowhere" && configured.contains(&"demo".to_string())),
        "{err:?}"
    );
    assert!(err.to_string().contains("no MCP server `nowhere`"), "{err}");
    let err = manager
        .call_tool("off", "echo", json!({}))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::ServerDisabled { server } if server == "off"),
        "{err:?}"
    );

    // Retrying only the failed ones leaves the good ones alone.
    let demo_pids = manager.server("demo").unwrap().pids().await;
    manager.reconnect(true).await;
    assert_eq!(manager.server("demo").unwrap().pids().await, demo_pids);
    assert!(matches!(
        manager.status()["missing"],
        ServerStatus::Failed(_)
    ));

    let mut pids = Vec::new();
    for server in manager.servers().values() {
        pids.extend(server.pids().await);
    }
    manager.shutdown().await;
    for pid in pids {
        assert!(
            wait_gone(pid, Duration::from_secs(5)).await,
            "{pid} left behind"
        );
    }
    assert!(manager.connected_servers().is_empty());
}

#[tokio::test]
async fn a_killed_server_is_respawned_by_the_next_call() {
    let dir = temp_dir("respawn");
    let log = dir.join("starts");
    let manager = Manager::start_settled(
        config(json!({"demo": counted_demo(&log, json!({}))})),
        options(),
    )
    .await;
    let demo = manager.server("demo").unwrap();
    let pid = demo.pids().await[0];
    unsafe { libc_kill(pid) };
    // Reaped at once (no zombie), even though no call has noticed yet.
    assert!(
        wait_gone(pid, Duration::from_secs(5)).await,
        "{pid} lingers"
    );
    // The next call respawns it and succeeds.
    let out = manager
        .call_tool("demo", "echo", json!({"message": "back"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "back");
    assert_eq!(starts(&log), 2);
    assert_ne!(demo.pids().await, [pid]);
    assert_eq!(demo.tools().await.unwrap().len(), 13);
    manager.shutdown().await;
}

#[tokio::test]
async fn only_idempotent_calls_are_replayed_after_a_transport_failure() {
    let dir = temp_dir("replay");
    let log = dir.join("starts");
    let manager = Manager::start_settled(
        config(json!({"demo": counted_demo(&log, json!({}))})),
        options(),
    )
    .await;
    let demo = manager.server("demo").unwrap().clone();

    // `sleep` is read-only: killed mid-call, it is retried on a new session and succeeds.
    let pid = demo.pids().await[0];
    let call = tokio::spawn({
        let demo = demo.clone();
        async move { demo.call_tool("sleep", json!({"ms": 1500})).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    unsafe { libc_kill(pid) };
    let out = call.await.unwrap().unwrap();
    assert_eq!(out.text(), "slept 1500 ms");
    assert_eq!(starts(&log), 2);

    // `exit` has no idempotent/read-only hint: the failure is returned, nothing is replayed.
    let err = demo
        .call_tool("exit", json!({"code": 4}))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::TransportClosed { .. }), "{err:?}");
    assert_eq!(starts(&log), 2, "the destructive call was replayed");
    manager.shutdown().await;
}

#[tokio::test]
async fn a_pool_runs_calls_on_several_sessions() {
    let manager = Manager::start_settled(
        config(json!({"demo": {"command": SERVER, "pool": {"min": 1, "max": 3}}})),
        options(),
    )
    .await;
    let demo = manager.server("demo").unwrap().clone();
    assert_eq!(demo.stats().await.total, 1);
    let start = Instant::now();
    let calls: Vec<_> = (0..3)
        .map(|_| {
            let demo = demo.clone();
            tokio::spawn(async move { demo.call_tool("sleep", json!({"ms": 1200})).await })
        })
        .collect();
    // While the calls run, the pool grows to three sessions, all in use.
    let mut during = demo.stats().await;
    while (during.total, during.in_use) != (3, 3) && start.elapsed() < Duration::from_millis(1000) {
        tokio::time::sleep(Duration::from_millis(20)).await;
        during = demo.stats().await;
    }
    assert_eq!((during.total, during.in_use), (3, 3), "{during:?}");
    for call in calls {
        call.await.unwrap().unwrap();
    }
    // Side by side, not one after another (that would take 3.6 s).
    assert!(
        start.elapsed() < Duration::from_millis(3000),
        "{:?}",
        start.elapsed()
    );
    let _ = demo.call_tool("fail", json!({"message": "x"})).await;
    let after = demo.stats().await;
    assert_eq!(
        (after.total, after.in_use, after.calls, after.errors),
        (3, 0, 4, 1)
    );
    assert_eq!(demo.pids().await.len(), 3);
    manager.shutdown().await;
}

#[tokio::test]
async fn per_call_lifecycle_uses_a_fresh_server_each_time() {
    let dir = temp_dir("percall");
    let log = dir.join("starts");
    let manager = Manager::start_settled(
        config(json!({"demo": counted_demo(&log, json!({"lifecycle": "per-call"}))})),
        options(),
    )
    .await;
    assert_eq!(manager.status()["demo"], ServerStatus::Connected);
    for i in 0..3 {
        let out = manager
            .call_tool("demo", "echo", json!({"message": format!("call {i}")}))
            .await
            .unwrap();
        assert_eq!(out.text(), format!("call {i}"));
    }
    assert_eq!(starts(&log), 4);
    manager.shutdown().await;
}

#[tokio::test]
async fn the_registry_names_defines_and_dispatches() {
    let manager = Manager::start_settled(
        config(json!({
            "demo": {"command": SERVER, "tools": {"deny": ["exit"]}},
            "everything": {"command": npm_bin("mcp-server-everything"), "args": ["stdio"], "tools": {"allow": ["echo", "get-sum"]}}
        })),
        options(),
    )
    .await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    let names = registry.names();
    assert!(
        names.contains(&"mcp_demo_echo".to_string())
            && names.contains(&"mcp_everything_get-sum".to_string()),
        "{names:?}"
    );
    assert!(
        !names.contains(&"mcp_demo_exit".to_string()),
        "the deny filter applies"
    );
    let err = manager
        .call_tool("demo", "exit", json!({}))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::ToolHidden { server, tool } if server == "demo" && tool == "exit"),
        "{err:?}"
    );
    assert_eq!(names.len(), 12 + 2);
    for name in &names {
        let (server, tool) = registry.resolve(name).unwrap();
        assert_eq!(*name, format!("mcp_{server}_{tool}"));
    }

    let openai = registry.definitions(Format::OpenAi);
    let echo = openai
        .iter()
        .find(|d| d["function"]["name"] == "mcp_demo_echo")
        .unwrap();
    assert_eq!(echo["type"], "function");
    assert_eq!(
        echo["function"]["parameters"]["required"],
        json!(["message"])
    );
    let anthropic = registry.definitions(Format::Anthropic);
    assert!(
        anthropic
            .iter()
            .all(|d| d["input_schema"]["type"] == "object")
    );

    let ok = registry
        .dispatch("mcp_demo_add", r#"{"a": 1, "b": 41}"#)
        .await;
    assert!(!ok.is_error, "{}", ok.content);
    assert_eq!(ok.structured, Some(json!({"sum": 42.0})));
    let bad = registry.dispatch("mcp_demo_add", r#"{"a": "x"}"#).await;
    assert!(
        bad.is_error
            && bad.content.contains("\"b\" is a required property")
            && bad.content.contains("/a"),
        "{}",
        bad.content
    );
    let failed = registry
        .dispatch("mcp_demo_fail", r#"{"message": "tool broke"}"#)
        .await;
    assert!(
        failed.is_error && failed.content.contains("tool broke"),
        "{}",
        failed.content
    );
    let unknown = registry.dispatch("mcp_demo_nope", "{}").await;
    assert!(unknown.is_error && unknown.content.contains("unknown tool"));

    let conflict = Registry::from_manager(
        &manager,
        RegistryOptions::default()
            .prefix(PrefixPolicy::OnConflict)
            .description_prefix(true),
    )
    .await;
    let names = conflict.names();
    assert!(
        names.contains(&"mcp_demo_echo".to_string())
            && names.contains(&"mcp_everything_echo".to_string())
            && names.contains(&"add".to_string()),
        "{names:?}"
    );
    let defs = conflict.definitions(Format::Anthropic);
    let add = defs.iter().find(|d| d["name"] == "add").unwrap();
    assert!(
        add["description"]
            .as_str()
            .unwrap()
            .starts_with("[MCP:demo] ")
    );
    manager.shutdown().await;
}

/// SIGKILL, as a crash would.
unsafe fn libc_kill(pid: u32) {
    let _ = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status();
}

#[tokio::test]
async fn a_slow_new_session_gives_way_to_sharing_after_the_acquire_timeout() {
    let dir = temp_dir("acquire");
    let flag = dir.join("started-once");
    // The first start is a working server; every later one hangs before the handshake.
    let script = format!(
        "if [ -e '{f}' ]; then exec sleep 60; else touch '{f}'; exec '{SERVER}'; fi",
        f = flag.display()
    );
    let entry = json!({"command": "sh", "args": ["-c", script], "retry": {"attempts": 1}, "pool": {"max": 2, "acquire_timeout_ms": 300}});
    let manager = Manager::start_settled(config(json!({ "demo": entry })), options()).await;
    let demo = manager.server("demo").unwrap().clone();
    let busy = tokio::spawn({
        let demo = demo.clone();
        async move { demo.call_tool("sleep", json!({"ms": 800})).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let start = Instant::now();
    // The only session is busy, so a second one is opened; it hangs, and after 300 ms the call
    // shares the busy session instead of waiting for the 6 s connect timeout.
    let out = demo
        .call_tool("echo", json!({"message": "shared"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "shared");
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    busy.await.unwrap().unwrap();
    assert_eq!(demo.stats().await.total, 1);
    assert_eq!(manager.status()["demo"], ServerStatus::Connected);
    manager.shutdown().await;
}

#[tokio::test]
async fn tools_list_changed_refreshes_the_cached_list() {
    let manager =
        Manager::start_settled(config(json!({"demo": {"command": SERVER}})), options()).await;
    let demo = manager.server("demo").unwrap().clone();
    let before = demo.tools().await.unwrap();
    assert!(!before.iter().any(|t| t.name == "secret"));
    // `unlock` makes the server list `secret` and send notifications/tools/list_changed.
    assert_eq!(
        demo.call_tool("unlock", json!({})).await.unwrap().text(),
        "unlocked"
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    let after = loop {
        let tools = demo.tools().await.unwrap();
        if tools.iter().any(|t| t.name == "secret") || Instant::now() > deadline {
            break tools;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the cached list was not refreshed"
    );
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    assert_eq!(
        registry.dispatch("mcp_demo_secret", "{}").await.content,
        "the secret is 42"
    );
    manager.shutdown().await;
}

/// A server's `ttlMs` (2026-07-28) bounds how long the Manager reuses its tool list: `0` is
/// stale at once, a long one is reused, none leaves only `list_changed` to end it.
#[tokio::test]
async fn cached_tool_lists_honour_the_servers_ttl() {
    let peer = Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/extension_fields.py");
    let entry = |ttl: &str| json!({"command": "python3", "args": [peer, "--ttl", ttl]});
    let config =
        config(json!({"stale": entry("0"), "fresh": entry("60000"), "silent": entry("none")}));
    let manager = Manager::start_settled(config, options()).await;
    let listing = |tools: &[mcp_runtime::model::Tool]| {
        let wait = tools.iter().find(|t| t.name == "wait").unwrap();
        wait.description.clone().unwrap_or_default().to_string()
    };
    for (server, second) in [
        ("stale", "listing 3"),
        ("fresh", "listing 1"),
        ("silent", "listing 1"),
    ] {
        let managed = manager.server(server).unwrap().clone();
        // The connect listed them once; two more asks.
        let first = listing(&managed.tools().await.unwrap());
        let again = listing(&managed.tools().await.unwrap());
        assert!(
            again.ends_with(&format!("({second})")),
            "{server}: {first} then {again}"
        );
    }
    manager.shutdown().await;
}

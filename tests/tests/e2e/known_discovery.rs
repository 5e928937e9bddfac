//! A pinned server opens its session on what its snapshot recorded of the handshake: a
//! 2026-07-28 server's `server/discover` is answered from the snapshot (its first call leaves
//! before the server has answered discover), an older server is greeted with `initialize`
//! without the probe, and a server that changed since is discovered afresh.

use std::time::Duration;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::{Manager, ServerStatus};
use serde_json::{Value, json};

use crate::common::demo_http;
use crate::common::faults::Pids;

const MODERN: &str = "2026-07-28";

fn scratch(test: &str) -> crate::common::Scratch {
    crate::common::scratch(&format!("known-discovery-{test}"))
}

/// A snapshot of `discover_probe.py`'s one tool, recording `version` and `capabilities`.
fn snapshot(dir: &std::path::Path, version: &str, capabilities: Value) -> String {
    let snapshot = json!({
        "format": 1,
        "protocolVersion": version,
        "server": {"name": "discover-probe", "version": "1.0.0"},
        "capabilities": capabilities,
        "tools": [{"name": "probe", "inputSchema": {"type": "object"}}],
    });
    let path = dir.join(format!("probe-{version}.json"));
    std::fs::write(&path, snapshot.to_string()).unwrap();
    path.to_string_lossy().into_owned()
}

/// A Manager with one `probe` server pinned to `snapshot`, started with `args`.
async fn manager(pids: &Pids, snapshot: String, args: &[&str]) -> Manager {
    let mut entry = pids.entry("discover_probe.py", args);
    entry["snapshot"] = snapshot.into();
    let servers = json!({"mcpServers": {"probe": entry}});
    let config = Config::parse(&servers.to_string(), "known-discovery mcp.json").unwrap();
    let options = ConnectOptions::default().connect_timeout(Duration::from_secs(30));
    Manager::start(config, options).await
}

/// What the probe had seen of `server/discover` when it was called.
async fn probe(manager: &Manager) -> (bool, bool) {
    let output = manager
        .call_tool("probe", "probe", json!({}))
        .await
        .unwrap();
    let seen = output.structured.expect("structured content");
    let flag = |key: &str| seen[key].as_bool().unwrap();
    (flag("discoverSeen"), flag("discoverAnswered"))
}

async fn connected_again(manager: &Manager, server: &str) {
    let mut changes = manager.status_changes();
    let wait = async {
        while manager.status()[server] != ServerStatus::Connected {
            let _ = changes.recv().await;
        }
    };
    tokio::time::timeout(Duration::from_secs(20), wait)
        .await
        .expect("connected again");
}

#[tokio::test]
async fn a_modern_server_answers_its_first_call_before_discover() {
    let pids = Pids::new("known-discovery-modern");
    let dir = scratch("modern");
    let snapshot = snapshot(&dir, MODERN, json!({"tools": {}}));
    let manager = manager(&pids, snapshot, &["--era", MODERN]).await;
    // The request went out; the call did not wait the second its answer takes.
    assert_eq!(probe(&manager).await, (true, false));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // The answer matched the snapshot: the same session goes on.
    assert_eq!(probe(&manager).await, (true, true));
    assert_eq!(manager.status()["probe"], ServerStatus::Connected);
    assert_eq!(pids.all().len(), 1, "one process: no session was replaced");
    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_server_that_changed_since_its_snapshot_is_discovered_afresh() {
    let pids = Pids::new("known-discovery-changed");
    let dir = scratch("changed");
    let recorded = json!({"tools": {}, "prompts": {}});
    let snapshot = snapshot(&dir, MODERN, recorded);
    let manager = manager(&pids, snapshot, &["--era", MODERN]).await;
    assert_eq!(probe(&manager).await, (true, false));
    // Its real answer lacks `prompts`: that session ends and a new one discovers.
    tokio::time::timeout(Duration::from_secs(20), async {
        while pids.all().len() < 2 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("a second session");
    connected_again(&manager, "probe").await;
    assert_eq!(probe(&manager).await, (true, true));
    assert_eq!(pids.all().len(), 2, "once stale, stale for good");
    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn an_older_server_that_ignores_discover_is_reached_without_waiting_for_the_probe() {
    let pids = Pids::new("known-discovery-ignores");
    let dir = scratch("ignores");
    let legacy = snapshot(&dir, "2025-06-18", json!({"tools": {}}));
    let began = std::time::Instant::now();
    let manager = manager(&pids, legacy, &["--ignore-discover"]).await;
    assert_eq!(probe(&manager).await, (false, false));
    // Probing would have waited rmcp's 10 s for an answer to `server/discover`.
    assert!(
        began.elapsed() < Duration::from_secs(8),
        "{:?}",
        began.elapsed()
    );
    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

#[tokio::test]
async fn an_older_server_is_greeted_without_the_probe_and_one_that_moved_on_is_reached() {
    let pids = Pids::new("known-discovery-legacy");
    let dir = scratch("legacy");
    let legacy = snapshot(&dir, "2025-06-18", json!({"tools": {}}));
    let manager = manager(&pids, legacy, &[]).await;
    assert_eq!(probe(&manager).await, (false, false));
    manager.shutdown().await;

    // The snapshot says 2026-07-28, the server now speaks only `initialize`.
    let modern = snapshot(&dir, MODERN, json!({"tools": {}}));
    let manager = self::manager(&pids, modern, &[]).await;
    connected_again(&manager, "probe").await;
    let (seen, _) = probe(&manager).await;
    assert!(seen, "discovered afresh, and fell back to initialize");
    assert_eq!(manager.status()["probe"], ServerStatus::Connected);
    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(5)).await;
}

/// The demo server over HTTP, pinned to the committed snapshot with `capabilities` as given
/// (`None`: as recorded).
async fn http_demo(url: &str, dir: &std::path::Path, capabilities: Option<Value>) -> Manager {
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/mcp/demo.json");
    let mut snapshot: Value =
        serde_json::from_str(&std::fs::read_to_string(committed).unwrap()).unwrap();
    if let Some(capabilities) = capabilities {
        snapshot["capabilities"] = capabilities;
    }
    let path = dir.join("demo.json");
    std::fs::write(&path, snapshot.to_string()).unwrap();
    let servers = json!({"mcpServers": {"demo": {"url": url, "snapshot": path}}});
    let config = Config::parse(&servers.to_string(), "known-discovery mcp.json").unwrap();
    Manager::start(config, ConnectOptions::default()).await
}

async fn add(manager: &Manager) -> String {
    let output = manager
        .call_tool("demo", "add", json!({"a": 2, "b": 3}))
        .await
        .unwrap();
    output.text()
}

#[tokio::test]
async fn over_http_a_pinned_server_opens_on_its_snapshot_and_one_that_changed_heals() {
    let server = demo_http();
    let dir = scratch("http");
    let manager = http_demo(&server.url, &dir, None).await;
    let mut changes = manager.status_changes();
    assert!(add(&manager).await.contains('5'));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(add(&manager).await.contains('5'));
    // The server's own answer matched: the session was never replaced.
    while let Ok(change) = changes.try_recv() {
        assert_eq!(change.status, ServerStatus::Connected, "{change:?}");
    }
    manager.shutdown().await;

    let changed = json!({"tools": {}, "logging": {}});
    let manager = http_demo(&server.url, &dir, Some(changed)).await;
    assert!(add(&manager).await.contains('5'));
    tokio::time::sleep(Duration::from_millis(500)).await;
    connected_again(&manager, "demo").await;
    assert!(add(&manager).await.contains('5'));
    manager.shutdown().await;
}

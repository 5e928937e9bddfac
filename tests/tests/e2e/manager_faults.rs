//! A Manager holding a good, a mute, a crashing and a listless server (`tests/faults/`): `start`
//! and every call return within one timeout, statuses follow reality within a second and are
//! reported as a stream, and no process is left.

use std::time::{Duration, Instant};

use crate::common::faults::Pids;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::{Manager, ServerStatus, StatusChange};
use mcp_runtime::{ConnectOptions, Error};
use serde_json::json;
use tokio::sync::broadcast;

const SERVER: &str = env!("CARGO_BIN_EXE_test-demo-server");

fn config(pids: &Pids) -> Config {
    let mut mute = pids.entry("mute.py", &[]);
    mute["retry"] = json!({"attempts": 6, "base_delay_ms": 100});
    mute["connect_timeout"] = json!(1);
    let mut listless = pids.entry("no_tools_list.py", &[]);
    listless["retry"] = json!({"attempts": 1});
    let servers = json!({
        "good": {"command": SERVER},
        "mute": mute,
        "crashing": pids.entry("crash.py", &[]),
        "listless": listless,
    });
    Config::parse(
        &json!({ "mcpServers": servers }).to_string(),
        "faults mcp.json",
    )
    .unwrap()
}

fn options() -> ConnectOptions {
    ConnectOptions::default()
        .connect_timeout(Duration::from_secs(20))
        .call_timeout(Duration::from_secs(2))
        .request_timeout(Duration::from_millis(500))
}

/// The next change of `server` that passes `want`, within `limit`.
async fn next_change(
    changes: &mut broadcast::Receiver<StatusChange>,
    server: &str,
    want: impl Fn(&ServerStatus) -> bool,
    limit: Duration,
) -> ServerStatus {
    tokio::time::timeout(limit, async {
        loop {
            let change = changes.recv().await.unwrap();
            if change.server == server && want(&change.status) {
                return change.status;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no such change of `{server}` within {limit:?}"))
}

#[tokio::test]
async fn start_and_calls_are_bounded_by_one_timeout() {
    let pids = Pids::new("manager-bounded");
    let manager = Manager::new(config(&pids), options());
    let mut changes = manager.status_changes();
    let start = Instant::now();
    manager.connect_all().await;
    let took = start.elapsed();
    // The mute server's connect timeout (1 s) plus the settling grace, not 6 attempts × 1 s
    // (the others settle sooner; the bound is loose for a loaded machine).
    assert!(took < Duration::from_secs(4), "start took {took:?}");
    let status = manager.status();
    assert_eq!(status["good"], ServerStatus::Connected);
    assert_eq!(status["crashing"], ServerStatus::Connected);
    assert!(
        matches!(
            status["mute"],
            ServerStatus::Connecting {
                attempt: 1..=3,
                of: 6
            }
        ),
        "{:?}",
        status["mute"]
    );
    let listless = manager.server("listless").unwrap();
    let mut watch = listless.watch_status();
    let settled = watch
        .wait_for(|s| !s.is_connecting())
        .await
        .unwrap()
        .clone();
    match &settled {
        ServerStatus::Failed(reason) => assert!(reason.contains("tools/list"), "{reason}"),
        other => panic!("a server whose tool list cannot be read is {other:?}"),
    }
    assert_eq!(manager.connected_servers(), ["crashing", "good"]);

    // A call to the server still connecting waits at most its call timeout (2 s).
    let start = Instant::now();
    let err = manager
        .call_tool("mute", "noop", json!({}))
        .await
        .unwrap_err();
    let waited = start.elapsed();
    assert!(waited < Duration::from_millis(2800), "waited {waited:?}");
    assert!(matches!(err, Error::Timeout { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("`mute`") && text.contains("connecting (attempt"),
        "{text}"
    );

    // Once every attempt has failed, a call fails at once with the reason.
    let failed = next_change(
        &mut changes,
        "mute",
        |s| matches!(s, ServerStatus::Failed(_)),
        Duration::from_secs(20),
    )
    .await;
    assert!(
        failed
            .to_string()
            .contains("no answer to `server/discover`"),
        "{failed}"
    );
    let start = Instant::now();
    let err = manager
        .call_tool("mute", "noop", json!({}))
        .await
        .unwrap_err();
    assert!(
        start.elapsed() < Duration::from_millis(200),
        "took {:?}",
        start.elapsed()
    );
    assert!(
        matches!(&err, Error::ServerUnavailable { server, reason } if server == "mute" && reason.contains("no answer to `server/discover`")),
        "{err:?}"
    );
    // The good server never noticed.
    let out = manager
        .call_tool("good", "echo", json!({"message": "fine"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "fine");

    // `reconnect` follows the same rule: back within about one connect timeout.
    let start = Instant::now();
    manager.reconnect(true).await;
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "reconnect took {:?}",
        start.elapsed()
    );
    assert!(
        manager.status()["mute"].is_connecting(),
        "{:?}",
        manager.status()["mute"]
    );
    assert_eq!(manager.status()["good"], ServerStatus::Connected);

    manager.shutdown().await;
    assert!(manager.connected_servers().is_empty());
    assert!(
        manager
            .status()
            .values()
            .all(|s| *s == ServerStatus::Disconnected(None))
    );
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

#[tokio::test]
async fn a_crashed_server_is_disconnected_at_once_and_the_next_call_respawns_it() {
    let pids = Pids::new("manager-crash");
    let manager = Manager::start_settled(config(&pids), options()).await;
    let mut changes = manager.status_changes();
    let crashing = manager.server("crashing").unwrap();
    let first = crashing.pids().await;

    let err = manager
        .call_tool("crashing", "crash", json!({"code": 3}))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("exit status: 3"), "{err}");
    let start = Instant::now();
    let status = next_change(
        &mut changes,
        "crashing",
        |s| matches!(s, ServerStatus::Disconnected(_)),
        // It takes milliseconds; the bound is generous for a loaded CI machine.
        Duration::from_secs(2),
    )
    .await;
    assert!(start.elapsed() < Duration::from_secs(2));
    match &status {
        ServerStatus::Disconnected(Some(reason)) => {
            assert!(reason.contains("exit status: 3"), "{reason}");
            assert!(reason.contains("out of cheese"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(manager.status()["crashing"], status);
    assert!(
        !manager
            .connected_servers()
            .contains(&"crashing".to_string())
    );
    assert!(crashing.pids().await.is_empty());

    // A process killed from outside is noticed the same way, with no call in flight.
    let out = manager
        .call_tool("crashing", "echo", json!({"message": "back"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "back");
    assert_eq!(manager.status()["crashing"], ServerStatus::Connected);
    let second = crashing.pids().await;
    assert_ne!(second, first);
    std::process::Command::new("kill")
        .args(["-9", &second[0].to_string()])
        .status()
        .unwrap();
    let status = next_change(
        &mut changes,
        "crashing",
        |s| matches!(s, ServerStatus::Disconnected(_)),
        Duration::from_secs(2),
    )
    .await;
    assert!(status.to_string().contains("signal: 9"), "{status}");
    let out = manager
        .call_tool("crashing", "echo", json!({"message": "again"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "again");

    manager.shutdown().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

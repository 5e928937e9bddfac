//! Record and replay: a session with the demo server (over stdio and over HTTP) recorded to a
//! cassette, then served back in-process to the untyped client, a generated client, the
//! Manager and Registry (a config entry with `"replay"`), and the CLI; an unmatched request
//! names the closest recorded one; secrets of the spec never reach the file.

use std::path::PathBuf;
use std::process::Command;

use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Registry, RegistryOptions};
use mcp_runtime::{Client, ConnectOptions, Error, ServerSpec};
use serde_json::{Value, json};

use crate::common::*;

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");

const CLI: &str = env!("CARGO_BIN_EXE_test-mcp-codegen");

fn temp_dir(name: &str) -> crate::common::Scratch {
    crate::common::scratch(&format!("cassette-{name}"))
}

/// Records a short session with `spec` to `cassette`.
async fn record(spec: impl Into<ServerSpec>, cassette: &PathBuf) {
    let client = Client::connect_with(spec, ConnectOptions::default().record(cassette))
        .await
        .unwrap();
    client.list_tools().await.unwrap();
    let sum = client
        .call_tool("add", json!({"a": 2, "b": 3}))
        .await
        .unwrap();
    assert_eq!(sum.structured, Some(json!({"sum": 5.0})));
    client
        .call_tool("echo", json!({"message": "the key is s3cret-value-42"}))
        .await
        .unwrap();
    client.close().await;
}

#[tokio::test]
async fn a_recorded_session_replays_to_the_untyped_and_the_generated_client() {
    let dir = temp_dir("stdio");
    let cassette = dir.join("demo.json");
    let spec = demo_stdio().env("DEMO_TOKEN", "s3cret-value-42");
    record(spec, &cassette).await;
    let text = std::fs::read_to_string(&cassette).unwrap();
    assert!(
        !text.contains("s3cret-value-42"),
        "the env value leaked into the cassette"
    );
    assert!(
        text.contains("<redacted>") && text.contains("\"format\": 1"),
        "{text}"
    );
    let file: Value = serde_json::from_str(&text).unwrap();
    let methods: Vec<&str> = file["interactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["method"].as_str().unwrap())
        .collect();
    assert_eq!(
        methods[1..],
        ["tools/list", "tools/call", "tools/call"],
        "{methods:?}"
    );

    let replayed = Client::connect(ServerSpec::replay(&cassette))
        .await
        .unwrap();
    assert_eq!(replayed.pid(), None, "no process");
    let live = Client::connect(demo_stdio()).await.unwrap();
    assert_eq!(
        replayed.list_tools().await.unwrap(),
        live.list_tools().await.unwrap()
    );
    live.close().await;
    let sum = replayed
        .call_tool("add", json!({"a": 2, "b": 3}))
        .await
        .unwrap();
    assert_eq!(sum.structured, Some(json!({"sum": 5.0})));
    let err = replayed
        .call_tool("add", json!({"a": 2, "b": 4}))
        .await
        .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("closest recorded one differs at /arguments/b")
            && message.contains(r#""b":3"#),
        "{message}"
    );
    replayed.close().await;

    let demo = Demo::connect(ServerSpec::replay(&cassette)).await.unwrap();
    assert_eq!(demo.add(2.0, 3.0).await.unwrap().sum, 5.0);
}

#[tokio::test]
async fn the_same_session_records_byte_identical_cassettes() {
    let dir = temp_dir("same");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    record(demo_stdio(), &a).await;
    record(demo_stdio(), &b).await;
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[tokio::test]
async fn a_session_over_http_records_and_replays_the_same() {
    let server = demo_http();
    let dir = temp_dir("http");
    let cassette = dir.join("demo-http.json");
    record(ServerSpec::http(&server.url), &cassette).await;
    let replayed = Client::connect(ServerSpec::replay(&cassette))
        .await
        .unwrap();
    let sum = replayed
        .call_tool("add", json!({"a": 2, "b": 3}))
        .await
        .unwrap();
    assert_eq!(sum.structured, Some(json!({"sum": 5.0})));
    replayed.close().await;
}

#[tokio::test]
async fn a_legacy_server_replays_through_the_fallback_it_recorded() {
    let dir = temp_dir("legacy");
    let cassette = dir.join("everything.json");
    let spec = ServerSpec::stdio(npm_bin("mcp-server-everything")).arg("stdio");
    let client = Client::connect_with(spec, ConnectOptions::default().record(&cassette))
        .await
        .unwrap();
    let live = client
        .call_tool("echo", json!({"message": "hi"}))
        .await
        .unwrap();
    client.close().await;
    let replayed = Client::connect(ServerSpec::replay(&cassette))
        .await
        .unwrap();
    assert_eq!(replayed.protocol_version(), "2025-11-25");
    let again = replayed
        .call_tool("echo", json!({"message": "hi"}))
        .await
        .unwrap();
    assert_eq!(again.text(), live.text());
    replayed.close().await;
}

#[tokio::test]
async fn a_config_entry_replays_for_the_manager_and_registry() {
    let dir = temp_dir("config");
    record(demo_stdio(), &dir.join("demo.json")).await;
    std::fs::write(
        dir.join("mcp.json"),
        json!({"mcpServers": {"demo": {"command": "not-installed-here", "replay": "demo.json"}}})
            .to_string(),
    )
    .unwrap();
    let config = Config::load(dir.join("mcp.json")).unwrap();
    assert!(config.warnings.is_empty(), "{:?}", config.warnings);
    let manager = Manager::start_settled(config, ConnectOptions::default()).await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    assert!(
        registry.names().contains(&"mcp_demo_add".to_string()),
        "{:?}",
        registry.warnings()
    );
    let result = registry
        .dispatch("mcp_demo_add", r#"{"a": 2, "b": 3}"#)
        .await;
    assert!(
        !result.is_error && result.content.contains('5'),
        "{}",
        result.content
    );
    let unmatched = registry
        .dispatch("mcp_demo_add", r#"{"a": 7, "b": 3}"#)
        .await;
    assert!(
        unmatched.is_error && unmatched.content.contains("closest recorded"),
        "{}",
        unmatched.content
    );
    manager.shutdown().await;
}

#[test]
fn the_cli_records_and_replays_and_a_missing_cassette_says_how_to_make_one() {
    let dir = temp_dir("cli");
    let cassette = dir.join("call.json");
    let server = env!("CARGO_BIN_EXE_test-demo-server");
    let cassette_arg = cassette.to_str().unwrap();
    let run = |args: &[&str]| Command::new(CLI).args(args).output().unwrap();
    let recorded = run(&[
        "call",
        "add",
        "a=1",
        "b=2",
        "--record",
        cassette_arg,
        "--",
        server,
    ]);
    assert!(
        recorded.status.success(),
        "{}",
        String::from_utf8_lossy(&recorded.stderr)
    );
    let replayed = run(&["call", "add", "a=1", "b=2", "--replay", cassette_arg]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    assert_eq!(replayed.stdout, recorded.stdout);
    let missing = run(&[
        "call",
        "add",
        "a=1",
        "--replay",
        "/nonexistent/cassette.json",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("cannot read cassette") && stderr.contains("--record"),
        "{stderr}"
    );
}

#[tokio::test]
async fn snapshot_and_check_read_a_cassette_of_the_listings() {
    let dir = temp_dir("listings");
    let cassette = dir.join("listings.json");
    let options = ConnectOptions::default().record(&cassette);
    let live = mcp_codegen::snapshot::live::take(demo_stdio().into(), options)
        .await
        .unwrap();
    let snapshot = dir.join("snap.json");
    std::fs::write(&snapshot, live.to_json()).unwrap();
    let run = |args: &[&str]| Command::new(CLI).args(args).output().unwrap();
    let replayed = dir.join("replayed.json");
    let out = run(&[
        "snapshot",
        "--out",
        replayed.to_str().unwrap(),
        "--replay",
        cassette.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&[
        "check",
        snapshot.to_str().unwrap(),
        "--replay",
        cassette.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[tokio::test]
async fn a_connect_error_is_not_a_panic_for_a_bad_cassette() {
    let dir = temp_dir("bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"format": 9, "interactions": []}"#).unwrap();
    let err = Client::connect(ServerSpec::replay(&bad)).await.unwrap_err();
    assert!(
        matches!(err, Error::Connect { .. }) && err.to_string().contains("format 9"),
        "{err}"
    );
}

//! Listings as the server sent them: fields the runtime's model drops (a tool's
//! `execution.taskSupport`, an extension's tool-level `id`, vendor fields) survive
//! `Client::list_as_sent` and snapshots over stdio and streamable HTTP with plain JSON bodies
//! (server-everything's tools keep theirs too); pages are followed; cache hints are kept.

use std::process::Command;

use mcp_runtime::listing::Listing;
use mcp_runtime::{Client, ServerSpec};
use serde_json::Value;

use crate::common::*;

fn script() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/extension_fields.py");
    path.to_string_lossy().into_owned()
}

async fn assert_fields_kept(spec: impl Into<ServerSpec>) {
    let client = Client::connect(spec).await.expect("connect");
    let listed = client
        .list_as_sent(Listing::Tools)
        .await
        .expect("tools/list");
    client.close().await;
    let plan = &listed.entries[0];
    assert_eq!(plan["execution"]["taskSupport"], "optional", "{plan}");
    assert_eq!(plan["id"], "tool-plan-v2");
    assert_eq!(plan["x-vendor"]["tier"], 3);
    assert_eq!(
        listed.entries[1]["execution"]["taskSupport"], "required",
        "the second page"
    );
    assert_eq!(
        (listed.ttl_ms, listed.cache_scope.as_deref()),
        (Some(60_000), Some("public"))
    );
}

#[tokio::test]
async fn unknown_fields_survive_stdio() {
    assert_fields_kept(ServerSpec::stdio("python3").arg(script())).await;
}

#[tokio::test]
async fn unknown_fields_survive_http_json_bodies() {
    let mut command = Command::new("python3");
    command.args([script().as_str(), "--http", "0"]);
    let server = listening(command);
    assert_fields_kept(ServerSpec::http(&server.url)).await;
}

#[tokio::test]
async fn server_everything_keeps_the_task_support_of_every_tool() {
    let stdio = Client::connect(ServerSpec::stdio(npm_bin("mcp-server-everything")))
        .await
        .expect("connect");
    let tools = stdio
        .list_as_sent(Listing::Tools)
        .await
        .expect("tools/list")
        .entries;
    stdio.close().await;
    let with_support = tools
        .iter()
        .filter(|t| t["execution"]["taskSupport"].is_string())
        .count();
    assert!(with_support > 0 && with_support == tools.len(), "{tools:?}");
}

#[test]
fn snapshots_keep_them_and_the_cache_hints() {
    let dir = crate::common::scratch("as-sent");
    let out = dir.join("snapshot.json");
    let status = Command::new(env!("CARGO_BIN_EXE_test-mcp-codegen"))
        .args([
            "snapshot",
            "--out",
            out.to_str().unwrap(),
            "--",
            "python3",
            &script(),
        ])
        .status()
        .unwrap();
    assert!(status.success());
    let snapshot: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(snapshot["tools"][0]["id"], "tool-plan-v2");
    assert_eq!(snapshot["tools"][1]["execution"]["taskSupport"], "required");
    assert_eq!(snapshot["cache"]["tools"]["cacheScope"], "public");
    assert_eq!(snapshot["cache"]["tools"]["ttlMs"], 60_000);
}

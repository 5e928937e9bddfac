//! A server that lists its tools but fails `resources/list` (`tests/faults/failing_listing.py`,
//! as the reference Google Drive server does without credentials): the snapshot still holds
//! its tools and prompts and records the resources as unlisted, by code alone; a snapshot
//! re-taken over an older file keeps that file's resources; `check` does not call them
//! removed; `approve` keeps them.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::faults::script;

const CLI: &str = env!("CARGO_BIN_EXE_test-mcp-codegen");

fn cli(args: &[&str], server: &[&str]) -> Output {
    let script = script("failing_listing.py");
    let mut command = Command::new(CLI);
    command
        .args(args)
        .args(["--", "python3", &script])
        .args(server);
    command.env_remove("CI").output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn read(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_failed_listing_is_recorded_without_its_message() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drive.json");
    let out = cli(&["snapshot", "--out", file.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("gdrive-server-credentials"), "{text}");
    let snapshot = read(&file);
    assert_eq!(snapshot["tools"][0]["name"], "search");
    assert_eq!(snapshot["prompts"][0]["name"], "summarize");
    assert_eq!(snapshot["unlisted"]["resources"], "JSON-RPC error -32603");
    assert!(snapshot.get("resources").is_none(), "{text}");
    assert!(
        stderr(&out).contains("failed to list its resources"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn what_was_listed_before_is_kept_and_not_called_removed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drive.json");
    let path = file.to_str().unwrap();
    let listed = cli(&["snapshot", "--out", path], &["--resources"]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    let before = std::fs::read_to_string(&file).unwrap();
    assert!(before.contains("gdrive:///abc"), "{before}");

    let check = cli(&["check", path, "--format", "json"], &[]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert!(stderr(&check).contains("failed to list its resources"));

    let again = cli(&["snapshot", "--out", path], &[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("kept the 1 resources"),
        "{}",
        stderr(&again)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);

    let approve = cli(&["approve", path, "--yes"], &[]);
    assert!(approve.status.success(), "{}", stderr(&approve));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

#[test]
fn resources_listed_at_last_are_drift_to_take() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drive.json");
    let path = file.to_str().unwrap();
    assert!(cli(&["snapshot", "--out", path], &[]).status.success());
    let check = cli(&["check", path, "--format", "json"], &["--resources"]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(report["changes"][0]["kind"], "resource-added", "{report}");
}

#[test]
fn the_builders_refresh_keeps_what_was_listed_before() {
    use mcp_runtime::ServerSpec;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("drive.json");
    let path = file.to_str().unwrap();
    assert!(
        cli(&["snapshot", "--out", path], &["--resources"])
            .status
            .success()
    );
    let before = std::fs::read_to_string(&file).unwrap();
    let spec = ServerSpec::stdio("python3").arg(script("failing_listing.py"));
    mcp_codegen::Builder::new()
        .snapshot(&file)
        .refresh_from(spec)
        .refresh(true)
        .out_dir(dir.path())
        .generate()
        .unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

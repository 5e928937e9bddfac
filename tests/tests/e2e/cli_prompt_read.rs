//! `mcp-codegen prompt`, `read` and `complete` against the TypeScript SDK's `server-everything`:
//! a rendered prompt with `key=value` arguments, a text resource printed, a blob written with
//! `--out`, suggestions narrowed by context, and the server's refusal as exit 2 with its message.

use std::process::{Command, Output, Stdio};

use crate::common::npm_bin;

const CLI: &str = env!("CARGO_BIN_EXE_test-mcp-codegen");

fn run(args: &[&str]) -> Output {
    Command::new(CLI)
        .args(args)
        .arg("--")
        .args([npm_bin("mcp-server-everything").as_str(), "stdio"])
        .stdin(Stdio::null())
        .output()
        .expect("run mcp-codegen")
}

fn text(out: &Output) -> (String, String) {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_prompt_renders_with_its_arguments_and_an_unknown_one_is_the_servers_error() {
    let out = run(&["prompt", "args-prompt", "city=Paris", "state=TX"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.trim(), "user: What's weather in Paris, TX?");
    let json = run(&["prompt", "simple-prompt", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["messages"][0]["role"], "user");
    let unknown = run(&["prompt", "no-such-prompt"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown).1.contains("no-such-prompt"),
        "{}",
        text(&unknown).1
    );
}

#[test]
fn a_resource_prints_as_text_and_a_blob_is_written_with_out() {
    let out = run(&["read", "demo://resource/static/document/features.md"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.starts_with("# Everything Server - Features"),
        "{stdout}"
    );
    let dir = crate::common::scratch("read-blob");
    let file = dir.join("blob");
    let blob = run(&[
        "read",
        "demo://resource/dynamic/blob/7",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(blob.status.success(), "{}", text(&blob).1);
    let bytes = std::fs::read_to_string(&file).unwrap();
    assert!(bytes.starts_with("Resource 7:"), "{bytes}");
    let _ = std::fs::remove_file(&file);
    let missing = run(&["read", "demo://nope"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        text(&missing).1.contains("demo://nope not found"),
        "{}",
        text(&missing).1
    );
}

#[test]
fn completion_suggests_values_narrowed_by_the_context() {
    let out = run(&["complete", "--prompt", "completable-prompt", "department"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.lines().any(|l| l == "Engineering"), "{stdout}");
    let narrowed = run(&[
        "complete",
        "--prompt",
        "completable-prompt",
        "name",
        "--context",
        "department=Engineering",
    ]);
    assert!(
        text(&narrowed).0.lines().any(|l| l == "Alice"),
        "{}",
        text(&narrowed).0
    );
    let json = run(&[
        "complete",
        "--prompt",
        "completable-prompt",
        "department",
        "M",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["values"], serde_json::json!(["Marketing"]));
}

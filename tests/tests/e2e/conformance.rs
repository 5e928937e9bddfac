//! The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in
//! `test-servers/package.json` with the Node 22 it needs): every client scenario, run against
//! `mcp-codegen` through `tests/conformance/client.sh`, with the expected failures of
//! `tests/conformance/expected-failures.yml` (the suite fails when one of them passes, so the
//! list only shrinks).

use crate::common;

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_client_scenario_passes_or_is_an_expected_failure() {
    let bin = common::test_servers().join("node_modules/.bin");
    let conformance = bin.join("conformance");
    assert!(
        conformance.exists(),
        "run scripts/test.sh first: it installs {}",
        conformance.display()
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let results = std::env::temp_dir().join(format!("mcp-conformance-{}", std::process::id()));
    let out = Command::new(&conformance)
        .args(["client", "--suite", "all", "--command"])
        .arg(repo().join("tests/conformance/client.sh"))
        .arg("--expected-failures")
        .arg(repo().join("tests/conformance/expected-failures.yml"))
        .arg("-o")
        .arg(&results)
        .env("PATH", path)
        .env("MCP_CODEGEN", env!("CARGO_BIN_EXE_test-mcp-codegen"))
        .env_remove("CI")
        .output()
        .expect("run the conformance suite");
    let _ = std::fs::remove_dir_all(&results);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout
        .split("=== SUITE SUMMARY ===")
        .nth(1)
        .unwrap_or(&stdout);
    assert!(
        out.status.success(),
        "{summary}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The scenarios of the protocol itself pass outright.
    for scenario in [
        "initialize",
        "tools_call",
        "elicitation-sep1034-client-defaults",
        "sse-retry",
        "auth/basic-cimd",
    ] {
        let line = summary
            .lines()
            .find(|l| l.contains(&format!(" {scenario}:")));
        assert!(
            line.is_some_and(|l| l.starts_with('✓') && l.contains(" 0 failed")),
            "{scenario}: {summary}"
        );
    }
}

//! The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in
//! `test-servers/package.json` with the Node 22 it needs), run against `mcp-codegen` through
//! `tests/conformance/client.sh`, as a user drives it, and against a program on the runtime
//! alone (`mcp_toolset_examples::conformance_client`): the requirement set each revision froze
//! at its release (`--requirements 2025-11-25`, `--requirements 2026-07-28`), which both must
//! pass with no failure and no warning, and every client scenario (`--suite all`, the 2025-03-26
//! back-compat and extension scenarios included) with the expected failures of
//! `tests/conformance/expected-failures.yml` (the suite fails when one of them passes, so the
//! list only shrinks).

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One run of the suite at a time: each runs its scenarios in parallel, each scenario spawns
/// the CLI (and, for logins, a browser stand-in), and three runs at once on a loaded 2-core
/// machine pushed login scenarios past their deadline.
static ONE_RUN_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs the suite's client command (`client.sh`, the CLI) with `args`; its output and the
/// summary part of stdout.
fn suite(args: &[&str]) -> (Output, String) {
    suite_with(&repo().join("tests/conformance/client.sh"), args)
}

/// The same with `client` as the suite's client command.
fn suite_with(client: &std::path::Path, args: &[&str]) -> (Output, String) {
    let _turn = ONE_RUN_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
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
    let results = std::env::temp_dir().join(format!(
        "mcp-conformance-{}-{}",
        std::process::id(),
        args.join("-").replace(['/', ' '], "_")
    ));
    let out = Command::new(&conformance)
        .arg("client")
        .args(args)
        // A scenario's deadline (30 s by default) with room for a busy machine.
        .args(["--timeout", "120000"])
        .arg("--command")
        .arg(client)
        .arg("-o")
        .arg(&results)
        .env("PATH", path)
        .env("MCP_CODEGEN", env!("CARGO_BIN_EXE_test-mcp-codegen"))
        .env("BROWSER", repo().join("tests/oauth/browser.py"))
        .env_remove("CI")
        .output()
        .expect("run the conformance suite");
    let _ = std::fs::remove_dir_all(&results);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let summary = stdout
        .split("=== SUITE SUMMARY ===")
        .nth(1)
        .unwrap_or(&stdout)
        .to_string();
    (out, summary)
}

/// The scored scenarios of a `--requirements` summary: the lines before the "Not scored"
/// section, less the scenarios that section names.
fn scored(summary: &str) -> Vec<&str> {
    let (scored, unscored) = summary.split_once("Not scored").unwrap_or((summary, ""));
    let scenario = |line: &str| {
        line.split(':')
            .next()
            .unwrap_or_default()
            .trim_start_matches(['✓', '✗', ' '])
            .to_string()
    };
    let unscored: Vec<String> = unscored
        .lines()
        .map(|l| {
            scenario(l)
                .split(" (")
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    scored
        .lines()
        .filter(|l| l.starts_with('✓') || l.starts_with('✗'))
        .filter(|l| !unscored.contains(&scenario(l)))
        .collect()
}

fn requirement_set_passes_cleanly(revision: &str, at_least: usize) {
    let (out, summary) = suite(&["--requirements", revision]);
    passes_cleanly(revision, at_least, &out, &summary);
    // The same set against a program on the runtime alone (no CLI):
    // `mcp_toolset_examples::conformance_client`.
    let runtime = std::path::Path::new(env!("CARGO_BIN_EXE_test-conformance-client"));
    let (out, summary) = suite_with(runtime, &["--requirements", revision]);
    passes_cleanly(revision, at_least, &out, &summary);
}

fn passes_cleanly(revision: &str, at_least: usize, out: &Output, summary: &str) {
    assert!(
        out.status.success(),
        "{summary}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scored = scored(summary);
    assert!(
        scored.len() >= at_least,
        "{revision}: {} scored scenarios\n{summary}",
        scored.len()
    );
    for line in scored {
        assert!(
            line.starts_with('✓') && line.contains(" 0 failed") && !line.contains("warning"),
            "{revision}: {line}\n{summary}"
        );
    }
}

#[test]
fn the_2025_11_25_requirement_set_passes_with_no_failure_and_no_warning() {
    requirement_set_passes_cleanly("2025-11-25", 18);
}

#[test]
fn the_2026_07_28_requirement_set_passes_with_no_failure_and_no_warning() {
    requirement_set_passes_cleanly("2026-07-28", 32);
}

#[test]
fn every_client_scenario_passes_or_is_an_expected_failure() {
    let (out, summary) = suite(&[
        "--suite",
        "all",
        "--expected-failures",
        repo()
            .join("tests/conformance/expected-failures.yml")
            .to_str()
            .expect("a UTF-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{summary}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The scenarios of the protocol itself, the 2025-03-26 back-compat ones and the extensions
    // pass outright.
    for scenario in [
        "initialize",
        "tools_call",
        "elicitation-sep1034-client-defaults",
        "sse-retry",
        "auth/basic-cimd",
        "auth/2025-03-26-oauth-metadata-backcompat",
        "auth/2025-03-26-oauth-endpoint-fallback",
        "auth/client-credentials-jwt",
        "auth/enterprise-managed-authorization",
        "auth/wif-jwt-bearer",
        "auth/dpop",
        "auth/dpop-nonce",
        "json-schema-2020-12-preservation",
        "sep-2640-client-no-prefetch",
        "sep-2640-client-verify-digest",
        "sep-2640-client-verify-size",
        "sep-2640-client-verify-frontmatter",
    ] {
        let line = summary
            .lines()
            .find(|l| l.contains(&format!(" {scenario}:")));
        // Passed with a check that ran: a scenario whose every check was skipped says
        // "0 passed".
        assert!(
            line.is_some_and(|l| l.starts_with('✓')
                && l.contains(" 0 failed")
                && !l.contains(": 0 passed")),
            "{scenario}: {summary}"
        );
    }
}

//! `mcp-codegen call`: typed `key=value` arguments, output, exit codes, a server that asks —
//! answered with `--answers`, on a terminal, or declined — and progress on a terminal. The
//! demo server speaks 2026-07-28 (questions come as `input_required` rounds); the TypeScript
//! SDK's `server-everything` speaks the legacy era (server-to-client requests).

use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::npm_bin;

const CLI: &str = env!("CARGO_BIN_EXE_test-mcp-codegen");
const DEMO: &str = env!("CARGO_BIN_EXE_test-demo-server");

fn call(args: &[&str], server: &[&str]) -> Output {
    Command::new(CLI)
        .arg("call")
        .args(args)
        .arg("--")
        .args(server)
        .stdin(Stdio::null())
        .output()
        .expect("run mcp-codegen")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `command` on a pseudo-terminal (util-linux `script`), feeding it `lines` one by one.
fn on_terminal(command: &str, lines: &[&str]) -> String {
    let mut child = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("`script` (util-linux) runs commands on a terminal");
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        std::thread::sleep(std::time::Duration::from_millis(700));
        use std::io::Write;
        let _ = writeln!(input, "{line}");
    }
    let out = child.wait_with_output().unwrap();
    drop(input);
    String::from_utf8_lossy(&out.stdout).replace('\r', "\n")
}

#[test]
fn arguments_are_typed_by_the_schema_and_results_printed() {
    let out = call(&["add", "a=1", "b=2.5"], &[DEMO]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(printed, serde_json::json!({"sum": 3.5}));

    let out = call(&["echo", "message=42", "--json"], &[DEMO]);
    let whole: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        whole["content"][0]["text"], "42",
        "a string property keeps `42` a string"
    );
    assert_eq!(whole["isError"], false);
}

#[test]
fn exit_codes_say_tool_error_or_usage_error() {
    let failed = call(&["fail", "message=boom"], &[DEMO]);
    assert_eq!(failed.status.code(), Some(1));
    assert_eq!(stdout(&failed).trim(), "boom");

    let unknown = call(&["ad", "a=1"], &[DEMO]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("no tool `ad`") && stderr(&unknown).contains("add"),
        "{}",
        stderr(&unknown)
    );

    let mistyped = call(&["add", "a=one", "b=2"], &[DEMO]);
    assert_eq!(mistyped.status.code(), Some(2));
    assert!(
        stderr(&mistyped).contains("`a=one`: expected number"),
        "{}",
        stderr(&mistyped)
    );

    let no_server = Command::new(CLI).args(["call", "add"]).output().unwrap();
    assert_eq!(no_server.status.code(), Some(2));
    assert!(
        stderr(&no_server).contains("say which server"),
        "{}",
        stderr(&no_server)
    );
}

#[test]
fn answers_reach_a_2026_07_28_server_in_rounds() {
    let out = call(
        &[
            "confirm",
            "action=deploy",
            "--answers",
            r#"{"confirm": true}"#,
        ],
        &[DEMO],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "confirmed: deploy (reason: none given)"
    );
}

#[test]
fn answers_reach_a_legacy_server_with_the_schema_defaults() {
    let everything = npm_bin("mcp-server-everything");
    let out = call(
        &[
            "trigger-elicitation-request",
            "--answers",
            r#"{"name": "Ada"}"#,
        ],
        &[&everything],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("\"name\": \"Ada\""), "{text}");
    assert!(
        text.contains("It was a dark and stormy night."),
        "the default is filled in: {text}"
    );
}

#[test]
fn without_a_terminal_or_answers_the_question_is_declined() {
    let out = call(&["confirm", "action=deploy"], &[DEMO]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "declined: deploy");
    assert!(stderr(&out).contains("--answers"), "{}", stderr(&out));
}

#[test]
fn on_a_terminal_the_form_is_asked_field_by_field() {
    let command = format!("{CLI} call confirm action=deploy -- {DEMO}");
    let screen = on_terminal(&command, &["maybe", "y", "ship it", ""]);
    assert!(
        screen.contains("The server asks: Really deploy?"),
        "{screen}"
    );
    assert!(
        screen.contains("expected boolean"),
        "a wrong answer is asked again: {screen}"
    );
    assert!(
        screen.contains("confirmed: deploy (reason: ship it)"),
        "{screen}"
    );
}

#[test]
fn progress_shows_as_a_bar_on_a_terminal() {
    let everything = npm_bin("mcp-server-everything");
    let command =
        format!("{CLI} call trigger-long-running-operation duration=1 steps=4 -- {everything}");
    let screen = on_terminal(&command, &[]);
    // Which steps get drawn depends on timing (indicatif limits its redraw rate); a bar of 4 does not.
    assert!(screen.contains("/4"), "{screen}");
    assert!(
        screen.contains("Long running operation completed"),
        "{screen}"
    );
}

#[test]
fn a_call_runs_as_a_task_and_ctrl_c_cancels_it() {
    let out = call(
        &["build_report", "pages=3", "page_ms=250", "--task"],
        &[DEMO],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("page 3: done"), "{}", stdout(&out));
    let log = stderr(&out);
    assert!(
        log.contains("--resume ") && log.contains("page 2 of 3"),
        "{log}"
    );

    // Ctrl-C: the task is cancelled on the server and the command says so (exit 130).
    let mut child = Command::new(CLI)
        .args([
            "call",
            "build_report",
            "pages=500",
            "page_ms=50",
            "--task",
            "--",
            DEMO,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(child.stderr.take().unwrap()));
    let started = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|line| line.contains(" of 500"));
    assert!(started, "the task did not start");
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    assert!(interrupted.unwrap().success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    assert!(
        rest.iter().any(|line| line.contains("was cancelled")),
        "{rest:?}"
    );
}

#[test]
fn connect_timeout_bounds_the_wait_for_a_mute_server() {
    // Without the flag a command waits 120 s for a server that never answers.
    let mute = crate::common::faults::script("mute.py");
    let start = std::time::Instant::now();
    let out = call(&["--connect-timeout", "1", "echo"], &["python3", &mute]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(said.contains("within 1s"), "{said}");
    assert!(said.contains("--connect-timeout SECS"), "{said}");
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

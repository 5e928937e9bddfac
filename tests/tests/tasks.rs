//! Tool calls as tasks, against real peers of both forms: the demo server (rmcp's task
//! manager, the 2026-07-28 extension) over stdio and HTTP; server-everything and the
//! TypeScript SDK's own example server (its experimental 2025-11-25 tasks) over stdio and HTTP.
//! Completion with progress, cancellation, a failed task, a task that asks, a reconnect
//! mid-task, and sessions whose revision has no tasks.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use mcp_runtime::{Client, ConnectOptions, ElicitAnswer, Error, Protocol, ServerSpec, TaskStatus};
use serde_json::{Map, json};

use common::*;

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");
mcp_macros::mcp_toolset!(Everything, "mcp/everything.json");

fn everything() -> mcp_runtime::StdioSpec {
    ServerSpec::stdio(npm_bin("mcp-server-everything")).arg("stdio")
}

/// Polls fast: the peers suggest 100 ms (demo) and 1 s (TypeScript).
fn quick() -> ConnectOptions {
    ConnectOptions::default().task_polling(Duration::from_millis(50), Duration::from_millis(200))
}

#[tokio::test]
async fn a_demo_task_reports_progress_and_ends_with_a_typed_result() {
    let server = demo_http();
    for spec in [
        ServerSpec::from(demo_stdio()),
        ServerSpec::http(&server.url).into(),
    ] {
        let demo = Demo::connect_with(spec, quick()).await.unwrap();
        let task = demo
            .build_report(4u32)
            .page_ms(60u64)
            .as_task()
            .await
            .unwrap();
        let id = task
            .id()
            .expect("the demo runs build_report as a task")
            .to_string();
        assert_eq!(task.last_state().unwrap().status, TaskStatus::Working);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        let report = task
            .on_update(move |state| log.lock().unwrap().push(state.message.clone()))
            .result()
            .await
            .unwrap();
        assert_eq!(report.pages, 4);
        assert_eq!(report.summary.len(), 4);
        let seen = seen.lock().unwrap();
        assert!(
            seen.contains(&Some("page 2 of 4".into())),
            "updates of task {id}: {seen:?}"
        );
    }
}

#[tokio::test]
async fn the_updates_stream_ends_at_the_terminal_state() {
    let demo = Demo::connect_with(demo_stdio(), quick()).await.unwrap();
    let task = demo
        .build_report(3u32)
        .page_ms(60u64)
        .as_task()
        .await
        .unwrap();
    let states: Vec<_> = task.updates().map(|state| state.unwrap()).collect().await;
    let last = states.last().expect("at least the end");
    assert_eq!(last.status, TaskStatus::Completed, "{states:?}");
    assert!(
        states
            .iter()
            .any(|s| s.message.as_deref() == Some("page 3 of 3"))
    );
    // The result is still there once the stream has ended.
    assert_eq!(task.result().await.unwrap().pages, 3);
}

#[tokio::test]
async fn a_plain_call_the_server_makes_a_task_of_is_followed_to_its_result() {
    let demo = Demo::connect_with(demo_stdio(), quick()).await.unwrap();
    let report = demo.build_report(3u32).page_ms(30u64).await.unwrap();
    assert_eq!(
        report.summary,
        ["page 1: done", "page 2: done", "page 3: done"]
    );
    // Too slow for its timeout: the call fails in time and the task is cancelled.
    let err = demo
        .build_report(100u32)
        .page_ms(50u64)
        .with_timeout(Duration::from_millis(400))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Timeout { .. }), "{err}");
}

#[tokio::test]
async fn cancelling_a_task_ends_it_cancelled_in_both_forms() {
    let demo = Demo::connect_with(demo_stdio(), quick()).await.unwrap();
    let mut task = demo
        .build_report(200u32)
        .page_ms(50u64)
        .as_task()
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(task.status().await.unwrap(), TaskStatus::Working);
    task.cancel().await.unwrap();
    let err = task.result().await.unwrap_err();
    assert!(matches!(err, Error::TaskCancelled { .. }), "{err}");

    let everything = Everything::connect_with(everything(), quick())
        .await
        .unwrap();
    let task = everything
        .simulate_research_query("tides")
        .as_task()
        .await
        .unwrap();
    assert!(everything.client().protocol_version() == "2025-11-25");
    tokio::time::sleep(Duration::from_millis(300)).await;
    task.cancel().await.unwrap();
    let err = task.result().await.unwrap_err();
    assert!(
        matches!(err, Error::TaskCancelled { ref tool, .. } if tool == "simulate-research-query"),
        "{err}"
    );
}

#[tokio::test]
async fn a_failed_task_is_task_failed_with_the_servers_error() {
    let demo = Demo::connect_with(demo_stdio(), quick()).await.unwrap();
    let task = demo
        .build_report(5u32)
        .page_ms(20u64)
        .fail_at_page(2u32)
        .as_task()
        .await
        .unwrap();
    match task.result().await.unwrap_err() {
        Error::TaskFailed { tool, message, .. } => {
            assert_eq!(tool, "build_report");
            assert!(message.contains("printer jammed on page 2"), "{message}");
        }
        other => panic!("expected TaskFailed, got {other}"),
    }
}

#[tokio::test]
async fn a_task_that_asks_is_answered_through_the_task() {
    let options = quick().on_elicitation(|request| async move {
        assert!(request.message.contains("report be called"));
        let mut content = Map::new();
        content.insert("title".into(), json!("Quarterly"));
        ElicitAnswer::Accept(content)
    });
    let demo = Demo::connect_with(demo_stdio(), options).await.unwrap();
    let report = demo
        .build_report(1u32)
        .page_ms(10u64)
        .ask_title(true)
        .as_task()
        .await
        .unwrap();
    assert_eq!(report.result().await.unwrap().title, "Quarterly");
}

#[tokio::test]
async fn a_task_is_resumed_after_a_reconnect() {
    // The demo over HTTP: one task store for every session.
    let server = demo_http();
    let first = Demo::connect_with(ServerSpec::http(&server.url), quick())
        .await
        .unwrap();
    let task = first
        .build_report(6u32)
        .page_ms(80u64)
        .as_task()
        .await
        .unwrap();
    let id = task.id().unwrap().to_string();
    drop(task);
    first.close().await;
    let second = Demo::connect_with(ServerSpec::http(&server.url), quick())
        .await
        .unwrap();
    let report = demo::build_report::resume(second.client(), &id)
        .result()
        .await
        .unwrap();
    assert_eq!(report.pages, 6);

    // The TypeScript SDK's example server (2025-11-25 tasks, a process-wide task store).
    let ts = typescript_example();
    let first = Client::connect_with(ServerSpec::http(&ts.url), quick())
        .await
        .unwrap();
    let task = first
        .call_tool("delay", json!({"duration": 1500}))
        .as_task()
        .await
        .unwrap();
    assert_eq!(first.protocol_version(), "2025-11-25");
    let id = task
        .id()
        .expect("the delay tool runs as a task")
        .to_string();
    first.close().await;
    let second = Client::connect_with(ServerSpec::http(&ts.url), quick())
        .await
        .unwrap();
    let output = second.task(&id).result().await.unwrap();
    assert_eq!(output.text(), "Completed 1500ms delay");
    // Cancelling there too.
    let task = second
        .call_tool("delay", json!({"duration": 60000}))
        .as_task()
        .await
        .unwrap();
    task.cancel().await.unwrap();
    assert!(matches!(
        task.result().await,
        Err(Error::TaskCancelled { .. })
    ));
}

#[tokio::test]
async fn a_2025_11_25_tool_that_requires_a_task_runs_as_one_by_default() {
    let everything = Everything::connect_with(everything(), quick())
        .await
        .unwrap();
    // Generated: the snapshot says `required`.
    let report = everything.simulate_research_query("rust").await.unwrap();
    assert!(
        report.text().contains("Research Report: rust"),
        "{}",
        report.text()
    );
    // Untyped: the client reads `execution.taskSupport` from the listing.
    let untyped = everything
        .client()
        .call_tool("simulate-research-query", json!({"topic": "tea"}))
        .await
        .unwrap();
    assert!(untyped.text().contains("Research Report: tea"));
    // A tool without task support asked for a task answers plainly.
    let echo = everything
        .client()
        .call_tool("echo", json!({"message": "hi"}))
        .as_task()
        .await
        .unwrap();
    assert!(echo.id().is_none());
    assert!(echo.result().await.unwrap().text().contains("hi"));
}

#[tokio::test]
async fn sessions_without_tasks_call_plainly_and_name_what_is_missing() {
    // The demo (rmcp) on the `initialize` era: it still answers with a task of the 2026-07-28
    // form, which is followed in that form.
    let options = quick().protocol(Protocol::Legacy);
    let demo = Demo::connect_with(demo_stdio(), options).await.unwrap();
    assert_eq!(demo.client().protocol_version(), "2025-11-25");
    assert_eq!(
        demo.build_report(2u32).page_ms(10u64).await.unwrap().pages,
        2
    );
    let task = demo
        .build_report(2u32)
        .page_ms(10u64)
        .as_task()
        .await
        .unwrap();
    assert_eq!(task.result().await.unwrap().pages, 2);
    // A revision before tasks, and a tool that runs only as one.
    let options = quick().protocol(Protocol::Version("2025-06-18".into()));
    let everything = Everything::connect_with(everything(), options)
        .await
        .unwrap();
    let err = everything.simulate_research_query("x").await.unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("runs only as a task") && message.contains("2025-06-18"),
        "{message}"
    );
}

/// The TypeScript SDK's `simpleStreamableHttp` example (it has a `delay` task tool and one
/// task store for all sessions), on a free port.
fn typescript_example() -> Proc {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .unwrap()
        .port();
    let script = test_servers().join(
        "node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js",
    );
    let mut child = Command::new(npm_bin("node"))
        .arg(script)
        .env("MCP_PORT", port.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the TypeScript SDK example server");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let ready = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|line| line.contains("listening on port"));
    assert!(ready, "the TypeScript example server did not start");
    std::thread::spawn(move || lines.for_each(drop));
    Proc {
        child,
        url: format!("http://127.0.0.1:{port}/mcp"),
    }
}

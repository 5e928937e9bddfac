//! Tool calls as tasks, against real peers of both forms: the demo server (rmcp's task
//! manager) and FastMCP's tasks extension (2026-07-28), over stdio and HTTP; server-everything
//! and the TypeScript SDK's own example server (its experimental 2025-11-25 tasks), over stdio
//! and HTTP.
//! Completion with progress, cancellation, a failed task, a task that asks, a reconnect
//! mid-task, and sessions whose revision has no tasks.

use std::future::IntoFuture;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use mcp_runtime::asks::ElicitAnswer;
use mcp_runtime::tasks::TaskStatus;
use mcp_runtime::{Client, ConnectOptions, Error, Protocol, ServerSpec};
use serde_json::{Map, json};

use crate::common::*;

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
        // Each page outlasts the slowest poll (200 ms), so a page's state is seen on a loaded
        // machine too (at 60 ms a page, one in a few runs saw none but the last).
        let task = demo
            .build_report(4u32)
            .page_ms(250u64)
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
        let pages = ["page 1 of 4", "page 2 of 4", "page 3 of 4"];
        assert!(
            seen.iter()
                .any(|message| pages.iter().any(|page| message.as_deref() == Some(*page))),
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

    // A TypeScript SDK server (2025-11-25 tasks) whose store outlives sessions.
    let ts = typescript_tasks();
    let first = Client::connect_with(ServerSpec::http(&ts.url), quick())
        .await
        .unwrap();
    assert_eq!(first.protocol_version(), "2025-11-25");
    let task = first
        .call_tool("long_job", json!({"steps": 6, "step_ms": 100}))
        .as_task()
        .await
        .unwrap();
    let id = task.id().expect("long_job runs as a task").to_string();
    first.close().await;
    let second = Client::connect_with(ServerSpec::http(&ts.url), quick())
        .await
        .unwrap();
    let output = second.task(&id).result().await.unwrap();
    assert_eq!(output.text(), "done after 6 steps");
}

#[tokio::test]
async fn the_typescript_sdk_peers_complete_fail_and_cancel_tasks() {
    let ts = typescript_tasks();
    let client = Client::connect_with(ServerSpec::http(&ts.url), quick())
        .await
        .unwrap();
    let steps = Arc::new(Mutex::new(Vec::new()));
    let seen = steps.clone();
    let task = client
        .call_tool("long_job", json!({"steps": 3, "step_ms": 150}))
        .as_task()
        .await
        .unwrap();
    let done = task
        .on_update(move |state| seen.lock().unwrap().push(state.message.clone()))
        .result()
        .await
        .unwrap();
    assert_eq!(done.text(), "done after 3 steps");
    assert!(steps.lock().unwrap().contains(&Some("step 2 of 3".into())));
    let failing = client
        .call_tool("long_job", json!({"steps": 3, "step_ms": 50, "fail_at": 2}))
        .as_task()
        .await
        .unwrap();
    match failing.result().await.unwrap_err() {
        Error::TaskFailed { message, .. } => assert_eq!(message, "step 2 failed"),
        other => panic!("expected TaskFailed, got {other}"),
    }

    // The SDK's own example server keeps each task to the session that made it: cancelling
    // works there, and another session is told plainly that the task is unknown to it.
    let example = typescript_example();
    let first = Client::connect_with(ServerSpec::http(&example.url), quick())
        .await
        .unwrap();
    let task = first
        .call_tool("delay", json!({"duration": 60000}))
        .as_task()
        .await
        .unwrap();
    let id = task.id().unwrap().to_string();
    let other = Client::connect_with(ServerSpec::http(&example.url), quick())
        .await
        .unwrap();
    let err = other.task(&id).result().await.unwrap_err();
    assert!(err.to_string().contains("Task not found"), "{err}");
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

/// `tests/peers/ts_tasks.mjs`: the TypeScript SDK with a task store for the whole process.
fn typescript_tasks() -> Proc {
    let mut command = Command::new(npm_bin("node"));
    command
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/peers/ts_tasks.mjs"))
        .arg(test_servers().join("node_modules"));
    listening(command)
}

/// The TypeScript SDK's `simpleStreamableHttp` example (a `delay` task tool; each task kept
/// to its session), on a free port.
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

/// A TCP proxy to `upstream` whose connections can be cut (the network drops), refusing new
/// ones while cut.
struct Proxy {
    url: String,
    cut: Arc<std::sync::atomic::AtomicBool>,
    links: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Proxy {
    async fn to(upstream: &str) -> Proxy {
        let authority = upstream
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/mcp", listener.local_addr().unwrap());
        let cut = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let links = Arc::new(Mutex::new(Vec::new()));
        let (is_cut, all) = (cut.clone(), links.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if is_cut.load(std::sync::atomic::Ordering::SeqCst) {
                    continue;
                }
                let authority = authority.clone();
                all.lock().unwrap().push(tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(authority).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                }));
            }
        });
        Proxy { url, cut, links }
    }

    /// Drops every connection and refuses new ones for `outage`.
    async fn drop_for(&self, outage: Duration) {
        self.cut.store(true, std::sync::atomic::Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
        tokio::time::sleep(outage).await;
        self.cut.store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

#[tokio::test]
async fn a_task_survives_the_connection_dropping() {
    use mcp_runtime::host::config::Config;
    use mcp_runtime::host::manager::Manager;
    let server = demo_http();
    let proxy = Proxy::to(&server.url).await;
    let config = json!({"mcpServers": {"demo": {"url": proxy.url, "retry": {"attempts": 5, "base_delay_ms": 100}}}});
    let config = Config::parse(&config.to_string(), "test mcp.json").unwrap();
    let manager = Manager::start_settled(config, quick()).await;
    // A short drop: the client polls again. A long one (more failed polls than the client
    // tries): the call fails `TaskInterrupted` and the Manager follows the task on.
    for outage in [300, 2500] {
        let demo = manager.server("demo").unwrap().clone();
        let call = tokio::spawn(async move {
            demo.call_tool("build_report", json!({"pages": 40, "page_ms": 100}))
                .await
        });
        tokio::time::sleep(Duration::from_millis(500)).await;
        proxy.drop_for(Duration::from_millis(outage)).await;
        // `build_report` is not idempotent: the Manager never calls it again, so this result
        // is the first task's.
        let output = call.await.unwrap().unwrap();
        assert_eq!(
            output.structured.unwrap()["pages"],
            40,
            "outage of {outage} ms"
        );
    }
    manager.shutdown().await;
}

#[tokio::test]
async fn a_plain_client_says_which_task_a_dropped_connection_interrupted() {
    let server = demo_http();
    let proxy = Proxy::to(&server.url).await;
    let client = Client::connect_with(ServerSpec::http(&proxy.url), quick())
        .await
        .unwrap();
    let call = client.call_tool("build_report", json!({"pages": 100, "page_ms": 100}));
    let (result, ()) = tokio::join!(call.into_future(), async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        proxy.drop_for(Duration::from_secs(6)).await;
    });
    match result.unwrap_err() {
        Error::TaskInterrupted { task, tool, .. } => {
            assert_eq!(tool, "build_report");
            // The server still has it: the same client picks it up.
            let output = client.task(&task).result().await.unwrap();
            assert_eq!(output.structured.unwrap()["pages"], 100);
        }
        other => panic!("expected TaskInterrupted, got {other}"),
    }
}

/// `tests/peers/fastmcp_crawl.py` on FastMCP's own tasks extension (2026-07-28): over stdio,
/// and the command that serves it over HTTP.
fn fastmcp() -> (mcp_runtime::StdioSpec, Command) {
    let python = installed_python("fastmcp");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/peers/fastmcp_crawl.py");
    let mut command = Command::new(&python);
    command.arg(script).arg("--http");
    (ServerSpec::stdio(python).arg(script), command)
}

/// A Python in one of the `test-servers/.venv-*` folders `scripts/test.sh` fills.
fn installed_python(venv: &str) -> String {
    let python = test_servers().join(format!(".venv-{venv}/bin/python"));
    assert!(
        python.exists(),
        "{} is missing: run `scripts/test.sh`",
        python.display()
    );
    python.to_string_lossy().into_owned()
}

#[tokio::test]
async fn fastmcp_tasks_complete_cancel_fail_and_resume() {
    let (stdio, http) = fastmcp();
    let client = Client::connect_with(stdio, quick()).await.unwrap();
    assert_eq!(client.protocol_version(), "2026-07-28");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let task = client
        .call_tool("crawl", json!({"pages": 3, "page_ms": 150}))
        .as_task()
        .await
        .unwrap();
    assert!(task.id().is_some(), "FastMCP runs `crawl` as a task");
    let output = task
        .on_update(move |state| log.lock().unwrap().push(state.message.clone()))
        .result()
        .await
        .unwrap();
    assert_eq!(output.structured.unwrap()["result"], "crawled 3 pages");
    assert!(
        seen.lock()
            .unwrap()
            .iter()
            .flatten()
            .any(|m| m.contains("of 3"))
    );
    // A plain call is followed through the task FastMCP makes of it.
    let plain = client
        .call_tool("crawl", json!({"pages": 2, "page_ms": 50}))
        .await
        .unwrap();
    assert_eq!(plain.structured.unwrap()["result"], "crawled 2 pages");
    // FastMCP completes a task whose tool raised with an `isError` result.
    let failing = client
        .call_tool("crawl", json!({"pages": 3, "page_ms": 50, "fail_at": 2}))
        .as_task()
        .await
        .unwrap();
    let err = failing.result().await.unwrap_err();
    assert!(
        matches!(&err, Error::Tool { message, .. } if message.contains("page 2")),
        "{err}"
    );
    let long = client
        .call_tool("crawl", json!({"pages": 100, "page_ms": 100}))
        .as_task()
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    long.cancel().await.unwrap();
    assert!(matches!(
        long.result().await,
        Err(Error::TaskCancelled { .. })
    ));

    // Over HTTP, a task outlives the session that started it.
    let server = listening(http);
    let first = Client::connect_with(ServerSpec::http(&server.url), quick())
        .await
        .unwrap();
    let task = first
        .call_tool("crawl", json!({"pages": 6, "page_ms": 100}))
        .as_task()
        .await
        .unwrap();
    let id = task.id().unwrap().to_string();
    first.close().await;
    let second = Client::connect_with(ServerSpec::http(&server.url), quick())
        .await
        .unwrap();
    let output = second.task(&id).result().await.unwrap();
    assert_eq!(output.structured.unwrap()["result"], "crawled 6 pages");
}

//! mcp-runtime against the demo server as a real process, over stdio and streamable HTTP.

use std::time::{Duration, Instant};

use mcp_runtime::model::ContentBlock;
use mcp_runtime::{Client, ConnectOptions, Error, ServerSpec};
use serde::Deserialize;
use serde_json::json;

use crate::common::*;

#[derive(Debug, Deserialize, PartialEq)]
struct Sum {
    sum: f64,
}

#[derive(Debug, Deserialize)]
struct Receipt {
    order_id: String,
    item_count: u32,
    priority: String,
    status: String,
    ship_city: String,
}

#[derive(Debug, Deserialize)]
struct SearchResults {
    hits: Vec<Hit>,
    next_cursor: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Hit {
    id: u32,
    tags: Vec<String>,
}

const DEMO_TOOLS: [&str; 13] = [
    "add",
    "ask_model",
    "build_report",
    "confirm",
    "create_order",
    "echo",
    "exit",
    "fail",
    "list_roots",
    "media",
    "search",
    "sleep",
    "unlock",
];

/// Every kind of output the demo server has, through one client.
async fn exercise(client: &Client) {
    let info = client.server_info().expect("server info");
    assert_eq!(info.name, "mcp-toolset-demo");
    assert!(!client.protocol_version().is_empty());

    let mut names: Vec<String> = client
        .list_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    names.sort();
    assert_eq!(names, DEMO_TOOLS);

    let echoed = client
        .call_tool("echo", json!({"message": "hi there", "uppercase": true}))
        .await
        .unwrap();
    assert_eq!(echoed.text(), "HI THERE");
    assert!(echoed.structured.is_none());

    let sum: Sum = client
        .call_tool("add", json!({"a": 2.5, "b": 4}))
        .structured()
        .await
        .unwrap();
    assert_eq!(sum, Sum { sum: 6.5 });

    let receipt: Receipt = client
        .call_tool(
            "create_order",
            json!({
                "customer": {"name": "Ada", "address": {"street": "1 Loop", "city": "Zurich", "country": "CH"}},
                "items": [{"sku": "A-1", "quantity": 2}, {"sku": "BO-7", "quantity": 1, "gift_wrap": true}],
                "priority": "high",
                "ship_to": {"street": "2 Ring", "city": "Basel", "country": "CH", "postal_code": null}
            }),
        )
        .structured()
        .await
        .unwrap();
    assert_eq!(receipt.item_count, 3);
    assert_eq!(receipt.priority, "high");
    assert_eq!(receipt.status, "backordered");
    assert_eq!(receipt.ship_city, "Basel");
    assert_eq!(receipt.order_id, "ord-3-3");

    let found: SearchResults = client
        .call_tool(
            "search",
            json!({"query": "q", "limit": 4, "filter": {"tag": "even"}}),
        )
        .structured()
        .await
        .unwrap();
    assert_eq!(found.hits.iter().map(|h| h.id).collect::<Vec<_>>(), [2, 4]);
    assert!(found.hits.iter().all(|h| h.tags == ["even"]));
    assert_eq!(found.next_cursor, None);

    let media = client.call_tool("media", json!({})).await.unwrap();
    assert!(matches!(media.content[0], ContentBlock::Text(_)));
    assert!(matches!(media.content[1], ContentBlock::Image(_)));
    assert_eq!(
        mcp_runtime::resources::resource_text(&media.content[2]),
        Some("remember the milk")
    );
    let for_llm = media.to_llm_string(10_000);
    assert!(for_llm.contains("bytes of base64 elided"), "{for_llm}");

    match client
        .call_tool("fail", json!({"message": "disk on fire"}))
        .await
    {
        Err(Error::Tool {
            tool,
            message,
            output,
        }) => {
            assert_eq!(tool, "fail");
            assert_eq!(message, "disk on fire");
            assert!(output.is_error);
        }
        other => panic!("expected a tool error, got {other:?}"),
    }

    // The session is still fine after a tool error.
    assert_eq!(
        client
            .call_tool("echo", json!({"message": "after"}))
            .await
            .unwrap()
            .text(),
        "after"
    );
}

#[tokio::test]
async fn stdio_every_kind_of_output() {
    let client = Client::connect(demo_stdio()).await.unwrap();
    exercise(&client).await;
    let pid = client.pid().expect("stdio client knows its server's pid");
    client.close().await;
    assert!(
        wait_gone(pid, Duration::from_secs(5)).await,
        "server {pid} still there after close"
    );
}

#[tokio::test]
async fn http_every_kind_of_output() {
    let server = demo_http();
    let client = Client::connect(ServerSpec::http(&server.url))
        .await
        .unwrap();
    assert_eq!(client.pid(), None);
    exercise(&client).await;
    client.close().await;
}

#[tokio::test]
async fn decode_error_names_tool_and_path() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct WrongSum {
        sum: String,
    }
    let client = Client::connect(demo_stdio()).await.unwrap();
    let err = client
        .call_tool("add", json!({"a": 1, "b": 2}))
        .structured::<WrongSum>()
        .await
        .unwrap_err();
    match &err {
        Error::Decode {
            tool,
            path,
            excerpt,
            ..
        } => {
            assert_eq!(tool, "add");
            assert_eq!(path, "sum");
            assert!(excerpt.contains("3"), "{excerpt}");
        }
        other => panic!("expected a decode error, got {other:?}"),
    }
    assert!(err.to_string().contains("`add`"), "{err}");
}

#[tokio::test]
async fn timeout_cancels_and_the_client_stays_usable() {
    let client = Client::connect_with(
        demo_stdio(),
        ConnectOptions::default().call_timeout(Duration::from_millis(300)),
    )
    .await
    .unwrap();
    let start = Instant::now();
    let err = client
        .call_tool("sleep", json!({"ms": 10_000}))
        .await
        .unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "timeout took {:?}",
        start.elapsed()
    );
    match &err {
        Error::Timeout {
            operation,
            duration,
            ..
        } => {
            assert!(operation.contains("sleep"), "{operation}");
            assert_eq!(*duration, Duration::from_millis(300));
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    // Right after: the same session answers.
    assert_eq!(
        client
            .call_tool("echo", json!({"message": "still here"}))
            .await
            .unwrap()
            .text(),
        "still here"
    );
    // A per-call override lets a slow call through.
    let slow = client
        .call_tool("sleep", json!({"ms": 500}))
        .with_timeout(Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(slow.text(), "slept 500 ms");
}

#[tokio::test]
async fn server_exiting_mid_call_is_a_clear_error_not_a_hang() {
    let client = Client::connect(demo_stdio()).await.unwrap();
    let pid = client.pid().unwrap();
    let result = tokio::time::timeout(
        Duration::from_secs(10),
        client.call_tool("exit", json!({"code": 3})),
    )
    .await
    .expect("a call to a dying server must not hang");
    match result {
        Err(Error::TransportClosed {
            target,
            operation,
            exit,
            ..
        }) => {
            assert!(target.contains("test-demo-server"), "{target}");
            assert_eq!(operation.as_deref(), Some("tools/call `exit`"));
            // A crash mid-call names how the server ended.
            assert_eq!(exit.as_deref(), Some("exit status: 3"));
        }
        other => panic!("expected the transport to close, got {other:?}"),
    }
    assert!(!client.is_open());
    let next = client
        .call_tool("echo", json!({"message": "x"}))
        .await
        .unwrap_err();
    assert!(matches!(next, Error::TransportClosed { .. }), "{next:?}");
    drop(client);
    assert!(wait_gone(pid, Duration::from_secs(5)).await);
}

#[tokio::test]
async fn dropping_the_client_ends_its_server() {
    let client = Client::connect(demo_stdio()).await.unwrap();
    let pid = client.pid().unwrap();
    assert!(pid_alive(pid));
    drop(client);
    assert!(
        wait_gone(pid, Duration::from_secs(5)).await,
        "server {pid} outlived its client"
    );
}

#[tokio::test]
async fn missing_command_is_named() {
    let err = Client::connect(ServerSpec::stdio("no-such-mcp-server-xyz").arg("--flag"))
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, Error::Connect { .. }), "{err:?}");
    assert!(text.contains("no-such-mcp-server-xyz"), "{text}");
    assert!(text.contains("not found"), "{text}");
}

#[tokio::test]
async fn a_server_that_dies_at_start_shows_its_stderr() {
    let spec = ServerSpec::stdio("sh")
        .args(["-c", "echo 'fatal: missing API key' >&2; exit 7"])
        .env("SECRET_TOKEN", "hunter2");
    let err = Client::connect(spec).await.unwrap_err();
    let text = err.to_string();
    assert!(text.contains("fatal: missing API key"), "{text}");
    assert!(text.contains("exited"), "{text}");
    assert!(!text.contains("hunter2"), "{text}");
}

#[tokio::test]
async fn a_server_that_never_answers_times_out_and_is_killed() {
    let spec = ServerSpec::stdio("sh").args(["-c", "echo $$ >&2; exec sleep 60"]);
    let start = Instant::now();
    let err = Client::connect_with(
        spec,
        ConnectOptions::default().connect_timeout(Duration::from_millis(500)),
    )
    .await
    .unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5));
    let Error::Connect { reason, stderr, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(
        reason.contains("no answer to `server/discover`"),
        "{reason}"
    );
    let pid: u32 = stderr
        .first()
        .and_then(|l| l.trim().parse().ok())
        .expect("the shell printed its pid");
    assert!(
        wait_gone(pid, Duration::from_secs(5)).await,
        "hung server {pid} left behind"
    );
}

#[tokio::test]
async fn bad_arguments_and_unknown_tools_are_errors() {
    let client = Client::connect(demo_stdio()).await.unwrap();
    let err = client
        .call_tool("echo", json!(["not", "an", "object"]))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::InvalidArguments { .. }), "{err:?}");
    assert!(err.to_string().contains("JSON object"), "{err}");

    let err = client
        .call_tool("echo", 42)
        .structured::<()>()
        .await
        .unwrap_err();
    assert!(matches!(err, Error::InvalidArguments { .. }), "{err:?}");

    let err = client
        .call_tool("no_such_tool", json!({}))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no_such_tool"), "{err}");

    // Wrong types are rejected by the server, and the session survives.
    let err = client
        .call_tool("add", json!({"a": "two", "b": 2}))
        .await
        .unwrap_err();
    assert!(
        matches!(err, Error::Protocol { .. } | Error::Tool { .. }),
        "{err:?}"
    );
    assert_eq!(
        client
            .call_tool("echo", json!({"message": "ok"}))
            .await
            .unwrap()
            .text(),
        "ok"
    );
}

#[tokio::test]
async fn unreachable_http_server_is_a_connect_error() {
    let url = format!("http://127.0.0.1:{}/mcp?token=abc123", free_port());
    let err = Client::connect_with(
        ServerSpec::http(&url).bearer_token("tok-secret"),
        ConnectOptions::default().connect_timeout(Duration::from_secs(5)),
    )
    .await
    .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, Error::Connect { .. }), "{err:?}");
    assert!(text.contains("127.0.0.1"), "{text}");
    assert!(
        !text.contains("abc123") && !text.contains("tok-secret"),
        "{text}"
    );
}

/// The direct path of stdio sessions: many calls in flight, some with messages larger than a
/// pipe holds (queued, written as the server reads), some given up on, each answered with its
/// own result — and rmcp's own traffic (listings, prompts) interleaved on the same pipes.
#[tokio::test]
async fn concurrent_calls_large_messages_and_abandoned_calls_share_the_pipes() {
    let client = std::sync::Arc::new(Client::connect(demo_stdio()).await.unwrap());
    let big = "x".repeat(1 << 20);
    let mut calls = Vec::new();
    for i in 0..200u32 {
        let client = client.clone();
        let big = big.clone();
        calls.push(tokio::spawn(async move {
            match i % 4 {
                0 => {
                    let out = client
                        .call_tool("add", json!({"a": i, "b": i}))
                        .await
                        .unwrap();
                    let sum = out.structured.as_ref().unwrap()["sum"].as_f64();
                    assert_eq!(sum, Some(f64::from(2 * i)));
                }
                1 => {
                    let message = format!("{i}:{big}");
                    let out = client
                        .call_tool("echo", json!({"message": message}))
                        .await
                        .unwrap();
                    assert_eq!(out.text(), message);
                }
                2 => {
                    let sleep = json!({"ms": 5_000});
                    let gone = client
                        .call_tool("sleep", sleep)
                        .with_timeout(Duration::from_millis(20))
                        .await;
                    assert!(matches!(gone, Err(Error::Timeout { .. })), "{gone:?}");
                }
                _ => assert!(client.list_tools().await.unwrap().len() >= 9),
            }
        }));
    }
    for call in calls {
        call.await.unwrap();
    }
    let out = client
        .call_tool("echo", json!({"message": "after"}))
        .await
        .unwrap();
    assert_eq!(out.text(), "after");
}

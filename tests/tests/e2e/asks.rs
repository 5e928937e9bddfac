//! Servers that ask: the demo server's `confirm` (elicitation), `ask_model` (sampling) and
//! `list_roots` tools, answered by handlers installed in `ConnectOptions`, in both eras — on
//! 2026-07-28 through Multi Round-Trip Requests, on the legacy era through server-to-client
//! requests — over stdio and streamable HTTP; and the same questions from a Python MCP SDK 2.x
//! server (`tests/peers/python_asking.py`, the SDK's resolvers) in both eras, and from the SDK 1.x
//! (`python_asking_sdk1.py`), legacy only.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_runtime::asks::{ElicitAnswer, ElicitationMode, Root, SamplingReply};
use mcp_runtime::{Client, ConnectOptions, Error, Protocol, ServerSpec};
use serde_json::{Map, json};

use crate::common::*;

/// Accepts confirming a deploy or flight LH1 (leaving other fields to their defaults) and
/// picks `bullets` for a summary, declines anything else;
/// a model that repeats the question; one root. `asked` counts elicitations.
fn answering(protocol: Protocol, asked: Arc<AtomicUsize>) -> ConnectOptions {
    ConnectOptions::default()
        .protocol(protocol)
        .on_elicitation(move |request| {
            asked.fetch_add(1, Ordering::SeqCst);
            async move {
                let is_form = matches!(request.mode, ElicitationMode::Form { .. });
                let yes = ["deploy", "LH1"]
                    .iter()
                    .any(|w| request.message.contains(w));
                if is_form && request.message.contains("summary") {
                    let mut content = Map::new();
                    content.insert("style".into(), json!("bullets"));
                    ElicitAnswer::Accept(content)
                } else if is_form && yes {
                    let mut content = Map::new();
                    content.insert("confirm".into(), json!(true));
                    ElicitAnswer::Accept(content)
                } else {
                    ElicitAnswer::Decline
                }
            }
        })
        .on_sampling(|request| async move {
            let question = &request.messages[0].text;
            Ok(SamplingReply::new(
                "parrot-1",
                format!("you asked {question}"),
            ))
        })
        .roots(vec![Root::new("file:///work/project").name("project")])
}

async fn text(client: &Client, tool: &str, args: serde_json::Value) -> String {
    client
        .call_tool(tool, args)
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"))
        .text()
}

/// Every question the demo server asks, answered, on one client.
async fn exercise(client: &Client, era: &str, asked: &AtomicUsize) {
    assert_eq!(client.protocol_version(), era);
    let confirmed = text(client, "confirm", json!({"action": "deploy"})).await;
    assert_eq!(confirmed, "confirmed: deploy (reason: none given)");
    let declined = text(client, "confirm", json!({"action": "delete"})).await;
    assert_eq!(declined, "declined: delete");
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    let sampled = text(client, "ask_model", json!({"question": "why?"})).await;
    assert_eq!(sampled, "parrot-1 says: you asked why?");
    assert_eq!(
        text(client, "list_roots", json!({})).await,
        "file:///work/project"
    );
    // prompts/get takes rounds too.
    let arguments = json!({"thread": "t", "style": "ask"});
    let prompt = client
        .get_prompt("summarize-thread", arguments)
        .await
        .expect("prompt");
    assert!(
        prompt
            .text()
            .starts_with("Summarize this thread as bullets"),
        "{}",
        prompt.text()
    );
    // The handlers leave plain calls alone.
    assert_eq!(text(client, "echo", json!({"message": "hi"})).await, "hi");
}

async fn run(spec: impl Into<ServerSpec>, protocol: Protocol, era: &str) {
    let asked = Arc::new(AtomicUsize::new(0));
    let client = Client::connect_with(spec, answering(protocol, asked.clone()))
        .await
        .expect("connect");
    exercise(&client, era, &asked).await;
    client.close().await;
}

#[tokio::test]
async fn stdio_2026_07_28_answers_input_required_rounds() {
    run(demo_stdio(), Protocol::Auto, "2026-07-28").await;
}

#[tokio::test]
async fn stdio_legacy_answers_server_to_client_requests() {
    run(demo_stdio(), Protocol::Legacy, "2025-11-25").await;
}

#[tokio::test]
async fn http_2026_07_28_answers_input_required_rounds() {
    let server = demo_http();
    run(ServerSpec::http(&server.url), Protocol::Auto, "2026-07-28").await;
}

#[tokio::test]
async fn http_legacy_answers_server_to_client_requests() {
    let server = demo_http();
    run(
        ServerSpec::http(&server.url),
        Protocol::Legacy,
        "2025-11-25",
    )
    .await;
}

/// Without handlers nothing is offered, and a question gets an error that names the setting.
#[tokio::test]
async fn a_client_without_handlers_says_which_setting_answers() {
    for protocol in [Protocol::Auto, Protocol::Legacy] {
        let options = ConnectOptions::default().protocol(protocol.clone());
        let client = Client::connect_with(demo_stdio(), options)
            .await
            .expect("connect");
        let err = client
            .call_tool("confirm", json!({"action": "x"}))
            .await
            .unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("ConnectOptions::on_elicitation"),
            "{protocol:?}: {message}"
        );
        client.close().await;
    }
}

/// The rounds of one call are bounded, and the error names the bound.
#[tokio::test]
async fn input_rounds_are_bounded() {
    let options = answering(Protocol::Auto, Arc::default()).max_input_rounds(0);
    let client = Client::connect_with(demo_stdio(), options)
        .await
        .expect("connect");
    let err = client
        .call_tool("confirm", json!({"action": "deploy"}))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Protocol { .. }), "{err:?}");
    assert!(
        err.to_string().contains("ConnectOptions::max_input_rounds"),
        "{err}"
    );
    client.close().await;
}

/// The Python SDK 2.x server: its resolvers ask through `InputRequiredResult` on 2026-07-28
/// and through server-to-client requests on the legacy era.
async fn python(protocol: Protocol, era: &str) {
    python_peer(&python_bin("python"), "python_asking.py", protocol, era).await;
}

/// `script` of `tests/peers/` run by `python`: its `book`, `haiku` and `where` answered.
async fn python_peer(python: &str, script: &str, protocol: Protocol, era: &str) {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("peers")
        .join(script);
    let spec = ServerSpec::stdio(python).arg(script.to_string_lossy());
    let asked = Arc::new(AtomicUsize::new(0));
    let client = Client::connect_with(spec, answering(protocol, asked.clone()))
        .await
        .expect("connect");
    assert_eq!(client.protocol_version(), era);
    let booked = text(&client, "book", json!({"flight": "LH1"})).await;
    assert_eq!(booked, "booked LH1, aisle seat");
    assert_eq!(
        text(&client, "book", json!({"flight": "XX9"})).await,
        "decline: XX9"
    );
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    let haiku = text(&client, "haiku", json!({"topic": "rust"})).await;
    assert_eq!(haiku, "parrot-1: you asked a haiku about rust");
    assert_eq!(
        text(&client, "where", json!({})).await,
        "file:///work/project"
    );
    client.close().await;
}

#[tokio::test]
async fn python_sdk_2026_07_28_resolvers_are_answered_in_rounds() {
    python(Protocol::Auto, "2026-07-28").await;
}

#[tokio::test]
async fn python_sdk_legacy_resolvers_are_answered_as_requests() {
    python(Protocol::Legacy, "2025-11-25").await;
}

/// The same tools on the Python SDK 1.x (FastMCP, legacy only): `Protocol::Auto` falls back to
/// `initialize` and the questions come as server-to-client requests.
#[tokio::test]
async fn python_sdk_1_is_asked_in_the_legacy_era() {
    let python = test_servers().join(".venv-sdk1/bin/python");
    assert!(
        python.exists(),
        "run scripts/test.sh first: it installs {}",
        python.display()
    );
    let python = python.to_string_lossy();
    python_peer(
        &python,
        "python_asking_sdk1.py",
        Protocol::Auto,
        "2025-11-25",
    )
    .await;
}

/// A generated client's typed method is the same call: the question is answered between its
/// rounds and the typed result comes back.
#[tokio::test]
async fn typed_calls_stay_typed_across_rounds() {
    mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");
    for protocol in [Protocol::Auto, Protocol::Legacy] {
        let options = answering(protocol, Arc::default());
        let demo = Demo::connect_with(demo_stdio(), options)
            .await
            .expect("connect");
        let confirmed = demo.confirm("deploy").await.expect("confirm");
        assert_eq!(confirmed.text(), "confirmed: deploy (reason: none given)");
        assert_eq!(demo.add(1.0, 2.0).await.expect("add").sum, 3.0);
        demo.client().close().await;
    }
}

/// The call's timeout covers the whole exchange: a user who never answers times the call out,
/// and the session goes on.
#[tokio::test]
async fn a_question_nobody_answers_times_the_call_out() {
    for protocol in [Protocol::Auto, Protocol::Legacy] {
        let options = ConnectOptions::default()
            .protocol(protocol.clone())
            .on_elicitation(|_| std::future::pending());
        let client = Client::connect_with(demo_stdio(), options)
            .await
            .expect("connect");
        let started = std::time::Instant::now();
        let err = client
            .call_tool("confirm", json!({"action": "deploy"}))
            .with_timeout(std::time::Duration::from_millis(500))
            .await
            .unwrap_err();
        assert!(
            matches!(err, Error::Timeout { .. }),
            "{protocol:?}: {err:?}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(
            text(&client, "echo", json!({"message": "still here"})).await,
            "still here"
        );
        client.close().await;
    }
}

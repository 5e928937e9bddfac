//! Prompts, resources, templates, subscriptions, progress and cancellation against real
//! servers: server-everything (npm) and a fault server that records cancellations.

use std::future::IntoFuture;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::faults::Pids;
use crate::common::npm_bin;
use mcp_runtime::model::ResourceContents;
use mcp_runtime::{Client, ServerSpec, uri_template};
use serde_json::json;

async fn everything() -> Client {
    Client::connect(ServerSpec::stdio(npm_bin("mcp-server-everything")).arg("stdio"))
        .await
        .unwrap()
}

#[tokio::test]
async fn prompts_are_listed_and_rendered_with_arguments() {
    let client = everything().await;
    let prompts = client.list_prompts().await.unwrap();
    let args = prompts.iter().find(|p| p.name == "args-prompt").unwrap();
    let city = &args.arguments.as_ref().unwrap()[0];
    assert_eq!((city.name.as_str(), city.required), ("city", Some(true)));
    let out = client
        .get_prompt("args-prompt", json!({"city": "Lisbon", "state": null}))
        .await
        .unwrap();
    assert!(out.text().contains("Lisbon"), "{}", out.text());
    assert!(!out.messages.is_empty());
    let err = client
        .get_prompt("args-prompt", json!({"city": ["a"]}))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("must be a string"), "{err}");
    let err = client
        .get_prompt("no-such-prompt", json!({}))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no-such-prompt"), "{err}");
    client.close().await;
}

#[tokio::test]
async fn resources_and_templates_are_listed_and_read() {
    let client = everything().await;
    let resources = client.list_resources().await.unwrap();
    assert!(resources.len() >= 7, "{}", resources.len());
    let first = &resources[0];
    let read = client.read_resource(&first.uri).await.unwrap();
    assert!(!read.text().is_empty());
    let templates = client.list_resource_templates().await.unwrap();
    let text = templates
        .iter()
        .find(|t| t.uri_template.contains("text"))
        .unwrap();
    assert_eq!(uri_template::variables(&text.uri_template), ["resourceId"]);
    let uri = uri_template::expand(&text.uri_template, &[("resourceId", Some("7"))]);
    let read = client.read_resource(&uri).await.unwrap();
    match &read.contents[0] {
        ResourceContents::TextResourceContents { uri: got, .. } => assert_eq!(got, &uri),
        other => panic!("{other:?}"),
    }
    assert!(read.text().contains('7'), "{}", read.text());
    client.close().await;
}

#[tokio::test]
async fn a_subscription_delivers_resource_updates_until_unsubscribed() {
    let client = everything().await;
    let uri = client.list_resources().await.unwrap()[0].uri.clone();
    let mut updates = client.resource_updates();
    client.subscribe(&uri).await.unwrap();
    client
        .call_tool("toggle-subscriber-updates", json!({}))
        .await
        .unwrap();
    // server-everything sends them every 5 s.
    let updated = tokio::time::timeout(Duration::from_secs(12), updates.recv())
        .await
        .expect("no notifications/resources/updated within 12 s")
        .unwrap();
    assert_eq!(updated, uri);
    client.unsubscribe(&uri).await.unwrap();
    client.close().await;
}

#[tokio::test]
async fn progress_reports_reach_the_callback_of_their_call() {
    let client = everything().await;
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let out = client
        .call_tool(
            "trigger-long-running-operation",
            json!({"duration": 1, "steps": 4}),
        )
        .with_timeout(Duration::from_secs(20))
        .on_progress(move |p| sink.lock().unwrap().push(p))
        .await
        .unwrap();
    assert!(out.text().contains("completed"), "{}", out.text());
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(
        seen.windows(2).all(|w| w[0].progress < w[1].progress),
        "{seen:?}"
    );
    assert_eq!(seen[3].total, Some(4.0));
    client.close().await;
}

#[tokio::test]
async fn dropping_a_call_cancels_it_on_the_server_and_the_session_goes_on() {
    let pids = Pids::new("drop-cancels");
    let client = Client::connect(pids.spec("hang_once.py", &[]))
        .await
        .unwrap();
    // Plain call, then a call with a progress callback (another path): both dropped unanswered.
    tokio::select! {
        _ = client.call_tool("work", json!({})) => panic!("the first call is never answered"),
        _ = tokio::time::sleep(Duration::from_millis(300)) => {}
    }
    let progress = client
        .call_tool("work", json!({"hang": true}))
        .with_timeout(Duration::from_secs(30))
        .on_progress(|_| {})
        .into_future();
    tokio::select! {
        _ = progress => panic!("a call with `hang` is never answered"),
        _ = tokio::time::sleep(Duration::from_millis(300)) => {}
    }
    let out = client.call_tool("work", json!({})).await.unwrap();
    assert_eq!(out.text(), "done 3");
    let mut cancelled = String::new();
    for _ in 0..50 {
        cancelled = client
            .call_tool("cancelled", json!({}))
            .await
            .unwrap()
            .text();
        if cancelled.matches(',').count() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        cancelled.matches(',').count(),
        1,
        "two cancellations expected: {cancelled}"
    );
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

#[tokio::test]
async fn the_manager_offers_every_servers_prompts_in_one_catalog() {
    use mcp_runtime::host::config::Config;
    use mcp_runtime::host::manager::Manager;
    use mcp_runtime::host::prompt_catalog::PromptCatalog;
    use mcp_runtime::host::registry::PrefixPolicy;

    let servers = json!({
        "demo": {"command": env!("CARGO_BIN_EXE_test-demo-server")},
        "everything": {"command": npm_bin("mcp-server-everything"), "args": ["stdio"]},
    });
    let config = Config::parse(&json!({ "mcpServers": servers }).to_string(), "t").unwrap();
    let manager = Manager::start_settled(config, mcp_runtime::ConnectOptions::default()).await;
    let catalog = PromptCatalog::from_manager(&manager, PrefixPolicy::Always).await;
    let names: Vec<&str> = catalog.entries().iter().map(|e| e.name.as_str()).collect();
    assert!(names.contains(&"mcp_demo_summarize-thread"), "{names:?}");
    assert!(names.contains(&"mcp_everything_args-prompt"), "{names:?}");
    assert!(catalog.warnings().is_empty(), "{:?}", catalog.warnings());
    let out = catalog
        .get(
            "mcp_demo_summarize-thread",
            json!({"thread": "hi", "style": "bullets"}),
        )
        .await
        .unwrap();
    assert_eq!(out.text(), "Summarize this thread as bullets:\n\nhi");
    let err = catalog.get("nope", json!({})).await.unwrap_err();
    assert!(
        err.to_string().contains("mcp_demo_summarize-thread"),
        "{err}"
    );
    manager.shutdown().await;
}

#[tokio::test]
async fn a_progress_token_is_sent_only_when_the_caller_asked_for_progress() {
    let pids = Pids::new("progress-probe");
    let client = Client::connect(pids.spec("progress_probe.py", &[]))
        .await
        .unwrap();
    let plain = client.call_tool("probe", json!({})).await.unwrap();
    assert_eq!(plain.text(), "none");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let watched = client
        .call_tool("probe", json!({}))
        .with_timeout(Duration::from_secs(10))
        .on_progress(move |p| sink.lock().unwrap().push((p.progress, p.message)))
        .await
        .unwrap();
    assert!(watched.text().starts_with("token "), "{}", watched.text());
    assert_eq!(
        *seen.lock().unwrap(),
        [
            (1.0, Some("step 1".to_string())),
            (2.0, Some("step 2".to_string()))
        ]
    );
    // Prompts and listings carry none either.
    assert_eq!(
        client.call_tool("probe", json!({})).await.unwrap().text(),
        "none"
    );
    client.close().await;
    pids.assert_all_gone(Duration::from_secs(3)).await;
}

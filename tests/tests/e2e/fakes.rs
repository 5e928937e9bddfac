//! Typed fakes generated from the demo snapshot (`fakes = true`): the very client type an app
//! uses, connected in-process to a trait implementation written in a few lines; tools the fake
//! leaves out name the method to write; a result that breaks the snapshot's `outputSchema`
//! never reaches the client; the Registry dispatches to a fake like to a server.

use std::sync::Arc;

use mcp_runtime::fake::{FakeError, FakeResult, FakeServer};
use mcp_runtime::host::registry::{Registry, RegistryOptions};
use std::collections::BTreeMap;

use mcp_runtime::prompts::PromptOutput;
use mcp_runtime::resources::ResourceOutput;
use mcp_runtime::{Error, ToolOutput};
use serde_json::{Value, json};

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json", fakes = true);
use demo::{TOOLS, add, echo};

/// What a test writes: the tools it needs.
struct Calculator;

impl DemoFake for Calculator {
    async fn add(&self, input: add::Input) -> FakeResult<add::Output> {
        Ok(add::Output {
            sum: input.a + input.b,
        })
    }

    async fn echo(&self, input: echo::Input) -> FakeResult<ToolOutput> {
        match input.uppercase {
            Some(true) => Ok(ToolOutput::from_text(input.message.to_uppercase())),
            _ if input.message.is_empty() => Err(FakeError::new("nothing to echo")),
            _ => Ok(ToolOutput::from_text(input.message)),
        }
    }

    async fn summarize_thread(
        &self,
        arguments: BTreeMap<String, String>,
    ) -> FakeResult<PromptOutput> {
        Ok(PromptOutput::from_text(format!(
            "Summarize {}",
            arguments["thread"]
        )))
    }

    async fn greeting(
        &self,
        uri: String,
        variables: BTreeMap<String, String>,
    ) -> FakeResult<ResourceOutput> {
        let hello = match variables.get("lang").map(String::as_str) {
            Some("fr") => "Bonjour",
            _ => "Hello",
        };
        Ok(ResourceOutput::from_text(
            uri,
            format!("{hello}, {}!", variables["name"]),
        ))
    }
}

#[tokio::test]
async fn the_generated_client_calls_a_fake_in_process() {
    let demo = Demo::fake(Calculator).await.unwrap();
    assert_eq!(demo.client().pid(), None, "no process");
    assert_eq!(demo.add(2.0, 3.5).await.unwrap().sum, 5.5);
    let loud = demo.echo("quiet").uppercase(true).await.unwrap();
    assert_eq!(loud.text(), "QUIET");
    let err = demo.echo("").await.unwrap_err();
    assert!(
        matches!(&err, Error::Tool { message, .. } if message == "nothing to echo"),
        "{err:?}"
    );
    // Listing comes from the snapshot.
    let tools = demo.client().list_tools().await.unwrap();
    assert_eq!(tools.len(), Demo::tools().len());
    demo.close().await;
}

#[tokio::test]
async fn prompts_and_resource_templates_are_faked_too() {
    let demo = Demo::fake(Calculator).await.unwrap();
    let prompt = demo.summarize_thread("#general").await.unwrap();
    assert_eq!(prompt.text(), "Summarize #general");
    let greeting = demo.greeting("Ada Lovelace", Some("fr")).await.unwrap();
    assert_eq!(greeting.text(), "Bonjour, Ada Lovelace!");
    // A static resource has no method to fake: reading it says so.
    let err = demo
        .client()
        .read_resource("demo://readme")
        .await
        .unwrap_err();
    assert!(err.to_string().contains("readme"), "{err}");
}

#[tokio::test]
async fn a_tool_the_fake_leaves_out_names_the_method_to_write() {
    let demo = Demo::fake(Calculator).await.unwrap();
    let err = demo.search("agents").await.unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("`DemoFake::search`") && message.contains("implement"),
        "{message}"
    );
}

#[tokio::test]
async fn a_result_that_breaks_the_output_schema_names_the_field() {
    let client = FakeServer::new("demo", TOOLS)
        .tool("add", |_: Value| async {
            FakeResult::Ok(json!({"sum": "five"}))
        })
        .connect()
        .await
        .unwrap();
    let err = client
        .call_tool("add", json!({"a": 1, "b": 2}))
        .await
        .unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("outputSchema at /sum") && message.contains("\"five\""),
        "{message}"
    );
    let typed = Demo::fake(Calculator).await.unwrap();
    let bad_arguments = typed
        .client()
        .call_tool("add", json!({"a": "one"}))
        .await
        .unwrap_err();
    assert!(
        bad_arguments.to_string().contains("do not fit its Input"),
        "{bad_arguments}"
    );
}

#[tokio::test]
async fn the_registry_dispatches_to_a_fake() {
    let demo = Demo::fake(Calculator).await.unwrap();
    let mut registry = Registry::new(RegistryOptions::default());
    registry.add_generated("demo", TOOLS, Arc::new(demo.into_client()));
    let result = registry
        .dispatch("mcp_demo_add", r#"{"a": 40, "b": 2}"#)
        .await;
    assert!(!result.is_error, "{}", result.content);
    assert_eq!(result.structured, Some(json!({"sum": 42.0})));
}

//! A rig agent calling MCP tools. Its model is scripted (rig's `MockCompletionModel`: no
//! network, no API key) to ask for two tool calls the way an LLM would; rig dispatches them
//! through mcp-runtime's adapter to the demo server, and the model's next turn sees the results.
//!
//! `cargo run -p mcp-toolset-examples --bin rig_agent`

use std::sync::Arc;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Registry, RegistryOptions};
use rig_agent::AgentBuilder;
use rig_agent::core::test_utils::{MockCompletionModel, MockTurn};
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        // This binary doubles as the demo server the config starts.
        return mcp_toolset_examples::demo_server::run(&args[1..]).await;
    }
    let me = std::env::current_exe()?.to_string_lossy().into_owned();
    let servers = json!({ "demo": {"command": me, "args": ["--serve"]} });
    let config = Config::parse(
        &json!({ "mcpServers": servers }).to_string(),
        "inline config",
    )?;
    let manager = Manager::start_settled(config, ConnectOptions::default()).await;
    let registry = Arc::new(Registry::from_manager(&manager, RegistryOptions::default()).await);
    let tools = mcp_runtime::rig::registry_tools(registry);
    println!(
        "rig tools: {:?}",
        tools
            .iter()
            .map(|t| t.name().to_string())
            .collect::<Vec<_>>()
    );

    // What a model would answer, turn by turn: two tool calls, then its reply.
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call-1", "mcp_demo_add", json!({"a": 1234.5, "b": 1000})),
        MockTurn::tool_call(
            "call-2",
            "mcp_demo_echo",
            json!({"message": "hello", "uppercase": true}),
        ),
        MockTurn::text("The sum is 2234.5, and the server shouted HELLO back."),
    ]);
    let recorded = model.clone();
    let agent = AgentBuilder::new(model).dynamic_tools(tools).build();
    let reply = agent
        .prompt("Add 1234.5 and 1000, then echo hello loudly.")
        .max_turns(4)
        .await?;

    for (turn, request) in recorded.requests().iter().enumerate().skip(1) {
        // Each request after the first carries the tool result rig got from the MCP server.
        let last = request
            .chat_history
            .last()
            .map(|m| format!("{m:?}"))
            .unwrap_or_default();
        println!("model turn {}: last message {}", turn + 1, shorten(&last));
    }
    println!("agent: {}", reply.output());
    manager.shutdown().await;
    Ok(())
}

fn shorten(text: &str) -> String {
    text.chars().take(300).collect()
}

//! rig's tool dispatch reaching real MCP servers through `mcp_runtime::rig`: a rig agent with a
//! scripted model (rig's `MockCompletionModel`, offline) calls the registry's tools and a
//! generated client's tools; each result comes back from the server into the model's next turn.

use std::sync::Arc;

use crate::common::*;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Registry, RegistryOptions};
use rig_agent::AgentBuilder;
use rig_agent::core::test_utils::{MockCompletionModel, MockTurn};
use serde_json::json;

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");

/// The last message of each request after the first: the tool result rig handed the model.
fn tool_results(model: &MockCompletionModel) -> Vec<String> {
    let requests = model.requests();
    requests
        .iter()
        .skip(1)
        .map(|r| format!("{:?}", r.chat_history.last().unwrap()))
        .collect()
}

#[tokio::test]
async fn rig_agent_dispatches_registry_tools_to_real_mcp_servers() {
    let servers = json!({
        "demo": {"command": env!("CARGO_BIN_EXE_test-demo-server")},
        "everything": {"command": npm_bin("mcp-server-everything"), "args": ["stdio"]},
    });
    let config = Config::parse(&json!({ "mcpServers": servers }).to_string(), "t").unwrap();
    let manager = Manager::start_settled(config, mcp_runtime::ConnectOptions::default()).await;
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    let tools = mcp_runtime::rig::registry_tools(Arc::new(registry));
    let names: Vec<String> = tools.iter().map(|t| t.name().to_string()).collect();
    assert!(
        names.contains(&"mcp_demo_add".to_string())
            && names.contains(&"mcp_everything_echo".to_string()),
        "{names:?}"
    );

    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("c1", "mcp_demo_add", json!({"a": 1234.5, "b": 1000})),
        MockTurn::tool_call("c2", "mcp_everything_echo", json!({"message": "via rig"})),
        MockTurn::tool_call("c3", "mcp_demo_fail", json!({"message": "bad day"})),
        MockTurn::tool_call("c4", "mcp_demo_add", json!({"a": "not a number"})),
        MockTurn::text("done"),
    ]);
    let recorded = model.clone();
    let agent = AgentBuilder::new(model).dynamic_tools(tools).build();
    let reply = agent.prompt("use the tools").max_turns(6).await.unwrap();
    assert_eq!(reply.output(), "done");
    let results = tool_results(&recorded);
    assert_eq!(results.len(), 4, "{results:#?}");
    assert!(
        results[0].contains("2234.5") && results[0].contains("is_error: false"),
        "{}",
        results[0]
    );
    assert!(
        results[1].contains("Echo: via rig") && results[1].contains("is_error: false"),
        "{}",
        results[1]
    );
    // A tool's failure and bad arguments reach the model as failed results with the cause.
    assert!(
        results[2].contains("bad day") && results[2].contains("is_error: true"),
        "{}",
        results[2]
    );
    assert!(
        results[3].contains("is_error: true") && results[3].contains('a'),
        "{}",
        results[3]
    );
    manager.shutdown().await;
}

#[tokio::test]
async fn rig_agent_dispatches_a_generated_clients_tools() {
    let demo = Demo::connect(demo_stdio()).await.unwrap();
    let client = Arc::new(demo.into_client());
    let tools = mcp_runtime::rig::client_tools(client.clone(), demo::TOOLS);
    assert_eq!(tools.len(), demo::TOOLS.len());
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("c1", "add", json!({"a": 0.25, "b": 0.5})),
        MockTurn::tool_call("c2", "echo", json!({"message": "typed", "uppercase": true})),
        MockTurn::text("ok"),
    ]);
    let recorded = model.clone();
    let agent = AgentBuilder::new(model).dynamic_tools(tools).build();
    agent.prompt("go").max_turns(4).await.unwrap();
    let results = tool_results(&recorded);
    assert!(results[0].contains("0.75"), "{}", results[0]);
    assert!(results[1].contains("TYPED"), "{}", results[1]);
    client.close().await;
}

/// A rig model answers the demo server's `ask_model` (sampling) in both eras: the server's
/// question and system prompt reach the model, its text comes back through the tool.
#[tokio::test]
async fn a_rig_model_answers_servers_that_sample() {
    for protocol in [mcp_runtime::Protocol::Auto, mcp_runtime::Protocol::Legacy] {
        let model = MockCompletionModel::from_turns([MockTurn::text("because it compiles")]);
        let options = mcp_runtime::ConnectOptions::default()
            .protocol(protocol.clone())
            .on_sampling(mcp_runtime::rig::sampling(model.clone()));
        let client = mcp_runtime::Client::connect_with(demo_stdio(), options)
            .await
            .unwrap();
        let out = client
            .call_tool("ask_model", json!({"question": "why rust?"}))
            .await
            .unwrap();
        assert!(
            out.text().ends_with("says: because it compiles"),
            "{protocol:?}: {}",
            out.text()
        );
        let request = format!("{:?}", model.requests()[0].chat_history);
        assert!(
            request.contains("why rust?") && request.contains("Answer in one sentence."),
            "{request}"
        );
        client.close().await;
    }
}

/// An agent loop tested offline end to end: the demo server's session recorded once, then a
/// rig agent whose tools come from a config entry that replays it (no process, no port).
#[tokio::test]
async fn rig_agent_runs_offline_against_a_cassette() {
    let dir = crate::common::scratch("rig-cassette");
    let cassette = dir.join("demo.json");
    let options = mcp_runtime::ConnectOptions::default().record(&cassette);
    let live = mcp_runtime::Client::connect_with(demo_stdio(), options)
        .await
        .unwrap();
    live.list_tools().await.unwrap();
    live.call_tool("add", json!({"a": 1, "b": 2}))
        .await
        .unwrap();
    live.close().await;
    let servers = json!({"demo": {"replay": cassette.to_string_lossy()}});
    let config = Config::parse(&json!({ "mcpServers": servers }).to_string(), "t").unwrap();
    let manager = Manager::start_settled(config, mcp_runtime::ConnectOptions::default()).await;
    assert!(
        manager.servers()["demo"].pids().await.is_empty(),
        "no process"
    );
    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    let tools = mcp_runtime::rig::registry_tools(Arc::new(registry));
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("c1", "mcp_demo_add", json!({"a": 1, "b": 2})),
        MockTurn::text("three"),
    ]);
    let recorded = model.clone();
    let agent = AgentBuilder::new(model).dynamic_tools(tools).build();
    assert_eq!(
        agent.prompt("add").max_turns(3).await.unwrap().output(),
        "three"
    );
    let results = tool_results(&recorded);
    assert!(
        results[0].contains('3') && results[0].contains("is_error: false"),
        "{}",
        results[0]
    );
    manager.shutdown().await;
}

#[tokio::test]
async fn rig_retrieves_deferred_registry_tools_per_prompt_with_the_tool_search() {
    use mcp_runtime::host::registry::Deferral;
    use mcp_runtime::rig::{ToolSearch, all_registry_tools, registry_tools};
    use rig_agent::tool::ToolSet;

    let servers = json!({"demo": {"command": env!("CARGO_BIN_EXE_test-demo-server")}});
    let config = Config::parse(&json!({ "mcpServers": servers }).to_string(), "t").unwrap();
    let manager = Manager::start_settled(config, mcp_runtime::ConnectOptions::default()).await;
    let options = RegistryOptions::default().defer(Deferral::default().core(["mcp_demo_echo"]));
    let registry = Arc::new(Registry::from_manager(&manager, options).await);
    let core = registry_tools(registry.clone());
    let names: Vec<String> = core.iter().map(|t| t.name().to_string()).collect();
    assert_eq!(names, ["mcp_demo_echo", "tool_search"]);

    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("c1", "mcp_demo_add", json!({"a": 2, "b": 40})),
        MockTurn::text("done"),
    ]);
    let recorded = model.clone();
    let agent = AgentBuilder::new(model)
        .dynamic_tools(core)
        .retrieved_tools(
            2,
            ToolSearch::new(registry.clone()),
            ToolSet::from_dynamic_tools(all_registry_tools(registry)),
        )
        .build();
    let reply = agent.prompt("add two numbers").max_turns(3).await.unwrap();
    assert_eq!(reply.output(), "done");
    let offered: Vec<String> = recorded.requests()[0]
        .tools
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert!(offered.contains(&"mcp_demo_add".to_string()), "{offered:?}");
    assert!(
        !offered.contains(&"mcp_demo_create_order".to_string()),
        "{offered:?}"
    );
    assert!(
        tool_results(&recorded)[0].contains("42"),
        "{:?}",
        tool_results(&recorded)
    );
    manager.shutdown().await;
}

//! MCP Apps: a real Apps server's tools that only its UI may call (`_meta.ui.visibility:
//! ["app"]`) are kept in the listing and callable, but never offered to a model.

use std::time::Duration;

use mcp_runtime::ConnectOptions;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::Manager;
use mcp_runtime::host::registry::{Format, Registry, RegistryOptions};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn app_only_tools_are_listed_and_callable_but_never_offered_to_a_model() {
    let servers = json!({"mcpServers": {"monitor": {
        "command": npm_bin("mcp-system-monitor-server"), "args": ["--stdio"]
    }}});
    let config = Config::parse(&servers.to_string(), "apps mcp.json").unwrap();
    let options = ConnectOptions::default().connect_timeout(Duration::from_secs(20));
    let manager = Manager::start_settled(config, options).await;
    let listed = manager.server("monitor").unwrap().tools().await.unwrap();
    let poll = listed
        .iter()
        .find(|t| t.name == "poll-system-stats")
        .expect("the server lists poll-system-stats");
    let meta = serde_json::to_value(&poll.meta).unwrap();
    assert_eq!(meta["ui"]["visibility"], json!(["app"]), "{meta}");

    let registry = Registry::from_manager(&manager, RegistryOptions::default()).await;
    assert_eq!(registry.names(), ["mcp_monitor_get-system-info"]);
    let offered = json!(registry.definitions(Format::Anthropic)).to_string();
    assert!(!offered.contains("poll-system-stats"), "{offered}");
    let refused = registry
        .dispatch("mcp_monitor_poll-system-stats", "{}")
        .await;
    assert!(
        refused.is_error && refused.content.contains("Available tools"),
        "{}",
        refused.content
    );

    // Its app (here: us, as a generated client would) still calls it.
    let stats = manager
        .call_tool("monitor", "poll-system-stats", json!({}))
        .await
        .unwrap();
    assert!(!stats.is_error, "{:?}", stats);
    assert!(stats.structured.is_some() || !stats.text().is_empty());
    manager.shutdown().await;
}

//! The blocking facade from plain synchronous code, and its refusal inside a runtime.

use mcp_runtime::host::blocking::Toolset;
use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::ServerStatus;
use mcp_runtime::host::registry::{Format, RegistryOptions};
use mcp_runtime::{ConnectOptions, Error};
use serde_json::json;

fn config() -> Config {
    let text = json!({"mcpServers": {
        "demo": {"command": env!("CARGO_BIN_EXE_test-demo-server")},
        "broken": {"command": "not-an-installed-server", "retry": {"attempts": 1}}
    }});
    Config::parse(&text.to_string(), "inline").unwrap()
}

#[test]
fn load_list_dispatch_without_async() {
    let toolset = Toolset::start(
        config(),
        ConnectOptions::default(),
        RegistryOptions::default(),
    )
    .unwrap();
    assert_eq!(toolset.status()["demo"], ServerStatus::Connected);
    assert!(matches!(
        toolset.status()["broken"],
        ServerStatus::Failed(_)
    ));
    assert!(toolset.names().contains(&"mcp_demo_echo".to_string()));
    assert_eq!(toolset.definitions(Format::OpenAi).len(), 13);
    let result = toolset
        .dispatch("mcp_demo_echo", r#"{"message": "sync"}"#)
        .unwrap();
    assert_eq!((result.content.as_str(), result.is_error), ("sync", false));
    toolset.shutdown().unwrap();
}

#[tokio::test]
async fn refuses_to_run_inside_a_runtime() {
    let err = Toolset::start(
        config(),
        ConnectOptions::default(),
        RegistryOptions::default(),
    )
    .err()
    .expect("must refuse");
    assert!(matches!(err, Error::Blocking(_)));
    assert!(err.to_string().contains("inside an async runtime"), "{err}");
}

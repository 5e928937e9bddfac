//! The stored OAuth login used from everywhere a server can be named: an mcp.json entry with
//! `"auth": "oauth"` (and Gemini's `oauth` object) under the Manager and the registry, and a
//! generated client on `ServerSpec::http(url).oauth(..)`. One test in this binary: it points
//! `XDG_CONFIG_HOME` (the default token store) at a directory of its own before anything runs.

#[path = "e2e/common/mod.rs"]
mod common;

use mcp_runtime::host::config::Config;
use mcp_runtime::host::manager::{Manager, ServerStatus};
use mcp_runtime::{ConnectOptions, Error, OAuthSpec, ServerSpec};
use serde_json::json;

use common::oauth::*;

mcp_macros::mcp_toolset!(Demo, "mcp/demo.json");

#[test]
fn config_entries_manager_and_generated_clients_use_the_stored_login() {
    let home = Home::new("config");
    // SAFETY: the only test of this binary, before any thread of its own starts.
    unsafe { std::env::set_var("XDG_CONFIG_HOME", &*home.0) };
    let server = demo_oauth(3600);
    let other = demo_oauth(3600);
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));

    let config = Config::parse(
        &json!({"mcpServers": {
            "ours": {"url": server.url, "auth": "oauth"},
            "gemini": {"httpUrl": server.url, "oauth": {"enabled": true, "scopes": ["demo"]}},
            "not_logged_in": {"url": other.url, "auth": "oauth", "retry": {"attempts": 1}},
        }})
        .to_string(),
        "test mcp.json",
    )
    .unwrap();
    assert!(config.warnings.is_empty(), "{:?}", config.warnings);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let manager = Manager::start_settled(config, ConnectOptions::default()).await;
        let status = manager.status();
        assert_eq!(status["ours"], ServerStatus::Connected);
        assert_eq!(status["gemini"], ServerStatus::Connected);
        match &status["not_logged_in"] {
            ServerStatus::Failed(reason) => {
                assert!(
                    reason.contains(&format!("mcp-codegen login {}", other.url)),
                    "{reason}"
                )
            }
            other => panic!("{other:?}"),
        }
        let out = manager
            .call_tool("ours", "echo", json!({"message": "via mcp.json"}))
            .await;
        assert_eq!(out.unwrap().text(), "via mcp.json");
        manager.shutdown().await;

        let spec = ServerSpec::http(&server.url).oauth(OAuthSpec::default());
        let demo = Demo::connect(spec)
            .await
            .expect("generated client on the stored login");
        let sum = demo.add(2.0, 3.0).await.unwrap();
        assert_eq!(sum.sum, 5.0);
        let err = Demo::connect(ServerSpec::http(&other.url).oauth(OAuthSpec::default()))
            .await
            .expect_err("no login stored for the other server");
        assert!(matches!(err, Error::LoginRequired { .. }), "{err:?}");
    });
}

//! DPoP and the grants without a person, against authorization servers the project did not
//! write: a browser login and client credentials bound by DPoP at panva's `oidc-provider`
//! (nonces required, a resource server that takes nothing but a fresh proof from the token's
//! key), and workload identity at the Python MCP SDK's authorization server (its JWT-bearer
//! grant, a confidential client).

use mcp_runtime::{Client, OAuthSpec, ServerSpec};
use serde_json::Value;

use crate::common::oauth::*;

/// The JSON a `whoami` tool answered, from the CLI's output (the tool's text is printed last).
fn whoami(out: &std::process::Output) -> Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .rev()
        .find(|line| line.starts_with('{') && line.contains("client_id"))
        .unwrap_or_else(|| panic!("no whoami answer in {}", text(out)));
    serde_json::from_str(line).unwrap()
}

#[tokio::test]
async fn client_credentials_are_bound_by_dpop_at_oidc_provider() {
    let server = oidc_provider_dpop(3600);
    let home = Home::new("oidc-dpop");
    let secret = [("AGENT_SECRET", "agent-secret")];
    let login = [
        "login",
        &server.url,
        "--client-id",
        "agent",
        "--client-secret-env",
        "AGENT_SECRET",
    ];
    let out = home.cli_env(&login, false, true, &secret);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("bound to a DPoP key"), "{}", text(&out));
    let (path, _) = home.token_file();
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(!file.contains("agent-secret"), "the secret was saved");
    assert!(home.current_login()["dpop_key"].is_string(), "{file}");

    // Each call presents the token with a fresh proof from the login's key (the server
    // refuses a proof it has seen, and any Bearer presentation of a bound token).
    let call = ["call", "--url", &server.url, "whoami"];
    let first = home.cli(&call, false, true);
    assert!(first.status.success(), "{}", text(&first));
    let second = home.cli(&call, false, true);
    assert!(second.status.success(), "{}", text(&second));
    let (first, second) = (whoami(&first), whoami(&second));
    assert_eq!(first["scheme"], "DPoP");
    assert_eq!(first["client_id"], "agent");
    assert_eq!(first["jkt"], second["jkt"], "one key for the login");

    // The runtime alone, with no login stored: the grant at connect binds its token too.
    let fresh = Home::new("oidc-dpop-runtime");
    let spec = ServerSpec::http(&server.url).oauth(
        OAuthSpec::default()
            .client_id("agent")
            .client_secret_env("MCP_TEST_OIDC_AGENT_SECRET")
            .store_dir(fresh.store()),
    );
    // SAFETY: set before the connect that reads it; no other test reads this variable.
    unsafe { std::env::set_var("MCP_TEST_OIDC_AGENT_SECRET", "agent-secret") };
    let client = Client::connect(spec).await.expect("a DPoP-bound session");
    let answer = client.call_tool("whoami", serde_json::json!({})).await;
    let answer = answer.expect("whoami");
    let said: Value = serde_json::from_str(&answer.text()).unwrap();
    assert_eq!(said["scheme"], "DPoP");
    assert_ne!(
        said["jkt"], first["jkt"],
        "a login of its own, with a key of its own"
    );
    client.close().await;
}

#[tokio::test]
async fn a_browser_login_is_bound_by_dpop_at_oidc_provider_and_refreshes_with_proofs() {
    // Tokens live 12 s; rmcp refreshes one with less than half its lifetime left.
    let server = oidc_provider_dpop(12);
    let home = Home::new("oidc-browser");
    let out = home.cli(&["login", &server.url], true, false);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("refreshable, bound to a DPoP key"),
        "{}",
        text(&out)
    );
    let (before, _) = home.tokens();
    let call = ["call", "--url", &server.url, "whoami"];
    let first = whoami(&home.cli(&call, false, true));
    assert_eq!(
        (first["scheme"].as_str(), first["account"].as_str()),
        (Some("DPoP"), Some("user-1"))
    );

    // Past the refresh point: the refresh carries a proof (oidc-provider binds a public
    // client's refresh token to its key), and the new token is bound to the same key.
    std::thread::sleep(std::time::Duration::from_secs(8));
    let spec = ServerSpec::http(&server.url).oauth(OAuthSpec::default().store_dir(home.store()));
    let client = Client::connect(spec).await.expect("refreshed with a proof");
    let answer = client.call_tool("whoami", serde_json::json!({})).await;
    let said: Value = serde_json::from_str(&answer.expect("whoami").text()).unwrap();
    client.close().await;
    assert_ne!(home.tokens().0, before, "the token was refreshed");
    assert_eq!(
        said["jkt"], first["jkt"],
        "the refreshed token keeps the login's key"
    );
}

#[test]
fn workload_identity_at_the_python_sdk_authorization_server() {
    let home = Home::new("py-workload");
    let token = home.0.join("platform-token.jwt");
    let server = python_oauth_workload(&token);
    let token = token.to_str().unwrap();
    let login = |secret: &str| {
        let args = [
            "login",
            &server.url,
            "--client-id",
            "workload-client",
            "--client-secret-env",
            "WORKLOAD_SECRET",
            "--workload-token-file",
            token,
        ];
        home.cli_env(&args, false, true, &[("WORKLOAD_SECRET", secret)])
    };
    // The SDK takes the grant from confidential clients only: a wrong secret is named.
    let wrong = login("not-the-secret");
    assert_eq!(wrong.status.code(), Some(2), "{}", text(&wrong));
    assert!(text(&wrong).contains("invalid_client"), "{}", text(&wrong));
    assert!(
        text(&wrong).contains("client_secret_env"),
        "{}",
        text(&wrong)
    );

    let out = login("workload-secret");
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("not refreshable"), "{}", text(&out));
    let file = std::fs::read_to_string(home.token_file().0).unwrap();
    let platform_token = std::fs::read_to_string(token).unwrap();
    assert!(
        !file.contains(platform_token.trim()),
        "the workload token was saved"
    );
    assert!(!file.contains("workload-secret"), "the secret was saved");

    let call = home.cli(&["call", "--url", &server.url, "whoami"], false, true);
    assert!(call.status.success(), "{}", text(&call));
    let said = whoami(&call);
    assert_eq!(said["client_id"], "workload-client");
    assert_eq!(said["subject"], "system:serviceaccount:ci:agent");
}

//! OAuth against real authorization servers: the demo server's own (`--oauth`) and the Python
//! MCP SDK's. First login through `$BROWSER` (a script that fetches the URL), reuse without a
//! browser, refresh after expiry, a revoked refresh token, file modes, no token in any output,
//! exit 2 in CI without a login, and the flow's bad-input errors.

use crate::common;

use std::time::Duration;

use mcp_runtime::{Client, Error, OAuthSpec, ServerSpec};
use serde_json::json;

use crate::common::oauth::*;

/// A client on the stored login in `home` (no browser: the runtime never opens one).
async fn connect(url: &str, home: &Home) -> mcp_runtime::Result<Client> {
    let spec = ServerSpec::http(url).oauth(OAuthSpec::default().store_dir(home.store()));
    Client::connect(spec).await
}

/// Tokens live 12 s and rmcp refreshes those with less than min(30 s, half their lifetime)
/// left, here 6 s, counting whole seconds: after 8 s a connect (or a session's next call)
/// refreshes.
const TTL: u64 = 12;
const PAST_REFRESH_POINT: Duration = Duration::from_secs(8);

#[tokio::test]
async fn demo_login_reuse_refresh_and_revoked_refresh() {
    let server = demo_oauth(TTL);
    let home = Home::new("demo");

    // No login yet: CI gets exit 2 and the command that logs in.
    let out_dir = home.0.join("demo.json");
    let out = out_dir.to_str().unwrap();
    let refused = home.cli(
        &["snapshot", "--out", out, "--url", &server.url],
        false,
        true,
    );
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    assert!(
        text(&refused).contains(&format!("mcp-codegen login {}", server.url)),
        "{}",
        text(&refused)
    );

    // First login through $BROWSER.
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let (file, _) = home.token_file();
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&home.store()), 0o700);
    let (access, refresh) = home.tokens();
    assert!(access.len() > 20 && refresh.len() > 20);

    // Reuse without a browser, in CI: the snapshot is taken and holds no token.
    let snap = home.cli(
        &["snapshot", "--out", out, "--url", &server.url],
        false,
        true,
    );
    assert!(snap.status.success(), "{}", text(&snap));
    let snapshot = std::fs::read_to_string(&out_dir).unwrap();
    assert!(snapshot.contains("\"echo\""));
    let status = home.cli(&["auth", "status"], false, true);
    assert!(
        text(&status).contains(&server.url) && text(&status).contains("scopes demo"),
        "{}",
        text(&status)
    );
    for output in [text(&login), text(&snap), text(&status), snapshot] {
        assert!(
            !output.contains(&access) && !output.contains(&refresh),
            "a token leaked: {output}"
        );
    }

    // A session opened now outlives its token's refresh point: its next call refreshes
    // silently. So does a connect after that point.
    let long_lived = connect(&server.url, &home).await.expect("stored login");
    tokio::time::sleep(PAST_REFRESH_POINT).await;
    let out = long_lived
        .call_tool("echo", json!({"message": "later"}))
        .await;
    assert!(format!("{out:?}").contains("later"), "{out:?}");
    long_lived.close().await;
    let client = connect(&server.url, &home).await.expect("refreshed");
    let echoed = client
        .call_tool("echo", json!({"message": "hi"}))
        .await
        .unwrap();
    assert!(format!("{echoed:?}").contains("hi"), "{echoed:?}");
    client.close().await;
    let (new_access, new_refresh) = home.tokens();
    assert_ne!(new_access, access, "the access token was refreshed");
    assert_ne!(
        new_refresh, refresh,
        "the demo server rotates refresh tokens"
    );

    // A revoked refresh token: once the access token needs refreshing, the clear error.
    revoke(&server.url, &new_refresh);
    tokio::time::sleep(PAST_REFRESH_POINT).await;
    let err = connect(&server.url, &home).await.expect_err("revoked");
    assert!(matches!(err, Error::LoginRequired { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("refused the refresh token") && message.contains("mcp-codegen login"),
        "{message}"
    );
    let status = home.cli(&["auth", "status"], false, true);
    assert!(text(&status).contains("log in again"), "{}", text(&status));
}

/// Four processes start at once on one stored login whose access token has expired: every
/// one succeeds and one refresh reaches the server (the others wait on the token file's lock
/// and take the tokens it left), so no rotated refresh token is ever replayed.
#[test]
fn processes_sharing_an_expired_login_refresh_it_once() {
    let server = demo_oauth(4);
    let home = Home::new("many");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    std::thread::sleep(Duration::from_secs(5));
    let children: Vec<_> = (0..4)
        .map(|i| {
            let message = format!("message=process-{i}");
            home.command(&["call", "echo", &message, "--url", &server.url])
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", text(&out));
    }
    let stats = http_get(&format!("{}/stats", server.url.trim_end_matches("/mcp")));
    assert!(stats.contains("\"refresh_grants\":1"), "{stats}");
}

/// A token file as versions before issuer-keyed logins wrote it (one login, its fields beside
/// the URL) still logs in: it is read as the login at its issuer, refreshed when it expires,
/// and written back keyed by that issuer — no new login.
#[test]
fn a_token_file_of_the_unkeyed_layout_needs_no_new_login() {
    let server = demo_oauth(4);
    let home = Home::new("unkeyed");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let (file, json) = home.token_file();
    let issuer = json["current"].as_str().unwrap().to_string();
    assert!(issuer.starts_with("http://127.0.0.1:"), "{json}");
    let mut old = home.current_login();
    old["url"] = json["url"].clone();
    std::fs::write(&file, serde_json::to_vec_pretty(&old).unwrap()).unwrap();
    let (access, _) = home.tokens_of(&old);

    let status = home.cli(&["auth", "status"], false, true);
    assert!(
        text(&status).contains(&format!("issuer {issuer}")),
        "{}",
        text(&status)
    );
    std::thread::sleep(Duration::from_secs(5));
    let call = home.cli(
        &["call", "echo", "message=still", "--url", &server.url],
        false,
        true,
    );
    assert!(call.status.success(), "{}", text(&call));
    let (_, json) = home.token_file();
    assert_eq!(json["current"], issuer.as_str(), "{json}");
    assert!(json.get("credentials").is_none(), "rewritten keyed: {json}");
    let (refreshed, _) = home.tokens();
    assert!(!refreshed.is_empty() && refreshed != access, "refreshed");
    let stats = http_get(&format!("{}/stats", server.url.trim_end_matches("/mcp")));
    assert!(stats.contains("\"refresh_grants\":1"), "{stats}");
}

#[test]
fn logout_revokes_the_tokens_at_the_server_then_deletes_them() {
    let server = demo_oauth(TTL);
    let home = Home::new("logout");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let (_, refresh) = home.tokens();
    let logout = home.cli(&["logout", &server.url], false, false);
    assert!(logout.status.success(), "{}", text(&logout));
    assert!(
        text(&logout).contains("refresh token and access token revoked at the server"),
        "{}",
        text(&logout)
    );
    assert!(!text(&logout).contains(&refresh), "a token leaked");
    assert!(
        std::fs::read_dir(home.store()).unwrap().next().is_none(),
        "the file is gone"
    );
    // The server no longer honours the refresh token.
    let answer = post_form(
        &server.url,
        "/token",
        &format!("grant_type=refresh_token&refresh_token={refresh}"),
    );
    assert!(
        answer.starts_with("HTTP/1.1 400") && answer.contains("invalid_grant"),
        "{answer}"
    );
    let again = home.cli(&["logout", &server.url], false, false);
    assert!(
        text(&again).contains("no login is stored"),
        "{}",
        text(&again)
    );
}

#[tokio::test]
async fn python_sdk_peer_login_reuse_and_refresh() {
    let server = python_oauth(TTL);
    let home = Home::new("python");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let (access, refresh) = home.tokens();
    let (file, _) = home.token_file();
    assert_eq!(mode(&file), 0o600);

    let out_path = home.0.join("peer.json");
    let out = out_path.to_str().unwrap();
    let snap = home.cli(
        &["snapshot", "--out", out, "--url", &server.url],
        false,
        true,
    );
    assert!(snap.status.success(), "{}", text(&snap));
    assert!(
        std::fs::read_to_string(&out_path)
            .unwrap()
            .contains("\"shout\"")
    );

    tokio::time::sleep(PAST_REFRESH_POINT).await;
    let client = connect(&server.url, &home).await.expect("refreshed");
    let shouted = client
        .call_tool("shout", json!({"text": "hi"}))
        .await
        .unwrap();
    assert!(format!("{shouted:?}").contains("HI"), "{shouted:?}");
    client.close().await;
    assert_ne!(home.tokens().0, access, "the access token was refreshed");
    for output in [text(&login), text(&snap)] {
        assert!(
            !output.contains(&access) && !output.contains(&refresh),
            "a token leaked: {output}"
        );
    }
}

/// A login against an authorization server that takes client ID metadata documents (the Python
/// SDK's, registration turned off): the client id is the document's URL, the server fetched
/// and accepted it, and the login works for calls.
#[test]
fn python_sdk_peer_login_with_a_client_id_metadata_document() {
    let port = common::free_port();
    let server = python_oauth_cimd(port);
    let document = cimd_document(port);
    let home = Home::new("cimd");
    let login = home.cli(
        &["login", &server.url, "--client-metadata-url", &document],
        true,
        false,
    );
    assert!(login.status.success(), "{}", text(&login));
    assert_eq!(
        home.current_login()["credentials"]["client_id"],
        document.as_str()
    );
    let call = home.cli(
        &["call", "shout", "text=cimd", "--url", &server.url],
        false,
        true,
    );
    assert!(
        call.status.success() && text(&call).contains("CIMD"),
        "{}",
        text(&call)
    );
}

#[tokio::test]
async fn client_credentials_grant_needs_no_browser() {
    let server = demo_oauth(3600);
    let home = Home::new("robot");
    let spec = ServerSpec::http(&server.url).oauth(
        OAuthSpec::default()
            .client_id("robot")
            .client_secret_env("MCP_TEST_ROBOT_SECRET_UNSET")
            .store_dir(home.store()),
    );
    // The variable is missing: the error names it (and never a value).
    let err = Client::connect(spec).await.expect_err("no secret");
    assert!(
        err.to_string().contains("MCP_TEST_ROBOT_SECRET_UNSET"),
        "{err}"
    );

    let login = [
        "login",
        &server.url,
        "--client-id",
        "robot",
        "--client-secret-env",
        "ROBOT_SECRET",
    ];
    let wrong = home.cli_env(&login, false, true, &[("ROBOT_SECRET", "not-the-secret")]);
    assert_eq!(wrong.status.code(), Some(2), "{}", text(&wrong));
    assert!(
        text(&wrong).contains("client-credentials grant failed"),
        "{}",
        text(&wrong)
    );

    // In CI, with the secret in the environment: tokens without a browser.
    let right = home.cli_env(
        &login,
        false,
        true,
        &[("ROBOT_SECRET", "robot-secret-value")],
    );
    assert!(right.status.success(), "{}", text(&right));
    assert!(!text(&right).contains("robot-secret-value"));
    let client = connect(&server.url, &home).await.expect("machine token");
    assert_eq!(client.list_tools().await.unwrap().len(), 13);
    client.close().await;
}

#[test]
fn login_waits_for_the_redirect_only_so_long() {
    let server = demo_oauth(3600);
    let home = Home::new("timeout");
    let out = home.cli(
        &["login", &server.url, "--no-browser", "--login-timeout", "1"],
        false,
        false,
    );
    assert_eq!(out.status.code(), Some(2));
    let all = text(&out);
    assert!(
        all.contains("/authorize?") && all.contains("--login-timeout"),
        "{all}"
    );
}

#[test]
fn bad_authorization_servers_get_clear_errors() {
    let cases = [
        ("no-metadata", "--bearer-env"),
        ("insecure-issuer", "https://"),
        ("insecure-token", "the token endpoint"),
        ("deny", "the demo user said no"),
        ("bad-state", "`state` does not match"),
        // RFC 9207: the error names both issuers.
        ("wrong-iss", "issuer mismatch: expected http://127.0.0.1"),
    ];
    for (mode, expected) in cases {
        let server = faulty(mode);
        let home = Home::new(mode);
        let out = home.cli(
            &["login", &server.url, "--login-timeout", "20"],
            true,
            false,
        );
        assert_eq!(out.status.code(), Some(2), "{mode}: {}", text(&out));
        assert!(text(&out).contains(expected), "{mode}: {}", text(&out));
        assert!(!home.store().exists() || std::fs::read_dir(home.store()).unwrap().count() == 0);
    }
    let server = faulty("no-metadata");
    assert!(
        text(&Home::new("nm").cli(&["login", &server.url], false, false))
            .contains("WWW-Authenticate")
    );
}

#[tokio::test]
async fn typescript_sdk_example_with_its_authorization_server_on_another_origin() {
    let server = typescript_oauth();
    let home = Home::new("typescript");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let (file, _) = home.token_file();
    assert_eq!(mode(&file), 0o600);
    let (access, _) = home.tokens();
    let client = connect(&server.url, &home).await.expect("stored login");
    assert!(client.list_tools().await.unwrap().len() >= 3);
    client.close().await;
    assert!(!text(&login).contains(&access));
}

#[tokio::test]
async fn a_session_whose_refresh_is_refused_fails_with_the_login_error() {
    let server = demo_oauth(TTL);
    let home = Home::new("midsession");
    let login = home.cli(&["login", &server.url], true, false);
    assert!(login.status.success(), "{}", text(&login));
    let client = connect(&server.url, &home).await.expect("stored login");
    revoke(&server.url, &home.tokens().1);
    tokio::time::sleep(PAST_REFRESH_POINT).await;
    let err = client
        .call_tool("echo", json!({"message": "x"}))
        .await
        .expect_err("the refresh is refused");
    assert!(matches!(err, Error::LoginRequired { .. }), "{err:?}");
    assert!(err.to_string().contains("mcp-codegen login"), "{err}");
}

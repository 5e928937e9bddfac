//! Finding a server's authorization server: the `WWW-Authenticate` challenge of an
//! unauthenticated request, then the protected-resource metadata (RFC 9728) and the
//! authorization-server metadata (RFC 8414, OpenID discovery as fallback) through rmcp.

use rmcp::transport::auth::{
    AuthorizationManager, AuthorizationMetadata, AuthorizationMetadataSource,
};

use super::dpop::DpopSlot;
use super::http_guard::{GuardedHttp, insecure};
use super::oauth_error;
use super::refresh_lock::Handoff;
use crate::Result;
use crate::error::root_cause;

/// A manager that knows the authorization server, the metadata it found, and the slot whose
/// DPoP key (once set) signs the manager's token requests.
pub(crate) struct Discovered {
    pub manager: AuthorizationManager,
    pub metadata: AuthorizationMetadata,
    pub dpop: DpopSlot,
}

/// An rmcp manager for `url` whose every OAuth request passes the transport check, whose
/// OAuth HTTP client answers refreshes from `handoff` when one waits, and signs token requests
/// with the key `dpop` holds.
pub(crate) async fn manager_with(
    url: &str,
    target: &str,
    handoff: Option<Handoff>,
    dpop: DpopSlot,
) -> Result<AuthorizationManager> {
    if let Some(refusal) = insecure(url) {
        return Err(oauth_error(target, refusal));
    }
    let http =
        GuardedHttp::with_dpop(handoff, dpop).map_err(|e| oauth_error(target, e.to_string()))?;
    AuthorizationManager::new_with_oauth_http_client(url, http)
        .await
        .map_err(|e| oauth_error(target, format!("`{url}` is not a usable URL ({e})")))
}

/// Discovers the authorization server of the MCP server at `url`.
pub(crate) async fn discover(url: &str, target: &str) -> Result<Discovered> {
    let challenge = probe(url, target).await?;
    let dpop = DpopSlot::default();
    let mut manager = manager_with(url, target, None, dpop.clone()).await?;
    let resolved = manager
        .resolve_metadata_from_challenge(challenge.as_deref())
        .await;
    let metadata = match resolved {
        Ok(resolution) => {
            // The 2025-03-26 revision's default endpoints (`/authorize`, `/token`, `/register`
            // at the server's origin) stand in for metadata only where the server has an
            // `/authorize`: a server that takes static tokens keeps the clear error.
            if resolution.source == AuthorizationMetadataSource::LegacyEndpointFallback
                && !answers(&resolution.metadata.authorization_endpoint).await
            {
                return Err(oauth_error(target, no_metadata(challenge.is_some())));
            }
            resolution.metadata
        }
        Err(err) => match origin_metadata(url, challenge.as_deref()).await {
            Some(metadata) => metadata,
            None => {
                let why = root_cause(&err);
                return Err(oauth_error(target, format!("discovery failed: {why}")));
            }
        },
    };
    check_endpoints(&metadata, target)?;
    manager.set_metadata(metadata.clone());
    Ok(Discovered {
        manager,
        metadata,
        dpop,
    })
}

/// The `WWW-Authenticate` header of the first unauthenticated request the server answers 401:
/// an `initialize`, then (for a server that lets the handshake through and guards the rest, or
/// a 2026-07-28 server that refuses `initialize`) a `tools/list` as that revision sends it. The
/// challenge's `scope` is what the first authorization asks for.
async fn probe(url: &str, target: &str) -> Result<Option<String>> {
    let client_info =
        serde_json::json!({"name": "mcp-toolset", "version": env!("CARGO_PKG_VERSION")});
    let initialize = serde_json::json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client_info}
    });
    if let Some(challenge) = challenge_of(url, target, &initialize, None).await? {
        return Ok(Some(challenge));
    }
    let list = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/list",
        "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": CURRENT,
            "io.modelcontextprotocol/clientInfo": client_info,
            "io.modelcontextprotocol/clientCapabilities": {}
        }}
    });
    challenge_of(url, target, &list, Some(CURRENT)).await
}

/// The revision whose requests carry their own `_meta` (and need no session).
const CURRENT: &str = "2026-07-28";

/// The `WWW-Authenticate` header of `body` posted without credentials, if the answer is 401.
async fn challenge_of(
    url: &str,
    target: &str,
    body: &serde_json::Value,
    version: Option<&str>,
) -> Result<Option<String>> {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .json(body);
    if let Some(version) = version {
        request = request
            .header("mcp-protocol-version", version)
            .header("mcp-method", body["method"].as_str().unwrap_or_default());
    }
    let response = request.send().await.map_err(|e| {
        oauth_error(
            target,
            format!(
                "could not reach the server ({}); is it running at this URL?",
                root_cause(&e)
            ),
        )
    })?;
    if response.status() != reqwest::StatusCode::UNAUTHORIZED {
        return Ok(None);
    }
    Ok(response
        .headers()
        .get(reqwest::header::WWW_AUTHENTICATE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string))
}

/// A 2025-03-26 server's authorization-server metadata, at the root of its origin, when its
/// issuer is on that same origin (under a path, which RFC 8414 discovery would reject: that
/// revision had clients read the root whatever the issuer's path). An issuer on another origin
/// is still refused, and so is a server with protected-resource metadata (that revision had
/// none): one that names its authorization server keeps that choice.
async fn origin_metadata(url: &str, challenge: Option<&str>) -> Option<AuthorizationMetadata> {
    if challenge.is_some_and(|header| header.contains("resource_metadata")) {
        return None;
    }
    let server = url::Url::parse(url).ok()?;
    let client = reqwest::Client::new();
    let path = server.path().trim_end_matches('/').to_string();
    for resource in [
        format!("/.well-known/oauth-protected-resource{path}"),
        "/.well-known/oauth-protected-resource".to_string(),
    ] {
        let found = client.get(server.join(&resource).ok()?).send().await;
        if found.is_ok_and(|response| response.status().is_success()) {
            return None;
        }
    }
    let root = server
        .join("/.well-known/oauth-authorization-server")
        .ok()?;
    let response = client.get(root).send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let metadata: AuthorizationMetadata = response.json().await.ok()?;
    let issuer = url::Url::parse(metadata.issuer.as_deref()?).ok()?;
    (issuer.origin() == server.origin()).then_some(metadata)
}

/// Whether `url` exists: anything but a 404 or no answer (an authorization endpoint asked
/// without parameters answers 400 or a redirect).
async fn answers(url: &str) -> bool {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build();
    let Ok(client) = client else {
        return false;
    };
    match client.get(url).send().await {
        Ok(response) => response.status() != reqwest::StatusCode::NOT_FOUND,
        Err(_) => false,
    }
}

fn no_metadata(challenged: bool) -> String {
    let header = if challenged {
        "its 401 carries no `WWW-Authenticate: Bearer resource_metadata=\"…\"` header that leads to metadata"
    } else {
        "it answers 401 without a `WWW-Authenticate: Bearer resource_metadata=\"…\"` header (or does not ask for authorization at all)"
    };
    format!(
        "the server does not speak MCP authorization: {header}, and it publishes no \
         /.well-known/oauth-protected-resource or /.well-known/oauth-authorization-server \
         metadata. If it takes a static token, pass it with --bearer-env VAR (or `headers` / \
         `bearer_token` in the config) instead of logging in"
    )
}

/// Every endpoint the flow will use must be https:// (or loopback).
fn check_endpoints(metadata: &AuthorizationMetadata, target: &str) -> Result<()> {
    let endpoints = [
        ("issuer", metadata.issuer.as_deref()),
        (
            "authorization endpoint",
            Some(&metadata.authorization_endpoint[..]),
        ),
        ("token endpoint", Some(&metadata.token_endpoint[..])),
        (
            "registration endpoint",
            metadata.registration_endpoint.as_deref(),
        ),
    ];
    for (name, url) in endpoints {
        if let Some(refusal) = url.and_then(insecure) {
            return Err(oauth_error(target, format!("the {name}: {refusal}")));
        }
    }
    Ok(())
}

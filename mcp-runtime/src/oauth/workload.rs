//! Workload identity (SEP-1933): a service or CI job with no person to log in presents the
//! token its platform gives it — a Kubernetes projected service-account token, a CI job's OIDC
//! token — as an RFC 7523 JWT-bearer assertion, and the server's authorization server trusts
//! that platform's issuer. The token is read from its file or variable at each grant (platforms
//! rotate them), never kept; the access token is kept like any login's, without a refresh
//! token: the next grant presents the workload's token again. A refused grant is never retried
//! nor turned into another grant. Where the authorization server binds tokens to a key, the
//! grant carries a DPoP proof; where it wants a confidential client (the Python SDK's does),
//! `client_secret_env` authenticates the client with HTTP Basic (RFC 6749 §2.3.1).

use rmcp::transport::auth::{AuthorizationMetadata, CredentialStore, StoredCredentials};
use serde_json::Value;

use super::credentials::{FileCredentials, Issued, without_refresh};
use super::dpop::DpopSlot;
use super::dpop_token::token_request;
use super::http_guard::insecure;
use super::{env_secret, oauth_error};
use crate::error::root_cause;
use crate::{OAuthSpec, Result, WorkloadToken};

/// The grant type of RFC 7523 §2.1.
const JWT_BEARER: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/// A workload's client id and the token it presents, read when the grant is made.
#[derive(Clone)]
pub(crate) struct Workload {
    client_id: String,
    client_secret: Option<String>,
    assertion: String,
}

impl Workload {
    /// The workload `spec` names, its token read now (an error names the file or variable,
    /// never the token).
    pub(crate) fn of(spec: &OAuthSpec, source: &WorkloadToken, target: &str) -> Result<Workload> {
        let client_id = spec.client_id.clone().ok_or_else(|| {
            oauth_error(
                target,
                "a workload token needs the workload's client id at the authorization \
                 server: set `client_id` (`--client-id`)"
                    .into(),
            )
        })?;
        let assertion = match source {
            WorkloadToken::File(path) => std::fs::read_to_string(path).map_err(|e| {
                oauth_error(
                    target,
                    format!("cannot read the workload token {}: {e}", path.display()),
                )
            })?,
            WorkloadToken::Env(var) => std::env::var(var).unwrap_or_default(),
        };
        let assertion = assertion.trim().to_string();
        if assertion.split('.').count() != 3 {
            let place = match source {
                WorkloadToken::File(path) => format!("the file {}", path.display()),
                WorkloadToken::Env(var) => format!("environment variable {var}"),
            };
            return Err(oauth_error(
                target,
                format!("{place} holds no workload token (a JWT: three dot-separated parts)"),
            ));
        }
        let client_secret = match &spec.client_secret_env {
            Some(var) => Some(env_secret(var, "the client secret", target)?),
            None => None,
        };
        Ok(Workload {
            client_id,
            client_secret,
            assertion,
        })
    }

    /// The JWT-bearer grant at the authorization server of `metadata`, for `resource`, with a
    /// proof when `dpop` holds a key; the token kept in `credentials` (the login's file).
    pub(crate) async fn exchange(
        &self,
        metadata: &AuthorizationMetadata,
        credentials: &FileCredentials,
        (resource, dpop): (&str, &DpopSlot),
        scopes: Vec<String>,
        target: &str,
    ) -> Result<()> {
        let endpoint = &metadata.token_endpoint;
        if let Some(refusal) = insecure(endpoint) {
            return Err(oauth_error(target, refusal));
        }
        let answer = self
            .request(endpoint, (resource, dpop), &scopes, target)
            .await?;
        let stored = stored(
            &self.client_id,
            answer,
            metadata.issuer.clone(),
            scopes,
            target,
        )?;
        credentials
            .save(stored)
            .await
            .map_err(|e| oauth_error(target, format!("keeping the token: {}", root_cause(&e))))
    }

    /// The token request; its JSON answer, or an error with the authorization server's words.
    async fn request(
        &self,
        endpoint: &str,
        (resource, dpop): (&str, &DpopSlot),
        scopes: &[String],
        target: &str,
    ) -> Result<Value> {
        let mut form = url::form_urlencoded::Serializer::new(String::new());
        form.append_pair("grant_type", JWT_BEARER)
            .append_pair("assertion", &self.assertion)
            .append_pair("client_id", &self.client_id)
            .append_pair("resource", resource);
        if !scopes.is_empty() {
            form.append_pair("scope", &scopes.join(" "));
        }
        let failed = |why: String| oauth_error(target, format!("the workload grant failed: {why}"));
        let mut request = http::Request::post(endpoint)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("accept", "application/json");
        if let Some(secret) = &self.client_secret {
            request = request.header("authorization", basic(&self.client_id, secret));
        }
        let request = request
            .body(form.finish().into_bytes())
            .map_err(|e| failed(root_cause(&e)))?;
        let response = token_request(dpop, &request)
            .await
            .map_err(|e| failed(format!("{endpoint} did not answer ({})", root_cause(&*e))))?;
        let body: Value = serde_json::from_slice(response.body()).unwrap_or(Value::Null);
        if response.status().is_success() && body["access_token"].is_string() {
            return Ok(body);
        }
        Err(failed(refusal(response.status(), &body)))
    }
}

/// HTTP Basic client authentication: id and secret form-encoded first (RFC 6749 §2.3.1), a
/// space as `%20`, which servers that decode with or without `+` for space both read.
fn basic(client_id: &str, secret: &str) -> String {
    use base64::Engine as _;
    let encode = |s: &str| {
        url::form_urlencoded::byte_serialize(s.as_bytes())
            .collect::<String>()
            .replace('+', "%20")
    };
    let pair = format!("{}:{}", encode(client_id), encode(secret));
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(pair)
    )
}

/// What the authorization server said, in its words (RFC 6749 §5.2), and what to check.
fn refusal(status: http::StatusCode, body: &Value) -> String {
    let code = body["error"].as_str().unwrap_or("no error code");
    let said = body["error_description"]
        .as_str()
        .map(|d| format!(": {d}"))
        .unwrap_or_default();
    let hint = match code {
        "invalid_grant" => {
            "; the workload token was not accepted: check that it has not expired and that its \
             audience is the authorization server"
        }
        "unauthorized_client" => {
            "; the authorization server does not let this client use workload tokens (some \
             take them only from a confidential client: set `client_secret_env` too)"
        }
        "invalid_client" => {
            "; the authorization server did not accept this client: check `client_id`, and \
             its secret (`client_secret_env`, `--client-secret-env`) where it has one"
        }
        "invalid_scope" => "; ask for other scopes (`scopes`, `--scope`)",
        "unsupported_grant_type" => "; the authorization server does not take workload tokens",
        _ => "",
    };
    format!("{status} {code}{said}{hint}")
}

/// The token as a login keeps it, with the scopes granted (else those asked for).
fn stored(
    client_id: &str,
    answer: Value,
    issuer: Option<String>,
    asked: Vec<String>,
    target: &str,
) -> Result<StoredCredentials> {
    let scopes = match answer["scope"].as_str() {
        Some(granted) => granted.split_whitespace().map(str::to_string).collect(),
        None => asked,
    };
    let issued = Issued {
        access_token: answer["access_token"].as_str().unwrap_or_default(),
        token_type: answer["token_type"].as_str().unwrap_or("Bearer"),
        expires_in: answer["expires_in"].as_u64(),
    };
    without_refresh(client_id, issued, scopes, issuer, target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TARGET: &str = "https://mcp.example.com/mcp";

    fn error(spec: &OAuthSpec) -> String {
        let source = spec.workload_token.clone().expect("a workload token");
        match Workload::of(spec, &source, TARGET) {
            Err(err) => err.to_string(),
            Ok(_) => panic!("expected an error"),
        }
    }

    #[test]
    fn what_is_missing_is_named_and_the_token_never_shown() {
        let dir = std::env::temp_dir().join(format!("mcp-workload-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("token");
        let no_id = OAuthSpec::default().workload_token_file(&file);
        assert!(
            error(&no_id).contains("set `client_id`"),
            "{}",
            error(&no_id)
        );
        let missing = no_id.client_id("workload");
        assert!(error(&missing).contains("cannot read the workload token"));
        std::fs::write(&file, "secret-but-not-a-jwt\n").unwrap();
        let message = error(&missing);
        assert!(
            message.contains("holds no workload token") && !message.contains("secret-but"),
            "{message}"
        );
        let unset = OAuthSpec::default()
            .client_id("workload")
            .workload_token_env("MCP_TEST_NO_SUCH_WORKLOAD_VAR");
        assert!(error(&unset).contains("environment variable MCP_TEST_NO_SUCH_WORKLOAD_VAR"));
        // Read at each use, trimmed: a platform's file ends with a newline.
        std::fs::write(&file, "aaa.bbb.ccc\n").unwrap();
        let workload = Workload::of(&missing, missing.workload_token.as_ref().unwrap(), TARGET);
        assert_eq!(workload.unwrap().assertion, "aaa.bbb.ccc");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_refusal_gives_the_servers_words_and_what_to_check() {
        let body =
            json!({"error": "invalid_grant", "error_description": "JWT assertion is expired"});
        let said = refusal(http::StatusCode::BAD_REQUEST, &body);
        assert!(
            said.contains("invalid_grant: JWT assertion is expired"),
            "{said}"
        );
        assert!(said.contains("has not expired"), "{said}");
        let bare = refusal(http::StatusCode::INTERNAL_SERVER_ERROR, &Value::Null);
        assert!(
            bare.contains("500") && bare.contains("no error code"),
            "{bare}"
        );
        let public = refusal(
            http::StatusCode::BAD_REQUEST,
            &json!({"error": "unauthorized_client"}),
        );
        assert!(public.contains("set `client_secret_env`"), "{public}");
    }

    #[test]
    fn basic_authentication_form_encodes_id_and_secret_first() {
        // RFC 6749 §2.3.1: `:` in an id, a space and a `+` in a secret are encoded first.
        let header = basic("ci:agent", "a b+c");
        let encoded = header.strip_prefix("Basic ").unwrap();
        use base64::Engine as _;
        let pair = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .unwrap();
        assert_eq!(String::from_utf8(pair).unwrap(), "ci%3Aagent:a%20b%2Bc");
    }

    #[test]
    fn the_kept_token_has_the_granted_scopes_else_those_asked() {
        let answer = json!({"access_token": "t", "expires_in": 60, "scope": "b a"});
        let kept = stored(
            "w",
            answer,
            Some("https://as".into()),
            vec!["x".into()],
            TARGET,
        )
        .unwrap();
        assert_eq!(kept.granted_scopes, ["a", "b"]);
        let answer = json!({"access_token": "t"});
        let kept = stored("w", answer, None, vec!["x".into()], TARGET).unwrap();
        assert_eq!(kept.granted_scopes, ["x"]);
    }
}

//! Logging out: the tokens are revoked at the authorization server when it offers revocation
//! (RFC 7009, `revocation_endpoint` in its metadata) — the refresh token first, which ends the
//! grant, then the access token — and the local file is deleted whatever the server said.

use rmcp::transport::auth::StoredCredentials;

use super::http_guard::insecure;
use super::store::{TokenStore, store_key};
use crate::OAuthSpec;

/// What `logout` did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Logout {
    /// A login was stored (and is now deleted).
    pub removed: bool,
    /// The tokens the server confirmed revoking (`refresh token`, `access token`).
    pub revoked: Vec<&'static str>,
    /// Why revocation did not happen or failed, when it did not (the file is deleted anyway).
    pub revocation: Option<String>,
}

/// Revokes `url`'s stored tokens at the server when it can, then forgets them: every login
/// the server has, at each authorization server it has used.
pub async fn logout(url: &str, spec: &OAuthSpec) -> std::io::Result<Logout> {
    let store = TokenStore::for_spec(spec)?;
    let key = store_key(url);
    let logins = store.load_all(&key)?;
    let mut outcome = Logout {
        removed: store.remove(&key)?,
        ..Logout::default()
    };
    for record in logins {
        let endpoint = record
            .metadata
            .as_ref()
            .and_then(|m| m.additional_fields.get("revocation_endpoint"))
            .and_then(|v| v.as_str())
            .map(str::to_string);
        match (endpoint, record.credentials) {
            (None, _) => {
                outcome.revocation =
                    Some("the authorization server offers no revocation endpoint".into())
            }
            (Some(_), None) => {}
            (Some(endpoint), Some(credentials)) => {
                revoke_all(&endpoint, &credentials, &mut outcome).await
            }
        }
    }
    Ok(outcome)
}

async fn revoke_all(endpoint: &str, credentials: &StoredCredentials, outcome: &mut Logout) {
    if let Some(refusal) = insecure(endpoint) {
        outcome.revocation = Some(refusal);
        return;
    }
    // The token response as its JSON: `access_token`, and `refresh_token` when there is one.
    let Some(tokens) = credentials
        .token_response
        .as_ref()
        .and_then(|t| serde_json::to_value(t).ok())
    else {
        return;
    };
    let token = |field: &str| {
        tokens
            .get(field)
            .and_then(|v| v.as_str())
            .map(str::to_string)
    };
    let wanted = [
        ("refresh token", "refresh_token", token("refresh_token")),
        ("access token", "access_token", token("access_token")),
    ];
    let wanted = wanted
        .into_iter()
        .filter_map(|(what, hint, token)| Some((what, hint, token?)));
    let client = reqwest::Client::new();
    for (what, hint, token) in wanted {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("token", &token)
            .append_pair("token_type_hint", hint)
            .append_pair("client_id", &credentials.client_id)
            .finish();
        let request = client
            .post(endpoint)
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(body);
        match request.send().await {
            Ok(response) if response.status().is_success() => {
                if !outcome.revoked.contains(&what) {
                    outcome.revoked.push(what)
                }
            }
            Ok(response) => {
                outcome.revocation = Some(format!(
                    "the server answered {} to revoking the {what}",
                    response.status()
                ));
            }
            Err(err) => {
                outcome.revocation = Some(format!("revoking the {what} failed: {err}"));
            }
        }
    }
}

//! What one token file holds: a server's logins, one per authorization server — keyed by its
//! `issuer`, as the MCP specification asks (a client id, and the tokens issued with it, are
//! good at the authorization server that issued them and nowhere else) — and which of them
//! the server uses now. A server that moves to another authorization server gets a login of
//! its own there, and finds its first one again if it moves back.
//!
//! Files written before logins were keyed by issuer held one login, its fields at the top
//! level: they are read as that login, keyed by the issuer its credentials or metadata name,
//! and written in this layout the next time the login changes (a refresh, a login), so nobody
//! logs in again.

use std::collections::BTreeMap;

use rmcp::transport::auth::{AuthorizationMetadata, StoredCredentials};
use serde::{Deserialize, Serialize};

/// A token file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct LoginFile {
    /// The server's URL without credentials or query string.
    pub url: String,
    /// The issuer of the login the server uses now (a key of `logins`).
    pub current: String,
    /// The server's logins by the issuer of their authorization server ("" for one that
    /// names none).
    pub logins: BTreeMap<String, Login>,
}

/// One login: what one authorization server issued for the server.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Login {
    /// The authorization server's metadata, as discovered at login.
    pub metadata: Option<AuthorizationMetadata>,
    /// The resource the tokens are for (RFC 8707), as the server's metadata names it.
    #[serde(default)]
    pub resource: Option<String>,
    /// The client id and tokens.
    pub credentials: Option<StoredCredentials>,
    /// Why the last refresh was refused, when it was: the token is unusable until a login.
    #[serde(default)]
    pub refused: Option<String>,
    /// The login's DPoP key, when its tokens are bound to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dpop_key: Option<StoredKey>,
}

/// A private key as the login file keeps it (PKCS#8, base64url); `Debug` never shows it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub(crate) struct StoredKey(pub String);

impl std::fmt::Debug for StoredKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StoredKey(..)")
    }
}

/// The layout before issuer keys: one login, its fields beside the URL.
#[derive(Deserialize)]
struct Unkeyed {
    url: String,
    #[serde(flatten)]
    login: Login,
}

impl Login {
    /// The issuer this login's credentials (else its metadata) name; "" when neither does.
    pub fn issuer(&self) -> String {
        self.credentials
            .as_ref()
            .and_then(|c| c.issuer.clone())
            .or_else(|| self.metadata.as_ref().and_then(|m| m.issuer.clone()))
            .unwrap_or_default()
    }
}

impl LoginFile {
    /// A file's text, in either layout.
    pub fn parse(bytes: &[u8]) -> serde_json::Result<LoginFile> {
        let value: serde_json::Value = serde_json::from_slice(bytes)?;
        if value.get("logins").is_some() {
            return serde_json::from_value(value);
        }
        let Unkeyed { url, login } = serde_json::from_value(value)?;
        let current = login.issuer();
        Ok(LoginFile {
            url,
            logins: BTreeMap::from([(current.clone(), login)]),
            current,
        })
    }

    /// The login the server uses now.
    pub fn current(&self) -> Option<&Login> {
        self.logins.get(&self.current)
    }

    /// Keeps `login` (found under `was`, if it was) under the issuer it names, and makes it
    /// the one the server uses now. A login first stored without an issuer moves under the one
    /// its credentials name once they do.
    pub fn put(&mut self, was: &str, login: Login) {
        let issuer = match login.issuer() {
            named if named.is_empty() => was.to_string(),
            named => named,
        };
        if issuer != was {
            self.logins.remove(was);
        }
        self.logins.insert(issuer.clone(), login);
        self.current = issuer;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credentials(issuer: Option<&str>, token: &str) -> StoredCredentials {
        let response = serde_json::json!({"access_token": token, "token_type": "Bearer"});
        StoredCredentials::new(
            "client".into(),
            serde_json::from_value(response).ok(),
            vec![],
            Some(1),
        )
        .with_issuer(issuer.map(str::to_string))
    }

    fn login(issuer: Option<&str>, token: &str) -> Login {
        Login {
            credentials: Some(credentials(issuer, token)),
            ..Login::default()
        }
    }

    fn token(login: &Login) -> String {
        let response = serde_json::to_value(&login.credentials.as_ref().unwrap().token_response);
        response.unwrap()["access_token"].as_str().unwrap().into()
    }

    #[test]
    fn an_unkeyed_file_reads_as_its_one_login_under_its_issuer() {
        let old = serde_json::json!({
            "url": "https://mcp.example.com/mcp",
            "metadata": null,
            "resource": "https://mcp.example.com/mcp",
            "credentials": credentials(Some("https://auth.example.com"), "t1"),
            "refused": null
        });
        let file = LoginFile::parse(old.to_string().as_bytes()).unwrap();
        assert_eq!(file.url, "https://mcp.example.com/mcp");
        assert_eq!(file.current, "https://auth.example.com");
        let current = file.current().expect("the login");
        assert_eq!(token(current), "t1");
        assert_eq!(
            current.resource.as_deref(),
            Some("https://mcp.example.com/mcp")
        );
        let again = serde_json::to_vec(&file).unwrap();
        let reread = LoginFile::parse(&again).unwrap();
        assert_eq!(token(reread.current().unwrap()), "t1");
    }

    #[test]
    fn each_authorization_server_keeps_its_own_login() {
        let mut file = LoginFile::default();
        file.put("", login(Some("https://a.example"), "from-a"));
        file.put("", login(Some("https://b.example"), "from-b"));
        assert_eq!(file.current, "https://b.example");
        assert_eq!(token(&file.logins["https://a.example"]), "from-a");
        assert_eq!(token(file.current().unwrap()), "from-b");
        file.put(
            "https://a.example",
            login(Some("https://a.example"), "a-again"),
        );
        assert_eq!(file.current, "https://a.example");
        assert_eq!(file.logins.len(), 2);
    }

    #[test]
    fn a_login_moves_under_the_issuer_its_credentials_come_to_name() {
        let mut file = LoginFile::default();
        file.put("", login(None, "unnamed"));
        assert_eq!(file.current, "");
        file.put("", login(Some("https://a.example"), "named"));
        assert_eq!(
            file.logins.keys().collect::<Vec<_>>(),
            ["https://a.example"]
        );
    }

    #[test]
    fn neither_layout_is_a_token_file_without_its_url() {
        assert!(LoginFile::parse(br#"{"credentials": null}"#).is_err());
        assert!(LoginFile::parse(b"[]").is_err());
    }

    #[test]
    fn debug_never_shows_a_private_key() {
        let shown = format!(
            "{:?}",
            Some(super::StoredKey("MIGHAgEAMBMGByqGSM49".into()))
        );
        assert!(!shown.contains("MIGH"), "{shown}");
    }
}

//! OAuth for remote MCP servers (MCP authorization, protocol 2025-06-18 and later), on rmcp's
//! `auth` feature (feature `oauth`).
//!
//! rmcp does the protocol: protected-resource and authorization-server discovery, dynamic
//! client registration, PKCE, the code exchange, refreshes, the client-credentials grant, and
//! the HTTP client that refreshes on expiry or a 401 and retries once. This room adds what a
//! command-line tool and an agent app need around it: the token store (`store.rs`, one 0600
//! file per server holding its logins by authorization server, `login_file.rs`;
//! `credentials.rs` puts rmcp's credential store on it), the interactive
//! login (`login.rs`: `redirect.rs` the loopback listener, `browser.rs` the opener), the
//! unauthenticated probe that finds the challenge (`discover.rs`), the https-or-loopback rule
//! on every OAuth request (`http_guard.rs`), and the connect-time check that turns a missing
//! or dead token into `Error::LoginRequired`
//! (`authorize.rs`).

mod authorize;
mod browser;
mod credentials;
mod discover;
pub(crate) mod dpop;
mod dpop_token;
mod enterprise;
mod http_guard;
mod login;
mod login_file;
mod machine;
mod redirect;
mod refresh_lock;
mod revoke;
mod store;
mod workload;

pub(crate) use authorize::{authorized, ended_login, granted_scopes};
pub use login::{LoginOptions, login};
pub use revoke::{Logout, logout};
pub use store::{LoginInfo, TokenStore};

use rmcp::transport::auth::AuthorizationMetadata;

use crate::{Error, Result};

pub(crate) fn oauth_error(target: &str, reason: String) -> Error {
    Error::OAuth {
        target: target.to_string(),
        reason,
    }
}

/// The value of the environment variable `var`, holding `what`; an error names the variable
/// and what it should hold when it is unset or empty (never a value).
pub(crate) fn env_secret(var: &str, what: &str, target: &str) -> Result<String> {
    std::env::var(var)
        .ok()
        .filter(|value| !value.is_empty())
        .ok_or_else(|| {
            oauth_error(
                target,
                format!("environment variable {var} ({what}) is not set"),
            )
        })
}

/// What a login keeps beside the tokens its flow stored.
struct Remembered {
    /// The authorization server's metadata, so a connect need not discover it again.
    metadata: AuthorizationMetadata,
    /// The resource the tokens are for.
    resource: Option<String>,
    /// The DPoP key the tokens are bound to (PKCS#8, base64url), if they are.
    dpop_key: Option<String>,
}

/// Keeps what a login learnt beside the tokens the flow just stored.
fn remember_metadata(
    store: &TokenStore,
    url: &str,
    remembered: Remembered,
    target: &str,
) -> Result<()> {
    let key = store::store_key(url);
    let mut record = store
        .load(&key)
        .map_err(|e| oauth_error(target, e.to_string()))?
        .ok_or_else(|| oauth_error(target, "no token was stored by the exchange".into()))?;
    record.metadata = Some(remembered.metadata);
    record.resource = remembered.resource;
    let bound = record.dpop_bound();
    record.dpop_key = remembered
        .dpop_key
        .filter(|_| bound)
        .map(login_file::StoredKey);
    store
        .save(&record)
        .map_err(|e| oauth_error(target, e.to_string()))
}

//! A server's 403 `insufficient_scope` challenge (RFC 6750): the token is good but lacks a
//! scope this request needs. rmcp ends the HTTP transport on it with an error only the
//! transport sees; the HTTP client notes the scope the challenge names here, so the call's
//! error can ask for a login with more scopes instead of saying "connection closed".

use std::sync::{Arc, Mutex};

/// The scopes the last challenge asked for, shared by a session's transport and its client.
#[derive(Clone, Debug, Default)]
pub(crate) struct ScopeChallenge(Arc<Mutex<Option<Vec<String>>>>);

impl ScopeChallenge {
    /// A challenge naming `scope` (space-separated, as in `WWW-Authenticate`).
    #[cfg(feature = "http")]
    pub(crate) fn record(&self, scope: Option<&str>) {
        let scopes = scope
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(scopes);
    }

    /// The scopes of a challenge seen since the last call, if there was one.
    pub(crate) fn take(&self) -> Option<Vec<String>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

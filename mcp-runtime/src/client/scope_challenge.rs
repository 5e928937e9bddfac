//! A server's challenge to the token of a live HTTP session (RFC 6750): a 403
//! `insufficient_scope` (the token is good but lacks a scope this request needs) or a 401 (the
//! token is no longer accepted at all — revoked, or issued by an authorization server the
//! server has since moved away from). rmcp ends the HTTP transport on either with an error only
//! the transport sees; the HTTP client notes the challenge here, so the call's error can ask
//! for the right login instead of saying "connection closed".

use std::sync::{Arc, Mutex};

/// What the last challenge said.
// Only an HTTP transport records one: without it, nothing builds a challenge.
#[cfg_attr(not(feature = "http"), allow(dead_code))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Challenge {
    /// 403 `insufficient_scope`, naming these scopes.
    Scope(Vec<String>),
    /// 401: the token was refused (or none was sent); the scopes its challenge names.
    Refused(Vec<String>),
}

/// The last challenge, shared by a session's transport and its client.
#[derive(Clone, Debug, Default)]
pub(crate) struct ScopeChallenge(Arc<Mutex<Option<Challenge>>>);

impl ScopeChallenge {
    /// A 403 challenge naming `scope` (space-separated, as in `WWW-Authenticate`).
    #[cfg(feature = "http")]
    pub(crate) fn record(&self, scope: Option<&str>) {
        self.set(Challenge::Scope(split(scope)));
    }

    /// A 401 challenge naming `scope`, if it names any.
    #[cfg(feature = "http")]
    pub(crate) fn record_refusal(&self, scope: Option<&str>) {
        self.set(Challenge::Refused(split(scope)));
    }

    #[cfg(feature = "http")]
    fn set(&self, challenge: Challenge) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(challenge);
    }

    /// The challenge seen since the last call, if there was one.
    pub(crate) fn take(&self) -> Option<Challenge> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

#[cfg(feature = "http")]
fn split(scope: Option<&str>) -> Vec<String> {
    scope
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The error for `challenge` to a session with `http`.
#[cfg(feature = "http")]
pub(crate) fn login_for(http: &crate::HttpSpec, challenge: Challenge) -> crate::Error {
    match challenge {
        Challenge::Scope(asked) => login_for_more(http, asked),
        Challenge::Refused(asked) if http.oauth.is_some() => with_scopes(
            crate::Error::login_required(
                http,
                "the server stopped accepting the stored token during the session (401); it \
                 may have moved to another authorization server, which a new login finds",
            ),
            asked,
        ),
        Challenge::Refused(_) => crate::Error::Connect {
            target: http.target(),
            reason: "the server stopped accepting the credentials sent during the session \
                     (401): check the bearer token or headers"
                .into(),
            stderr: Vec::new(),
        },
    }
}

/// The error for a challenge: a login with the scopes `http`'s stored login was granted and
/// those `asked` for (their union, so a step-up never loses what the session could already do).
#[cfg(feature = "http")]
fn login_for_more(http: &crate::HttpSpec, asked: Vec<String>) -> crate::Error {
    let mut scopes = granted_scopes(http);
    for scope in asked {
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    let reason = format!(
        "the server needs the scope(s) `{}` for this request (403 insufficient_scope)",
        scopes.join(" ")
    );
    with_scopes(crate::Error::login_required(http, reason), scopes)
}

/// A login error that asks for `scopes` (a challenge's, where it named any), so the login
/// asks the authorization server for what the server asked for.
#[cfg(feature = "http")]
pub(crate) fn with_scopes(mut err: crate::Error, scopes: Vec<String>) -> crate::Error {
    if let crate::Error::LoginRequired { scopes: wanted, .. } = &mut err
        && !scopes.is_empty()
    {
        *wanted = scopes;
    }
    err
}

/// The scopes the stored login was granted (none without OAuth).
#[cfg(feature = "http")]
fn granted_scopes(http: &crate::HttpSpec) -> Vec<String> {
    #[cfg(feature = "oauth")]
    if let Some(oauth) = &http.oauth {
        return crate::oauth::granted_scopes(http, oauth);
    }
    let _ = http;
    Vec::new()
}

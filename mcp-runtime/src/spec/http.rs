//! A server reached over HTTP: its URL, headers, token and OAuth settings.

use std::collections::BTreeMap;
use std::fmt;

use super::OAuthSpec;
use super::redact::{Redacted, redact_url};

/// A server reached over streamable HTTP.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpSpec {
    /// The endpoint, e.g. `http://127.0.0.1:8000/mcp`.
    pub url: String,
    /// Extra headers sent with every request.
    pub headers: BTreeMap<String, String>,
    /// Sent as `Authorization: Bearer <token>`.
    pub bearer_token: Option<String>,
    /// Speak the legacy HTTP+SSE transport (protocol 2024-11-05) instead of streamable HTTP.
    pub legacy_sse: bool,
    /// Authorize with OAuth (MCP authorization) using the stored token for this URL.
    pub oauth: Option<OAuthSpec>,
}

impl HttpSpec {
    /// Adds a header sent with every request (its value is never logged).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.insert(name.into(), value.into());
        self
    }
    /// Sets a bearer token (never logged).
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        self.bearer_token = Some(token.into());
        self
    }
    /// Authorizes with OAuth: the token `mcp-codegen login URL` stored, refreshed silently
    /// (needs the `oauth` feature).
    pub fn oauth(mut self, oauth: OAuthSpec) -> Self {
        self.oauth = Some(oauth);
        self
    }
    /// The URL without credentials or query string.
    pub fn target(&self) -> String {
        redact_url(&self.url)
    }
}

impl fmt::Debug for HttpSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpSpec")
            .field("url", &redact_url(&self.url))
            .field("headers", &Redacted(&self.headers))
            .field(
                "bearer_token",
                &self.bearer_token.as_ref().map(|_| "<redacted>"),
            )
            .field("oauth", &self.oauth)
            .finish()
    }
}

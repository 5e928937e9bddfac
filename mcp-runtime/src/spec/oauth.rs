//! How a client authorizes with an OAuth-protected HTTP server (MCP authorization).
//!
//! Plain data, compiled without any feature like the rest of the spec: the tokens themselves
//! live in the token store (feature `oauth`), never here.

use std::path::PathBuf;

/// OAuth settings for one HTTP server: `ServerSpec::http(url).oauth(OAuthSpec::default())`.
///
/// With the defaults the client uses the token that `mcp-codegen login URL` stored for this
/// URL, refreshes it when it expires or the server rejects it, and otherwise fails with
/// `Error::LoginRequired`. Nothing here is secret: a client secret is read from the environment
/// variable named by `client_secret_env` when it is needed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct OAuthSpec {
    /// A client registered with the authorization server beforehand (default: dynamic
    /// client registration, RFC 7591).
    pub client_id: Option<String>,
    /// With `client_id`: the environment variable holding the client secret. The client then
    /// gets its tokens with the client-credentials grant (machine to machine, no browser).
    pub client_secret_env: Option<String>,
    /// Scopes to ask for (default: what the server's metadata advertises).
    pub scopes: Vec<String>,
    /// The https URL of this client's Client ID Metadata Document: used as the `client_id`
    /// when the authorization server advertises `client_id_metadata_document_supported`
    /// (dynamic registration stays the fallback; a `client_id` wins over both).
    pub client_metadata_url: Option<String>,
    /// Where tokens are kept (default: `$XDG_CONFIG_HOME/mcp-toolset/oauth`, or
    /// `~/.config/mcp-toolset/oauth`).
    pub store_dir: Option<PathBuf>,
}

impl OAuthSpec {
    /// Uses a pre-registered client id instead of dynamic registration.
    pub fn client_id(mut self, id: impl Into<String>) -> Self {
        self.client_id = Some(id.into());
        self
    }
    /// Machine to machine: the client-credentials grant with the secret in this variable.
    pub fn client_secret_env(mut self, var: impl Into<String>) -> Self {
        self.client_secret_env = Some(var.into());
        self
    }
    /// Asks for these scopes.
    pub fn scopes<I, S>(mut self, scopes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.scopes = scopes.into_iter().map(Into::into).collect();
        self
    }
    /// Identifies the client by its metadata document's URL where the server supports it.
    pub fn client_metadata_url(mut self, url: impl Into<String>) -> Self {
        self.client_metadata_url = Some(url.into());
        self
    }
    /// Keeps tokens in this directory instead of the user's config directory.
    pub fn store_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.store_dir = Some(dir.into());
        self
    }
}

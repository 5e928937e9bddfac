//! How a client authorizes with an OAuth-protected HTTP server (MCP authorization).
//!
//! Plain data, compiled without any feature like the rest of the spec: the tokens themselves
//! live in the token store (feature `oauth`), never here.

use std::path::PathBuf;

/// OAuth settings for one HTTP server: `ServerSpec::http(url).oauth(OAuthSpec::default())`.
///
/// With the defaults the client uses the token that `mcp-codegen login URL` stored for this
/// URL, refreshes it when it expires or the server rejects it, and otherwise fails with
/// `Error::LoginRequired`. Nothing here is secret: a client secret or private key is read from
/// the environment variable or file named here when it is needed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct OAuthSpec {
    /// A client registered with the authorization server beforehand (default: dynamic
    /// client registration, RFC 7591).
    pub client_id: Option<String>,
    /// With `client_id`: the environment variable holding the client secret. The client then
    /// gets its tokens with the client-credentials grant (machine to machine, no browser).
    pub client_secret_env: Option<String>,
    /// With `client_id`: a file holding the private key (PEM) that signs the client's
    /// assertion — the client-credentials grant with `private_key_jwt` (RFC 7523), no secret
    /// shared with the server.
    pub private_key_file: Option<PathBuf>,
    /// With `client_id`: the environment variable holding that private key (PEM), instead of
    /// a file.
    pub private_key_env: Option<String>,
    /// The algorithm the private key signs with: `ES256` (default), `ES384`, `RS256`,
    /// `RS384` or `RS512`.
    pub signing_algorithm: Option<String>,
    /// Cross-app access (the enterprise-managed authorization extension): the enterprise
    /// identity provider whose ID token is exchanged for this server's token, with no browser.
    /// `client_id` (and `client_secret_env`, sent as HTTP Basic) are then this client's
    /// registration at the server's authorization server.
    pub enterprise: Option<Box<EnterpriseIdp>>,
    /// Workload identity: the token the workload's platform gives it (a Kubernetes projected
    /// service-account token, a CI job's OIDC token), presented as an RFC 7523 JWT-bearer
    /// assertion for this server's token, with no browser; read at each grant. `client_id` is
    /// the workload's id at the server's authorization server, and `client_secret_env` (sent
    /// as HTTP Basic) its secret where that server wants a confidential client.
    pub workload_token: Option<Box<WorkloadToken>>,
    /// DPoP (RFC 9449): `None` (the default) binds the login's tokens to a key of its own
    /// wherever the authorization server offers it (ES256), for a browser login, client credentials and workload identity (cross-app access stays
    /// bearer); `Some(false)` never does.
    pub dpop: Option<bool>,
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

/// An enterprise identity provider for cross-app access: its ID token for the user becomes an
/// identity assertion grant (ID-JAG, RFC 8693 token exchange at the provider), which the MCP
/// server's authorization server exchanges for an access token (RFC 7523 JWT bearer grant).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EnterpriseIdp {
    /// The provider's issuer.
    pub issuer: String,
    /// Its token endpoint.
    pub token_endpoint: String,
    /// This client's registration at the provider.
    pub client_id: String,
    /// The environment variable holding that registration's secret (none: a public client).
    pub client_secret_env: Option<String>,
    /// The environment variable holding the user's ID token from the provider.
    pub id_token_env: String,
}

/// Where a workload's token is read from, at each grant (platforms rotate them).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WorkloadToken {
    /// A file, e.g. `/var/run/secrets/tokens/mcp` (a projected service-account token).
    File(PathBuf),
    /// An environment variable, e.g. a CI job's OIDC token.
    Env(String),
}

impl EnterpriseIdp {
    /// A provider at `issuer` with `token_endpoint`, this client registered there as
    /// `client_id`, the user's ID token in the variable `id_token_env`.
    pub fn new(
        issuer: impl Into<String>,
        token_endpoint: impl Into<String>,
        client_id: impl Into<String>,
        id_token_env: impl Into<String>,
    ) -> Self {
        EnterpriseIdp {
            issuer: issuer.into(),
            token_endpoint: token_endpoint.into(),
            client_id: client_id.into(),
            client_secret_env: None,
            id_token_env: id_token_env.into(),
        }
    }

    /// The provider's client secret is in this variable (sent as HTTP Basic).
    pub fn client_secret_env(mut self, var: impl Into<String>) -> Self {
        self.client_secret_env = Some(var.into());
        self
    }
}

impl OAuthSpec {
    /// Cross-app access through this enterprise identity provider.
    pub fn enterprise(mut self, idp: EnterpriseIdp) -> Self {
        self.enterprise = Some(Box::new(idp));
        self
    }

    /// Workload identity with the token in this file (see [`OAuthSpec::workload_token`]).
    pub fn workload_token_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.workload_token = Some(Box::new(WorkloadToken::File(path.into())));
        self
    }
    /// Workload identity with the token in this environment variable.
    pub fn workload_token_env(mut self, var: impl Into<String>) -> Self {
        self.workload_token = Some(Box::new(WorkloadToken::Env(var.into())));
        self
    }

    /// `false`: plain bearer tokens even where the authorization server offers DPoP.
    pub fn dpop(mut self, bind: bool) -> Self {
        self.dpop = Some(bind);
        self
    }

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
    /// Machine to machine: the client-credentials grant, the client authenticated by an
    /// assertion signed with the private key (PEM) in this file (`private_key_jwt`).
    pub fn private_key_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.private_key_file = Some(path.into());
        self
    }
    /// The same with the private key (PEM) in this environment variable.
    pub fn private_key_env(mut self, var: impl Into<String>) -> Self {
        self.private_key_env = Some(var.into());
        self
    }
    /// The algorithm the private key signs with (default `ES256`).
    pub fn signing_algorithm(mut self, algorithm: impl Into<String>) -> Self {
        self.signing_algorithm = Some(algorithm.into());
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

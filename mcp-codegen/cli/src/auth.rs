//! The OAuth commands of the CLI — `login`, `logout`, `auth status` — and the on-demand login
//! of `snapshot` / `check --url`.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use anyhow::bail;
use clap::Args;
use mcp_runtime::oauth::{LoginInfo, LoginOptions, TokenStore};
use mcp_runtime::{EnterpriseIdp, OAuthSpec, ServerSpec};

use mcp_codegen::snapshot::live::block_on;

/// How `login` (and an on-demand login) runs.
#[derive(Debug, Args)]
pub struct LoginArgs {
    /// Only print the authorization URL; do not open a browser.
    #[arg(long)]
    no_browser: bool,
    /// Seconds to wait for the browser's redirect.
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    login_timeout: u64,
    /// A client registered with the authorization server beforehand (default: dynamic
    /// registration).
    #[arg(long)]
    client_id: Option<String>,
    /// With --client-id: the environment variable holding its secret, for the
    /// client-credentials grant (machine to machine, no browser; never printed or saved).
    #[arg(long, value_name = "ENV_VAR", requires = "client_id")]
    client_secret_env: Option<String>,
    /// With --client-id: a file holding the client's private key (PEM), which signs its
    /// assertion for the client-credentials grant (`private_key_jwt`; no browser, no secret
    /// shared with the server).
    #[arg(long, value_name = "PEM_FILE", requires = "client_id", conflicts_with_all = ["client_secret_env", "private_key_env"])]
    private_key_file: Option<std::path::PathBuf>,
    /// With --client-id: the environment variable holding that private key (PEM).
    #[arg(
        long,
        value_name = "ENV_VAR",
        requires = "client_id",
        conflicts_with = "client_secret_env"
    )]
    private_key_env: Option<String>,
    /// The algorithm the private key signs with: ES256 (default), ES384, RS256, RS384, RS512.
    #[arg(long, value_name = "ALG")]
    signing_alg: Option<String>,
    /// Cross-app access: the enterprise identity provider (its issuer) whose ID token is
    /// exchanged for this server's token, no browser; with --idp-token-endpoint,
    /// --idp-client-id, --id-token-env, and --client-id (--client-secret-env) for this client
    /// at the server's authorization server.
    #[arg(long, value_name = "URL", requires_all = ["idp_token_endpoint", "idp_client_id", "id_token_env", "client_id"])]
    idp_issuer: Option<String>,
    /// The identity provider's token endpoint.
    #[arg(long, value_name = "URL", requires = "idp_issuer")]
    idp_token_endpoint: Option<String>,
    /// This client's id at the identity provider.
    #[arg(long, value_name = "ID", requires = "idp_issuer")]
    idp_client_id: Option<String>,
    /// The environment variable holding this client's secret at the identity provider (none:
    /// a public client there).
    #[arg(long, value_name = "ENV_VAR", requires = "idp_issuer")]
    idp_client_secret_env: Option<String>,
    /// The environment variable holding the user's ID token from the identity provider.
    #[arg(long, value_name = "ENV_VAR", requires = "idp_issuer")]
    id_token_env: Option<String>,
    /// Workload identity: a file holding the token the workload's platform gives it (a
    /// Kubernetes projected service-account token, a CI OIDC token), presented as a JWT-bearer
    /// assertion for this server's token, with no browser; read at each use. With --client-id
    /// (the workload's id at the authorization server), and --client-secret-env where that
    /// server wants a confidential client.
    #[arg(long, value_name = "FILE", requires = "client_id", conflicts_with_all = ["private_key_file", "private_key_env", "idp_issuer", "workload_token_env"])]
    workload_token_file: Option<std::path::PathBuf>,
    /// Workload identity with the token in this environment variable (never printed or saved).
    #[arg(long, value_name = "ENV_VAR", requires = "client_id", conflicts_with_all = ["private_key_file", "private_key_env", "idp_issuer"])]
    workload_token_env: Option<String>,
    /// Plain bearer tokens even where the authorization server offers DPoP (by default a
    /// login there binds its tokens to a key of its own, RFC 9449).
    #[arg(long)]
    no_dpop: bool,
    /// A scope to ask for (repeatable; default: what the server advertises).
    #[arg(long = "scope")]
    scopes: Vec<String>,
    /// The https URL of this client's Client ID Metadata Document, used as its client id
    /// where the authorization server supports them (else dynamic registration).
    #[arg(long, value_name = "URL")]
    client_metadata_url: Option<String>,
}

impl LoginArgs {
    fn spec(&self) -> OAuthSpec {
        let mut spec = OAuthSpec::default().scopes(self.scopes.iter().cloned());
        if let Some(id) = &self.client_id {
            spec = spec.client_id(id);
        }
        if let Some(var) = &self.client_secret_env {
            spec = spec.client_secret_env(var);
        }
        if let Some(path) = &self.private_key_file {
            spec = spec.private_key_file(path);
        }
        if let Some(var) = &self.private_key_env {
            spec = spec.private_key_env(var);
        }
        if let Some(alg) = &self.signing_alg {
            spec = spec.signing_algorithm(alg);
        }
        if let (Some(issuer), Some(endpoint), Some(client), Some(token)) = (
            &self.idp_issuer,
            &self.idp_token_endpoint,
            &self.idp_client_id,
            &self.id_token_env,
        ) {
            let mut idp = EnterpriseIdp::new(issuer, endpoint, client, token);
            if let Some(var) = &self.idp_client_secret_env {
                idp = idp.client_secret_env(var);
            }
            spec = spec.enterprise(idp);
        }
        if let Some(url) = &self.client_metadata_url {
            spec = spec.client_metadata_url(url);
        }
        if self.no_dpop {
            spec = spec.dpop(false);
        }
        if let Some(path) = &self.workload_token_file {
            spec = spec.workload_token_file(path);
        }
        if let Some(var) = &self.workload_token_env {
            spec = spec.workload_token_env(var);
        }
        spec
    }

    /// Whether the login is a grant no person takes part in (a client secret or key, cross-app
    /// access, a workload token): then it runs where no terminal is, in CI too.
    fn needs_no_person(&self) -> bool {
        self.client_secret_env.is_some()
            || self.private_key_file.is_some()
            || self.private_key_env.is_some()
            || self.idp_issuer.is_some()
            || self.workload_token_file.is_some()
            || self.workload_token_env.is_some()
    }

    fn options(&self) -> LoginOptions {
        LoginOptions {
            open_browser: !self.no_browser,
            timeout: Duration::from_secs(self.login_timeout),
            ..LoginOptions::default()
        }
    }
}

/// `mcp-codegen login URL`.
pub fn login(url: &str, args: &LoginArgs) -> anyhow::Result<ExitCode> {
    let info = block_on(mcp_runtime::oauth::login(
        url,
        &args.spec(),
        &args.options(),
    ))??;
    eprintln!("logged in to {}{}", info.url, describe(&info));
    Ok(ExitCode::SUCCESS)
}

/// `mcp-codegen logout URL`.
pub fn logout(url: &str) -> anyhow::Result<ExitCode> {
    let target = ServerSpec::http(url).target();
    let outcome = block_on(mcp_runtime::oauth::logout(url, &OAuthSpec::default()))??;
    if !outcome.removed {
        eprintln!("no login is stored for {target}");
        return Ok(ExitCode::SUCCESS);
    }
    let revoked = match (outcome.revoked.as_slice(), &outcome.revocation) {
        ([], Some(why)) => format!("not revoked at the server: {why}"),
        ([], None) => "nothing to revoke".to_string(),
        (tokens, None) => format!("{} revoked at the server", tokens.join(" and ")),
        (tokens, Some(why)) => format!("{} revoked at the server; {why}", tokens.join(" and ")),
    };
    eprintln!("logged out of {target}: its tokens are deleted here, {revoked}");
    Ok(ExitCode::SUCCESS)
}

/// `mcp-codegen auth status`: servers, expiry, scopes — never a token.
pub fn status() -> anyhow::Result<ExitCode> {
    let store = TokenStore::user()?;
    let logins = store.logins()?;
    if logins.is_empty() {
        crate::stdout::line(format_args!(
            "no OAuth logins (in {})",
            store.dir().display()
        ))?;
    }
    for info in &logins {
        crate::stdout::line(format_args!("{}{}", info.url, describe(info)))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn describe(info: &LoginInfo) -> String {
    let mut parts = Vec::new();
    if let Some(issuer) = &info.issuer {
        parts.push(format!("issuer {issuer}"));
    }
    if !info.scopes.is_empty() {
        parts.push(format!("scopes {}", info.scopes.join(" ")));
    }
    parts.push(
        match info
            .expires_at
            .map(|at| at.duration_since(SystemTime::now()))
        {
            Some(Ok(left)) => format!("access token expires in {}s", left.as_secs()),
            Some(Err(_)) => "access token expired".into(),
            None => "no expiry given".into(),
        },
    );
    parts.push(
        if info.refreshable {
            "refreshable"
        } else {
            "not refreshable"
        }
        .into(),
    );
    if info.dpop {
        parts.push("bound to a DPoP key".into());
    }
    if let Some(refused) = &info.refused {
        parts.push(format!("unusable: {refused}; log in again"));
    }
    if !info.current {
        parts.push("not in use: the server now names another authorization server".into());
    }
    format!(": {}", parts.join(", "))
}

/// `snapshot` / `check` against a URL: use a stored login when there is one; when the server
/// asks for one and there is none, log in if someone is at the terminal, else fail (exit 2)
/// naming the command that logs in.
pub fn with_login<T>(
    spec: ServerSpec,
    login: &LoginArgs,
    take: impl Fn(ServerSpec) -> mcp_codegen::Result<T>,
) -> anyhow::Result<T> {
    let spec = with_stored_login(spec);
    let had_login = matches!(&spec, ServerSpec::Http(http) if http.oauth.is_some());
    match take(spec.clone()) {
        Err(mcp_codegen::Error::Live(mcp_runtime::Error::LoginRequired {
            login_url,
            reason,
            scopes,
            ..
        })) => {
            if !interactive() && !login.needs_no_person() {
                let why = if had_login {
                    format!(" ({reason})")
                } else {
                    String::new()
                };
                let flags: String = scopes.iter().map(|s| format!(" --scope {s}")).collect();
                bail!(
                    "{} needs an OAuth login{why}, and this session is not interactive (CI is \
                     set or stdin is not a terminal): run `mcp-codegen login {login_url}{flags}` \
                     first, or pass a static token with --bearer-env",
                    spec.target()
                );
            }
            // A step-up asks for the scopes granted and those the server asked for.
            let mut wanted = login.spec();
            if !scopes.is_empty() {
                wanted = wanted.scopes(scopes);
            }
            let info = block_on(mcp_runtime::oauth::login(
                &login_url,
                &wanted,
                &login.options(),
            ))??;
            eprintln!("logged in to {}{}", info.url, describe(&info));
            let ServerSpec::Http(http) = spec else {
                bail!("only an HTTP server can ask for an OAuth login");
            };
            Ok(take(http.oauth(login.spec()).into())?)
        }
        other => Ok(other?),
    }
}

/// An HTTP spec with no credentials of its own uses the stored login for its URL, if any.
fn with_stored_login(spec: ServerSpec) -> ServerSpec {
    match spec {
        ServerSpec::Http(http)
            if http.bearer_token.is_none() && http.headers.is_empty() && !http.legacy_sse =>
        {
            let stored = TokenStore::user().is_ok_and(|store| store.has_login(&http.url));
            if stored {
                http.oauth(OAuthSpec::default()).into()
            } else {
                http.into()
            }
        }
        other => other,
    }
}

/// Someone can answer a browser prompt: `CI` is not set and stdin is a terminal.
fn interactive() -> bool {
    std::env::var_os("CI").is_none_or(|v| v.is_empty()) && std::io::stdin().is_terminal()
}

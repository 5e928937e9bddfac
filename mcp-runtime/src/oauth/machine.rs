//! Machine-to-machine credentials: the client-credentials grant, the client authenticated by a
//! secret (`client_secret_env`) or by an assertion signed with its private key
//! (`private_key_jwt`, RFC 7523: `private_key_file` / `private_key_env`). Secrets and keys are
//! read when needed, from where the spec names them, and never kept.

use rmcp::transport::auth::{ClientCredentialsConfig, JwtSigningAlgorithm};

use super::credentials::FileCredentials;
use super::discover::discover;
use super::enterprise::CrossApp;
use super::oauth_error;
use super::store::{TokenStore, store_key};
use super::workload::Workload;
use crate::error::root_cause;
use crate::{OAuthSpec, Result};

/// How the client proves who it is, for a grant without a browser.
#[derive(Clone)]
pub(crate) enum Machine {
    Secret {
        client_id: String,
        secret: String,
    },
    PrivateKey {
        client_id: String,
        pem: Vec<u8>,
        algorithm: JwtSigningAlgorithm,
    },
    /// Cross-app access: the enterprise provider's ID token, exchanged (`enterprise.rs`).
    Enterprise(CrossApp),
    /// Workload identity: the platform's token as a JWT-bearer assertion (`workload.rs`).
    Workload(Workload),
}

impl Machine {
    /// The credentials `spec` names, if it names any; an error names what is missing.
    pub(crate) fn of(spec: &OAuthSpec, target: &str) -> Result<Option<Machine>> {
        if let Some(idp) = &spec.enterprise {
            return Ok(Some(Machine::Enterprise(CrossApp::of(spec, idp, target)?)));
        }
        if let Some(source) = &spec.workload_token {
            return Ok(Some(Machine::Workload(Workload::of(spec, source, target)?)));
        }
        let keyed = spec.private_key_file.is_some() || spec.private_key_env.is_some();
        if spec.client_secret_env.is_none() && !keyed {
            return Ok(None);
        }
        let Some(client_id) = spec.client_id.clone() else {
            return Err(oauth_error(
                target,
                "a client secret or private key needs its client id: set `client_id` too".into(),
            ));
        };
        if keyed {
            let pem = private_key(spec, target)?;
            let algorithm = algorithm(spec.signing_algorithm.as_deref(), target)?;
            return Ok(Some(Machine::PrivateKey {
                client_id,
                pem,
                algorithm,
            }));
        }
        let var = spec.client_secret_env.as_deref().unwrap_or_default();
        match std::env::var(var) {
            Ok(secret) if !secret.is_empty() => Ok(Some(Machine::Secret { client_id, secret })),
            _ => Err(oauth_error(
                target,
                format!("environment variable {var} (the client secret) is not set"),
            )),
        }
    }

    /// rmcp's configuration for the client-credentials grant, asking for `scopes` on
    /// `resource`; `None` for cross-app access and workload identity, which are other grants.
    pub(crate) fn config(
        &self,
        scopes: Vec<String>,
        resource: String,
    ) -> Option<ClientCredentialsConfig> {
        Some(match self {
            Machine::Secret { client_id, secret } => ClientCredentialsConfig::ClientSecret {
                client_id: client_id.clone(),
                client_secret: secret.clone(),
                scopes,
                resource: Some(resource),
            },
            Machine::PrivateKey {
                client_id,
                pem,
                algorithm,
            } => ClientCredentialsConfig::PrivateKeyJwt {
                client_id: client_id.clone(),
                signing_key: pem.clone(),
                signing_algorithm: *algorithm,
                token_endpoint_audience: None,
                scopes,
                resource: Some(resource),
            },
            Machine::Enterprise(_) | Machine::Workload(_) => return None,
        })
    }
}

impl Machine {
    /// Runs the client-credentials grant for `url` and saves the tokens to `spec`'s store.
    ///
    /// rmcp's token request holds a value that is not `Send` across an await, so its future
    /// cannot run on a multi-threaded executor: it runs on a thread of its own, with a
    /// current-thread runtime and a manager of its own, while the caller awaits the answer.
    pub(crate) async fn grant(&self, spec: &OAuthSpec, url: &str, target: &str) -> Result<()> {
        let (machine, scopes) = (self.clone(), spec.scopes.clone());
        let store = TokenStore::for_spec(spec).map_err(|e| oauth_error(target, e.to_string()))?;
        let (url, owner) = (url.to_string(), target.to_string());
        let (done, answer) = tokio::sync::oneshot::channel();
        let work = move || {
            let result = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => runtime.block_on(exchange(&url, &owner, store, machine, scopes)),
                Err(e) => Err(oauth_error(
                    &owner,
                    format!("cannot start the token request: {e}"),
                )),
            };
            let _ = done.send(result);
        };
        std::thread::Builder::new()
            .name("mcp-oauth-grant".into())
            .spawn(work)
            .map_err(|e| oauth_error(target, format!("cannot start the token request: {e}")))?;
        answer
            .await
            .map_err(|_| oauth_error(target, "the token request stopped".into()))?
    }
}

/// The grant itself, on the grant's own thread: the server's metadata as stored at login,
/// else discovered; the tokens saved to the store.
async fn exchange(
    url: &str,
    target: &str,
    store: TokenStore,
    machine: Machine,
    scopes: Vec<String>,
) -> Result<()> {
    let stored = store.load(&store_key(url)).ok().flatten();
    let (mut manager, metadata) = match stored.and_then(|record| record.metadata) {
        Some(metadata) => {
            let mut manager = super::discover::manager(url, target).await?;
            manager.set_metadata(metadata.clone());
            (manager, metadata)
        }
        None => {
            let discovered = discover(url, target).await?;
            (discovered.manager, discovered.metadata)
        }
    };
    let credentials = FileCredentials::new(store, url).at_issuer(metadata.issuer.as_deref());
    let config = match &machine {
        Machine::Enterprise(cross) => {
            return cross
                .exchange(&metadata, &credentials, url, scopes, target)
                .await;
        }
        Machine::Workload(workload) => {
            return workload
                .exchange(&metadata, &credentials, url, scopes, target)
                .await;
        }
        other => other.config(scopes, url.to_string()),
    };
    let Some(config) = config else {
        return Ok(());
    };
    manager.set_credential_store(credentials);
    let failed = |e: rmcp::transport::auth::AuthError| {
        let why = root_cause(&e);
        oauth_error(
            target,
            format!("the client-credentials grant failed: {why}"),
        )
    };
    manager
        .configure_client_credentials(&config)
        .map_err(failed)?;
    manager
        .exchange_client_credentials(&config)
        .await
        .map_err(failed)?;
    Ok(())
}

/// The private key's PEM, from its file or variable (the error names which, never the key).
fn private_key(spec: &OAuthSpec, target: &str) -> Result<Vec<u8>> {
    let pem = match (&spec.private_key_file, &spec.private_key_env) {
        (Some(path), _) => std::fs::read(path).map_err(|e| {
            oauth_error(
                target,
                format!("cannot read the private key {}: {e}", path.display()),
            )
        })?,
        (None, Some(var)) => std::env::var(var)
            .ok()
            .filter(|key| !key.is_empty())
            .ok_or_else(|| {
                oauth_error(
                    target,
                    format!("environment variable {var} (the private key) is not set"),
                )
            })?
            .into_bytes(),
        (None, None) => Vec::new(),
    };
    if !pem.starts_with(b"-----BEGIN") {
        return Err(oauth_error(
            target,
            "the private key is not PEM (it should start with `-----BEGIN … PRIVATE KEY-----`)"
                .into(),
        ));
    }
    Ok(pem)
}

fn algorithm(name: Option<&str>, target: &str) -> Result<JwtSigningAlgorithm> {
    Ok(
        match name.unwrap_or("ES256").to_ascii_uppercase().as_str() {
            "ES256" => JwtSigningAlgorithm::ES256,
            "ES384" => JwtSigningAlgorithm::ES384,
            "RS256" => JwtSigningAlgorithm::RS256,
            "RS384" => JwtSigningAlgorithm::RS384,
            "RS512" => JwtSigningAlgorithm::RS512,
            other => {
                return Err(oauth_error(
                    target,
                    format!(
                        "signing algorithm `{other}` is not one of ES256, ES384, RS256, RS384, RS512"
                    ),
                ));
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(spec: &OAuthSpec) -> String {
        match Machine::of(spec, "https://mcp.example.com/mcp") {
            Err(err) => err.to_string(),
            Ok(_) => panic!("expected an error"),
        }
    }

    #[test]
    fn each_missing_piece_is_named_and_no_key_is_shown() {
        let keyed = OAuthSpec::default().private_key_env("MCP_TEST_NO_SUCH_KEY_VAR");
        assert!(error(&keyed).contains("needs its client id"));
        let keyed = keyed.client_id("agent");
        assert!(error(&keyed).contains("MCP_TEST_NO_SUCH_KEY_VAR (the private key) is not set"));
        let dir = std::env::temp_dir().join(format!("mcp-machine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let not_pem = dir.join("key.der");
        std::fs::write(&not_pem, b"secret-bytes").unwrap();
        let file = OAuthSpec::default()
            .client_id("agent")
            .private_key_file(&not_pem);
        let message = error(&file);
        assert!(
            message.contains("not PEM") && !message.contains("secret-bytes"),
            "{message}"
        );
        let pem = dir.join("key.pem");
        std::fs::write(&pem, b"-----BEGIN PRIVATE KEY-----\n").unwrap();
        let odd = OAuthSpec::default()
            .client_id("agent")
            .private_key_file(&pem)
            .signing_algorithm("HS256");
        assert!(error(&odd).contains("`HS256` is not one of"));
        let fine = odd.signing_algorithm("es256");
        assert!(matches!(
            Machine::of(&fine, "t"),
            Ok(Some(Machine::PrivateKey {
                algorithm: JwtSigningAlgorithm::ES256,
                ..
            }))
        ));
        assert!(Machine::of(&OAuthSpec::default(), "t").unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! Machine-to-machine credentials: the client-credentials grant, the client authenticated by a
//! secret (`client_secret_env`) or by an assertion signed with its private key
//! (`private_key_jwt`, RFC 7523: `private_key_file` / `private_key_env`). Secrets and keys are
//! read when needed, from where the spec names them, and never kept. Where the authorization
//! server binds tokens to a key (DPoP), client credentials and workload identity are bound like
//! a browser login: the login's key is made at its first grant and kept beside its token.
//! Cross-app access stays bearer: rmcp's exchange refuses any other token type.

use std::sync::Arc;

use rmcp::transport::auth::{AuthorizationMetadata, ClientCredentialsConfig, JwtSigningAlgorithm};

use super::credentials::FileCredentials;
use super::discover::{discover, manager_with};
use super::dpop::{self, DpopKey, DpopSlot};
use super::enterprise::CrossApp;
use super::store::{TokenStore, store_key};
use super::workload::Workload;
use super::{env_secret, oauth_error};
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
        let secret = env_secret(var, "the client secret", target)?;
        Ok(Some(Machine::Secret { client_id, secret }))
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
        let bind = spec.dpop != Some(false);
        let store = TokenStore::for_spec(spec).map_err(|e| oauth_error(target, e.to_string()))?;
        let (url, owner) = (url.to_string(), target.to_string());
        let (done, answer) = tokio::sync::oneshot::channel();
        let work = move || {
            let result = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => {
                    runtime.block_on(exchange(&url, &owner, store, machine, (scopes, bind)))
                }
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
/// else discovered; the tokens saved to the store, with the key they are bound to.
async fn exchange(
    url: &str,
    target: &str,
    store: TokenStore,
    machine: Machine,
    (scopes, bind): (Vec<String>, bool),
) -> Result<()> {
    let stored = store.load(&store_key(url)).ok().flatten();
    let kept = stored.as_ref().and_then(|record| record.dpop_key.clone());
    let (mut manager, metadata, dpop) = match stored.and_then(|record| record.metadata) {
        Some(metadata) => {
            let dpop = DpopSlot::default();
            let mut manager = manager_with(url, target, None, dpop.clone()).await?;
            manager.set_metadata(metadata.clone());
            (manager, metadata, dpop)
        }
        None => {
            let discovered = discover(url, target).await?;
            (discovered.manager, discovered.metadata, discovered.dpop)
        }
    };
    // rmcp's cross-app exchange takes bearer tokens only: those stay unbound.
    let bind = bind && !matches!(machine, Machine::Enterprise(_));
    let key = binding_key(kept.map(|k| k.0), &metadata, bind, target)?;
    if let Some(key) = &key {
        dpop.set(key.clone());
    }
    let credentials =
        FileCredentials::new(store.clone(), url).at_issuer(metadata.issuer.as_deref());
    match &machine {
        Machine::Enterprise(cross) => {
            cross
                .exchange(&metadata, &credentials, url, scopes, target)
                .await?
        }
        Machine::Workload(workload) => {
            workload
                .exchange(&metadata, &credentials, (url, &dpop), scopes, target)
                .await?
        }
        other => {
            if let Some(config) = other.config(scopes, url.to_string()) {
                manager.set_credential_store(credentials);
                credentials_grant(&mut manager, &config, target).await?;
            }
        }
    }
    keep(&store, url, (key, metadata), target)
}

/// The key a grant binds its token to: the login's kept key, else a new one where the
/// authorization server takes proofs; none where the spec says `dpop: false`.
fn binding_key(
    kept: Option<String>,
    metadata: &AuthorizationMetadata,
    bind: bool,
    target: &str,
) -> Result<Option<Arc<DpopKey>>> {
    let key = match kept {
        _ if !bind => return Ok(None),
        Some(stored) => DpopKey::from_stored(&stored),
        None if dpop::offered(metadata) => DpopKey::generate(),
        None => return Ok(None),
    };
    key.map(|key| Some(Arc::new(key)))
        .map_err(|e| oauth_error(target, e))
}

/// The client-credentials grant through rmcp, its token saved by the manager's store.
async fn credentials_grant(
    manager: &mut rmcp::transport::auth::AuthorizationManager,
    config: &ClientCredentialsConfig,
    target: &str,
) -> Result<()> {
    let failed = |e: rmcp::transport::auth::AuthError| {
        let why = root_cause(&e);
        oauth_error(
            target,
            format!("the client-credentials grant failed: {why}"),
        )
    };
    manager
        .configure_client_credentials(config)
        .map_err(failed)?;
    manager
        .exchange_client_credentials(config)
        .await
        .map_err(failed)?;
    Ok(())
}

/// Keeps, beside the new token, the key it is bound to (or none, for a bearer token) and the
/// authorization server's metadata, so a connect with no login before it can configure its
/// manager for the next grant.
fn keep(
    store: &TokenStore,
    url: &str,
    (key, metadata): (Option<Arc<DpopKey>>, AuthorizationMetadata),
    target: &str,
) -> Result<()> {
    let mut record = match store.load(&store_key(url)) {
        Ok(Some(record)) => record,
        Ok(None) => return Ok(()),
        Err(e) => return Err(oauth_error(target, e.to_string())),
    };
    // A server that offers DPoP may still issue a bearer token: then there is no key to keep.
    let key = key.filter(|_| record.dpop_bound());
    record.dpop_key = key.map(|key| super::login_file::StoredKey(key.stored()));
    record.metadata.get_or_insert(metadata);
    store
        .save(&record)
        .map_err(|e| oauth_error(target, e.to_string()))
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

//! `login`: the interactive authorization-code flow with PKCE (or, for a configured client
//! secret, the client-credentials grant), ending with tokens in the token store.

use std::sync::Arc;
use std::time::Duration;

use rmcp::transport::auth::{AuthorizationManager, AuthorizationRequest, AuthorizationSession};

use super::credentials::FileCredentials;
use super::discover::discover;
use super::dpop::{self, DpopKey};
use super::machine::Machine;
use super::redirect::{Callback, RedirectListener};
use super::store::{LoginInfo, Record, TokenStore, store_key};
use super::{browser, oauth_error};
use crate::error::root_cause;
use crate::{OAuthSpec, Result};

/// How [`login`] reaches the user.
#[derive(Clone)]
pub struct LoginOptions {
    /// Open the authorization URL in a browser (`$BROWSER`, else the platform's opener). The
    /// URL is shown either way.
    pub open_browser: bool,
    /// How long to wait for the browser's redirect.
    pub timeout: Duration,
    /// Shows the user a line: the authorization URL, a note when no browser could start.
    pub say: Arc<dyn Fn(&str) + Send + Sync>,
}

impl Default for LoginOptions {
    fn default() -> Self {
        LoginOptions {
            open_browser: true,
            timeout: Duration::from_secs(300),
            say: Arc::new(|line| eprintln!("{line}")),
        }
    }
}

impl std::fmt::Debug for LoginOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoginOptions")
            .field("open_browser", &self.open_browser)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// Logs in to the MCP server at `url` and stores its tokens (see [`TokenStore`]).
///
/// Discovers the authorization server from the server's 401 challenge, registers a client
/// dynamically unless `spec.client_id` names one, and runs the authorization-code flow with
/// PKCE (S256) and the `resource` parameter, the redirect landing on 127.0.0.1. With
/// `spec.client_secret_env`, or a private key (`private_key_file` / `private_key_env`, signing
/// the client's assertion: `private_key_jwt`), it uses the client-credentials grant instead: no
/// browser.
pub async fn login(url: &str, spec: &OAuthSpec, options: &LoginOptions) -> Result<LoginInfo> {
    let target = crate::ServerSpec::http(url).target();
    let store = TokenStore::for_spec(spec).map_err(|e| oauth_error(&target, e.to_string()))?;
    let discovered = discover(url, &target).await?;
    let mut manager = discovered.manager;
    // The login at this authorization server: one the server had at another stays there.
    let issuer = discovered.metadata.issuer.as_deref();
    manager.set_credential_store(FileCredentials::new(store.clone(), url).at_issuer(issuer));
    let machine = Machine::of(spec, &target)?;
    // Where the authorization server binds tokens to a key, a browser login gets one here;
    // a grant without a person binds its own (`machine.rs`) and keeps it with its token.
    let dpop = match &machine {
        None if spec.dpop != Some(false) && dpop::offered(&discovered.metadata) => Some(Arc::new(
            DpopKey::generate().map_err(|e| oauth_error(&target, e))?,
        )),
        _ => None,
    };
    if let Some(key) = &dpop {
        discovered.dpop.set(key.clone());
    }
    let (resource, dpop_key) = match machine {
        Some(machine) => {
            let granted = client_credentials(&mut manager, spec, &machine, url, &target).await?;
            let key = granted.and_then(|record| record.dpop_key).map(|key| key.0);
            (Some(url.to_string()), key)
        }
        None => {
            let resource = authorization_code(manager, spec, options, &target).await?;
            (resource, dpop.map(|key| key.stored()))
        }
    };
    let remembered = super::Remembered {
        metadata: discovered.metadata,
        resource,
        dpop_key,
    };
    super::remember_metadata(&store, url, remembered, &target)?;
    let key = store_key(url);
    store
        .logins()
        .map_err(|e| oauth_error(&target, e.to_string()))?
        .into_iter()
        .find(|login| login.url == key)
        .ok_or_else(|| oauth_error(&target, "the token store did not keep the login".into()))
}

/// A grant without a person, for `url`; returns the login it stored (its token, the key the
/// token is bound to, the authorization server's metadata).
pub(crate) async fn client_credentials(
    manager: &mut AuthorizationManager,
    spec: &OAuthSpec,
    machine: &Machine,
    url: &str,
    target: &str,
) -> Result<Option<Record>> {
    let resource = url.to_string();
    // The grant saves the tokens, and the metadata it found, to the store; this manager
    // reads them from there.
    machine.grant(spec, url, target).await?;
    let granted = TokenStore::for_spec(spec)
        .ok()
        .and_then(|store| store.load(&store_key(url)).ok().flatten());
    if let Some(metadata) = granted.as_ref().and_then(|record| record.metadata.clone()) {
        manager.set_metadata(metadata);
    }
    if let Some(config) = machine.config(spec.scopes.clone(), resource.clone()) {
        manager
            .configure_client_credentials(&config)
            .map_err(|e| oauth_error(target, format!("client credentials: {}", root_cause(&e))))?;
    }
    manager
        .initialize_from_store()
        .await
        .map_err(|e| oauth_error(target, format!("reading the new token: {}", root_cause(&e))))?;
    Ok(granted)
}

/// Browser, redirect, code exchange; returns the resource the token is for.
async fn authorization_code(
    manager: AuthorizationManager,
    spec: &OAuthSpec,
    options: &LoginOptions,
    target: &str,
) -> Result<Option<String>> {
    let listener = RedirectListener::bind().await.map_err(|e| {
        oauth_error(
            target,
            format!("cannot listen on 127.0.0.1 for the redirect: {e}"),
        )
    })?;
    let mut request = AuthorizationRequest::new(listener.uri()).with_client_name("mcp-toolset");
    if let Some(id) = &spec.client_id {
        request = request.with_preregistered_client(id);
    }
    if let Some(url) = &spec.client_metadata_url {
        request = request.with_client_metadata_url(url);
    }
    request = if spec.scopes.is_empty() {
        request.with_initial_scope_selection()
    } else {
        request.with_scopes(spec.scopes.iter())
    };
    let session = AuthorizationSession::new(manager, request)
        .await
        .map_err(|(_, e)| {
            oauth_error(
                target,
                format!("registering the client: {}", root_cause(&e)),
            )
        })?;
    let auth_url = session.get_authorization_url().to_string();
    (options.say)(&format!(
        "Authorize mcp-toolset with {target} at:\n  {auth_url}"
    ));
    if options.open_browser
        && let Err(err) = browser::open(&auth_url)
    {
        (options.say)(&format!(
            "{err}; open the URL above yourself (or set $BROWSER)"
        ));
    }
    let callback = listener.wait(options.timeout).await.ok_or_else(|| {
        oauth_error(
            target,
            format!(
                "no redirect came back within {}s: finish in the browser sooner, or raise --login-timeout",
                options.timeout.as_secs()
            ),
        )
    })?;
    let sent_state = query_param(&auth_url, "state");
    let (code, state) = accepted(&callback, sent_state.as_deref(), target)?;
    session
        .handle_callback_with_issuer(&code, &state, callback.issuer.as_deref())
        .await
        .map_err(|e| {
            oauth_error(
                target,
                format!("exchanging the code for a token: {}", root_cause(&e)),
            )
        })?;
    Ok(query_param(&auth_url, "resource"))
}

/// The code and state of a redirect that is an approval of this login's request.
fn accepted(
    callback: &Callback,
    sent_state: Option<&str>,
    target: &str,
) -> Result<(String, String)> {
    if let Some(error) = &callback.error {
        let detail = callback
            .error_description
            .as_ref()
            .map(|d| format!(": {d}"))
            .unwrap_or_default();
        return Err(oauth_error(
            target,
            format!("the authorization server refused ({error}{detail})"),
        ));
    }
    let state = match (&callback.state, sent_state) {
        (Some(got), Some(sent)) if got == sent => got.clone(),
        _ => {
            return Err(oauth_error(
                target,
                "the redirect's `state` does not match the one this login sent (a stale or \
                 forged redirect); run the login again"
                    .into(),
            ));
        }
    };
    let code = callback
        .code
        .clone()
        .ok_or_else(|| oauth_error(target, "the redirect carries no `code`".into()))?;
    Ok((code, state))
}

fn query_param(url: &str, name: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    parsed
        .query_pairs()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

//! Connect time: the stored token for a server, refreshed when it has expired, as rmcp's
//! authorizing HTTP client; or [`Error::LoginRequired`] saying why there is none.

use rmcp::transport::auth::{AuthClient, AuthError, AuthorizationManager};

use super::credentials::FileCredentials;
use std::sync::Arc;

use super::discover::manager_with;
use super::dpop::{DpopKey, DpopSlot, SendsProofs};
use super::login::client_credentials;
use super::machine::Machine;
use super::oauth_error;
use super::refresh_lock::Handoff;
use super::store::{Record, TokenStore, store_key};
use crate::error::root_cause;
use crate::{Error, HttpSpec, OAuthSpec, Result};

/// `inner` wrapped so every request carries the stored token, refreshed on expiry and once
/// more on a 401; with a DPoP-bound login, `inner` presents it with proofs signed by the
/// login's key, and refreshes carry proofs too.
pub(crate) async fn authorized<C: SendsProofs>(
    http: &HttpSpec,
    oauth: &OAuthSpec,
    inner: C,
) -> Result<AuthClient<C>> {
    let target = http.target();
    let store = TokenStore::for_spec(oauth).map_err(|e| oauth_error(&target, e.to_string()))?;
    let key = store_key(&http.url);
    let record = store
        .load(&key)
        .map_err(|e| oauth_error(&target, e.to_string()))?;
    let handoff = Handoff::default();
    let dpop = DpopSlot::default();
    hold_key(record.as_ref(), &dpop, &target)?;
    let mut manager = manager_with(&http.url, &target, Some(handoff.clone()), dpop.clone()).await?;
    let issuer = record.as_ref().map(|r| r.issuer.as_str());
    let credentials = FileCredentials::new(store.clone(), &key).at_issuer(issuer);
    manager.set_credential_store(credentials.with_handoff(handoff));
    if let Some(metadata) = record
        .as_ref()
        .filter(|r| same_resource(r, &http.url))
        .and_then(|r| r.metadata.clone())
    {
        manager.set_metadata(metadata);
    }
    let stored = manager.initialize_from_store().await.map_err(|e| {
        oauth_error(
            &target,
            format!(
                "reading the authorization server's metadata: {}",
                root_cause(&e)
            ),
        )
    })?;
    let machine = Machine::of(oauth, &target)?;
    match (stored, machine) {
        (true, _) => fresh_token(&mut manager, oauth, &store, http, &target).await?,
        (false, Some(machine)) => {
            // The grant binds its token to a key of its own where the server takes proofs.
            let granted =
                client_credentials(&mut manager, oauth, &machine, &http.url, &target).await?;
            hold_key(granted.as_ref(), &dpop, &target)?;
        }
        (false, None) => return Err(Error::login_required(http, reason(record.as_ref()))),
    }
    let inner = match dpop.key() {
        Some(_) => inner.sends_proofs(dpop),
        None => inner,
    };
    Ok(AuthClient::new(inner, manager))
}

/// Puts the key the stored token is bound to, if any, in `dpop`.
fn hold_key(record: Option<&Record>, dpop: &DpopSlot, target: &str) -> Result<()> {
    if let Some(stored) = record.and_then(|r| r.dpop_key.as_ref()) {
        let key = DpopKey::from_stored(&stored.0).map_err(|e| oauth_error(target, e))?;
        dpop.set(Arc::new(key));
    }
    Ok(())
}

/// Makes sure the stored token is usable now: rmcp refreshes it when less than min(30 s, half
/// its lifetime) is left.
async fn fresh_token(
    manager: &mut AuthorizationManager,
    oauth: &OAuthSpec,
    store: &TokenStore,
    http: &HttpSpec,
    target: &str,
) -> Result<()> {
    match manager.get_access_token().await {
        Ok(_) => Ok(()),
        Err(AuthError::AuthorizationRequired) => {
            if let Some(machine) = Machine::of(oauth, target)? {
                client_credentials(manager, oauth, &machine, &http.url, target).await?;
                return Ok(());
            }
            let record = store.load(&store_key(&http.url)).ok().flatten();
            let why = match record.and_then(|r| r.refused) {
                Some(refused) => {
                    format!("the stored token expired and {refused} (revoked, or the grant ended)")
                }
                None => "the stored token expired and no refresh token was issued".to_string(),
            };
            Err(Error::login_required(http, why))
        }
        Err(err) => Err(oauth_error(
            target,
            format!("refreshing the stored token failed: {}", root_cause(&err)),
        )),
    }
}

/// Cached metadata is good for the resource rmcp would name on its own (the URL itself).
fn same_resource(record: &Record, url: &str) -> bool {
    record
        .resource
        .as_deref()
        .is_none_or(|r| r.trim_end_matches('/') == url.trim_end_matches('/'))
}

fn reason(record: Option<&Record>) -> String {
    match record {
        Some(Record {
            refused: Some(refused),
            ..
        }) => format!("{refused} (revoked, or the grant ended)"),
        _ => "no OAuth token is stored for it".to_string(),
    }
}

/// The scopes the stored login for the server was granted (none when nothing is stored).
pub(crate) fn granted_scopes(http: &HttpSpec, oauth: &OAuthSpec) -> Vec<String> {
    let stored = TokenStore::for_spec(oauth)
        .ok()
        .and_then(|store| store.load(&store_key(&http.url)).ok().flatten());
    stored
        .and_then(|record| record.credentials)
        .map(|credentials| credentials.granted_scopes)
        .unwrap_or_default()
}

/// The login error for a session that ended because its token could not be refreshed: the
/// authorization server refused the refresh (or the login was removed meanwhile).
pub(crate) fn ended_login(http: &HttpSpec, oauth: &OAuthSpec) -> Option<Error> {
    let store = TokenStore::for_spec(oauth).ok()?;
    match store.load(&store_key(&http.url)).ok()? {
        Some(record) if record.refused.is_none() => None,
        record => Some(Error::login_required(http, reason(record.as_ref()))),
    }
}

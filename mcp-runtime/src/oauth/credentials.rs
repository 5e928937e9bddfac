//! rmcp's credential store on our token file: what rmcp's refresh loads and saves.

use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use rmcp::transport::auth::{
    AuthError, CredentialRefreshGuard, CredentialStore, StoredCredentials,
};

use super::refresh_lock::{self, Handoff};
use super::store::{Record, TokenStore};

/// The credentials of one server in the token store: its login at one authorization server
/// when the issuer is known, else the login it uses now.
pub(crate) struct FileCredentials {
    store: TokenStore,
    url: String,
    issuer: Option<String>,
    /// One refresh at a time in this process: a refresh token may be good for one use only.
    /// (`refresh_lock.rs` adds the lock across processes.)
    refreshing: Arc<tokio::sync::Mutex<()>>,
    /// Where a refresh another process made is handed to this one's token request.
    handoff: Option<Handoff>,
    /// The credentials as last read, and the file's modification time then: every HTTP
    /// request asks for the token, and a `stat` is cheaper than reading and parsing the file.
    cache: Mutex<Option<(SystemTime, Option<StoredCredentials>)>>,
}

impl FileCredentials {
    pub(crate) fn new(store: TokenStore, url: &str) -> Self {
        let url = super::store::store_key(url);
        FileCredentials {
            issuer: None,
            handoff: None,
            refreshing: refresh_lock(&store, &url),
            store,
            url,
            cache: Mutex::default(),
        }
    }

    /// The login at the authorization server `issuer` (none named: the one in use).
    pub(crate) fn at_issuer(mut self, issuer: Option<&str>) -> Self {
        self.issuer = issuer.filter(|i| !i.is_empty()).map(str::to_string);
        self
    }

    /// Hands refreshes made by other processes to `handoff` (the OAuth HTTP client's).
    pub(crate) fn with_handoff(mut self, handoff: Handoff) -> Self {
        self.handoff = Some(handoff);
        self
    }

    fn record(&self) -> Result<Option<Record>, AuthError> {
        match &self.issuer {
            Some(issuer) => self.store.load_at(&self.url, issuer),
            None => self.store.load(&self.url),
        }
        .map_err(store_error)
    }

    fn update(&self, change: impl FnOnce(&mut Record)) -> Result<(), AuthError> {
        let mut record = self
            .record()?
            .unwrap_or_else(|| Record::new(&self.url, self.issuer.as_deref()));
        change(&mut record);
        self.store.save(&record).map_err(store_error)
    }
}

#[async_trait::async_trait]
impl CredentialStore for FileCredentials {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        let modified = std::fs::metadata(self.store.path(&self.url))
            .and_then(|m| m.modified())
            .ok();
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if let (Some(now), Some((seen, credentials))) = (modified, cache.as_ref())
            && now == *seen
        {
            return Ok(credentials.clone());
        }
        // A refused login stays on disk for `auth status` but is not used.
        let credentials = self
            .record()?
            .filter(|r| r.refused.is_none())
            .and_then(|r| r.credentials);
        *cache = modified.map(|m| (m, credentials.clone()));
        Ok(credentials)
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        self.update(|record| {
            record.credentials = Some(credentials);
            record.refused = None;
        })
    }

    async fn clear(&self) -> Result<(), AuthError> {
        // Only this authorization server's login: the server's others stay theirs.
        self.store
            .remove_login(&self.url, self.issuer.as_deref())
            .map_err(store_error)
    }

    async fn on_refresh_token_rejected(
        &self,
        _credentials: &StoredCredentials,
    ) -> Result<(), AuthError> {
        self.update(|record| {
            record.refused = Some("the authorization server refused the refresh token".into())
        })
    }

    async fn acquire_refresh_guard(&self) -> Result<Option<CredentialRefreshGuard>, AuthError> {
        // What this process decided to refresh from: the credentials it last read.
        let seen = self
            .cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .and_then(|(_, credentials)| credentials.clone());
        let guard = self.refreshing.clone().lock_owned().await;
        let lock_path = self.store.path(&self.url).with_extension("lock");
        let file = refresh_lock::lock(&lock_path).await.map_err(store_error)?;
        if let Some(handoff) = &self.handoff {
            let now = self.record()?.and_then(|r| r.credentials);
            if let Some(response) = refresh_lock::refreshed_elsewhere(seen.as_ref(), now.as_ref()) {
                handoff.offer(response);
            }
        }
        Ok(Some(CredentialRefreshGuard::new((guard, file))))
    }
}

fn store_error(err: std::io::Error) -> AuthError {
    AuthError::CredentialStoreError(err.to_string())
}

/// The one refresh lock of a token file in this process, shared by every client of the server
/// (a pool's sessions refresh one at a time and the later ones reuse the new token).
fn refresh_lock(store: &TokenStore, url: &str) -> Arc<tokio::sync::Mutex<()>> {
    use std::collections::HashMap;
    use std::path::PathBuf;
    use std::sync::{Mutex, OnceLock};
    static LOCKS: OnceLock<Mutex<HashMap<PathBuf, Arc<tokio::sync::Mutex<()>>>>> = OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    locks.entry(store.path(url)).or_default().clone()
}

/// An access token as the token endpoint issued it.
pub(crate) struct Issued<'a> {
    pub(crate) access_token: &'a str,
    /// `Bearer`, or `DPoP` for a token bound to the key of the request's proof.
    pub(crate) token_type: &'a str,
    pub(crate) expires_in: Option<u64>,
}

/// The credentials a grant with no refresh token keeps (cross-app access, workload identity):
/// the access token, its type, lifetime and scopes (sorted), and the issuer it is kept under.
/// The next grant presents the enterprise or workload token again instead of refreshing.
pub(crate) fn without_refresh(
    client_id: &str,
    issued: Issued<'_>,
    mut scopes: Vec<String>,
    issuer: Option<String>,
    target: &str,
) -> crate::Result<StoredCredentials> {
    scopes.sort();
    let (access_token, token_type) = (issued.access_token, issued.token_type);
    let mut response = serde_json::json!({"access_token": access_token, "token_type": token_type});
    if let Some(lifetime) = issued.expires_in {
        response["expires_in"] = lifetime.into();
    }
    if !scopes.is_empty() {
        response["scope"] = scopes.join(" ").into();
    }
    let token_response = serde_json::from_value(response).map_err(|e| {
        super::oauth_error(target, format!("the token is not a token response: {e}"))
    })?;
    let received = SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs())
        .ok();
    Ok(StoredCredentials::new(
        client_id.to_string(),
        Some(token_response),
        scopes,
        received,
    )
    .with_issuer(issuer))
}

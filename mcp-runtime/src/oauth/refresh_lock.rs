//! One refresh across processes. An agent app, its CLI and a build script share one token
//! file; a refresh token may be good for one use only, and a server may revoke the whole grant
//! when one is replayed. So a refresh holds an advisory lock on the token file's `.lock`
//! sibling (besides the in-process mutex), and a process that waited while another refreshed
//! does not refresh again: it hands rmcp the tokens now on disk, answering its token request
//! itself ([`Handoff`]), so exactly one refresh reaches the server.

use std::fs::{File, OpenOptions};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use rmcp::transport::auth::StoredCredentials;
use serde_json::Value;

/// The token response another process's refresh left on disk, for this process's pending
/// refresh request to be answered with (taken once).
#[derive(Clone, Default)]
pub(crate) struct Handoff(Arc<Mutex<Option<Value>>>);

impl Handoff {
    pub(crate) fn offer(&self, response: Value) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(response);
    }

    pub(crate) fn take(&self) -> Option<Value> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// Locks `lock_path` exclusively (creating it, mode 0600), waiting for another holder; the
/// lock lasts as long as the returned file is open.
pub(crate) async fn lock(lock_path: &Path) -> std::io::Result<File> {
    let path = lock_path.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options.open(&path)?;
        file.lock()?;
        Ok(file)
    })
    .await
    .map_err(std::io::Error::other)?
}

/// The access token of `credentials`, if any.
fn access_token(credentials: &StoredCredentials) -> Option<String> {
    let response = serde_json::to_value(credentials.token_response.as_ref()?).ok()?;
    response.get("access_token")?.as_str().map(str::to_string)
}

/// When the tokens on disk (`now`) are not the ones this process last saw (`seen`) and are
/// still good, another process refreshed them: their token response, with `expires_in` set to
/// what is left, to answer this process's refresh with.
pub(crate) fn refreshed_elsewhere(
    seen: Option<&StoredCredentials>,
    now: Option<&StoredCredentials>,
) -> Option<Value> {
    let (seen, now) = (seen?, now?);
    if access_token(seen)? == access_token(now)? {
        return None;
    }
    let mut response = serde_json::to_value(now.token_response.as_ref()?).ok()?;
    if let (Some(lifetime), Some(received)) = (
        response.get("expires_in").and_then(Value::as_u64),
        now.token_received_at,
    ) {
        let clock = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
        let left = (received + lifetime).saturating_sub(clock);
        // Nearly spent already: let this process refresh for real.
        if left < 30.min(lifetime / 2).max(1) {
            return None;
        }
        response["expires_in"] = Value::from(left);
    }
    Some(response)
}

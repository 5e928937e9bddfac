//! Progress of a long call (`notifications/progress`), delivered to the callback that asked for
//! it, and the cancellation a dropped call sends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rmcp::model::{CancelledNotificationParam, ProgressToken, RequestId};
use rmcp::{Peer, RoleClient};

/// One progress report from the server.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// How far along: grows with each report, in units the server chooses.
    pub progress: f64,
    /// The total, when the server knows it.
    pub total: Option<f64>,
    /// What it is doing, if it says.
    pub message: Option<String>,
}

/// A callback for a call's progress reports.
pub type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// Which callback each in-flight request's progress token goes to.
#[derive(Default, Clone)]
pub(crate) struct ProgressRoutes(Arc<Mutex<HashMap<ProgressToken, ProgressFn>>>);

impl ProgressRoutes {
    /// Routes `token` to `callback` until the returned guard is dropped.
    pub(crate) fn route(&self, token: ProgressToken, callback: ProgressFn) -> RouteGuard {
        self.lock().insert(token.clone(), callback);
        RouteGuard {
            routes: self.clone(),
            token,
        }
    }

    /// Hands a report to its callback; reports for no one (a finished call) are dropped.
    pub(crate) fn deliver(&self, token: &ProgressToken, progress: Progress) {
        let callback = self.lock().get(token).cloned();
        if let Some(callback) = callback {
            callback(progress);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<ProgressToken, ProgressFn>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Removes a progress route when the call ends, however it ends.
pub(crate) struct RouteGuard {
    routes: ProgressRoutes,
    token: ProgressToken,
}

impl Drop for RouteGuard {
    fn drop(&mut self) {
        self.routes.lock().remove(&self.token);
    }
}

/// Sends `notifications/cancelled` for a request whose caller stopped waiting (its future was
/// dropped or timed out), unless disarmed because the answer came.
pub(crate) struct CancelOnDrop {
    peer: Peer<RoleClient>,
    id: Option<RequestId>,
}

impl CancelOnDrop {
    pub(crate) fn new(peer: Peer<RoleClient>, id: RequestId) -> Self {
        CancelOnDrop { peer, id: Some(id) }
    }

    pub(crate) fn disarm(&mut self) {
        self.id = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let (Some(id), Ok(runtime)) = (self.id.take(), tokio::runtime::Handle::try_current())
        else {
            return;
        };
        let peer = self.peer.clone();
        let reason = Some("the caller stopped waiting".to_string());
        runtime.spawn(async move {
            let _ = peer
                .notify_cancelled(CancelledNotificationParam::new(Some(id), reason))
                .await;
        });
    }
}

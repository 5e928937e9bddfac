//! Where each managed server stands, and the stream of changes an app can watch.

use std::fmt;

use tokio::sync::{broadcast, watch};

/// Where a server stands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerStatus {
    /// No live session. `None`: disabled, not started yet, or shut down. `Some(reason)`: its
    /// connection ended (for a stdio server: how the process exited and its last stderr
    /// lines); the next call connects again.
    Disconnected(Option<String>),
    /// A connection attempt is under way: attempt `attempt` of `of`.
    Connecting {
        /// This attempt, from 1.
        attempt: u32,
        /// Attempts in all (the config's `retry.attempts`).
        of: u32,
    },
    /// At least one live session, and its tool list was read.
    Connected,
    /// Every attempt failed (to start, to complete the handshake, or to read the tool list);
    /// the reason names the command or URL and the cause. Calls fail at once with it until
    /// [`Manager::reconnect`](crate::host::manager::Manager::reconnect).
    Failed(String),
}

impl ServerStatus {
    /// True while an attempt is under way.
    pub fn is_connecting(&self) -> bool {
        matches!(self, ServerStatus::Connecting { .. })
    }
}

impl fmt::Display for ServerStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerStatus::Disconnected(None) => f.write_str("disconnected"),
            ServerStatus::Disconnected(Some(reason)) => write!(f, "disconnected: {reason}"),
            ServerStatus::Connecting { attempt, of } => {
                write!(f, "connecting (attempt {attempt} of {of})")
            }
            ServerStatus::Connected => f.write_str("connected"),
            ServerStatus::Failed(reason) => write!(f, "failed: {reason}"),
        }
    }
}

/// One server's new status, as [`Manager::status_changes`](crate::host::manager::Manager::status_changes)
/// reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    /// The server's name in the config.
    pub server: String,
    /// Its status from now on.
    pub status: ServerStatus,
}

/// A server's current status, readable at once and watchable; every change is also sent to
/// the manager-wide stream.
pub(super) struct StatusCell {
    server: String,
    current: watch::Sender<ServerStatus>,
    changes: broadcast::Sender<StatusChange>,
}

impl StatusCell {
    pub(super) fn new(server: String, changes: broadcast::Sender<StatusChange>) -> Self {
        StatusCell {
            server,
            current: watch::Sender::new(ServerStatus::Disconnected(None)),
            changes,
        }
    }

    pub(super) fn get(&self) -> ServerStatus {
        self.current.borrow().clone()
    }

    pub(super) fn watch(&self) -> watch::Receiver<ServerStatus> {
        self.current.subscribe()
    }

    /// Sets the status; watchers hear of it only when it differs from the last one.
    pub(super) fn set(&self, status: ServerStatus) {
        self.set_if(|_| true, status);
    }

    /// Sets `status` only if the current one passes `when` (checked and set at once, so a
    /// late report cannot overwrite a newer status).
    pub(super) fn set_if(&self, when: impl FnOnce(&ServerStatus) -> bool, status: ServerStatus) {
        let changed = self.current.send_if_modified(|now| {
            let applies = when(now) && *now != status;
            if applies {
                *now = status.clone();
            }
            applies
        });
        if changed {
            tracing::debug!(server = %self.server, %status, "status");
            // No receiver is fine: nobody is watching.
            let _ = self.changes.send(StatusChange {
                server: self.server.clone(),
                status,
            });
        }
    }
}

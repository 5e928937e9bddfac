//! Connecting in the background. Attempts (with backoff between them) run in a task of their
//! own and report each step as the server's status, so `Manager::start`, `reconnect` and calls
//! wait only as long as they choose — never connect timeout × attempts. Each session is watched:
//! when it ends, the status says so within a second.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::task::JoinHandle;

use super::ManagedServer;
use super::pool::Session;
use super::retry::backoff;
use super::status::ServerStatus;
use crate::host::config::Lifecycle;
use crate::{Client, Result};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl ManagedServer {
    /// True while background attempts run.
    pub(super) fn connecting(&self) -> bool {
        lock(&self.connector)
            .as_ref()
            .is_some_and(|task| !task.is_finished())
    }

    pub(super) fn take_connector(&self) -> Option<JoinHandle<()>> {
        lock(&self.connector).take()
    }

    /// Starts connecting in the background, unless attempts are already under way. A
    /// persistent server's new session replaces any it had.
    pub(in crate::host) fn begin_connecting(&self) {
        let mut slot = lock(&self.connector);
        if slot.as_ref().is_some_and(|task| !task.is_finished()) {
            return;
        }
        let Some(me) = self.me.upgrade() else {
            return;
        };
        let of = self.config.retry.attempts.max(1);
        // Set before the task runs, so whoever looks right after sees the attempt.
        self.status.set(ServerStatus::Connecting { attempt: 1, of });
        *slot = Some(tokio::spawn(me.run_attempts(of)));
    }

    /// Waits until no attempt is under way, at most `limit`, and returns the status then.
    pub(in crate::host) async fn settled(&self, limit: Duration) -> ServerStatus {
        let mut watch = self.status.watch();
        let _ = tokio::time::timeout(limit, watch.wait_for(|s| !s.is_connecting())).await;
        self.status()
    }

    async fn run_attempts(self: Arc<Self>, of: u32) {
        let mut attempt = 1;
        loop {
            self.status.set(ServerStatus::Connecting { attempt, of });
            let err = match self.attempt().await {
                Ok(()) => return self.status.set(ServerStatus::Connected),
                Err(err) => err,
            };
            if attempt >= of {
                tracing::warn!(server = %self.config.name, "could not connect: {err}");
                return self.status.set(ServerStatus::Failed(err.to_string()));
            }
            let wait = backoff(&self.config.retry, attempt - 1);
            tracing::debug!(server = %self.config.name, attempt, ?wait, "connect failed, retrying: {err}");
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    /// One attempt: a session and its tool list. A server whose tool list cannot be read has
    /// failed, not connected. A per-call server's session is let go once it has proved itself.
    /// A session opened on its snapshot's word that the server then contradicted (it changed
    /// since) is opened again at once, discovering afresh.
    pub(super) async fn attempt(&self) -> Result<()> {
        match self.attempt_once().await {
            Err(err) if self.changed_since_snapshot() => {
                tracing::info!(server = %self.config.name, "the server changed since its snapshot ({err}); connecting again");
                self.attempt_once().await
            }
            other => other,
        }
    }

    /// True once, when the server has just contradicted its snapshot's discovery result.
    fn changed_since_snapshot(&self) -> bool {
        let known = self.options.known_discovery.as_ref();
        known.is_some_and(|known| known.take_stale_news())
    }

    async fn attempt_once(&self) -> Result<()> {
        let client = Client::connect_with(self.config.spec.clone(), self.options.clone()).await?;
        let seen = client.tools_changed_count();
        let tools = match client.list_tools_with_ttl().await {
            Ok(tools) => tools,
            Err(err) => {
                client.close().await;
                return Err(err);
            }
        };
        self.store_tools(tools, seen);
        match self.config.lifecycle {
            Lifecycle::PerCall => client.close().await,
            Lifecycle::Persistent => self.adopt_first(Session::new(client)).await,
        }
        Ok(())
    }

    /// Makes `first` the server's session (earlier ones are closed), then opens the rest of
    /// the pool's minimum; those are a bonus, so failing to open them is only logged.
    async fn adopt_first(&self, first: Arc<Session>) {
        let old = std::mem::take(&mut *self.sessions.write().await);
        self.adopt(first).await;
        for session in old {
            tokio::spawn(async move { session.client.close().await });
        }
        for _ in 1..self.config.pool.min {
            match Client::connect_with(self.config.spec.clone(), self.options.clone()).await {
                Ok(client) => self.adopt(Session::new(client)).await,
                Err(err) => {
                    tracing::warn!(server = %self.config.name, "could not open another pooled session: {err}");
                    break;
                }
            }
        }
    }

    /// Adds a live session and watches it: when it ends, it leaves the pool, and the last one
    /// to go turns the status to `Disconnected` with the reason.
    pub(super) async fn adopt(&self, session: Arc<Session>) {
        self.sessions.write().await.push(session.clone());
        let ended = session.client.closed();
        let (server, session) = (self.me.clone(), Arc::downgrade(&session));
        tokio::spawn(async move {
            ended.await;
            if let (Some(server), Some(session)) = (server.upgrade(), session.upgrade()) {
                server.session_ended(&session).await;
            }
        });
    }

    async fn session_ended(&self, ended: &Arc<Session>) {
        let reason = ended.client.end_reason().await.to_string();
        let live = {
            let mut sessions = self.sessions.write().await;
            // Absent: closed on purpose (shutdown, replaced); nothing to report.
            let Some(at) = sessions.iter().position(|s| Arc::ptr_eq(s, ended)) else {
                return;
            };
            sessions.remove(at);
            sessions.iter().any(|s| s.client.is_open())
        };
        tracing::info!(server = %self.config.name, "session ended: {reason}");
        if !live && self.changed_since_snapshot() {
            tracing::info!(server = %self.config.name, "the server changed since its snapshot; connecting again");
            return self.begin_connecting();
        }
        if !live {
            self.status.set_if(
                |now| *now == ServerStatus::Connected,
                ServerStatus::Disconnected(Some(reason)),
            );
        }
    }
}

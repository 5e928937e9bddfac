//! One configured server: its sessions, its cached tool list and its status; respawned when
//! it dies, with calls replayed only when the tool says that is safe.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use super::config::{Lifecycle, ServerConfig};
use super::pool::{self, PoolStats, Session};
use super::retry::connect_with_retry;
use crate::model::Tool;
use crate::{Client, ConnectOptions, Error, Result, ToolOutput};

/// Where a server stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerStatus {
    /// Not connected (disabled, not started yet, or shut down).
    Disconnected,
    /// A connection attempt is under way.
    Connecting,
    /// At least one live session.
    Connected,
    /// The last connection attempt failed; the reason names the command or URL.
    Failed(String),
}

/// One configured server: its sessions, cached tool list and status.
pub struct ManagedServer {
    config: ServerConfig,
    options: ConnectOptions,
    sessions: tokio::sync::RwLock<Vec<Arc<Session>>>,
    /// Serialises opening sessions so a burst of calls does not open `max` at once by accident.
    opening: tokio::sync::Mutex<()>,
    status: Mutex<ServerStatus>,
    tools: Mutex<Option<CachedTools>>,
    calls: AtomicU64,
    errors: AtomicU64,
}

struct CachedTools {
    tools: Arc<Vec<Tool>>,
    /// `tools/list_changed` count of the session the list came from, when it was fetched.
    seen_changes: u64,
}

impl ManagedServer {
    pub(super) fn new(config: ServerConfig, mut options: ConnectOptions) -> Self {
        if let Some(timeout) = config.timeout {
            options.call_timeout = timeout;
        }
        if let Some(timeout) = config.connect_timeout {
            options.connect_timeout = timeout;
        }
        ManagedServer {
            config,
            options,
            sessions: tokio::sync::RwLock::new(Vec::new()),
            opening: tokio::sync::Mutex::new(()),
            status: Mutex::new(ServerStatus::Disconnected),
            tools: Mutex::new(None),
            calls: AtomicU64::new(0),
            errors: AtomicU64::new(0),
        }
    }

    /// Its config entry.
    pub fn config(&self) -> &ServerConfig {
        &self.config
    }

    /// Its current status.
    pub fn status(&self) -> ServerStatus {
        self.status
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn set_status(&self, status: ServerStatus) {
        *self.status.lock().unwrap_or_else(|p| p.into_inner()) = status;
    }

    /// Session counters.
    pub async fn stats(&self) -> PoolStats {
        let sessions = self.sessions.read().await;
        pool::stats(
            &sessions,
            self.calls.load(Ordering::Relaxed),
            self.errors.load(Ordering::Relaxed),
        )
    }

    async fn open_session(&self) -> Result<Arc<Session>> {
        let client =
            connect_with_retry(&self.config.spec, &self.options, &self.config.retry).await?;
        Ok(Session::new(client))
    }

    /// Opens the pool's minimum of sessions (persistent servers) and loads the tool list.
    pub(super) async fn start(&self) -> Result<()> {
        if self.config.lifecycle == Lifecycle::PerCall {
            // Prove the server starts, read its tools, and let the session go.
            self.set_status(ServerStatus::Connecting);
            let session = self
                .open_session()
                .await
                .inspect_err(|e| self.set_status(ServerStatus::Failed(e.to_string())))?;
            let tools = session.client.list_tools().await;
            session.client.close().await;
            self.store_tools(tools?, 0);
            self.set_status(ServerStatus::Connected);
            return Ok(());
        }
        self.set_status(ServerStatus::Connecting);
        let _opening = self.opening.lock().await;
        let mut opened = Vec::new();
        for _ in 0..self.config.pool.min.max(1) {
            match self.open_session().await {
                Ok(session) => opened.push(session),
                Err(err) => {
                    self.set_status(ServerStatus::Failed(err.to_string()));
                    return Err(err);
                }
            }
        }
        let first = opened[0].clone();
        *self.sessions.write().await = opened;
        self.set_status(ServerStatus::Connected);
        self.refresh_tools(&first.client).await?;
        Ok(())
    }

    fn store_tools(&self, mut tools: Vec<Tool>, seen_changes: u64) -> Arc<Vec<Tool>> {
        tools.retain(|t| self.config.tools.allows(&t.name));
        let tools = Arc::new(tools);
        *self.tools.lock().unwrap_or_else(|p| p.into_inner()) = Some(CachedTools {
            tools: tools.clone(),
            seen_changes,
        });
        tools
    }

    async fn refresh_tools(&self, client: &Client) -> Result<Arc<Vec<Tool>>> {
        let seen = client.tools_changed_count();
        let tools = client.list_tools().await?;
        Ok(self.store_tools(tools, seen))
    }

    /// The server's tools after the config's allow/deny filter. Cached; refreshed after the
    /// server sends `notifications/tools/list_changed` or is respawned.
    pub async fn tools(&self) -> Result<Arc<Vec<Tool>>> {
        let cached = self
            .tools
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| (c.tools.clone(), c.seen_changes));
        if self.config.lifecycle == Lifecycle::PerCall {
            if let Some((tools, _)) = cached {
                return Ok(tools);
            }
            self.start().await?;
            return self.cached_tools();
        }
        let session = self.acquire().await?;
        match cached {
            Some((tools, seen)) if seen == session.client.tools_changed_count() => Ok(tools),
            _ => self.refresh_tools(&session.client).await,
        }
    }

    fn cached_tools(&self) -> Result<Arc<Vec<Tool>>> {
        Ok(self
            .tools
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| c.tools.clone())
            .unwrap_or_default())
    }

    /// The least busy live session; a new one when all are busy and the pool may grow, or
    /// when none is left (the server died: it is respawned and its tools re-read).
    async fn acquire(&self) -> Result<Arc<Session>> {
        {
            let sessions = self.sessions.read().await;
            if let Some(best) = pool::ready(&sessions, self.config.pool.max) {
                return Ok(best);
            }
        }
        let _opening = self.opening.lock().await;
        let mut sessions = self.sessions.write().await;
        sessions.retain(|s| s.client.is_open());
        let respawn = sessions.is_empty();
        if let Some(best) = pool::ready(&sessions, self.config.pool.max) {
            return Ok(best);
        }
        if respawn {
            self.set_status(ServerStatus::Connecting);
        }
        // A new session must open within the acquire timeout; otherwise share a busy one.
        let opened =
            match tokio::time::timeout(self.config.pool.acquire_timeout, self.open_session()).await
            {
                Ok(result) => result,
                Err(_) => Err(Error::Timeout {
                    operation: format!("opening a session of server `{}`", self.config.name),
                    duration: self.config.pool.acquire_timeout,
                    hint: "pool.acquire_timeout_ms in the config",
                }),
            };
        match opened {
            Ok(session) => {
                sessions.push(session.clone());
                drop(sessions);
                self.set_status(ServerStatus::Connected);
                if respawn {
                    tracing::info!(server = %self.config.name, "server (re)started; refreshing its tools");
                    self.refresh_tools(&session.client).await?;
                }
                Ok(session)
            }
            Err(err) => {
                let fallback = pool::least_busy(&sessions).cloned();
                match fallback {
                    Some(session) => Ok(session),
                    None => {
                        self.set_status(ServerStatus::Failed(err.to_string()));
                        Err(err)
                    }
                }
            }
        }
    }

    /// Calls `tool`. After a transport failure the call is retried once on a new session, but
    /// only when the tool says it is safe to repeat (`idempotentHint` or `readOnlyHint`); a
    /// destructive call is never replayed.
    pub async fn call_tool(&self, tool: &str, arguments: Value) -> Result<ToolOutput> {
        if !self.config.tools.allows(tool) {
            return Err(Error::ToolHidden {
                server: self.config.name.clone(),
                tool: tool.to_string(),
            });
        }
        self.calls.fetch_add(1, Ordering::Relaxed);
        let result = match self.config.lifecycle {
            Lifecycle::PerCall => self.call_fresh(tool, arguments).await,
            Lifecycle::Persistent => {
                let first = self.call_once(tool, arguments.clone()).await;
                match first {
                    Err(err)
                        if matches!(err, Error::TransportClosed { .. })
                            && self.safe_to_repeat(tool) =>
                    {
                        tracing::info!(server = %self.config.name, tool, "transport failed; retrying the idempotent call");
                        self.call_once(tool, arguments).await
                    }
                    other => other,
                }
            }
        };
        if result.is_err() {
            self.errors.fetch_add(1, Ordering::Relaxed);
        }
        result
    }

    async fn call_once(&self, tool: &str, arguments: Value) -> Result<ToolOutput> {
        self.acquire().await?.call(tool, arguments).await
    }

    async fn call_fresh(&self, tool: &str, arguments: Value) -> Result<ToolOutput> {
        let session = self.open_session().await?;
        let result = session.client.call_tool(tool, arguments).await;
        session.client.close().await;
        result
    }

    fn safe_to_repeat(&self, tool: &str) -> bool {
        let cached = self
            .tools
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| c.tools.clone());
        cached.is_some_and(|tools| {
            tools.iter().any(|t| {
                t.name == tool
                    && t.annotations.as_ref().is_some_and(|a| {
                        a.idempotent_hint == Some(true) || a.read_only_hint == Some(true)
                    })
            })
        })
    }

    /// Closes every session (ending stdio servers).
    pub async fn shutdown(&self) {
        let sessions = std::mem::take(&mut *self.sessions.write().await);
        for session in sessions {
            session.client.close().await;
        }
        self.set_status(ServerStatus::Disconnected);
    }

    /// The process ids of its stdio sessions (for supervision and tests).
    pub async fn pids(&self) -> Vec<u32> {
        self.sessions
            .read()
            .await
            .iter()
            .filter_map(|s| s.client.pid())
            .collect()
    }
}

//! Calls on a managed server. Every call has one deadline, its call timeout: waiting for a
//! session (a respawn, a connection still under way) counts against it, and a server that has
//! failed with no attempt under way fails the call at once with the reason. A call is replayed
//! after a transport failure only when the tool says repeating it is safe.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde_json::Value;
use tokio::time::Instant;

use super::ManagedServer;
use super::pool::{self, Session};
use super::status::ServerStatus;
use crate::host::config::Lifecycle;
use crate::model::{Prompt, Tool};
use crate::prompts::PromptOutput;
use crate::{Client, Error, Result, ToolOutput};

impl ManagedServer {
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
        if self.config.pin.is_some() {
            self.approved(tool).await?;
        }
        self.calls.fetch_add(1, Ordering::Relaxed);
        let deadline = Instant::now() + self.options.call_timeout;
        let result = match self.config.lifecycle {
            Lifecycle::PerCall => self.call_fresh(tool, arguments, deadline).await,
            Lifecycle::Persistent => {
                match self.call_once(tool, arguments.clone(), deadline).await {
                    Err(Error::TaskInterrupted { task, source, .. }) => {
                        tracing::info!(server = %self.config.name, tool, task, "transport failed mid-task; following the task on a new session");
                        self.resume_task(tool, &task, deadline).await.map_err(|err| {
                            tracing::warn!(server = %self.config.name, tool, task, "could not resume the task: {err}");
                            *source
                        })
                    }
                    Err(Error::TransportClosed { .. }) if self.safe_to_repeat(tool) => {
                        tracing::info!(server = %self.config.name, tool, "transport failed; retrying the idempotent call");
                        self.call_once(tool, arguments, deadline).await
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

    /// With a pinned snapshot: `Ok` when `tool` is offered, else why not, naming the command
    /// that re-approves it. Judged on the current (cached) listing.
    async fn approved(&self, tool: &str) -> Result<()> {
        let Some(pin) = &self.config.pin else {
            return Ok(());
        };
        let offered = self.tools().await?;
        if offered.iter().any(|t| t.name == tool) {
            return Ok(());
        }
        let reason = match self.withheld().get(tool) {
            Some(why) => why.reason(),
            None if pin.approved.tool(tool).is_some() => {
                "the server no longer lists it".to_string()
            }
            None => "it is not in the approved snapshot".to_string(),
        };
        Err(Error::NotApproved {
            server: self.config.name.clone(),
            tool: tool.to_string(),
            reason,
            approve: pin.approve_command.clone(),
        })
    }

    /// The server's tools after the config's allow/deny filter. Cached; refreshed after the
    /// server sends `notifications/tools/list_changed`, is respawned, or — when it gave a
    /// `ttlMs` (2026-07-28) — once that has run out. With a pinned snapshot (`"snapshot"` in
    /// the config) these are the snapshot's objects of the approved, unchanged tools: see
    /// [`ManagedServer::withheld`] for the others.
    pub async fn tools(&self) -> Result<Arc<Vec<Tool>>> {
        let deadline = Instant::now() + self.options.call_timeout;
        let cached = self.fresh();
        if self.config.lifecycle == Lifecycle::PerCall {
            if let Some((tools, _)) = cached {
                return Ok(tools);
            }
            match self.cached() {
                // Stale: a new session lists them again.
                Some(_) => self.attempt().await?,
                None => self.connected_by(deadline).await?,
            }
            return Ok(self.cached().map(|(tools, _)| tools).unwrap_or_default());
        }
        let session = self.acquire(deadline).await?;
        match cached {
            Some((tools, seen)) if seen == session.client.tools_changed_count() => Ok(tools),
            _ => self.refresh_tools(&session.client).await,
        }
    }

    /// The server's prompts (an empty list when it offers none), on a live session.
    pub async fn prompts(&self) -> Result<Vec<Prompt>> {
        let deadline = Instant::now() + self.options.call_timeout;
        let session = self.acquire(deadline).await?;
        if session.client.peer_info().capabilities.prompts.is_none() {
            return Ok(Vec::new());
        }
        session.client.list_prompts().await
    }

    /// Renders prompt `name` with `arguments` (an object of strings) on a live session.
    pub async fn get_prompt(&self, name: &str, arguments: Value) -> Result<PromptOutput> {
        let deadline = Instant::now() + self.options.call_timeout;
        let session = self.acquire(deadline).await?;
        session.client.get_prompt(name, arguments).await
    }

    async fn call_once(
        &self,
        tool: &str,
        arguments: Value,
        deadline: Instant,
    ) -> Result<ToolOutput> {
        let session = self.acquire(deadline).await?;
        session.call(tool, arguments, self.left(deadline)?).await
    }

    /// The task a call became, followed on a live session (a respawn, when the old one died):
    /// work the server keeps across sessions is not done twice.
    async fn resume_task(&self, tool: &str, task: &str, deadline: Instant) -> Result<ToolOutput> {
        let session = self.acquire(deadline).await?;
        let left = self.left(deadline)?;
        session
            .client
            .task_of(tool, task)
            .with_timeout(left)
            .result()
            .await
    }

    async fn call_fresh(
        &self,
        tool: &str,
        arguments: Value,
        deadline: Instant,
    ) -> Result<ToolOutput> {
        let connect = Client::connect_with(self.config.spec.clone(), self.options.clone());
        let client = match tokio::time::timeout_at(deadline, connect).await {
            Ok(Ok(client)) => client,
            Ok(Err(err)) => {
                self.status.set(ServerStatus::Failed(err.to_string()));
                return Err(err);
            }
            Err(_) => return Err(self.waited_too_long()),
        };
        self.status.set(ServerStatus::Connected);
        let result = match self.left(deadline) {
            Ok(left) => client.call_tool(tool, arguments).with_timeout(left).await,
            Err(err) => Err(err),
        };
        client.close().await;
        result
    }

    /// The least busy live session; a new one when all are busy and the pool may grow; when
    /// none is alive, the one a (re)connection brings by `deadline`.
    async fn acquire(&self, deadline: Instant) -> Result<Arc<Session>> {
        {
            let sessions = self.sessions.read().await;
            if let Some(best) = pool::ready(&sessions, self.config.pool.max) {
                return Ok(best);
            }
            if pool::least_busy(&sessions).is_some() {
                drop(sessions);
                return self.grow().await;
            }
        }
        self.connected_by(deadline).await?;
        let sessions = self.sessions.read().await;
        pool::least_busy(&sessions)
            .cloned()
            .ok_or_else(|| self.unavailable("its new session ended at once".into()))
    }

    /// Every session is busy and the pool may grow: a new session if it opens within the
    /// acquire timeout, otherwise the least busy one.
    async fn grow(&self) -> Result<Arc<Session>> {
        let _opening = self.opening.lock().await;
        if let Some(best) = pool::ready(&self.sessions.read().await, self.config.pool.max) {
            return Ok(best);
        }
        let connect = Client::connect_with(self.config.spec.clone(), self.options.clone());
        match tokio::time::timeout(self.config.pool.acquire_timeout, connect).await {
            Ok(Ok(client)) => {
                let session = Session::new(client);
                self.adopt(session.clone()).await;
                return Ok(session);
            }
            Ok(Err(err)) => {
                tracing::warn!(server = %self.config.name, "could not grow the pool: {err}")
            }
            Err(_) => {
                tracing::debug!(server = %self.config.name, "no new session within the acquire timeout; sharing a busy one")
            }
        }
        let sessions = self.sessions.read().await;
        pool::least_busy(&sessions)
            .cloned()
            .ok_or_else(|| self.unavailable("its last session ended".into()))
    }

    /// Waits, at most until `deadline`, for the server to connect: starts an attempt when none
    /// is under way, except after a failure, which is reported at once.
    async fn connected_by(&self, deadline: Instant) -> Result<()> {
        match self.status() {
            ServerStatus::Failed(reason) if !self.connecting() => {
                return Err(self.unavailable(reason));
            }
            _ => self.begin_connecting(),
        }
        let mut watch = self.status.watch();
        let settled = tokio::time::timeout_at(deadline, watch.wait_for(|s| !s.is_connecting()));
        let status = match settled.await {
            Ok(Ok(status)) => status.clone(),
            Ok(Err(_)) => self.status(),
            Err(_) => return Err(self.waited_too_long()),
        };
        match status {
            ServerStatus::Connected => Ok(()),
            ServerStatus::Failed(reason) => Err(self.unavailable(reason)),
            other => Err(self.unavailable(other.to_string())),
        }
    }

    /// The time left before `deadline`, or the timeout error when none is.
    fn left(&self, deadline: Instant) -> Result<std::time::Duration> {
        match deadline.checked_duration_since(Instant::now()) {
            Some(left) if !left.is_zero() => Ok(left),
            _ => Err(self.waited_too_long()),
        }
    }

    fn waited_too_long(&self) -> Error {
        Error::Timeout {
            operation: format!(
                "waiting for MCP server `{}` ({})",
                self.config.name,
                self.status()
            ),
            duration: self.options.call_timeout,
            hint: "the server's `timeout` in the config or ConnectOptions::call_timeout",
        }
    }

    fn unavailable(&self, reason: String) -> Error {
        Error::ServerUnavailable {
            server: self.config.name.clone(),
            reason,
        }
    }

    fn safe_to_repeat(&self, tool: &str) -> bool {
        self.cached().is_some_and(|(tools, _)| {
            tools.iter().any(|t| {
                t.name == tool
                    && t.annotations.as_ref().is_some_and(|a| {
                        a.idempotent_hint == Some(true) || a.read_only_hint == Some(true)
                    })
            })
        })
    }
}

//! Many servers from one config: connected concurrently, each isolated from the others'
//! failures, reconnected on demand, optionally pooled.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::sync::broadcast;

use super::config::{Config, ConnectWhen};
pub use super::server::{ManagedServer, PoolStats, ServerStatus, StatusChange};
use crate::{ConnectOptions, Error, Result, ToolOutput};

/// How long past its connect timeout `start` and `reconnect` wait for a server's first attempt
/// to settle (reading its tool list, a quick retry).
const SETTLE_GRACE: Duration = Duration::from_millis(500);

/// Waits until `server` has no attempt under way, at most its connect timeout and a grace.
async fn settle(server: Arc<ManagedServer>) {
    let limit = server.options().connect_timeout + SETTLE_GRACE;
    server.settled(limit).await;
}

/// Every server of a config.
pub struct Manager {
    servers: BTreeMap<String, Arc<ManagedServer>>,
    changes: broadcast::Sender<StatusChange>,
    warnings: Vec<String>,
}

impl Manager {
    /// Servers from `config` (disabled ones included, as `Disconnected`), not yet connected.
    pub fn new(config: Config, options: ConnectOptions) -> Manager {
        let (changes, _) = broadcast::channel(256);
        let servers = config
            .servers
            .into_values()
            .map(|server| {
                let name = server.name.clone();
                (
                    name,
                    ManagedServer::new(server, options.clone(), changes.clone()),
                )
            })
            .collect();
        Manager {
            servers,
            changes,
            warnings: config.warnings,
        }
    }

    /// Servers from `config`, every enabled one connecting in the background (but for those
    /// whose entry says `"connect": "on-first-call"`). Returns at once, whatever the servers
    /// do: a server with a snapshot offers its approved tools at once
    /// ([`ManagedServer::known_tools`]); one without joins a registry built now once it has
    /// connected ([`Registry::from_manager`](crate::host::registry::Registry::from_manager));
    /// a call waits for its server within its call timeout; statuses say where each server
    /// is, and [`Manager::status_changes`] tells each change.
    pub async fn start(config: Config, options: ConnectOptions) -> Manager {
        let manager = Manager::new(config, options);
        manager.begin(|s| s.config().connect == ConnectWhen::AtStart);
        manager
    }

    /// [`Manager::new`] then [`Manager::connect_all`]: for apps and scripts that want every
    /// server's live listing before they go on, at the cost of waiting for the slowest (about
    /// one connect timeout at most).
    pub async fn start_settled(config: Config, options: ConnectOptions) -> Manager {
        let manager = Manager::new(config, options);
        manager.connect_all().await;
        manager
    }

    /// Connects every enabled server concurrently — but for those whose entry says
    /// `"connect": "on-first-call"` — and returns once every server without a snapshot has
    /// settled, within about one connect timeout (the longest of theirs). A server with a
    /// snapshot is not waited for: its approved tools are offered at once
    /// ([`ManagedServer::known_tools`]) while it connects, so with every entry pinned this
    /// returns at once. A server whose first attempt has not settled goes on retrying in the
    /// background as `Connecting { attempt, of }`; one whose every attempt failed is `Failed`.
    /// No server holds up another.
    pub async fn connect_all(&self) {
        self.connect_where(|s| s.config().connect == ConnectWhen::AtStart)
            .await;
    }

    /// Starts connecting the enabled servers `pick` chooses; returns at once.
    fn begin(&self, pick: impl Fn(&ManagedServer) -> bool) {
        let chosen = self
            .servers
            .values()
            .filter(|s| !s.config().disabled && pick(s));
        chosen.for_each(|server| server.begin_connecting());
    }

    /// Reconnects servers — only the `Failed` ones, or every enabled one — under the same
    /// rule as [`Manager::connect_all`].
    pub async fn reconnect(&self, failed_only: bool) {
        self.connect_where(|s| !failed_only || matches!(s.status(), ServerStatus::Failed(_)))
            .await;
    }

    async fn connect_where(&self, pick: impl Fn(&ManagedServer) -> bool) {
        let mut waits = tokio::task::JoinSet::new();
        for server in self
            .servers
            .values()
            .filter(|s| !s.config().disabled && pick(s))
        {
            server.begin_connecting();
            if server.config().pin.is_none() {
                waits.spawn(settle(server.clone()));
            }
        }
        while waits.join_next().await.is_some() {}
    }

    /// Waits until no server has an attempt under way (each within about its connect
    /// timeout), pinned ones included: for apps that want live listings rather than the
    /// snapshots' (a pinned server's withheld and new tools are judged once it lists).
    pub async fn settled(&self) {
        let mut waits = tokio::task::JoinSet::new();
        for server in self.servers.values() {
            waits.spawn(settle(server.clone()));
        }
        while waits.join_next().await.is_some() {}
    }

    /// Every status change of every server from now on, in order per server. A receiver that
    /// falls more than 256 changes behind gets `Lagged` and can re-read [`Manager::status`].
    pub fn status_changes(&self) -> broadcast::Receiver<StatusChange> {
        self.changes.subscribe()
    }

    /// Status of every server.
    pub fn status(&self) -> BTreeMap<String, ServerStatus> {
        self.servers
            .iter()
            .map(|(name, s)| (name.clone(), s.status()))
            .collect()
    }

    /// Names of the servers with a live session (status `Connected`).
    pub fn connected_servers(&self) -> Vec<String> {
        self.servers
            .iter()
            .filter(|(_, s)| s.status() == ServerStatus::Connected)
            .map(|(n, _)| n.clone())
            .collect()
    }

    /// One server.
    pub fn server(&self, name: &str) -> Option<&Arc<ManagedServer>> {
        self.servers.get(name)
    }

    /// All servers by name.
    pub fn servers(&self) -> &BTreeMap<String, Arc<ManagedServer>> {
        &self.servers
    }

    /// The config's warnings (skipped entries).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Calls `tool` on `server`.
    pub async fn call_tool(
        &self,
        server: &str,
        tool: &str,
        arguments: Value,
    ) -> Result<ToolOutput> {
        match self.servers.get(server) {
            Some(s) if !s.config().disabled => s.call_tool(tool, arguments).await,
            Some(_) => Err(Error::ServerDisabled {
                server: server.to_string(),
            }),
            None => Err(Error::UnknownServer {
                server: server.to_string(),
                configured: self.servers.keys().cloned().collect(),
            }),
        }
    }

    /// Ends every session of every server.
    pub async fn shutdown(&self) {
        let mut tasks = tokio::task::JoinSet::new();
        for server in self.servers.values() {
            let server = server.clone();
            tasks.spawn(async move { server.shutdown().await });
        }
        while tasks.join_next().await.is_some() {}
    }
}

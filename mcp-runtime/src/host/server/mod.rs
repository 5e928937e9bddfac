//! One configured server: its sessions (`pool.rs`), its cached tool list and its status
//! (`status.rs`). Connecting runs in the background with backoff (`connect.rs`, `retry.rs`) so
//! nobody waits for more than one timeout; calls pick a session and respawn a dead server
//! (`call.rs`).

mod call;
mod connect;
pub(crate) mod pool;
mod retry;
mod status;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Instant;

use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

use crate::client::ListedTools;
use crate::client::known_discovery::KnownDiscovery;
use crate::host::config::{Pin, ServerConfig, ToolFilter};
use crate::model::Tool;
use crate::schema::Withheld;
use crate::{Client, ConnectOptions, Result};
pub use pool::PoolStats;
use pool::Session;
use status::StatusCell;
pub use status::{ServerStatus, StatusChange};

/// One configured server: its sessions, cached tool list and status.
pub struct ManagedServer {
    /// Itself, for the background tasks it starts (they must not keep it alive).
    me: Weak<ManagedServer>,
    config: ServerConfig,
    options: ConnectOptions,
    sessions: tokio::sync::RwLock<Vec<Arc<Session>>>,
    /// Serialises growing the pool so a burst of calls does not open `max` sessions at once.
    opening: tokio::sync::Mutex<()>,
    status: StatusCell,
    /// The background connection attempts, while they run.
    connector: Mutex<Option<JoinHandle<()>>>,
    tools: Mutex<Option<CachedTools>>,
    calls: AtomicU64,
    errors: AtomicU64,
}

/// A pinned server's tools before its first listing: the snapshot's approved objects as a
/// model is offered them — without `outputSchema`, often most of a snapshot's bytes (6 of
/// 7.6 MB for one OpenAPI server), which no definition carries. Stale at once and from no
/// session, so the first session lists the server's own.
fn from_snapshot(pin: &Pin, filter: &ToolFilter) -> CachedTools {
    use serde::Deserialize as _;
    let tools = pin
        .approved
        .names()
        .filter(|name| filter.allows(name))
        .filter_map(|name| Tool::deserialize(pin.approved.tool_for_model(name)?).ok())
        .collect();
    CachedTools {
        tools: Arc::new(tools),
        withheld: Arc::default(),
        seen_changes: u64::MAX,
        fresh_until: Some(Instant::now()),
    }
}

struct CachedTools {
    tools: Arc<Vec<Tool>>,
    /// With a pinned snapshot: the live tools not offered, and why.
    withheld: Arc<BTreeMap<String, Withheld>>,
    /// `tools/list_changed` count of the session the list came from, when it was fetched.
    seen_changes: u64,
    /// Until when the server said the list stays fresh (`ttlMs`, 2026-07-28; `0` means
    /// stale at once); `None` when it did not say, and then only `list_changed` ends it.
    fresh_until: Option<Instant>,
}

impl ManagedServer {
    pub(super) fn new(
        config: ServerConfig,
        mut options: ConnectOptions,
        changes: broadcast::Sender<StatusChange>,
    ) -> Arc<Self> {
        if let Some(timeout) = config.timeout {
            options.call_timeout = timeout;
        }
        if let Some(timeout) = config.connect_timeout {
            options.connect_timeout = timeout;
        }
        let seeded = config
            .pin
            .as_ref()
            .map(|pin| from_snapshot(pin, &config.tools));
        // Shared by every connect of the server: once stale, stale for all.
        let handshake = config.pin.as_ref().and_then(|pin| pin.approved.handshake());
        options.known_discovery = handshake.and_then(KnownDiscovery::from_handshake);
        Arc::new_cyclic(|me| ManagedServer {
            me: me.clone(),
            status: StatusCell::new(config.name.clone(), changes),
            config,
            options,
            sessions: tokio::sync::RwLock::new(Vec::new()),
            opening: tokio::sync::Mutex::new(()),
            connector: Mutex::new(None),
            tools: Mutex::new(seeded),
            calls: AtomicU64::new(0),
            errors: AtomicU64::new(0),
        })
    }

    /// Its config entry.
    pub fn config(&self) -> &ServerConfig {
        &self.config
    }

    /// The options its sessions connect with (the config's timeouts applied).
    pub fn options(&self) -> &ConnectOptions {
        &self.options
    }

    /// Its current status.
    pub fn status(&self) -> ServerStatus {
        self.status.get()
    }

    /// Its status now and every later change (`changed().await`, then `borrow()`).
    pub fn watch_status(&self) -> watch::Receiver<ServerStatus> {
        self.status.watch()
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

    fn store_tools(&self, listed: ListedTools, seen_changes: u64) -> Arc<Vec<Tool>> {
        let (mut tools, ttl) = listed;
        tools.retain(|t| self.config.tools.allows(&t.name));
        let (tools, withheld) = self.pinned(tools);
        let tools = Arc::new(tools);
        *self.tools.lock().unwrap_or_else(|p| p.into_inner()) = Some(CachedTools {
            withheld: Arc::new(withheld),
            tools: tools.clone(),
            seen_changes,
            fresh_until: ttl.map(|ttl| Instant::now() + ttl),
        });
        tools
    }

    /// The live tools judged against the pinned snapshot, if there is one: the approved
    /// objects of the unchanged ones, and the withheld ones with the reason.
    fn pinned(&self, live: Vec<Tool>) -> (Vec<Tool>, BTreeMap<String, Withheld>) {
        let Some(pin) = &self.config.pin else {
            return (live, BTreeMap::new());
        };
        let live: Vec<serde_json::Value> = live
            .iter()
            .filter_map(|t| serde_json::to_value(t).ok())
            .collect();
        let mut verdict = pin.approved.judge(&live, pin.allow_new);
        let mut offered = Vec::with_capacity(verdict.offered.len());
        for tool in verdict.offered {
            match serde_json::from_value::<Tool>(tool.clone()) {
                Ok(tool) => offered.push(tool),
                Err(err) => {
                    let name = tool.get("name").and_then(|n| n.as_str()).unwrap_or("?");
                    tracing::warn!(server = %self.config.name, tool = name, "approved tool unreadable: {err}");
                    verdict
                        .withheld
                        .insert(name.to_string(), Withheld::Unapproved);
                }
            }
        }
        for (name, why) in &verdict.withheld {
            tracing::warn!(server = %self.config.name, tool = %name, "tool withheld: {}", why.reason());
        }
        (offered, verdict.withheld)
    }

    /// The tools withheld by the pinned snapshot at the last listing (empty without a pin, or
    /// before the first listing), by name, and why.
    pub fn withheld(&self) -> Arc<BTreeMap<String, Withheld>> {
        self.tools
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| c.withheld.clone())
            .unwrap_or_default()
    }

    async fn refresh_tools(&self, client: &Client) -> Result<Arc<Vec<Tool>>> {
        let seen = client.tools_changed_count();
        let listed = client.list_tools_with_ttl().await?;
        Ok(self.store_tools(listed, seen))
    }

    fn cached(&self) -> Option<(Arc<Vec<Tool>>, u64)> {
        self.tools
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| (c.tools.clone(), c.seen_changes))
    }

    /// The tools known without waiting: the last listing, or before the first one, a pinned
    /// server's approved snapshot (after the config's filter; as a model is offered them, so
    /// without `outputSchema`). `None`: an unpinned server not listed yet.
    pub fn known_tools(&self) -> Option<Arc<Vec<Tool>>> {
        self.cached().map(|(tools, _)| tools)
    }

    /// The cached list while its `ttlMs` has not run out.
    fn fresh(&self) -> Option<(Arc<Vec<Tool>>, u64)> {
        let cache = self.tools.lock().unwrap_or_else(|p| p.into_inner());
        let cache = cache.as_ref()?;
        let fresh = cache.fresh_until.is_none_or(|until| Instant::now() < until);
        fresh.then(|| (cache.tools.clone(), cache.seen_changes))
    }

    /// Closes every session (ending stdio servers) and stops connection attempts.
    pub async fn shutdown(&self) {
        if let Some(connector) = self.take_connector() {
            connector.abort();
            // An attempt's half-open session is dropped with the task, which ends its process.
            let _ = connector.await;
        }
        let sessions = std::mem::take(&mut *self.sessions.write().await);
        for session in sessions {
            session.client.close().await;
        }
        self.status.set(ServerStatus::Disconnected(None));
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

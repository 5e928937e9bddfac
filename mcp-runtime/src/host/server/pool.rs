//! A server's sessions: the least busy one serves a call, a new one opens while all are busy
//! (up to `pool.max`), and the counters `stats()` reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

use crate::{Client, Result, ToolOutput};

/// Counters of one server's sessions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Open sessions.
    pub total: usize,
    /// Sessions with a call in flight.
    pub in_use: usize,
    /// Calls made.
    pub calls: u64,
    /// Calls that returned an error.
    pub errors: u64,
}

/// One session of a pooled server and how many calls it is serving.
pub(super) struct Session {
    pub(super) client: Client,
    in_flight: AtomicUsize,
}

impl Session {
    pub(super) fn new(client: Client) -> Arc<Session> {
        Arc::new(Session {
            client,
            in_flight: AtomicUsize::new(0),
        })
    }

    fn busy(&self) -> usize {
        self.in_flight.load(Ordering::Relaxed)
    }

    /// Calls `tool` within `timeout`, counted as in flight while it runs.
    pub(super) async fn call(
        &self,
        tool: &str,
        arguments: Value,
        timeout: Duration,
    ) -> Result<ToolOutput> {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        let result = self
            .client
            .call_tool(tool, arguments)
            .with_timeout(timeout)
            .await;
        self.in_flight.fetch_sub(1, Ordering::Relaxed);
        result
    }
}

/// The least busy open session among `sessions`.
pub(super) fn least_busy(sessions: &[Arc<Session>]) -> Option<&Arc<Session>> {
    sessions
        .iter()
        .filter(|s| s.client.is_open())
        .min_by_key(|s| s.busy())
}

/// The least busy session, if it is idle or the pool may not grow past `max`.
pub(super) fn ready(sessions: &[Arc<Session>], max: usize) -> Option<Arc<Session>> {
    least_busy(sessions)
        .filter(|best| best.busy() == 0 || sessions.len() >= max)
        .cloned()
}

/// Counters over `sessions`.
pub(super) fn stats(sessions: &[Arc<Session>], calls: u64, errors: u64) -> PoolStats {
    PoolStats {
        total: sessions.iter().filter(|s| s.client.is_open()).count(),
        in_use: sessions.iter().filter(|s| s.busy() > 0).count(),
        calls,
        errors,
    }
}

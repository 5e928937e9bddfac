//! What a committed snapshot says of how its server opens a session: the revision it spoke and,
//! for a 2026-07-28 server, its discovery result (capabilities, identity, instructions). The
//! revision lets a server be reached without a cached result's extra round trip:
//!
//! - a server that spoke an `initialize` revision is greeted with `initialize` at once, not
//!   probed with `server/discover` first;
//! - a 2026-07-28 server's snapshot is its `server/discover` result, used as a cached one
//!   (`transport/cached_answer.rs`): the session opens without waiting for the server, and the
//!   server's own answer, when it comes, is checked against it.
//!
//! A server that changed since (another revision, other capabilities) ends the session that
//! trusted the snapshot; the result is then stale for good, and every later connect of the
//! same [`KnownDiscovery`] discovers afresh.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use rmcp::model::{DiscoverResult, ProtocolVersion};
use rmcp::service::ClientLifecycleMode;
use serde_json::{Value, json};

use crate::Protocol;
use crate::schema::Handshake;

/// A snapshot's record of its server's handshake, shared by every connect of one server.
#[derive(Clone, Debug)]
pub(crate) struct KnownDiscovery {
    version: ProtocolVersion,
    /// The discovery result, for a revision without `initialize` whose snapshot recorded the
    /// capabilities.
    result: Option<Arc<DiscoverResult>>,
    /// [`TRUSTED`], [`STALE`] or [`STALE_TOLD`].
    stale: Arc<AtomicU8>,
}

/// The snapshot still stands for the server.
const TRUSTED: u8 = 0;
/// The server contradicted it; nobody has acted on that yet.
const STALE: u8 = 1;
/// The server contradicted it, and [`KnownDiscovery::take_stale_news`] said so once.
const STALE_TOLD: u8 = 2;

impl KnownDiscovery {
    /// From what a snapshot recorded of the handshake; `None` without a revision this client
    /// knows.
    pub(crate) fn from_handshake(handshake: &Handshake) -> Option<KnownDiscovery> {
        let version = ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .find(|known| known.as_str() == handshake.protocol_version)?
            .clone();
        let result = match (version.has_initialize(), &handshake.capabilities) {
            (false, Some(capabilities)) => {
                discover_result(&version, capabilities, handshake).map(Arc::new)
            }
            _ => None,
        };
        // A 2026-07-28 snapshot that did not record capabilities has nothing to stand in for.
        if !version.has_initialize() && result.is_none() {
            return None;
        }
        Some(KnownDiscovery {
            version,
            result,
            stale: Arc::default(),
        })
    }

    /// Whether a connect under `protocol` may use it: not stale, and `protocol` lets the server
    /// speak the recorded revision.
    pub(crate) fn usable(&self, protocol: &Protocol) -> bool {
        !self.is_stale()
            && match protocol {
                Protocol::Auto => true,
                Protocol::Legacy => self.version.has_initialize(),
                Protocol::Version(version) => version == self.version.as_str(),
            }
    }

    /// How rmcp opens the session: as `known` says when there is one, else as `protocol` does.
    pub(crate) fn lifecycle_of(
        known: Option<&KnownDiscovery>,
        protocol: &Protocol,
    ) -> ClientLifecycleMode {
        known.map_or_else(|| protocol.lifecycle(), KnownDiscovery::lifecycle)
    }

    /// How rmcp opens the session: `initialize` straight away for an `initialize` revision,
    /// else `server/discover` (which `cached_answer.rs` answers from the snapshot).
    fn lifecycle(&self) -> ClientLifecycleMode {
        match self.version.has_initialize() {
            true => ClientLifecycleMode::Initialize,
            false => ClientLifecycleMode::Discover {
                preferred_versions: vec![self.version.clone()],
            },
        }
    }

    /// The result to answer `server/discover` with, for a 2026-07-28 server.
    pub(crate) fn result(&self) -> Option<&DiscoverResult> {
        self.result.as_deref()
    }

    /// Whether the server still answers as the snapshot says: it offers the revision, and its
    /// capabilities, identity and instructions are the recorded ones.
    pub(crate) fn matches(&self, live: &DiscoverResult) -> bool {
        let Some(known) = self.result() else {
            return false;
        };
        let comparable = |result: &DiscoverResult| {
            json!([
                result.capabilities,
                result.instructions,
                result.meta.as_ref().and_then(|m| m.get(SERVER_INFO))
            ])
        };
        live.supported_versions.contains(&self.version) && comparable(live) == comparable(known)
    }

    /// The server changed: no later connect trusts the snapshot.
    pub(crate) fn mark_stale(&self) {
        let _ = self
            .stale
            .compare_exchange(TRUSTED, STALE, Ordering::AcqRel, Ordering::Acquire);
    }

    /// Whether [`KnownDiscovery::mark_stale`] was called.
    pub(crate) fn is_stale(&self) -> bool {
        self.stale.load(Ordering::Acquire) != TRUSTED
    }

    /// True once, to the first who asks after the server contradicted the snapshot: whoever
    /// gets it connects again.
    pub(crate) fn take_stale_news(&self) -> bool {
        self.stale
            .compare_exchange(STALE, STALE_TOLD, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }
}

/// The `_meta` key of a discovery result's server identity.
const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// The discovery result the snapshot's fields stand for (cacheable by nobody else: private,
/// no time to live, since the snapshot is checked at every connect instead).
fn discover_result(
    version: &ProtocolVersion,
    capabilities: &Value,
    handshake: &Handshake,
) -> Option<DiscoverResult> {
    let mut result = json!({
        "resultType": "complete",
        "supportedVersions": [version],
        "capabilities": capabilities,
        "ttlMs": 0,
        "cacheScope": "private",
    });
    if let Some(server) = &handshake.server {
        result["_meta"] = json!({ SERVER_INFO: server });
    }
    if let Some(instructions) = &handshake.instructions {
        result["instructions"] = Value::from(instructions.as_str());
    }
    serde_json::from_value(result).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handshake(version: &str, capabilities: Option<Value>) -> Handshake {
        Handshake {
            protocol_version: version.to_string(),
            capabilities,
            server: Some(json!({"name": "demo", "version": "1.0.0"})),
            instructions: None,
        }
    }

    fn modern() -> KnownDiscovery {
        let capabilities = json!({"tools": {"listChanged": true}});
        KnownDiscovery::from_handshake(&handshake("2026-07-28", Some(capabilities)))
            .expect("a 2026-07-28 snapshot with capabilities")
    }

    #[test]
    fn a_modern_snapshot_answers_discover_and_checks_the_live_answer() {
        let known = modern();
        let cached = known.result().expect("a result").clone();
        assert!(known.matches(&cached));
        let mut other = cached.clone();
        other.instructions = Some("new text for the model".into());
        assert!(!known.matches(&other));
        let mut legacy_only = cached;
        legacy_only.supported_versions = vec![ProtocolVersion::V_2025_06_18];
        assert!(!known.matches(&legacy_only));
        assert!(matches!(
            known.lifecycle(),
            ClientLifecycleMode::Discover { .. }
        ));
    }

    #[test]
    fn a_legacy_snapshot_greets_with_initialize_and_stale_is_for_good() {
        let known = KnownDiscovery::from_handshake(&handshake("2025-06-18", None)).unwrap();
        assert_eq!(known.lifecycle(), ClientLifecycleMode::Initialize);
        assert!(known.usable(&Protocol::Auto) && known.usable(&Protocol::Legacy));
        assert!(!known.usable(&Protocol::Version("2026-07-28".into())));
        let shared = known.clone();
        known.mark_stale();
        assert!(shared.is_stale() && !shared.usable(&Protocol::Auto));
        assert!(shared.take_stale_news() && !known.take_stale_news());
        assert!(known.is_stale());
    }

    #[test]
    fn what_cannot_stand_in_is_none() {
        assert!(KnownDiscovery::from_handshake(&handshake("2026-07-28", None)).is_none());
        assert!(KnownDiscovery::from_handshake(&handshake("1999-01-01", None)).is_none());
        assert!(!modern().usable(&Protocol::Legacy));
    }
}

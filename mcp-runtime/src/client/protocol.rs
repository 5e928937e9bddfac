//! Which MCP revision a connection speaks. The 2026-07-28 revision has no `initialize`: a client
//! asks `server/discover` and then carries its protocol version, info and capabilities in every
//! request's `_meta`. Older servers only know the `initialize` handshake. `Auto` asks
//! `server/discover` first and falls back to `initialize` at once on the error a legacy server
//! gives for an unknown method (rmcp's lifecycle does the probing).

use rmcp::model::ProtocolVersion;
use rmcp::service::ClientLifecycleMode;

/// The MCP revision a connection negotiates ([`ConnectOptions::protocol`](crate::ConnectOptions::protocol)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Protocol {
    /// The newest revision the server offers: 2026-07-28 through `server/discover` where the
    /// server has it, else the `initialize` handshake naming 2025-11-25 (the server may answer
    /// with an older revision, which the session then speaks).
    #[default]
    Auto,
    /// Only the `initialize` handshake, naming 2025-11-25 (for servers that misbehave on an
    /// unknown method).
    Legacy,
    /// Exactly this revision, e.g. `"2025-06-18"` (through `initialize`) or `"2026-07-28"`
    /// (through `server/discover`, with no fallback).
    Version(String),
}

impl Protocol {
    /// How rmcp starts the session.
    pub(crate) fn lifecycle(&self) -> ClientLifecycleMode {
        match self {
            Protocol::Auto => ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(ProtocolVersion::LATEST_WITH_INITIALIZE),
            },
            Protocol::Legacy => ClientLifecycleMode::Initialize,
            Protocol::Version(version) => {
                let version = known(version);
                if version.has_initialize() {
                    ClientLifecycleMode::Initialize
                } else {
                    ClientLifecycleMode::Discover {
                        preferred_versions: vec![version],
                    }
                }
            }
        }
    }

    /// The request that opens the session: what a server that never answers ignored.
    pub(crate) fn first_request(&self) -> &'static str {
        match self.lifecycle() {
            ClientLifecycleMode::Initialize => "initialize",
            _ => "server/discover",
        }
    }

    /// The revision an `initialize` request names.
    pub(crate) fn initialize_version(&self) -> ProtocolVersion {
        match self {
            Protocol::Version(version) if known(version).has_initialize() => known(version),
            _ => ProtocolVersion::LATEST_WITH_INITIALIZE,
        }
    }
}

/// rmcp's constant for a revision it knows (its `has_initialize` recognises those), else the
/// text as given.
fn known(version: &str) -> ProtocolVersion {
    ProtocolVersion::KNOWN_VERSIONS
        .iter()
        .find(|known| known.as_str() == version)
        .cloned()
        .unwrap_or_else(|| {
            serde_json::from_value(serde_json::Value::String(version.to_string()))
                .unwrap_or(ProtocolVersion::LATEST_WITH_INITIALIZE)
        })
}

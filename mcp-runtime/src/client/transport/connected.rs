//! What a transport hands the session once the handshake is done.

use std::time::Duration;

use super::child::ChildProcess;
use super::limit::Oversize;
use crate::client::handler::Service;

/// A session that completed the handshake, and the process behind it (stdio only).
pub(crate) struct Connected {
    pub service: Service,
    pub child: Option<ChildProcess>,
    /// Where a stdio transport reports a message over the size limit.
    pub oversize: Option<Oversize>,
    /// The direct request path (stdio).
    pub direct: Option<Direct>,
    /// Set when the handshake was answered from a snapshot: the server has not spoken yet.
    pub opening: Option<Opening>,
}

/// A session opened on a snapshot's discovery result: until the server first speaks, it is
/// still starting, so requests wait for it as long as the connect timeout allows.
#[derive(Clone, Debug)]
pub(crate) struct Opening {
    /// Set once any message has come from the server.
    pub heard: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// The connect deadline.
    pub until: tokio::time::Instant,
}

impl Opening {
    /// How long a request sent now may wait at least: what is left of the connect timeout
    /// while the server has not spoken, else nothing.
    pub(crate) fn grace(&self) -> Duration {
        match self.heard.load(std::sync::atomic::Ordering::Acquire) {
            true => Duration::ZERO,
            false => self
                .until
                .saturating_duration_since(tokio::time::Instant::now()),
        }
    }
}

impl Connected {
    /// A session with no process of ours behind it and no direct path (HTTP, in-process).
    pub(crate) fn session_only(service: Service) -> Connected {
        Connected {
            service,
            child: None,
            oversize: None,
            direct: None,
            opening: None,
        }
    }
}

/// The direct request path of a stdio session; nothing on other transports.
#[cfg(feature = "stdio")]
pub(crate) type Direct = super::stdio::direct::Direct;
/// The direct request path of a stdio session; nothing on other transports.
#[cfg(not(feature = "stdio"))]
#[derive(Clone)]
pub(crate) enum Direct {}

/// The connect error for a server that stayed silent: whatever it did once we gave up (a
/// closed stdin makes many servers exit), the cause is the missing answer.
pub(crate) fn no_answer(first_request: &str, deadline: Duration) -> String {
    format!(
        "no answer to `{first_request}` within {deadline:?} (raise `connect_timeout` for a slow \
         starter, `--connect-timeout SECS` in the CLI; is it an MCP server on this transport?)"
    )
}

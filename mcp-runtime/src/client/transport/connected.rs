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
}

impl Connected {
    /// A session with no process of ours behind it and no direct path (HTTP, in-process).
    pub(crate) fn session_only(service: Service) -> Connected {
        Connected {
            service,
            child: None,
            oversize: None,
            direct: None,
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

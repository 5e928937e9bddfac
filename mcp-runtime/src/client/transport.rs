//! The one place that picks a transport for a [`ServerSpec`]: each transport lives in its own
//! file and is compiled only with its feature.

use std::time::Duration;

use super::child::ChildProcess;
use super::handler::{Handler, Service};
use crate::{ConnectOptions, Error, Result, ServerSpec};

/// A session that completed the handshake, and the process behind it (stdio only).
pub(crate) struct Connected {
    pub service: Service,
    pub child: Option<ChildProcess>,
    /// Where a stdio transport reports a message over the size limit.
    pub oversize: Option<super::limit::Oversize>,
    /// The direct request path (stdio).
    pub direct: Option<Direct>,
}

/// The direct request path of a stdio session; nothing on other transports.
#[cfg(feature = "stdio")]
pub(crate) type Direct = super::direct::Direct;
#[cfg(not(feature = "stdio"))]
#[derive(Clone)]
pub(crate) enum Direct {}

/// Opens the transport `spec` names and completes `initialize` within the connect timeout.
pub(crate) async fn connect_transport(
    spec: &ServerSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    match spec {
        #[cfg(feature = "stdio")]
        ServerSpec::Stdio(stdio) => super::stdio::connect(spec, stdio, handler, options).await,
        #[cfg(feature = "http")]
        ServerSpec::Http(http) if http.legacy_sse => {
            super::sse::connect(spec, http, handler, options).await
        }
        #[cfg(feature = "http")]
        ServerSpec::Http(http) => super::http::connect(spec, http, handler, options).await,
        #[allow(unreachable_patterns)]
        other => {
            let _ = (handler, options);
            Err(missing_feature(other))
        }
    }
}

#[allow(dead_code)]
fn missing_feature(spec: &ServerSpec) -> Error {
    let feature = match spec {
        ServerSpec::Stdio(_) => "stdio",
        ServerSpec::Http(_) => "http",
    };
    Error::Unsupported {
        target: spec.target(),
        reason: format!(
            "this build of mcp-runtime has no `{feature}` transport (enable the `{feature}` feature of mcp-runtime)"
        ),
    }
}

/// The connect error for a server that stayed silent: whatever it did once we gave up (a
/// closed stdin makes many servers exit), the cause is the missing answer.
pub(crate) fn no_answer(deadline: Duration) -> String {
    format!(
        "no answer to `initialize` within {deadline:?} (raise `connect_timeout` for a slow \
         starter; is it an MCP server on this transport?)"
    )
}

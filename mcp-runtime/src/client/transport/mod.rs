//! The transport wing: the one place that picks a transport for a [`ServerSpec`]. Each
//! transport is a folder compiled only with its feature — `stdio/` (a child process, with the
//! direct call path) and `http/` (streamable HTTP and legacy HTTP+SSE) — and hands the session
//! a [`Connected`]. What both share: the owned child process (`child.rs`), the message size
//! limit (`limit.rs`), the progress-token filter (`progress_filter.rs`), the defaults for a
//! discovery result's missing caching hints (`discover_hints.rs`) and the raw tap that keeps
//! chosen answers as the server sent them (`raw.rs`).

mod cached_answer;
// A stdio session owns its server process; the other transports name the type only.
#[cfg_attr(not(feature = "stdio"), allow(dead_code))]
mod child;
mod connected;
#[cfg(any(feature = "stdio", feature = "http"))]
mod discover_hints;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "stdio")]
pub(crate) mod in_process;
mod last_lines;
mod limit;
mod progress_filter;
mod recorded;
#[cfg(feature = "stdio")]
mod replay;
#[cfg(feature = "stdio")]
mod stdio;

pub(crate) use child::ChildProcess;
pub(crate) use connected::{Connected, Direct, Opening};
pub(crate) use limit::Oversize;
pub(crate) use progress_filter::WANTS_PROGRESS;

use super::handler::Handler;
use crate::{ConnectOptions, Error, Result, ServerSpec};

/// Opens the transport `spec` names and completes `initialize` within the connect timeout.
pub(crate) async fn connect_transport(
    spec: &ServerSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    match spec {
        #[cfg(feature = "stdio")]
        ServerSpec::Stdio(stdio) => stdio::connect(spec, stdio, handler, options).await,
        #[cfg(feature = "http")]
        ServerSpec::Http(http) if http.legacy_sse => {
            http::sse::connect(spec, http, handler, options).await
        }
        #[cfg(feature = "http")]
        ServerSpec::Http(http) => http::connect(spec, http, handler, options).await,
        #[cfg(feature = "stdio")]
        ServerSpec::Replay(replay) => replay::connect(spec, replay, handler, options).await,
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
        // Replay runs on the in-process pipe stdio's transport is built on.
        ServerSpec::Stdio(_) | ServerSpec::Replay(_) => "stdio",
        ServerSpec::Http(_) => "http",
        ServerSpec::InProcess(name) => {
            return Error::Unsupported {
                target: spec.target(),
                reason: format!(
                    "`{name}` runs in this process: connect through what serves it (a fake's `connect`), not by its spec"
                ),
            };
        }
    };
    Error::Unsupported {
        target: spec.target(),
        reason: format!(
            "this build of mcp-runtime has no `{feature}` transport (enable the `{feature}` feature of mcp-runtime)"
        ),
    }
}

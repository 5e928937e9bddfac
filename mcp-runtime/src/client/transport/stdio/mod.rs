//! The stdio transport: the server is a child process of ours, speaking MCP on its stdin and
//! stdout.

use std::time::Duration;

use rmcp::ClientServiceExt;
use tracing::Instrument;

pub(crate) mod direct;
mod pipe_writer;

use super::child;
use super::connected::{Connected, no_answer};
use super::limit::{LimitedReader, Oversize};
use super::progress_filter::ProgressFilter;
use super::recorded::Recorded;
use crate::client::handler::Handler;
use crate::error::root_cause;
use crate::{ConnectOptions, Error, Result, ServerSpec, StdioSpec};
use pipe_writer::PipeWriter;

/// Spawns the server and completes the handshake; on failure the process is ended and the
/// error carries its last stderr lines. A server that answers its first request only after
/// rmcp's `server/discover` probe gave up (10 s, then `initialize` was sent) leaves that
/// session unusable — the late answer is taken for the `initialize` one — so, as the answer
/// came at all, it is started again once and spoken to with `initialize` from the start, with
/// a connect timeout of its own.
pub(crate) async fn connect(
    spec: &ServerSpec,
    stdio: &StdioSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    match connect_once(spec, stdio, handler.clone(), options).await {
        Err(Attempt::LateDiscover(modern)) => {
            tracing::info!(server = %spec.target(), modern, "answered server/discover after the probe gave up; starting it again in the era it answered for");
            let protocol = match modern {
                true => crate::Protocol::Version(MODERN.into()),
                false => crate::Protocol::Legacy,
            };
            let again = ConnectOptions {
                protocol,
                ..options.clone()
            };
            connect_once(spec, stdio, handler, &again)
                .await
                .map_err(Attempt::into_error)
        }
        other => other.map_err(Attempt::into_error),
    }
}

/// How one attempt failed.
enum Attempt {
    Failed(Error),
    /// The `server/discover` answer came after rmcp's probe timed out (the process is ended):
    /// a result (`true`: the server speaks the 2026-07-28 era) or an error (a legacy server).
    LateDiscover(bool),
}

impl From<Error> for Attempt {
    fn from(err: Error) -> Self {
        Attempt::Failed(err)
    }
}

impl Attempt {
    fn into_error(self) -> Error {
        match self {
            Attempt::Failed(err) => err,
            Attempt::LateDiscover(_) => Error::Connect {
                target: String::new(),
                reason: "the server answered server/discover too late, and again with initialize"
                    .into(),
                stderr: Vec::new(),
            },
        }
    }
}

/// The revision a late `server/discover` result is taken to offer.
const MODERN: &str = "2026-07-28";

/// rmcp's error for an answer to an earlier request than the one it waits for — in `Auto`,
/// the `server/discover` probe's, after the probe gave up: `Some(true)` for a result, `Some(false)`
/// for an error.
fn late_discover(
    err: &rmcp::service::ClientInitializeError,
    options: &ConnectOptions,
) -> Option<bool> {
    use rmcp::service::ClientInitializeError as E;
    match err {
        _ if options.protocol != crate::Protocol::Auto => None,
        E::ConflictInitResponseId(..) => Some(true),
        E::UncorrelatedErrorResponse { .. } => Some(false),
        _ => None,
    }
}

async fn connect_once(
    spec: &ServerSpec,
    stdio: &StdioSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> std::result::Result<Connected, Attempt> {
    let deadline = options.connect_timeout;
    let spawned = child::spawn(stdio, options.stderr_lines)?;
    let mut process = spawned.process;
    let oversize = Oversize::default();
    // Our reader enforces the limit (and says so); rmcp's own would drop the line silently.
    let stdout = LimitedReader::new(
        spawned.stdout,
        options.max_message_size,
        oversize.clone(),
        handler.raw.clone(),
    );
    let writer = PipeWriter::new(spawned.stdin).map_err(|err| Error::Connect {
        target: spec.target(),
        reason: format!("cannot use the server's stdin: {err}"),
        stderr: Vec::new(),
    })?;
    let request_meta = handler.request_meta();
    let (transport, direct) =
        direct::direct(direct::line_reader(stdout), writer, handler.raw.clone());
    // rmcp's session task logs inside this span: a stdout line that is not JSON-RPC (a banner,
    // a stray print) is skipped with a debug log that names the server.
    let span = tracing::debug_span!("mcp_server", server = %spec.target());
    // A recorded session sends every call through rmcp, where the recorder sees it.
    let recording = handler.recorder.is_some();
    let transport = ProgressFilter(Recorded::new(transport, handler.recorder.clone()));
    let handshake = handler
        .serve_with_lifecycle(transport, options.protocol.lifecycle())
        .instrument(span);
    let outcome = match tokio::time::timeout(deadline, handshake).await {
        Ok(Ok(service)) => {
            direct.set_era(service.peer(), request_meta);
            return Ok(Connected {
                service,
                child: Some(process),
                oversize: Some(oversize),
                direct: (!recording).then_some(direct),
            });
        }
        Ok(Err(err)) if let Some(modern) = late_discover(&err, options) => {
            process.shutdown(Duration::ZERO).await;
            return Err(Attempt::LateDiscover(modern));
        }
        Ok(Err(err)) => Some(root_cause(&err)),
        Err(_) => None,
    };
    // Lets a dying server finish exiting and its stderr drain before we judge.
    let stderr: Vec<String> = process
        .stderr_tail()
        .await
        .iter()
        .map(|l| spec.scrub(l))
        .collect();
    let reason = failure_reason(outcome, process.try_exit_status(), options);
    process.shutdown(Duration::ZERO).await;
    Err(Attempt::Failed(Error::Connect {
        target: spec.target(),
        reason: spec.scrub(&reason),
        stderr,
    }))
}

/// Why the handshake failed. Silence until the deadline is "no answer", whatever the server
/// did after that: ending the handshake closed its stdin, and most servers then exit with 0,
/// which must not be blamed on them. Otherwise an exit we saw wins over rmcp's error.
fn failure_reason(
    handshake_error: Option<String>,
    exit: Option<std::process::ExitStatus>,
    options: &ConnectOptions,
) -> String {
    match (handshake_error, exit) {
        (None, _) => no_answer(options.protocol.first_request(), options.connect_timeout),
        (Some(_), Some(status)) => {
            format!("the server exited ({status}) before completing the MCP handshake")
        }
        (Some(err), None) => format!("MCP handshake failed: {err}"),
    }
}

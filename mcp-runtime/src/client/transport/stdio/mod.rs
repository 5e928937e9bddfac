//! The stdio transport: the server is a child process of ours, speaking MCP on its stdin and
//! stdout.

use std::time::Duration;

use rmcp::ClientServiceExt;
use tracing::Instrument;

pub(crate) mod direct;
mod lines;
mod pipe_writer;
mod probe_answer;
mod serves_http;

use super::cached_answer::CachedAnswer;
use super::child;
use super::connected::{Connected, Opening, no_answer};
use super::last_lines::LastLines;
use super::limit::{LimitedReader, Oversize};
use super::progress_filter::ProgressFilter;
use super::recorded::Recorded;
use crate::client::handler::Handler;
use crate::client::known_discovery::KnownDiscovery;
use crate::{ConnectOptions, Error, Result, ServerSpec, StdioSpec};
use pipe_writer::PipeWriter;
use probe_answer::{Attempt, closed_the_connection, era_to_retry, handshake_cause};

/// Spawns the server and completes the handshake; on failure the process is ended and the
/// error carries its last stderr lines. A server whose answer to the `server/discover` probe
/// left rmcp's handshake unusable — it came after the probe gave up (10 s), or it was no
/// discovery result (`{}` from a server that answers every method) — is started again once,
/// in the era its answer showed, with a connect timeout of its own (`probe_answer.rs`).
pub(crate) async fn connect(
    spec: &ServerSpec,
    stdio: &StdioSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    match connect_once(spec, stdio, handler.clone(), options).await {
        Err(Attempt::Again(protocol)) => {
            tracing::info!(server = %spec.target(), ?protocol, "the server/discover probe ended the handshake (an answer the session cannot use, or the server's exit); starting it again in that era");
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
    // The last five lines on stdout that are no MCP message, for a failed handshake.
    let strays = LastLines::new(5);
    let (transport, direct) = direct::direct(
        lines::Lines::new(stdout, strays.clone()),
        writer,
        handler.raw.clone(),
    );
    // rmcp's session task logs inside this span: a stdout line that is not JSON-RPC (a banner,
    // a stray print) is skipped with a debug log that names the server.
    let span = tracing::debug_span!("mcp_server", server = %spec.target());
    // A recorded session sends every call through rmcp, where the recorder sees it.
    let recording = handler.recorder.is_some();
    let known = options.usable_discovery();
    let lifecycle = KnownDiscovery::lifecycle_of(known, &options.protocol);
    let transport = ProgressFilter(Recorded::new(transport, handler.recorder.clone()));
    let transport = CachedAnswer::new(transport, known.cloned());
    let opening = transport.heard().map(|heard| Opening {
        heard,
        until: tokio::time::Instant::now() + deadline,
    });
    let handshake = handler
        .serve_with_lifecycle(transport, lifecycle)
        .instrument(span);
    let outcome = match tokio::time::timeout(deadline, handshake).await {
        Ok(Ok(service)) => {
            direct.set_era(service.peer(), request_meta);
            return Ok(Connected {
                service,
                child: Some(process),
                oversize: Some(oversize),
                direct: (!recording).then_some(direct),
                opening,
            });
        }
        Ok(Err(err)) if let Some(known) = known => {
            tracing::info!(server = %spec.target(), "the handshake its snapshot recorded failed ({}); discovering afresh", handshake_cause(&err));
            known.mark_stale();
            process.shutdown(Duration::ZERO).await;
            return Err(Attempt::Again(options.protocol.clone()));
        }
        Ok(Err(err)) if let Some(protocol) = era_to_retry(&err, options) => {
            process.shutdown(Duration::ZERO).await;
            return Err(Attempt::Again(protocol));
        }
        Ok(Err(err)) => Some((handshake_cause(&err), closed_the_connection(&err))),
        Err(_) => None,
    };
    // Lets a dying server finish exiting and its stderr drain before we judge.
    let stderr: Vec<String> = process
        .stderr_tail()
        .await
        .iter()
        .map(|l| spec.scrub(l))
        .collect();
    let mut reason = failure_reason(outcome, process.try_exit_status(), options);
    reason.push_str(&stray_suffix(&strays.lines()));
    reason.push_str(&serves_http::http_suffix(&stderr));
    process.shutdown(Duration::ZERO).await;
    Err(Attempt::Failed(Error::Connect {
        target: spec.target(),
        reason: spec.scrub(&reason),
        stderr,
    }))
}

/// What a failed handshake adds for lines the server wrote to stdout that are no MCP
/// message: often the server's own error, printed to the wrong stream.
fn stray_suffix(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = lines.iter().map(|l| format!("`{l}`")).collect();
    format!(
        "; it wrote to stdout, where only MCP messages belong: {}",
        quoted.join(", ")
    )
}

/// Why the handshake failed. Silence until the deadline is "no answer", whatever the server
/// did after that: ending the handshake closed its stdin, and most servers then exit with 0,
/// which must not be blamed on them. A connection that closed is told by the exit we saw;
/// anything the server answered, by what it answered (it exited because we closed it).
fn failure_reason(
    handshake_error: Option<(String, bool)>,
    exit: Option<std::process::ExitStatus>,
    options: &ConnectOptions,
) -> String {
    match (handshake_error, exit) {
        (None, _) => no_answer(options.protocol.first_request(), options.connect_timeout),
        (Some((_, true)), Some(status)) => {
            format!("the server exited ({status}) before completing the MCP handshake")
        }
        (Some((err, _)), _) => format!("MCP handshake failed: {err}"),
    }
}

//! Servers in this process — a cassette replayed, a typed fake — over an in-memory pipe, with
//! the JSON-RPC lines a stdio server would write: no process, no port. A [`Responder`] answers
//! each request; this file is the pipe, the server loop and the handshake around it.

use std::future::Future;
use std::pin::Pin;

use rmcp::{ClientServiceExt, RoleClient};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

use super::connected::{Connected, no_answer};
use super::progress_filter::ProgressFilter;
use super::recorded::Recorded;
use crate::client::handler::Handler;
use crate::error::root_cause;
use crate::{ConnectOptions, Error, Result, ServerSpec};

/// An answer: a JSON-RPC `result`, or an `error` object.
pub(crate) type Answer = std::result::Result<Value, Value>;

/// What answers an in-process server's requests, one at a time, in order.
pub(crate) trait Responder: Send + 'static {
    /// The answer to request `method` with `params` (never a notification; `ping` is answered
    /// before it gets here).
    fn answer<'a>(
        &'a mut self,
        method: &'a str,
        params: Value,
    ) -> Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;
}

/// Starts `responder`'s server loop and completes the handshake against it.
pub(crate) async fn connect(
    spec: &ServerSpec,
    responder: impl Responder,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    let (client_end, server_end) = tokio::io::duplex(1 << 16);
    tokio::spawn(serve(server_end, responder));
    let (read, write) = tokio::io::split(client_end);
    let transport =
        rmcp::transport::async_rw::AsyncRwTransport::<RoleClient, _, _>::new(read, write);
    let transport = ProgressFilter(Recorded::new(transport, handler.recorder.clone()));
    let handshake = handler.serve_with_lifecycle(transport, options.protocol.lifecycle());
    let reason = match tokio::time::timeout(options.connect_timeout, handshake).await {
        Ok(Ok(service)) => return Ok(Connected::session_only(service)),
        Ok(Err(err)) => format!("MCP handshake failed: {}", root_cause(&err)),
        Err(_) => no_answer(options.protocol.first_request(), options.connect_timeout),
    };
    Err(Error::Connect {
        target: spec.target(),
        reason,
        stderr: Vec::new(),
    })
}

/// The server loop: one line in, one line out, until the client goes away.
async fn serve(stream: DuplexStream, mut responder: impl Responder) {
    let (read, mut write) = tokio::io::split(stream);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Some(reply) = reply(&mut responder, &line).await else {
            continue;
        };
        let mut text = reply.to_string();
        text.push('\n');
        if write.write_all(text.as_bytes()).await.is_err() {
            return;
        }
    }
}

/// The response to one line; `None` for notifications and responses (to nothing we asked).
async fn reply(responder: &mut impl Responder, line: &str) -> Option<Value> {
    let message: Value = serde_json::from_str(line).ok()?;
    let id = message.get("id")?.clone();
    let method = message.get("method")?.as_str()?;
    let params = message.get("params").cloned().unwrap_or_else(|| json!({}));
    let answer = match method {
        "ping" => Ok(json!({})),
        _ => responder.answer(method, params).await,
    };
    Some(match answer {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err(error) => json!({"jsonrpc": "2.0", "id": id, "error": error}),
    })
}

//! The lean request/response path of a stdio session: a `tools/call` (without progress) is
//! written by the caller's own task and its answer handed straight back by the task that reads
//! the server's stdout — one wake-up per call instead of rmcp's two hops through its session
//! task, and none of its per-request bookkeeping.
//!
//! Everything else (the handshake, notifications, the server's requests, progress, prompts,
//! resources) still goes through rmcp's session, on the same pipes: [`DirectTransport`] is the
//! transport rmcp reads from, and it takes the direct answers out of the stream before rmcp
//! sees them. Direct requests use ids from 2^32 up; rmcp counts its own from 0. Their answers
//! are read in one pass by the line reader below it (`lines.rs`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use rmcp::RoleClient;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, ClientJsonRpcMessage, ClientRequest,
    GetMeta, JsonRpcMessage, JsonRpcRequest, NumberOrString, RequestMetaObject,
    ServerJsonRpcMessage, ServerResult,
};
use rmcp::service::{Peer, RxJsonRpcMessage, ServiceError, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::sync::oneshot;

use super::lines::FIRST_ID;
use super::pipe_writer::PipeWriter;
use crate::client::progress::CancelOnDrop;
use crate::client::raw_tap::RawTap;

/// What the direct callers and the transport share.
struct Shared {
    writer: Arc<PipeWriter>,
    waiting: Mutex<Waiting>,
    next_id: AtomicI64,
    /// Told of every request rmcp sends, for the answers a listing wants as sent.
    tap: RawTap,
    /// In the 2026-07-28 era, the `_meta` every request carries (protocol version, client
    /// info and capabilities); unset in the `initialize` era.
    meta: OnceLock<Meta>,
}

/// The era's `_meta`, and the same serialized once: written into every request as it is,
/// rather than cloned, merged and serialized again for each call.
struct Meta {
    object: RequestMetaObject,
    json: Vec<u8>,
}

#[derive(Default)]
struct Waiting {
    callers: HashMap<i64, oneshot::Sender<ServerJsonRpcMessage>>,
    /// The stream ended: nobody will be answered any more.
    ended: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Waiting> {
        self.waiting
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Fails every waiting caller (their receivers see the sender dropped) and all later ones.
    fn end(&self) {
        let mut waiting = self.lock();
        waiting.ended = true;
        waiting.callers.clear();
    }

    /// The message, unless it answers a direct caller (then it went to that caller).
    fn deliver(&self, message: ServerJsonRpcMessage) -> Option<ServerJsonRpcMessage> {
        let id = match &message {
            JsonRpcMessage::Response(response) => Some(&response.id),
            JsonRpcMessage::Error(error) => error.id.as_ref(),
            _ => None,
        };
        let Some(NumberOrString::Number(id)) = id else {
            return Some(message);
        };
        if *id < FIRST_ID {
            return Some(message);
        }
        // Out of the lock before the caller is woken: on a busy core it may run at once and
        // want the lock for its next call. An answer after its caller gave up (timeout,
        // dropped) has no one to go to.
        let caller = self.lock().callers.remove(id);
        if let Some(caller) = caller {
            let _ = caller.send(message);
        }
        None
    }
}

/// rmcp's transport for a stdio session with a direct path: reads through `inner` (rmcp's
/// line reader, whose writer is unused), writes through the shared [`PipeWriter`].
pub(crate) struct DirectTransport<T> {
    inner: T,
    shared: Arc<Shared>,
}

/// The callers' side: sends direct `tools/call` requests.
#[derive(Clone)]
pub(crate) struct Direct {
    shared: Arc<Shared>,
}

/// A transport reading with `inner` and writing to `writer`, and the direct handle on it.
pub(crate) fn direct<T>(
    inner: T,
    writer: Arc<PipeWriter>,
    tap: RawTap,
) -> (DirectTransport<T>, Direct) {
    let shared = Arc::new(Shared {
        writer,
        tap,
        waiting: Mutex::default(),
        next_id: AtomicI64::new(FIRST_ID),
        meta: OnceLock::new(),
    });
    let direct = Direct {
        shared: shared.clone(),
    };
    (DirectTransport { inner, shared }, direct)
}

impl<T> Transport<RoleClient> for DirectTransport<T>
where
    T: Transport<RoleClient> + Send,
{
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.shared.tap.sent(&item);
        let sent = encode(&item).and_then(|line| self.shared.writer.send(&line));
        std::future::ready(sent)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        loop {
            let Some(message) = self.inner.receive().await else {
                self.shared.end();
                return None;
            };
            if let Some(message) = self.shared.deliver(message) {
                return Some(message);
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.shared.end();
        self.shared.writer.close();
        let _ = self.inner.close().await;
        Ok(())
    }
}

impl<T> Drop for DirectTransport<T> {
    fn drop(&mut self) {
        self.shared.end();
        self.shared.writer.close();
    }
}

impl Direct {
    /// After the handshake: a session in an era without `initialize` carries `meta` (what
    /// rmcp puts on its own requests) on every direct request too.
    pub(crate) fn set_era(&self, peer: &Peer<RoleClient>, mut meta: RequestMetaObject) {
        let Some(info) = peer.peer_info() else {
            return;
        };
        if !info.protocol_version.has_initialize() {
            meta.set_protocol_version(info.protocol_version.clone());
            if let Ok(json) = serde_json::to_vec(&meta) {
                let _ = self.shared.meta.set(Meta { object: meta, json });
            }
        }
    }

    /// `tools/call` on the direct path. Dropping the future cancels the request on the server
    /// (`notifications/cancelled`, through rmcp's session).
    pub(crate) async fn call_tool(
        &self,
        params: CallToolRequestParams,
        peer: &Peer<RoleClient>,
    ) -> Result<CallToolResponse, ServiceError> {
        let id = self.shared.next_id.fetch_add(1, Ordering::Relaxed);
        let (sender, answer) = oneshot::channel();
        {
            let mut waiting = self.shared.lock();
            if waiting.ended {
                return Err(ServiceError::TransportClosed);
            }
            waiting.callers.insert(id, sender);
        }
        let mut cancel = Forget {
            shared: &self.shared,
            id,
            cancel: Some(CancelOnDrop::new(peer.clone(), NumberOrString::Number(id))),
        };
        let line = request_line(id, params, self.shared.meta.get())
            .map_err(|_| ServiceError::UnexpectedResponse)?;
        if self.shared.writer.send(&line).is_err() {
            return Err(ServiceError::TransportClosed);
        }
        let message = answer.await.map_err(|_| ServiceError::TransportClosed)?;
        cancel.answered();
        response(message)
    }
}

/// Removes a caller that stopped waiting, and cancels its request on the server.
struct Forget<'a> {
    shared: &'a Shared,
    id: i64,
    cancel: Option<CancelOnDrop>,
}

impl Forget<'_> {
    fn answered(&mut self) {
        if let Some(mut cancel) = self.cancel.take() {
            cancel.disarm();
        }
    }
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        if self.cancel.is_some() {
            self.shared.lock().callers.remove(&self.id);
        }
    }
}

fn response(message: ServerJsonRpcMessage) -> Result<CallToolResponse, ServiceError> {
    match message {
        JsonRpcMessage::Response(response) => match response.result {
            ServerResult::CallToolResult(result) => Ok(CallToolResponse::Complete(result)),
            ServerResult::InputRequiredResult(result) => {
                Ok(CallToolResponse::InputRequired(result))
            }
            ServerResult::CreateTaskResult(result) => Ok(CallToolResponse::Task(result)),
            _ => Err(ServiceError::UnexpectedResponse),
        },
        JsonRpcMessage::Error(error) => Err(ServiceError::McpError(error.error)),
        _ => Err(ServiceError::UnexpectedResponse),
    }
}

/// The `tools/call` request `id` as a line of JSON, with the era's `_meta` (as rmcp puts it on
/// the requests it sends itself). The envelope is written here: the params are the only part
/// that changes from call to call, and the `_meta` was serialized once for the session.
fn request_line(
    id: i64,
    params: CallToolRequestParams,
    meta: Option<&Meta>,
) -> std::io::Result<Vec<u8>> {
    let meta = match (meta, &params.meta) {
        (Some(meta), None) => Some(meta),
        // The caller's own `_meta` is merged with the era's: the general path.
        (Some(meta), Some(_)) => {
            let mut call = ClientRequest::CallToolRequest(CallToolRequest::new(params));
            call.get_meta_mut().extend(meta.object.clone());
            let request: ClientJsonRpcMessage =
                JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), call));
            return encode(&request);
        }
        (None, _) => None,
    };
    let body = serde_json::to_vec(&params).map_err(std::io::Error::other)?;
    let mut line = Vec::with_capacity(64 + body.len() + meta.map_or(0, |m| m.json.len()));
    line.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
    line.extend_from_slice(id.to_string().as_bytes());
    line.extend_from_slice(br#","method":"tools/call","params":"#);
    match meta {
        Some(meta) => {
            line.extend_from_slice(br#"{"_meta":"#);
            line.extend_from_slice(&meta.json);
            // `body` is an object: `{}`, or `{"arguments":…}` whose fields follow the meta's.
            if body.len() > 2 {
                line.push(b',');
            }
            line.extend_from_slice(&body[1..]);
        }
        None => line.extend_from_slice(&body),
    }
    line.extend_from_slice(b"}\n");
    Ok(line)
}

/// One message as a line of JSON.
fn encode<M: serde::Serialize>(message: &M) -> std::io::Result<Vec<u8>> {
    let mut line = serde_json::to_vec(message).map_err(std::io::Error::other)?;
    line.push(b'\n');
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What rmcp would write for the same call: the request as its types serialize it.
    fn general(id: i64, params: CallToolRequestParams, meta: Option<&Meta>) -> serde_json::Value {
        let mut call = ClientRequest::CallToolRequest(CallToolRequest::new(params));
        if let Some(meta) = meta {
            call.get_meta_mut().extend(meta.object.clone());
        }
        let request: ClientJsonRpcMessage =
            JsonRpcMessage::Request(JsonRpcRequest::new(NumberOrString::Number(id), call));
        serde_json::to_value(&request).unwrap()
    }

    #[test]
    fn the_written_line_is_the_request_rmcp_would_send_in_either_era() {
        let mut object = RequestMetaObject::default();
        object.set_protocol_version(rmcp::model::ProtocolVersion::V_2026_07_28);
        let meta = Meta {
            json: serde_json::to_vec(&object).unwrap(),
            object,
        };
        let mut arguments = serde_json::Map::new();
        arguments.insert("a".into(), serde_json::json!(1.5));
        let with_args = CallToolRequestParams::new("add").with_arguments(arguments);
        let mut own_meta = with_args.clone();
        own_meta.meta = Some(RequestMetaObject::with_progress_token(
            rmcp::model::ProgressToken(NumberOrString::Number(7)),
        ));
        for params in [CallToolRequestParams::new("ping"), with_args, own_meta] {
            for meta in [None, Some(&meta)] {
                let line = request_line(FIRST_ID + 3, params.clone(), meta).unwrap();
                assert_eq!(line.last(), Some(&b'\n'));
                let written: serde_json::Value = serde_json::from_slice(&line).unwrap();
                assert_eq!(written, general(FIRST_ID + 3, params.clone(), meta));
            }
        }
    }
}

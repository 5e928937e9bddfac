//! The legacy HTTP+SSE transport of protocol version 2024-11-05, which rmcp no longer ships:
//! `GET` the SSE URL, wait for the `endpoint` event, `POST` each message there, and read the
//! server's messages as `message` events on the stream.

use std::time::Duration;

use futures::StreamExt;
use rmcp::RoleClient;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::sync::mpsc;

use rmcp::ServiceExt;

use super::{bearer, custom_headers, handshake_outcome};
use crate::client::handler::Handler;
use crate::client::raw_tap::RawTap;
use crate::client::transport::connected::Connected;
use crate::client::transport::progress_filter::ProgressFilter;
use crate::client::transport::recorded::Recorded;
use crate::error::root_cause;
use crate::{ConnectOptions, Error, HttpSpec, Result, ServerSpec};

/// Opens the event stream, waits for the endpoint, and completes the handshake.
pub(crate) async fn connect(
    spec: &ServerSpec,
    http: &HttpSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    let target = spec.target();
    if http.oauth.is_some() {
        return Err(Error::Connect {
            target,
            reason: "OAuth is available over streamable HTTP only, not the legacy HTTP+SSE \
                     transport; send a token with `bearer_token` instead"
                .into(),
            stderr: Vec::new(),
        });
    }
    let mut headers: reqwest::header::HeaderMap =
        custom_headers(http, &target)?.into_iter().collect();
    if let Some(token) = &http.bearer_token {
        headers.insert(http::header::AUTHORIZATION, bearer(token, &target)?);
    }
    let deadline = options.connect_timeout;
    let transport = SseTransport::connect(http, headers, deadline, handler.raw.clone())
        .await
        .map_err(|err| Error::Connect {
            target,
            reason: spec.scrub(&format!("{err} (is the server running at this URL?)")),
            stderr: Vec::new(),
        })?;
    let transport = ProgressFilter(Recorded::new(transport, handler.recorder.clone()));
    let served = tokio::time::timeout(deadline, handler.serve(transport)).await;
    handshake_outcome(spec, served, options)
}

/// Transport errors, as `std::io::Error` so rmcp can wrap them.
type IoResult<T> = std::result::Result<T, std::io::Error>;

fn io(message: impl Into<String>) -> std::io::Error {
    std::io::Error::other(message.into())
}

struct SseTransport {
    http: reqwest::Client,
    endpoint: reqwest::Url,
    headers: reqwest::header::HeaderMap,
    incoming: mpsc::Receiver<ServerJsonRpcMessage>,
    reader: tokio::task::JoinHandle<()>,
    tap: RawTap,
}

impl SseTransport {
    /// Opens the event stream and waits (up to `timeout`) for the `endpoint` event.
    async fn connect(
        spec: &HttpSpec,
        headers: reqwest::header::HeaderMap,
        timeout: Duration,
        tap: RawTap,
    ) -> IoResult<Self> {
        let url = reqwest::Url::parse(&spec.url).map_err(|e| io(format!("invalid URL: {e}")))?;
        let http = reqwest::Client::builder()
            .build()
            .map_err(|e| io(e.to_string()))?;
        let response = tokio::time::timeout(
            timeout,
            http.get(url.clone())
                .headers(headers.clone())
                .header(reqwest::header::ACCEPT, "text/event-stream")
                .send(),
        )
        .await
        .map_err(|_| io("no response to the SSE request"))?
        .map_err(|e| io(root_cause(&e)))?;
        if !response.status().is_success() {
            return Err(io(format!(
                "the SSE request was answered with HTTP {}",
                response.status()
            )));
        }
        let mut events = sse_stream::SseStream::from_bytes_stream(response.bytes_stream());
        let endpoint = tokio::time::timeout(timeout, async {
            while let Some(event) = events.next().await {
                let event = event.map_err(|e| io(format!("bad SSE stream: {e}")))?;
                if event.event.as_deref() == Some("endpoint") {
                    let data = event.data.unwrap_or_default();
                    return url
                        .join(data.trim())
                        .map_err(|e| io(format!("bad endpoint `{data}`: {e}")));
                }
            }
            Err(io("the SSE stream ended before the `endpoint` event"))
        })
        .await
        .map_err(|_| {
            io("no `endpoint` event on the SSE stream (is this a legacy HTTP+SSE server?)")
        })??;

        let (tx, incoming) = mpsc::channel(64);
        let reader_tap = tap.clone();
        let reader = tokio::spawn(async move {
            while let Some(event) = events.next().await {
                let Ok(event) = event else { break };
                if !matches!(event.event.as_deref(), None | Some("message")) {
                    continue;
                }
                let Some(data) = event.data else { continue };
                reader_tap.received_text(data.as_bytes());
                match serde_json::from_str::<ServerJsonRpcMessage>(&data) {
                    Ok(message) => {
                        if tx.send(message).await.is_err() {
                            break;
                        }
                    }
                    Err(err) => {
                        tracing::debug!("ignoring an SSE message that is not JSON-RPC: {err}")
                    }
                }
            }
            // Dropping `tx` tells the session the connection is gone.
        });
        Ok(SseTransport {
            http,
            endpoint,
            headers,
            incoming,
            reader,
            tap,
        })
    }
}

impl Transport<RoleClient> for SseTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: ClientJsonRpcMessage,
    ) -> impl Future<Output = IoResult<()>> + Send + 'static {
        self.tap.sent(&item);
        let request = self
            .http
            .post(self.endpoint.clone())
            .headers(self.headers.clone())
            .json(&item);
        async move {
            let response = request.send().await.map_err(|e| io(root_cause(&e)))?;
            if response.status().is_success() {
                Ok(())
            } else {
                Err(io(format!(
                    "the server answered a message with HTTP {}",
                    response.status()
                )))
            }
        }
    }

    fn receive(&mut self) -> impl Future<Output = Option<ServerJsonRpcMessage>> {
        self.incoming.recv()
    }

    async fn close(&mut self) -> IoResult<()> {
        self.reader.abort();
        Ok(())
    }
}

impl Drop for SseTransport {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

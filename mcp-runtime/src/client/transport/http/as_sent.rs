//! A streamable HTTP request whose answer the raw tap wants: rmcp parses JSON bodies inside its
//! client, out of our reach, so such a request (a snapshot's listing, never an ordinary call)
//! is posted here, as rmcp would post it, and its body read as JSON first. Anything but a
//! `200` with JSON or an event stream is left to rmcp, which sends the request again and
//! reports the failure its own way (listings are safe to repeat).

use futures::StreamExt;
use rmcp::model::ServerJsonRpcMessage;
use rmcp::transport::streamable_http_client::StreamableHttpPostResponse;
use serde_json::Value;

use super::limit::{LimitedHttpClient, Post};

/// rmcp's cap on a JSON body, which holds here too.
const MAX_JSON_BODY: usize = 16 * 1024 * 1024;

impl LimitedHttpClient {
    /// For a request the raw tap wants, the answer read as sent; `None` leaves the request to
    /// rmcp (every other request, at the cost of one atomic load).
    pub(crate) async fn tapped(
        &self,
        post: Post<'_>,
        sse_limit: usize,
    ) -> Option<StreamableHttpPostResponse> {
        if !self.tap().sent(post.message) {
            return None;
        }
        self.post_as_sent(post, sse_limit).await
    }

    /// The answer, read as sent; `None` leaves the request to rmcp.
    async fn post_as_sent(
        &self,
        post: Post<'_>,
        sse_limit: usize,
    ) -> Option<StreamableHttpPostResponse> {
        let mut request = self
            .http()
            .post(post.uri)
            .header(http::header::ACCEPT, "text/event-stream, application/json")
            .json(post.message);
        if let Some(token) = post.auth_header {
            request = request.bearer_auth(token);
        }
        for (name, value) in post.custom_headers {
            request = request.header(name, value);
        }
        if let Some(session) = post.session_id {
            request = request.header("Mcp-Session-Id", session);
        }
        let response = request.send().await.ok()?;
        if response.status() != reqwest::StatusCode::OK {
            return None;
        }
        let header = |name: &str| {
            let value = response.headers().get(name)?.to_str().ok()?;
            Some(value.to_string())
        };
        let session = header("mcp-session-id");
        let content_type = header("content-type").unwrap_or_default();
        if content_type.starts_with("text/event-stream") {
            let events = sse_stream::SseStream::from_bytes_stream(response.bytes_stream()).boxed();
            return Some(StreamableHttpPostResponse::Sse(
                self.watch(events, sse_limit),
                session,
            ));
        }
        if !content_type.starts_with("application/json") {
            return None;
        }
        let message = read_json(response).await?;
        self.tap().received(message.clone());
        let message: ServerJsonRpcMessage = serde_json::from_value(message).ok()?;
        Some(StreamableHttpPostResponse::Json(message, session))
    }
}

/// The body as JSON, if it is JSON within the cap.
async fn read_json(response: reqwest::Response) -> Option<Value> {
    if response
        .content_length()
        .is_some_and(|n| n as usize > MAX_JSON_BODY)
    {
        return None;
    }
    let mut body = Vec::new();
    let mut chunks = response.bytes_stream();
    while let Some(chunk) = chunks.next().await {
        body.extend_from_slice(&chunk.ok()?);
        if body.len() > MAX_JSON_BODY {
            return None;
        }
    }
    serde_json::from_slice(&body).ok()
}

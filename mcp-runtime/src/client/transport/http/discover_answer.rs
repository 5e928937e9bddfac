//! The answer to a `server/discover` posted over streamable HTTP, with the caching hints its
//! result lacks filled in (`../discover_hints.rs`): in each event's data before rmcp reads it,
//! and in a JSON body's result, which rmcp has read already and kept whole as a custom one.
//! rmcp's own post is read, never a second one sent in its place.

use futures::StreamExt;
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use rmcp::transport::streamable_http_client::{StreamableHttpError, StreamableHttpPostResponse};

use crate::client::transport::discover_hints::{read_with_default_hints, with_default_hints};

/// What rmcp's post returns (spelled out here: `limit.rs`, which calls this, names it too).
type PostResult = Result<StreamableHttpPostResponse, StreamableHttpError<reqwest::Error>>;

/// Whether `message` is a discover, the one request whose answer may need the hints.
pub(super) fn is_discover(message: &ClientJsonRpcMessage) -> bool {
    matches!(message, JsonRpcMessage::Request(r) if matches!(r.request, ClientRequest::DiscoverRequest(_)))
}

/// The answer to a discover, read with the hints its result lacks.
pub(super) fn with_hints(answer: PostResult) -> PostResult {
    match answer {
        Ok(StreamableHttpPostResponse::Json(message, session)) => Ok(
            StreamableHttpPostResponse::Json(read_with_default_hints(message), session),
        ),
        Ok(StreamableHttpPostResponse::Sse(events, session)) => {
            let events = events.map(|event| {
                event.map(|mut event| {
                    event.data = event.data.map(data_with_hints);
                    event
                })
            });
            Ok(StreamableHttpPostResponse::Sse(events.boxed(), session))
        }
        other => other,
    }
}

/// An event's data, with the hints its discovery result lacks filled in.
fn data_with_hints(data: String) -> String {
    with_default_hints(data.as_bytes())
        .and_then(|filled| String::from_utf8(filled).ok())
        .unwrap_or(data)
}

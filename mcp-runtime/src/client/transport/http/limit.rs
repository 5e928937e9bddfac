//! The largest message a streamable HTTP server may send. rmcp bounds each server-sent event
//! (by `ConnectOptions::max_message_size`, which we pass on) and each JSON body (a fixed
//! 16 MiB), but a message over either ends the transport with an error only it sees: the
//! pending call got "connection closed". This client wraps rmcp's reqwest client and notes
//! which limit was hit, so the call's error can name the limit and the setting.

use std::collections::HashMap;
use std::sync::Arc;

use futures::StreamExt;
use futures::stream::BoxStream;
use http::{HeaderName, HeaderValue};
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse,
};
use sse_stream::Sse;

use crate::client::raw_tap::RawTap;
use crate::client::scope_challenge::ScopeChallenge;
use crate::client::transport::limit::Oversize;

use super::discover_answer::{is_discover, with_hints};

pub(super) type PostResult =
    Result<StreamableHttpPostResponse, StreamableHttpError<reqwest::Error>>;
type SseResult =
    Result<BoxStream<'static, Result<Sse, SseError>>, StreamableHttpError<reqwest::Error>>;

/// What rmcp's `post_message` is given.
pub(crate) struct Post<'a> {
    pub uri: &'a str,
    pub message: &'a ClientJsonRpcMessage,
    pub session_id: Option<&'a str>,
    pub auth_header: Option<&'a str>,
    pub custom_headers: &'a HashMap<HeaderName, HeaderValue>,
}

impl<'a> Post<'a> {
    pub(crate) fn of(
        uri: &'a str,
        message: &'a ClientJsonRpcMessage,
        session_id: &'a Option<Arc<str>>,
        auth_header: &'a Option<String>,
        custom_headers: &'a HashMap<HeaderName, HeaderValue>,
    ) -> Self {
        Post {
            uri,
            message,
            session_id: session_id.as_deref(),
            auth_header: auth_header.as_deref(),
            custom_headers,
        }
    }
}

/// The `scope` a `WWW-Authenticate` challenge names (read by rmcp's parser; without OAuth no
/// login would ask for it).
fn scope_of(header: &str) -> Option<String> {
    #[cfg(feature = "oauth")]
    if let Ok(base) = url::Url::parse("http://localhost/") {
        return rmcp::transport::auth::WWWAuthenticateParams::parse(header, &base).scope;
    }
    let _ = header;
    None
}

/// rmcp's reqwest client, reporting oversized messages to an [`Oversize`].
#[derive(Clone)]
pub(crate) struct LimitedHttpClient {
    inner: reqwest::Client,
    oversize: Oversize,
    tap: RawTap,
    scope: ScopeChallenge,
    /// A DPoP-bound login's key: the token is then presented with proofs (`dpop_present.rs`).
    #[cfg(feature = "oauth")]
    pub(super) dpop: Option<crate::oauth::dpop::DpopSlot>,
}

impl LimitedHttpClient {
    /// A client like rmcp's default one: no idle pooling (it stalls on delayed ACKs), and only
    /// same-origin 307/308 redirects, which keep the POST body and do not hand the session id
    /// or custom headers to another host.
    pub(crate) fn new(
        oversize: Oversize,
        tap: RawTap,
        scope: ScopeChallenge,
    ) -> Result<Self, reqwest::Error> {
        let redirects = reqwest::redirect::Policy::custom(|attempt| {
            let keeps_body = matches!(attempt.status().as_u16(), 307 | 308);
            let same_origin = attempt
                .previous()
                .first()
                .is_some_and(|first| first.origin() == attempt.url().origin());
            match (keeps_body && same_origin, attempt.previous().len()) {
                (false, _) => attempt.stop(),
                (true, hops) if hops > 10 => attempt.error("more than 10 redirects"),
                (true, _) => attempt.follow(),
            }
        });
        let inner = reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .redirect(redirects)
            .build()?;
        Ok(LimitedHttpClient {
            inner,
            oversize,
            tap,
            scope,
            #[cfg(feature = "oauth")]
            dpop: None,
        })
    }

    pub(crate) fn http(&self) -> &reqwest::Client {
        &self.inner
    }

    pub(crate) fn tap(&self) -> &RawTap {
        &self.tap
    }

    /// Notes a 403 `insufficient_scope` challenge or a 401 for the call's error.
    fn challenged(&self, result: PostResult) -> PostResult {
        match &result {
            Err(StreamableHttpError::InsufficientScope(challenge)) => {
                self.scope.record(challenge.get_required_scope())
            }
            Err(StreamableHttpError::AuthRequired(challenge)) => self
                .scope
                .record_refusal(scope_of(&challenge.www_authenticate_header).as_deref()),
            _ => {}
        }
        result
    }

    fn body_result(&self, result: PostResult, limit: usize) -> PostResult {
        let result = self.challenged(result);
        match result {
            Err(StreamableHttpError::ResponseBodyTooLarge { max_size }) => {
                self.oversize.record(None, max_size);
                Err(StreamableHttpError::ResponseBodyTooLarge { max_size })
            }
            Ok(StreamableHttpPostResponse::Sse(events, session)) => Ok(
                StreamableHttpPostResponse::Sse(self.watch(events, limit), session),
            ),
            other => other,
        }
    }

    /// Passes `events` on, noting an event over `limit` as it fails the stream, and handing
    /// the raw tap each message while it is armed.
    pub(crate) fn watch(
        &self,
        events: BoxStream<'static, Result<Sse, SseError>>,
        limit: usize,
    ) -> BoxStream<'static, Result<Sse, SseError>> {
        let oversize = self.oversize.clone();
        let tap = self.tap.clone();
        events
            .inspect(move |event| {
                if let Ok(Sse {
                    data: Some(data), ..
                }) = event
                {
                    tap.received_text(data.as_bytes());
                }
                // rmcp's event-size error type is private: its message is all we can match.
                if let Err(SseError::Body(err)) = event
                    && err.to_string().contains("exceeded the maximum size")
                {
                    oversize.record(None, limit);
                }
            })
            .boxed()
    }
}

/// Without OAuth there is no DPoP key: requests go as they are.
#[cfg(not(feature = "oauth"))]
impl LimitedHttpClient {
    async fn presented<T, F, Fut>(
        &self,
        _method: &str,
        _uri: &str,
        auth_header: Option<String>,
        headers: HashMap<HeaderName, HeaderValue>,
        send: F,
    ) -> Result<T, StreamableHttpError<reqwest::Error>>
    where
        F: Fn(Option<String>, HashMap<HeaderName, HeaderValue>) -> Fut,
        Fut: std::future::Future<Output = Result<T, StreamableHttpError<reqwest::Error>>>,
    {
        send(auth_header, headers).await
    }
}

impl StreamableHttpClient for LimitedHttpClient {
    type Error = reqwest::Error;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> PostResult {
        let send = |auth_header: Option<String>, custom_headers| {
            let (uri, message, session_id) = (uri.clone(), message.clone(), session_id.clone());
            async move {
                let post = Post::of(&uri, &message, &session_id, &auth_header, &custom_headers);
                if let Some(response) = self.tapped(post, usize::MAX).await {
                    return Ok(response);
                }
                self.inner
                    .post_message(uri, message, session_id, auth_header, custom_headers)
                    .await
            }
        };
        let discover = is_discover(&message);
        let result = self
            .presented("POST", &uri, auth_header, custom_headers, send)
            .await;
        let result = self.challenged(result);
        if discover { with_hints(result) } else { result }
    }

    async fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limit: usize,
    ) -> PostResult {
        let send = |auth_header: Option<String>, custom_headers| {
            let (uri, message, session_id) = (uri.clone(), message.clone(), session_id.clone());
            async move {
                let post = Post::of(&uri, &message, &session_id, &auth_header, &custom_headers);
                if let Some(response) = self.tapped(post, limit).await {
                    return Ok(response);
                }
                self.inner
                    .post_message_with_max_sse_event_size(
                        uri,
                        message,
                        session_id,
                        auth_header,
                        custom_headers,
                        limit,
                    )
                    .await
            }
        };
        let discover = is_discover(&message);
        let result = self
            .presented("POST", &uri, auth_header, custom_headers, send)
            .await;
        let result = self.body_result(result, limit);
        if discover { with_hints(result) } else { result }
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), StreamableHttpError<Self::Error>> {
        let send = |auth_header, custom_headers| {
            let (uri, session_id) = (uri.clone(), session_id.clone());
            self.inner
                .delete_session(uri, session_id, auth_header, custom_headers)
        };
        self.presented("DELETE", &uri, auth_header, custom_headers, send)
            .await
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> SseResult {
        let send = |auth_header, custom_headers| {
            let (uri, session_id, last) = (uri.clone(), session_id.clone(), last_event_id.clone());
            self.inner
                .get_stream(uri, session_id, last, auth_header, custom_headers)
        };
        self.presented("GET", &uri, auth_header, custom_headers, send)
            .await
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limit: usize,
    ) -> SseResult {
        let send = |auth_header, custom_headers| {
            let (uri, session_id, last) = (uri.clone(), session_id.clone(), last_event_id.clone());
            self.inner.get_stream_with_max_sse_event_size(
                uri,
                session_id,
                last,
                auth_header,
                custom_headers,
                limit,
            )
        };
        let events = self
            .presented("GET", &uri, auth_header, custom_headers, send)
            .await?;
        Ok(self.watch(events, limit))
    }
}

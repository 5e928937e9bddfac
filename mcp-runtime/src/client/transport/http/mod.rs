//! The streamable HTTP transport, and the request headers both HTTP transports send.

use rmcp::ClientServiceExt;
use rmcp::service::{ClientInitializeError, ClientLifecycleMode};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClient;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

mod as_sent;
mod discover_answer;
#[cfg(feature = "oauth")]
mod dpop_present;
mod limit;
pub(super) mod sse;

use super::cached_answer::CachedAnswer;
use super::connected::{Connected, Opening, no_answer};
use super::limit::Oversize;
use super::progress_filter::ProgressFilter;
use super::recorded::Recorded;
use crate::client::handler::{Handler, Service};
use crate::client::known_discovery::KnownDiscovery;
use crate::client::scope_challenge::{Challenge, login_for, with_scopes};
use crate::error::root_cause;
use crate::{ConnectOptions, Error, HttpSpec, Protocol, Result, ServerSpec};
use limit::LimitedHttpClient;

/// Reaches the server and completes the handshake. With [`Protocol::Auto`], a server whose HTTP
/// layer fails `server/discover` outright (a 400 for a request without a session, a dropped
/// connection) instead of answering it with a JSON-RPC error is legacy too: one more attempt
/// with `initialize`, within the same connect deadline.
pub(crate) async fn connect(
    spec: &ServerSpec,
    http: &HttpSpec,
    handler: Handler,
    options: &ConnectOptions,
) -> Result<Connected> {
    let deadline = tokio::time::Instant::now() + options.connect_timeout;
    let oversize = Oversize::default();
    let known = options.usable_discovery();
    let challenges = handler.scope.clone();
    let greeting = Greeting::new(options, known);
    let (mut served, mut opening) = attempt(
        spec,
        http,
        handler.clone(),
        options,
        &oversize,
        greeting,
        deadline,
    )
    .await?;
    // A 403 `insufficient_scope` is no sign of a legacy server: the token needs more scopes,
    // whatever revision the server speaks (a 2026-07-28 server would refuse `initialize`).
    let first_challenge = match &served {
        Ok(Err(_)) => challenges.take(),
        _ => None,
    };
    if let Some(Challenge::Scope(asked)) = first_challenge {
        return Err(login_for(http, Challenge::Scope(asked)));
    }
    if let Some(known) = known
        && let Ok(Err(err)) = &served
        && !err.is_authorization_required()
    {
        tracing::info!(server = %spec.target(), error = %root_cause(err), "the handshake its snapshot recorded failed; discovering afresh");
        known.mark_stale();
        let afresh = Greeting::new(options, None);
        (served, opening) = attempt(
            spec,
            http,
            handler.clone(),
            options,
            &oversize,
            afresh,
            deadline,
        )
        .await?;
    }
    if options.protocol == Protocol::Auto
        && let Ok(Err(err)) = &served
        && !err.is_authorization_required()
    {
        tracing::debug!(server = %spec.target(), error = %root_cause(err), "server/discover failed; trying initialize");
        let legacy = Greeting::legacy();
        (served, opening) =
            attempt(spec, http, handler, options, &oversize, legacy, deadline).await?;
    }
    // A challenge the handshake overcame (a token refreshed after a 401) is no news to the
    // session's first failure; a 401's scope is what a login should ask for.
    let refused = match challenges.take().or(first_challenge) {
        Some(Challenge::Refused(scopes)) => scopes,
        _ => Vec::new(),
    };
    let mut connected =
        handshake_outcome(spec, served, options).map_err(|err| with_scopes(err, refused))?;
    connected.oversize = Some(oversize);
    connected.opening = opening;
    Ok(connected)
}

/// How an attempt opens the session: rmcp's lifecycle, and the snapshot's discovery result
/// that answers its `server/discover` (`cached_answer.rs`), if any.
struct Greeting {
    lifecycle: ClientLifecycleMode,
    known: Option<KnownDiscovery>,
}

impl Greeting {
    /// As `known` (a pinned snapshot's handshake) says, else as the options' protocol does.
    fn new(options: &ConnectOptions, known: Option<&KnownDiscovery>) -> Greeting {
        Greeting {
            lifecycle: KnownDiscovery::lifecycle_of(known, &options.protocol),
            known: known.cloned(),
        }
    }

    /// The `initialize` handshake.
    fn legacy() -> Greeting {
        Greeting {
            lifecycle: ClientLifecycleMode::Initialize,
            known: None,
        }
    }
}

type Served = std::result::Result<
    std::result::Result<Service, ClientInitializeError>,
    tokio::time::error::Elapsed,
>;

/// One handshake over a fresh HTTP client, until `deadline`; with a session opened on a
/// snapshot's discovery result, how long the server may take to speak first.
async fn attempt(
    spec: &ServerSpec,
    http: &HttpSpec,
    handler: Handler,
    options: &ConnectOptions,
    oversize: &Oversize,
    greeting: Greeting,
    deadline: tokio::time::Instant,
) -> Result<(Served, Option<Opening>)> {
    let target = spec.target();
    let mut config = StreamableHttpClientTransportConfig::with_uri(http.url.clone())
        .custom_headers(custom_headers(http, &target)?.into_iter().collect())
        .max_sse_event_size(options.max_message_size);
    if let Some(token) = &http.bearer_token {
        bearer(token, &target)?;
        config = config.auth_header(token.clone());
    }
    let client =
        LimitedHttpClient::new(oversize.clone(), handler.raw.clone(), handler.scope.clone())
            .map_err(|err| invalid(&target, format!("could not set up HTTP: {err}")))?;
    Ok(match &http.oauth {
        Some(oauth) => {
            let client = with_oauth(http, oauth, client).await?;
            serve(client, config, handler, greeting, deadline).await
        }
        None => serve(client, config, handler, greeting, deadline).await,
    })
}

async fn serve<C: StreamableHttpClient>(
    client: C,
    config: StreamableHttpClientTransportConfig,
    handler: Handler,
    greeting: Greeting,
    deadline: tokio::time::Instant,
) -> (Served, Option<Opening>) {
    let transport = StreamableHttpClientTransport::with_client(client, config);
    let transport = ProgressFilter(Recorded::new(transport, handler.recorder.clone()));
    let transport = CachedAnswer::new(transport, greeting.known);
    let opening = transport.heard().map(|heard| Opening {
        heard,
        until: deadline,
    });
    let handshake = handler.serve_with_lifecycle(transport, greeting.lifecycle);
    (tokio::time::timeout_at(deadline, handshake).await, opening)
}

#[cfg(feature = "oauth")]
async fn with_oauth(
    http: &HttpSpec,
    oauth: &crate::OAuthSpec,
    client: LimitedHttpClient,
) -> Result<rmcp::transport::auth::AuthClient<LimitedHttpClient>> {
    crate::oauth::authorized(http, oauth, client).await
}

#[cfg(not(feature = "oauth"))]
async fn with_oauth(
    http: &HttpSpec,
    _oauth: &crate::OAuthSpec,
    client: LimitedHttpClient,
) -> Result<LimitedHttpClient> {
    let _ = client;
    Err(invalid(
        &http.target(),
        "OAuth needs mcp-runtime's `oauth` feature: enable it in Cargo.toml".to_string(),
    ))
}

/// Turns the result of a timed handshake over HTTP into a session or a connect error.
pub(crate) fn handshake_outcome(
    spec: &ServerSpec,
    served: Served,
    options: &ConnectOptions,
) -> Result<Connected> {
    let reason = match served {
        Ok(Ok(service)) => return Ok(Connected::session_only(service)),
        Ok(Err(err)) => {
            if err.is_authorization_required() {
                return Err(unauthorized(spec));
            } else {
                format!("{} (is the server running at this URL?)", root_cause(&err))
            }
        }
        Err(_) => no_answer(options.protocol.first_request(), options.connect_timeout),
    };
    Err(Error::Connect {
        target: spec.target(),
        reason: spec.scrub(&reason),
        stderr: Vec::new(),
    })
}

/// What a 401 at the handshake means, given what the spec sent.
fn unauthorized(spec: &ServerSpec) -> Error {
    let ServerSpec::Http(http) = spec else {
        return invalid(&spec.target(), "the server requires authorization".into());
    };
    let login = |reason: &str| Error::login_required(http, reason);
    if http.oauth.is_some() {
        login("the server rejected the stored token, also after refreshing it")
    } else if http.bearer_token.is_some() || !http.headers.is_empty() {
        invalid(
            &http.target(),
            "the server rejected the credentials sent (401): check the bearer token or headers"
                .to_string(),
        )
    } else {
        login(
            "the server requires authorization (401) and this connection has neither OAuth nor \
             a token; after logging in, connect with `.oauth(..)` (mcp.json: `\"auth\": \"oauth\"`)",
        )
    }
}

/// The spec's own headers, checked (errors name the header, never its value).
pub(crate) fn custom_headers(
    spec: &HttpSpec,
    target: &str,
) -> Result<Vec<(http::HeaderName, http::HeaderValue)>> {
    spec.headers
        .iter()
        .map(|(name, value)| {
            let bad =
                |what: &str| invalid(target, format!("header `{name}` has an invalid {what}"));
            let name_parsed =
                http::HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad("name"))?;
            let value_parsed = http::HeaderValue::from_str(value).map_err(|_| bad("value"))?;
            Ok((name_parsed, value_parsed))
        })
        .collect()
}

/// `Authorization: Bearer <token>`, checked.
pub(crate) fn bearer(token: &str, target: &str) -> Result<http::HeaderValue> {
    http::HeaderValue::from_str(&format!("Bearer {token}")).map_err(|_| {
        invalid(
            target,
            "the bearer token is not a valid header value".to_string(),
        )
    })
}

fn invalid(target: &str, reason: String) -> Error {
    Error::Connect {
        target: target.to_string(),
        reason,
        stderr: Vec::new(),
    }
}

//! The demo server's OAuth mode (`demo-server --http PORT --oauth`): a small authorization
//! server of its own in front of the MCP endpoint, enough for a real MCP authorization flow.
//!
//! - `/.well-known/oauth-protected-resource[/mcp]` (RFC 9728) names this server as the
//!   authorization server; `/.well-known/oauth-authorization-server` (RFC 8414) its endpoints.
//! - `/register` (RFC 7591) registers public clients; `/authorize` approves at once (no user to
//!   ask) and redirects with a code; `/token` exchanges codes (PKCE S256 checked), refreshes
//!   (rotating the refresh token) and runs the client-credentials grant for the client named
//!   by `DEMO_OAUTH_CLIENT=id:secret`; `/revoke` (RFC 7009) forgets a token; `GET /stats`
//!   counts the refresh grants answered, for tests.
//! - `/mcp` needs a live bearer token, else 401 with `WWW-Authenticate: Bearer
//!   resource_metadata=…`. Access tokens live `--token-ttl SECS` (default 3600).
//!
//! Everything is in memory: a restarted server has forgotten every client and token.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use base64::Engine;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::{Request, Response, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// A response body of the same type as rmcp's MCP service answers with.
pub type Body = BoxBody<Bytes, std::convert::Infallible>;

/// The authorization server and the token check of one demo server.
pub struct AuthServer {
    base: String,
    ttl: Duration,
    /// `id:secret` of a confidential client for the client-credentials grant.
    machine_client: Option<(String, String)>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Registered clients and their redirect URIs.
    clients: HashMap<String, Vec<String>>,
    codes: HashMap<String, Grant>,
    access: HashMap<String, Instant>,
    refresh: HashMap<String, String>,
    /// Refresh-token grants answered (GET `/stats` tells), so tests can count them.
    refreshes: u64,
}

struct Grant {
    client_id: String,
    redirect_uri: String,
    challenge: String,
    scope: String,
}

/// What to do with a request.
pub enum Routed {
    /// Answer with this.
    Answer(Response<Body>),
    /// An authorized MCP request: serve it.
    Mcp(Request<hyper::body::Incoming>),
}

impl AuthServer {
    /// The authorization server of a demo server listening at `base` (`http://127.0.0.1:PORT`).
    pub fn new(base: String, ttl: Duration) -> Self {
        let machine_client = std::env::var("DEMO_OAUTH_CLIENT").ok().and_then(|pair| {
            let (id, secret) = pair.split_once(':')?;
            Some((id.to_string(), secret.to_string()))
        });
        AuthServer {
            base,
            ttl,
            machine_client,
            state: Mutex::default(),
        }
    }

    /// Answers the OAuth endpoints; lets an MCP request through only with a live token.
    pub async fn route(&self, request: Request<hyper::body::Incoming>) -> Routed {
        let path = request.uri().path().to_string();
        let answer = match (request.method().as_str(), path.as_str()) {
            ("GET", p) if p.starts_with("/.well-known/oauth-protected-resource") => {
                json_response(StatusCode::OK, self.resource_metadata())
            }
            ("GET", "/.well-known/oauth-authorization-server")
            | ("GET", "/.well-known/openid-configuration") => {
                json_response(StatusCode::OK, self.server_metadata())
            }
            ("POST", "/register") => self.register(body_json(request).await),
            ("GET", "/authorize") => self.authorize(request.uri().query().unwrap_or_default()),
            ("POST", "/token") => self.token(&body_form(request).await),
            ("POST", "/revoke") => self.revoke(&body_form(request).await),
            ("GET", "/stats") => json_response(
                StatusCode::OK,
                json!({"refresh_grants": self.lock().refreshes}),
            ),
            _ if self.authorized(&request) => return Routed::Mcp(request),
            _ => self.challenge(&request),
        };
        Routed::Answer(answer)
    }

    fn resource_metadata(&self) -> Value {
        json!({
            "resource": format!("{}/mcp", self.base),
            "authorization_servers": [self.base],
            "scopes_supported": ["demo"],
            "bearer_methods_supported": ["header"],
        })
    }

    fn server_metadata(&self) -> Value {
        let at = |path: &str| format!("{}{path}", self.base);
        json!({
            "issuer": self.base,
            "authorization_endpoint": at("/authorize"),
            "token_endpoint": at("/token"),
            "registration_endpoint": at("/register"),
            "revocation_endpoint": at("/revoke"),
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none", "client_secret_post"],
            "scopes_supported": ["demo"],
        })
    }

    fn register(&self, body: Option<Value>) -> Response<Body> {
        let Some(body) = body else {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_client_metadata",
                "not JSON",
            );
        };
        let redirect_uris: Vec<String> = body["redirect_uris"]
            .as_array()
            .map(|uris| {
                uris.iter()
                    .filter_map(|u| u.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        if redirect_uris.is_empty() {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_redirect_uri",
                "no redirect_uris",
            );
        }
        let client_id = format!("client-{}", random());
        let mut answer = body.clone();
        answer["client_id"] = json!(client_id);
        answer["token_endpoint_auth_method"] = json!("none");
        self.lock().clients.insert(client_id, redirect_uris);
        json_response(StatusCode::CREATED, answer)
    }

    fn authorize(&self, query: &str) -> Response<Body> {
        let params: HashMap<String, String> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        let get = |key: &str| params.get(key).cloned().unwrap_or_default();
        let (client_id, redirect_uri) = (get("client_id"), get("redirect_uri"));
        let known = self
            .lock()
            .clients
            .get(&client_id)
            .is_some_and(|uris| uris.contains(&redirect_uri));
        if !known || get("code_challenge_method") != "S256" || get("response_type") != "code" {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "unknown client or redirect_uri, or no S256 PKCE",
            );
        }
        let code = random();
        let grant = Grant {
            client_id,
            redirect_uri: redirect_uri.clone(),
            challenge: get("code_challenge"),
            scope: get("scope"),
        };
        self.lock().codes.insert(code.clone(), grant);
        let location = format!(
            "{redirect_uri}?code={code}&state={}&iss={}",
            encode(&get("state")),
            encode(&self.base)
        );
        redirect(&location)
    }

    fn token(&self, form: &HashMap<String, String>) -> Response<Body> {
        let get = |key: &str| form.get(key).map(String::as_str).unwrap_or_default();
        match get("grant_type") {
            "authorization_code" => self.exchange_code(form),
            "refresh_token" => {
                let client = {
                    let mut state = self.lock();
                    state.refreshes += 1;
                    state.refresh.remove(get("refresh_token"))
                };
                match client {
                    Some(scope) => self.issue(&scope, true),
                    None => oauth_error(
                        StatusCode::BAD_REQUEST,
                        "invalid_grant",
                        "unknown or revoked refresh token",
                    ),
                }
            }
            "client_credentials" => match &self.machine_client {
                Some((id, secret)) if get("client_id") == id && get("client_secret") == secret => {
                    self.issue(get("scope"), false)
                }
                _ => oauth_error(
                    StatusCode::UNAUTHORIZED,
                    "invalid_client",
                    "unknown client or wrong secret",
                ),
            },
            _ => oauth_error(
                StatusCode::BAD_REQUEST,
                "unsupported_grant_type",
                "use authorization_code, refresh_token or client_credentials",
            ),
        }
    }

    fn exchange_code(&self, form: &HashMap<String, String>) -> Response<Body> {
        let get = |key: &str| form.get(key).map(String::as_str).unwrap_or_default();
        let Some(grant) = self.lock().codes.remove(get("code")) else {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                "unknown or used code",
            );
        };
        let verifier_hash = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(get("code_verifier").as_bytes()));
        if verifier_hash != grant.challenge
            || grant.client_id != get("client_id")
            || grant.redirect_uri != get("redirect_uri")
        {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                "PKCE verifier, client or redirect_uri does not match",
            );
        }
        self.issue(&grant.scope, true)
    }

    /// A new access token (and refresh token, when `refreshable`).
    fn issue(&self, scope: &str, refreshable: bool) -> Response<Body> {
        let access = random();
        let mut state = self.lock();
        state
            .access
            .insert(access.clone(), Instant::now() + self.ttl);
        let mut answer = json!({
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": self.ttl.as_secs(),
            "scope": scope,
        });
        if refreshable {
            let refresh = random();
            state.refresh.insert(refresh.clone(), scope.to_string());
            answer["refresh_token"] = json!(refresh);
        }
        json_response(StatusCode::OK, answer)
    }

    fn revoke(&self, form: &HashMap<String, String>) -> Response<Body> {
        let token = form.get("token").cloned().unwrap_or_default();
        let mut state = self.lock();
        state.refresh.remove(&token);
        state.access.remove(&token);
        json_response(StatusCode::OK, json!({}))
    }

    fn authorized(&self, request: &Request<hyper::body::Incoming>) -> bool {
        let Some(token) = bearer(request) else {
            return false;
        };
        self.lock()
            .access
            .get(token)
            .is_some_and(|expiry| Instant::now() < *expiry)
    }

    fn challenge(&self, request: &Request<hyper::body::Incoming>) -> Response<Body> {
        let mut header = format!(
            "Bearer resource_metadata=\"{}/.well-known/oauth-protected-resource/mcp\", scope=\"demo\"",
            self.base
        );
        if bearer(request).is_some() {
            header.push_str(", error=\"invalid_token\"");
        }
        let mut response =
            json_response(StatusCode::UNAUTHORIZED, json!({"error": "unauthorized"}));
        response
            .headers_mut()
            .insert("www-authenticate", header.parse().expect("ASCII header"));
        response
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn bearer(request: &Request<hyper::body::Incoming>) -> Option<&str> {
    request
        .headers()
        .get("authorization")?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

async fn body_bytes(request: Request<hyper::body::Incoming>) -> Bytes {
    match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => Bytes::new(),
    }
}

async fn body_json(request: Request<hyper::body::Incoming>) -> Option<Value> {
    serde_json::from_slice(&body_bytes(request).await).ok()
}

async fn body_form(request: Request<hyper::body::Incoming>) -> HashMap<String, String> {
    form_urlencoded::parse(&body_bytes(request).await)
        .into_owned()
        .collect()
}

fn json_response(status: StatusCode, body: Value) -> Response<Body> {
    let mut response = Response::new(full(body.to_string()));
    *response.status_mut() = status;
    response.headers_mut().insert(
        "content-type",
        "application/json".parse().expect("ASCII header"),
    );
    response
        .headers_mut()
        .insert("cache-control", "no-store".parse().expect("ASCII header"));
    response
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response<Body> {
    json_response(
        status,
        json!({"error": error, "error_description": description}),
    )
}

fn redirect(location: &str) -> Response<Body> {
    let mut response = Response::new(full(String::new()));
    *response.status_mut() = StatusCode::FOUND;
    if let Ok(value) = location.parse() {
        response.headers_mut().insert("location", value);
    }
    response
}

fn full(text: String) -> Body {
    Full::new(Bytes::from(text)).boxed()
}

fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// 32 random bytes, URL-safe.
fn random() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the OS random source");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

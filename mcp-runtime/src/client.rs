//! One live session with one MCP server.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig, Implementation,
    ServerPeerInfo, Tool,
};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientHandler, Peer, RoleClient, ServiceError, ServiceExt};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::child::{self, ChildProcess};
use crate::error::root_cause;
use crate::schema::json_kind;
use crate::spec::{HttpSpec, ServerSpec};
use crate::{ConnectOptions, Error, Result, ToolOutput};

/// A connected MCP server.
///
/// Calls take `&self` and may run concurrently (share it with `Arc`). Dropping the client ends
/// the session and, for stdio servers, the server process and its process group; use
/// [`Client::close`] to let the server exit gracefully first.
pub struct Client {
    peer: Peer<RoleClient>,
    service: tokio::sync::Mutex<Option<RunningService<RoleClient, Handler>>>,
    child: tokio::sync::Mutex<Option<ChildProcess>>,
    pid: Option<u32>,
    target: String,
    spec: ServerSpec,
    info: Arc<ServerPeerInfo>,
    options: ConnectOptions,
    tools_changed: Arc<AtomicU64>,
}

/// Our side of the session: fixed capabilities (none offered, so every server shows the same
/// tools to every client of ours) and a counter of `tools/list_changed` notifications.
#[derive(Clone)]
struct Handler {
    config: ClientConfig,
    tools_changed: Arc<AtomicU64>,
}

impl ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        self.config.clone()
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.tools_changed.fetch_add(1, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("target", &self.target)
            .field("server", &self.server_info().map(|i| (&i.name, &i.version)))
            .field("protocol_version", &self.protocol_version())
            .finish_non_exhaustive()
    }
}

impl Client {
    /// Connects with default [`ConnectOptions`].
    pub async fn connect(spec: impl Into<ServerSpec>) -> Result<Client> {
        Self::connect_with(spec, ConnectOptions::default()).await
    }

    /// Starts (stdio) or reaches (HTTP) the server and completes the MCP handshake within
    /// `options.connect_timeout`.
    pub async fn connect_with(
        spec: impl Into<ServerSpec>,
        options: ConnectOptions,
    ) -> Result<Client> {
        let spec = spec.into();
        let target = spec.target();
        let tools_changed = Arc::new(AtomicU64::new(0));
        let handler = Handler {
            config: ClientConfig::new(
                ClientCapabilities::default(),
                Implementation::new(options.client_name.clone(), options.client_version.clone()),
            ),
            tools_changed: tools_changed.clone(),
        };
        let deadline = options.connect_timeout;
        let (service, child) = match &spec {
            ServerSpec::Stdio(stdio) => {
                let spawned = child::spawn(stdio, options.stderr_lines)?;
                let mut process = spawned.process;
                let handshake = handler.serve((spawned.stdout, spawned.stdin));
                match tokio::time::timeout(deadline, handshake).await {
                    Ok(Ok(service)) => (service, Some(process)),
                    outcome => {
                        // Lets a dying server finish exiting and its stderr drain before we judge.
                        let stderr: Vec<String> = process
                            .stderr_tail()
                            .await
                            .iter()
                            .map(|l| spec.scrub(l))
                            .collect();
                        let reason = match (outcome, process.try_exit_status()) {
                            (_, Some(status)) => {
                                format!(
                                    "the server exited ({status}) before completing the MCP handshake"
                                )
                            }
                            (Ok(Err(err)), None) => {
                                format!("MCP handshake failed: {}", root_cause(&err))
                            }
                            (_, None) => no_answer(deadline),
                        };
                        let reason = spec.scrub(&reason);
                        process.shutdown(Duration::ZERO).await;
                        return Err(Error::Connect {
                            target,
                            reason,
                            stderr,
                        });
                    }
                }
            }
            ServerSpec::Http(http) => {
                let served = if http.legacy_sse {
                    let mut headers = reqwest::header::HeaderMap::new();
                    for (name, value) in header_pairs(http, &target)? {
                        headers.insert(name, value);
                    }
                    if let Some(token) = &http.bearer_token {
                        let value = http::HeaderValue::from_str(&format!("Bearer {token}"))
                            .map_err(|_| Error::Connect {
                                target: target.clone(),
                                reason: "the bearer token is not a valid header value".into(),
                                stderr: Vec::new(),
                            })?;
                        headers.insert(http::header::AUTHORIZATION, value);
                    }
                    let transport = crate::sse::SseTransport::connect(http, headers, deadline)
                        .await
                        .map_err(|err| Error::Connect {
                            target: target.clone(),
                            reason: spec
                                .scrub(&format!("{err} (is the server running at this URL?)")),
                            stderr: Vec::new(),
                        })?;
                    tokio::time::timeout(deadline, handler.serve(transport)).await
                } else {
                    let transport = http_transport(http, &target)?;
                    tokio::time::timeout(deadline, handler.serve(transport)).await
                };
                match served {
                    Ok(Ok(service)) => (service, None),
                    Ok(Err(err)) => {
                        let reason = if err.is_authorization_required() {
                            "the server requires authorization: set a bearer token or headers"
                                .to_string()
                        } else {
                            format!("{} (is the server running at this URL?)", root_cause(&err))
                        };
                        return Err(Error::Connect {
                            target,
                            reason: spec.scrub(&reason),
                            stderr: Vec::new(),
                        });
                    }
                    Err(_) => {
                        return Err(Error::Connect {
                            target,
                            reason: no_answer(deadline),
                            stderr: Vec::new(),
                        });
                    }
                }
            }
        };
        let peer = service.peer().clone();
        let info = peer.peer_info().ok_or_else(|| Error::Connect {
            target: target.clone(),
            reason: "the server sent no initialize result".into(),
            stderr: Vec::new(),
        })?;
        let pid = child.as_ref().and_then(ChildProcess::pid);
        tracing::debug!(
            server = %target,
            name = info.server_info.as_ref().map(|i| i.name.as_str()),
            protocol = %info.protocol_version,
            "connected"
        );
        Ok(Client {
            peer,
            service: tokio::sync::Mutex::new(Some(service)),
            child: tokio::sync::Mutex::new(child),
            pid,
            target,
            spec,
            info,
            options,
            tools_changed,
        })
    }

    /// The server's `serverInfo` (name, version, …), if it sent one.
    pub fn server_info(&self) -> Option<&Implementation> {
        self.info.server_info.as_ref()
    }

    /// The protocol version both sides agreed on.
    pub fn protocol_version(&self) -> &str {
        self.info.protocol_version.as_str()
    }

    /// Everything the server said about itself in the handshake.
    pub fn peer_info(&self) -> &ServerPeerInfo {
        &self.info
    }

    /// How the server is named in logs and errors (command line or URL, no secrets).
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The process id of a stdio server.
    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// The options this client was connected with.
    pub fn options(&self) -> &ConnectOptions {
        &self.options
    }

    /// How many `notifications/tools/list_changed` the server has sent so far.
    pub fn tools_changed_count(&self) -> u64 {
        self.tools_changed.load(Ordering::Relaxed)
    }

    /// False once the connection has ended (the server exited or the client was closed).
    pub fn is_open(&self) -> bool {
        !self.peer.is_transport_closed()
    }

    /// All tools, following pagination.
    pub async fn list_tools(&self) -> Result<Vec<Tool>> {
        let operation = "tools/list";
        let timeout = self.options.effective_request_timeout();
        match tokio::time::timeout(timeout, self.peer.list_all_tools()).await {
            Ok(Ok(tools)) => Ok(tools),
            Ok(Err(err)) => Err(self.service_error(err, operation).await),
            Err(_) => Err(timeout_error(
                operation,
                timeout,
                "ConnectOptions::request_timeout",
            )),
        }
    }

    /// Calls a tool with JSON arguments (an object, or `null` for none) under the default call
    /// timeout. A result with `isError: true` is returned as [`Error::Tool`].
    pub async fn call_tool(&self, name: &str, arguments: Value) -> Result<ToolOutput> {
        self.call_tool_with_timeout(name, arguments, self.options.call_timeout)
            .await
    }

    /// [`Client::call_tool`] with its own timeout. On timeout the request is cancelled on the
    /// server and the client stays usable.
    pub async fn call_tool_with_timeout(
        &self,
        name: &str,
        arguments: Value,
        timeout: Duration,
    ) -> Result<ToolOutput> {
        let arguments = match arguments {
            Value::Object(map) => map,
            Value::Null => Map::new(),
            other => {
                return Err(Error::InvalidArguments {
                    tool: name.to_string(),
                    reason: format!("arguments must be a JSON object, got {}", json_kind(&other)),
                });
            }
        };
        self.call_object(name, arguments, timeout).await
    }

    /// Calls a tool with typed arguments and decodes its structured result into `R`.
    pub async fn call<A: Serialize + ?Sized, R: DeserializeOwned>(
        &self,
        name: &str,
        arguments: &A,
    ) -> Result<R> {
        self.call_output(name, arguments)
            .await?
            .into_structured(name)
    }

    /// Calls a tool with typed arguments and returns its raw output.
    pub async fn call_output<A: Serialize + ?Sized>(
        &self,
        name: &str,
        arguments: &A,
    ) -> Result<ToolOutput> {
        self.call_output_with_timeout(name, arguments, self.options.call_timeout)
            .await
    }

    /// [`Client::call_output`] with its own timeout.
    pub async fn call_output_with_timeout<A: Serialize + ?Sized>(
        &self,
        name: &str,
        arguments: &A,
        timeout: Duration,
    ) -> Result<ToolOutput> {
        let arguments = to_object(name, arguments)?;
        self.call_object(name, arguments, timeout).await
    }

    async fn call_object(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        timeout: Duration,
    ) -> Result<ToolOutput> {
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        // Dropping the request future on timeout sends `notifications/cancelled` (rmcp).
        match tokio::time::timeout(timeout, self.peer.call_tool_once(params)).await {
            Ok(Ok(CallToolResponse::Complete(result))) => {
                let output = ToolOutput::from(result);
                if output.is_error {
                    let message = match output.text() {
                        text if !text.is_empty() => text,
                        _ => output.to_llm_string(2_000),
                    };
                    return Err(Error::Tool { tool: name.to_string(), message, output: Box::new(output) });
                }
                Ok(output)
            }
            Ok(Ok(_)) => Err(Error::Protocol {
                target: self.target.clone(),
                operation: format!("tools/call `{name}`"),
                message: "the server asked for client input or created a task, which this client does not offer"
                    .into(),
            }),
            Ok(Err(err)) => Err(self.service_error(err, &format!("tools/call `{name}`")).await),
            Err(_) => Err(timeout_error(
                &format!("tools/call `{name}`"),
                timeout,
                "ConnectOptions::call_timeout or call_tool_with_timeout",
            )),
        }
    }

    /// Ends the session: closes the connection, lets a stdio server exit on its own for
    /// `shutdown_grace`, then terminates it. Idempotent.
    pub async fn close(&self) -> Result<()> {
        if let Some(mut service) = self.service.lock().await.take() {
            let _ = service
                .close_with_timeout(self.options.shutdown_grace)
                .await;
        }
        if let Some(mut child) = self.child.lock().await.take() {
            child.shutdown(self.options.shutdown_grace).await;
        }
        Ok(())
    }

    async fn service_error(&self, err: ServiceError, operation: &str) -> Error {
        match err {
            ServiceError::McpError(data) => Error::Protocol {
                target: self.target.clone(),
                operation: operation.to_string(),
                message: self.spec.scrub(&format!(
                    "{} (JSON-RPC error {})",
                    data.message, data.code.0
                )),
            },
            ServiceError::Timeout { timeout } => {
                timeout_error(operation, timeout, "ConnectOptions::request_timeout")
            }
            ServiceError::TransportClosed | ServiceError::TransportSend(_) => {
                let stderr = match self.child.lock().await.as_mut() {
                    Some(child) => child
                        .stderr_tail()
                        .await
                        .iter()
                        .map(|l| self.spec.scrub(l))
                        .collect(),
                    None => Vec::new(),
                };
                Error::TransportClosed {
                    target: self.target.clone(),
                    operation: Some(operation.to_string()),
                    stderr,
                }
            }
            other => Error::Protocol {
                target: self.target.clone(),
                operation: operation.to_string(),
                message: self.spec.scrub(&root_cause(&other)),
            },
        }
    }
}

fn no_answer(deadline: Duration) -> String {
    format!(
        "no answer to `initialize` within {deadline:?} (is it an MCP server on this transport? \
         raise ConnectOptions::connect_timeout for slow starters)"
    )
}

fn timeout_error(operation: &str, duration: Duration, hint: &'static str) -> Error {
    Error::Timeout {
        operation: operation.to_string(),
        duration,
        hint,
    }
}

fn to_object<A: Serialize + ?Sized>(tool: &str, arguments: &A) -> Result<Map<String, Value>> {
    match serde_json::to_value(arguments) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(Value::Null) => Ok(Map::new()),
        Ok(other) => Err(Error::InvalidArguments {
            tool: tool.to_string(),
            reason: format!(
                "arguments must serialize to a JSON object, got {}",
                json_kind(&other)
            ),
        }),
        Err(err) => Err(Error::InvalidArguments {
            tool: tool.to_string(),
            reason: err.to_string(),
        }),
    }
}

/// The spec's headers, checked (errors name the header, never its value).
fn header_pairs(
    spec: &HttpSpec,
    target: &str,
) -> Result<Vec<(http::HeaderName, http::HeaderValue)>> {
    spec.headers
        .iter()
        .map(|(name, value)| {
            let bad = |what: &str| Error::Connect {
                target: target.to_string(),
                reason: format!("header `{name}` has an invalid {what}"),
                stderr: Vec::new(),
            };
            let name_parsed =
                http::HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad("name"))?;
            let value_parsed = http::HeaderValue::from_str(value).map_err(|_| bad("value"))?;
            Ok((name_parsed, value_parsed))
        })
        .collect()
}

fn http_transport(
    spec: &HttpSpec,
    target: &str,
) -> Result<
    rmcp::transport::StreamableHttpClientTransport<
        impl rmcp::transport::streamable_http_client::StreamableHttpClient,
    >,
> {
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    let headers = header_pairs(spec, target)?.into_iter().collect();
    let mut config =
        StreamableHttpClientTransportConfig::with_uri(spec.url.clone()).custom_headers(headers);
    if let Some(token) = &spec.bearer_token {
        config = config.auth_header(token.clone());
    }
    Ok(rmcp::transport::StreamableHttpClientTransport::from_config(
        config,
    ))
}

//! One live session with one MCP server.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rmcp::model::{Implementation, ServerPeerInfo};
use rmcp::{Peer, RoleClient, ServiceError};

use super::cassette::Recorder;
use super::handler::{Handler, Service};
use super::progress::ProgressRoutes;
use super::raw_tap::RawTap;
use super::scope_challenge::{Challenge, ScopeChallenge};
use super::transport::{ChildProcess, Connected, Direct, Opening, Oversize, connect_transport};
use crate::error::root_cause;
use crate::{ConnectOptions, Error, Result, ServerSpec};

/// A connected MCP server.
///
/// Calls take `&self` and may run concurrently (share it with `Arc`). Dropping the client ends
/// the session and, for stdio servers, the server process and its process group; use
/// [`Client::close`] to let the server exit gracefully first.
///
/// ```no_run
/// # async fn demo() -> mcp_runtime::Result<()> {
/// use mcp_runtime::{Client, ServerSpec};
/// let client = Client::connect(ServerSpec::stdio("mcp-server-time")).await?;
/// for tool in client.list_tools().await? {
///     println!("{}", tool.name);
/// }
/// let out = client.call_tool("get_current_time", serde_json::json!({"timezone": "UTC"})).await?;
/// println!("{}", out.text());
/// client.close().await;
/// # Ok(())
/// # }
/// ```
pub struct Client {
    peer: Peer<RoleClient>,
    service: tokio::sync::Mutex<Option<Service>>,
    child: tokio::sync::Mutex<Option<ChildProcess>>,
    /// Set by a stdio transport when the server sent a message over the size limit.
    oversize: Option<Oversize>,
    pid: Option<u32>,
    /// A stdio server's exit, watched without locking `child`.
    exit: Option<tokio::sync::watch::Receiver<Option<std::process::ExitStatus>>>,
    target: String,
    pub(super) spec: ServerSpec,
    info: Arc<ServerPeerInfo>,
    options: ConnectOptions,
    pub(super) routes: Routes,
    /// The lean path for plain tool calls (stdio).
    #[cfg_attr(not(feature = "stdio"), allow(dead_code))]
    pub(super) direct: Option<Direct>,
    /// What the server offers of tasks (2025-11-25), and which tools require them.
    pub(super) task_tools: super::tasks::support::TaskTools,
    /// Tools a [`DriftPolicy::Pinned`](crate::DriftPolicy::Pinned) check withheld, and why.
    pub(super) withheld: std::sync::RwLock<std::collections::BTreeMap<String, String>>,
    /// Whether this session listed its tools: over HTTP, rmcp mirrors a call's `x-mcp-header`
    /// arguments into headers from the listing it saw (`tools.rs`).
    pub(super) tools_listed: std::sync::atomic::AtomicBool,
    /// Opened on a snapshot's discovery result: the server may still be starting.
    opening: Option<Opening>,
}

/// Where the session's handler leaves what the server tells us unasked.
pub(super) struct Routes {
    tools_changed: Arc<AtomicU64>,
    pub(super) progress: ProgressRoutes,
    updates: tokio::sync::broadcast::Sender<String>,
    pub(super) raw: RawTap,
    scope: ScopeChallenge,
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

/// What opening a transport returns.
pub(crate) type ConnectFuture =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<Connected>> + Send>>;

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
        Client::connect_to(spec.into(), options, |spec, handler, options| {
            Box::pin(async move { connect_transport(&spec, handler, &options).await })
        })
        .await
    }

    /// [`Client::connect_with`] over the transport `open` connects (an in-process server's).
    pub(crate) async fn connect_to(
        spec: ServerSpec,
        options: ConnectOptions,
        open: impl FnOnce(ServerSpec, Handler, ConnectOptions) -> ConnectFuture,
    ) -> Result<Client> {
        let target = spec.target();
        let mut handler = Handler::new(&options);
        handler.recorder = options
            .record
            .as_ref()
            .map(|path| Recorder::new(path.clone(), &spec));
        let routes = Routes {
            tools_changed: handler.tools_changed.clone(),
            progress: handler.progress.clone(),
            updates: handler.updates.clone(),
            raw: handler.raw.clone(),
            scope: handler.scope.clone(),
        };
        // The `initialize` answer as sent: rmcp's model drops its 2025-11-25 `tasks` capability.
        let raw = handler.raw.clone();
        let initialize = raw.arm("initialize");
        let Connected {
            service,
            child,
            oversize,
            direct,
            opening,
        } = open(spec.clone(), handler, options.clone()).await?;
        let task_tools = super::tasks::support::TaskTools::from_initialize(raw.take().as_ref());
        drop(initialize);
        let peer = service.peer().clone();
        let info = peer.peer_info().ok_or_else(|| Error::Connect {
            target: target.clone(),
            reason: "the server sent no initialize result".into(),
            stderr: Vec::new(),
        })?;
        let pid = child.as_ref().and_then(ChildProcess::pid);
        let exit = child.as_ref().map(ChildProcess::exit_watch);
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
            oversize,
            pid,
            exit,
            target,
            spec,
            info,
            options,
            routes,
            direct,
            task_tools,
            withheld: Default::default(),
            tools_listed: Default::default(),
            opening,
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

    /// How long a request may wait now, and the setting that says so: the request timeout,
    /// or — in a session opened on a snapshot whose server has not spoken yet — what is left
    /// of the connect timeout if that is longer (the server may still be starting).
    pub(crate) fn request_timeout_now(&self) -> (Duration, &'static str) {
        let timeout = self.options.effective_request_timeout();
        let grace = self.opening.as_ref().map_or(Duration::ZERO, Opening::grace);
        match grace > timeout {
            true => (
                grace,
                "ConnectOptions::connect_timeout: the server had not answered yet",
            ),
            false => (timeout, "ConnectOptions::request_timeout"),
        }
    }

    /// The options this client was connected with.
    pub fn options(&self) -> &ConnectOptions {
        &self.options
    }

    /// How many `notifications/tools/list_changed` the server has sent so far.
    pub fn tools_changed_count(&self) -> u64 {
        self.routes.tools_changed.load(Ordering::Relaxed)
    }

    /// The rmcp peer, for requests this file does not wrap.
    pub(crate) fn peer(&self) -> &Peer<RoleClient> {
        &self.peer
    }

    /// `notifications/resources/updated` URIs from now on (after [`Client::subscribe`]).
    pub fn resource_updates(&self) -> tokio::sync::broadcast::Receiver<String> {
        self.routes.updates.subscribe()
    }

    /// False once the connection has ended (the server exited or the client was closed).
    pub fn is_open(&self) -> bool {
        !self.peer.is_transport_closed()
    }

    /// Resolves once the connection has ended: a stdio server's process exited (noticed at
    /// once), the stream closed, or the client was closed (noticed within 250 ms). The future
    /// does not borrow the client and does not keep the session alive.
    pub fn closed(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let exit = self.exit.clone();
        let peer = self.peer.clone();
        async move {
            let process_exited = async move {
                match exit {
                    // A dropped sender (the waiter is gone) also means the process is.
                    Some(mut exit) => drop(exit.wait_for(Option::is_some).await),
                    None => std::future::pending().await,
                }
            };
            let stream_closed = async move {
                while !peer.is_transport_closed() {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
            };
            tokio::select! {
                () = process_exited => {}
                () = stream_closed => {}
            }
        }
    }

    /// Why the connection ended, as [`Error::TransportClosed`]: for a stdio server, how its
    /// process exited and its last stderr lines.
    pub async fn end_reason(&self) -> Error {
        self.closed_error(None).await
    }

    /// Ends the session: closes the connection, lets a stdio server exit on its own for
    /// `shutdown_grace`, then terminates it. Idempotent, and it cannot fail: whatever the
    /// server does, it is gone afterwards.
    pub async fn close(&self) {
        if let Some(mut service) = self.service.lock().await.take() {
            let _ = service
                .close_with_timeout(self.options.shutdown_grace)
                .await;
        }
        if let Some(mut child) = self.child.lock().await.take() {
            child.shutdown(self.options.shutdown_grace).await;
        }
    }

    pub(crate) async fn service_error(&self, err: ServiceError, operation: &str) -> Error {
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
            ServiceError::TransportClosed | ServiceError::TransportSend(_)
                if let Some((size, limit)) = self.oversize.as_ref().and_then(|o| o.seen()) =>
            {
                Error::MessageTooLarge {
                    target: self.target.clone(),
                    operation: operation.to_string(),
                    size,
                    limit,
                }
            }
            ServiceError::TransportClosed | ServiceError::TransportSend(_)
                if let Some(challenge) = self.routes.scope.take() =>
            {
                self.challenged(challenge)
            }
            ServiceError::TransportClosed | ServiceError::TransportSend(_)
                if let Some(login) = self.ended_login() =>
            {
                login
            }
            ServiceError::TransportClosed | ServiceError::TransportSend(_) => {
                self.closed_error(Some(operation.to_string())).await
            }
            other => Error::Protocol {
                target: self.target.clone(),
                operation: operation.to_string(),
                message: self.spec.scrub(&root_cause(&other)),
            },
        }
    }

    /// The server challenged the token: a login with the scopes this login has and those a
    /// 403 asked for, or a new login after a 401.
    fn challenged(&self, challenge: Challenge) -> Error {
        #[cfg(feature = "http")]
        if let ServerSpec::Http(http) = &self.spec {
            return super::scope_challenge::login_for(http, challenge);
        }
        self.protocol_error(
            "a request",
            format!("the server challenged the session's credentials ({challenge:?})"),
        )
    }

    /// An OAuth session that ended because its token could not be refreshed any more.
    fn ended_login(&self) -> Option<Error> {
        #[cfg(feature = "oauth")]
        if let ServerSpec::Http(http) = &self.spec
            && let Some(oauth) = &http.oauth
        {
            return crate::oauth::ended_login(http, oauth);
        }
        None
    }

    async fn closed_error(&self, operation: Option<String>) -> Error {
        let (stderr, exit) = match self.child.lock().await.as_mut() {
            // The tail waits briefly for a dying server, so its exit is known after.
            Some(child) => (
                child
                    .stderr_tail()
                    .await
                    .iter()
                    .map(|l| self.spec.scrub(l))
                    .collect(),
                child.try_exit_status().map(|status| status.to_string()),
            ),
            None => (Vec::new(), None),
        };
        Error::TransportClosed {
            target: self.target.clone(),
            operation,
            exit,
            stderr,
        }
    }
}

pub(crate) fn timeout_error(operation: &str, duration: Duration, hint: &'static str) -> Error {
    Error::Timeout {
        operation: operation.to_string(),
        duration,
        hint,
    }
}

//! Connection settings.

use std::time::Duration;

/// How a [`Client`](crate::Client) connects and how long it waits.
///
/// ```
/// # use std::time::Duration;
/// let options = mcp_runtime::ConnectOptions::default()
///     .connect_timeout(Duration::from_secs(10))
///     .call_timeout(Duration::from_secs(5));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ConnectOptions {
    /// Limit for starting the server and completing `initialize` (default 30 s).
    pub connect_timeout: Duration,
    /// Default limit for one tool call (default 60 s); a call overrides it with [`PendingCall::with_timeout`](crate::PendingCall::with_timeout).
    pub call_timeout: Duration,
    /// Limit for other requests such as `tools/list` (default: the call timeout).
    pub request_timeout: Option<Duration>,
    /// How long [`Client::close`](crate::Client::close) lets a stdio server exit on its own after
    /// its stdin closes, before it is terminated (default 2 s).
    pub shutdown_grace: Duration,
    /// How many of the server's last stderr lines are kept for error messages (default 20).
    pub stderr_lines: usize,
    /// The MCP revision to negotiate (default [`Protocol::Auto`](crate::Protocol::Auto):
    /// 2026-07-28 where the server offers it, else the `initialize` handshake).
    pub protocol: crate::Protocol,
    /// The `clientInfo.name` sent in `initialize` (default `mcp-toolset`).
    pub client_name: String,
    /// The `clientInfo.version` sent in `initialize` (default: this crate's version).
    pub client_version: String,
    /// What generated clients do on connect when the server's tools differ from their
    /// snapshot (default [`DriftPolicy::Warn`](crate::DriftPolicy::Warn)).
    pub drift_policy: crate::DriftPolicy,
    /// The largest message a server may send, in bytes (default 16 MiB, rmcp's own limit): a
    /// stdio line, or an HTTP server-sent event (a plain JSON answer over HTTP is capped at
    /// 16 MiB by rmcp whatever this says). It bounds the memory one message can take; a larger
    /// one fails the pending call at once with
    /// [`Error::MessageTooLarge`](crate::Error::MessageTooLarge) and ends the session.
    pub max_message_size: usize,
}

impl Default for ConnectOptions {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(30),
            call_timeout: Duration::from_secs(60),
            request_timeout: None,
            shutdown_grace: Duration::from_secs(2),
            stderr_lines: 20,
            protocol: crate::Protocol::default(),
            client_name: "mcp-toolset".to_string(),
            client_version: env!("CARGO_PKG_VERSION").to_string(),
            drift_policy: crate::DriftPolicy::default(),
            max_message_size: 16 * 1024 * 1024,
        }
    }
}

impl ConnectOptions {
    /// Sets [`ConnectOptions::connect_timeout`].
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }
    /// Sets [`ConnectOptions::protocol`].
    pub fn protocol(mut self, protocol: crate::Protocol) -> Self {
        self.protocol = protocol;
        self
    }
    /// Sets [`ConnectOptions::call_timeout`].
    pub fn call_timeout(mut self, timeout: Duration) -> Self {
        self.call_timeout = timeout;
        self
    }
    /// Sets [`ConnectOptions::request_timeout`].
    pub fn request_timeout(mut self, timeout: Duration) -> Self {
        self.request_timeout = Some(timeout);
        self
    }
    /// Sets [`ConnectOptions::shutdown_grace`].
    pub fn shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }
    /// Sets [`ConnectOptions::stderr_lines`].
    pub fn stderr_lines(mut self, lines: usize) -> Self {
        self.stderr_lines = lines;
        self
    }
    /// Sets the client name and version sent in `initialize`.
    pub fn client_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.client_name = name.into();
        self.client_version = version.into();
        self
    }

    /// Sets [`ConnectOptions::max_message_size`] (bytes).
    pub fn max_message_size(mut self, bytes: usize) -> Self {
        self.max_message_size = bytes;
        self
    }
    /// Sets [`ConnectOptions::drift_policy`].
    pub fn drift_policy(mut self, policy: crate::DriftPolicy) -> Self {
        self.drift_policy = policy;
        self
    }

    pub(crate) fn effective_request_timeout(&self) -> Duration {
        self.request_timeout.unwrap_or(self.call_timeout)
    }
}

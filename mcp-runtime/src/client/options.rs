//! Connection settings.

use std::future::Future;
use std::time::Duration;

use super::asks::Asks;
use super::asks::elicitation::{ElicitAnswer, Elicitation};
use super::asks::roots::Root;
use super::asks::sampling::{SamplingReply, SamplingRequest};

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
    pub drift_policy: DriftPolicy,
    /// The largest message a server may send, in bytes (default 16 MiB, rmcp's own limit): a
    /// stdio line, or an HTTP server-sent event (a plain JSON answer over HTTP is capped at
    /// 16 MiB by rmcp whatever this says). It bounds the memory one message can take; a larger
    /// one fails the pending call at once with
    /// [`Error::MessageTooLarge`](crate::Error::MessageTooLarge) and ends the session.
    pub max_message_size: usize,
    /// How many rounds of a Multi Round-Trip Request (2026-07-28: the server answers
    /// `input_required` and the client asks again with the answers) one call may take
    /// (default 10, as the official SDKs).
    pub max_input_rounds: usize,
    /// How often a task is polled when its server suggests no `pollInterval` (default 1 s).
    pub task_poll_interval: Duration,
    /// The longest wait between two polls of a task, whatever its server suggests
    /// (default 5 s): a result is seen at most this late.
    pub task_poll_max: Duration,
    /// Record the session to this cassette (every request and its answer, secrets
    /// redacted), for `ServerSpec::replay` to serve back; `None` (default) records nothing.
    pub record: Option<std::path::PathBuf>,
    /// The handlers for servers that ask: elicitation, sampling, roots.
    pub(crate) asks: Asks,
    /// How the server opened its session when its snapshot was taken (a managed server with
    /// a pinned snapshot): its first handshake skips what that makes needless.
    pub(crate) known_discovery: Option<crate::client::known_discovery::KnownDiscovery>,
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
            max_input_rounds: 10,
            task_poll_interval: Duration::from_secs(1),
            task_poll_max: Duration::from_secs(5),
            record: None,
            asks: Asks::default(),
            known_discovery: None,
        }
    }
}

impl ConnectOptions {
    /// The snapshot's handshake, when this connect may open on it (not stale, and the
    /// protocol setting lets the server speak the recorded revision).
    pub(crate) fn usable_discovery(
        &self,
    ) -> Option<&crate::client::known_discovery::KnownDiscovery> {
        let known = self.known_discovery.as_ref();
        known.filter(|known| known.usable(&self.protocol))
    }

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
    /// Records the session to the cassette at `path` ([`ConnectOptions::record`]): written
    /// after every answer, so it is complete whenever the session ends.
    pub fn record(mut self, path: impl Into<std::path::PathBuf>) -> Self {
        self.record = Some(path.into());
        self
    }

    /// Sets [`ConnectOptions::drift_policy`].
    pub fn drift_policy(mut self, policy: crate::DriftPolicy) -> Self {
        self.drift_policy = policy;
        self
    }

    /// Sets [`ConnectOptions::task_poll_interval`] and [`ConnectOptions::task_poll_max`].
    pub fn task_polling(mut self, interval: Duration, max: Duration) -> Self {
        self.task_poll_interval = interval;
        self.task_poll_max = max;
        self
    }

    /// Sets [`ConnectOptions::max_input_rounds`].
    pub fn max_input_rounds(mut self, rounds: usize) -> Self {
        self.max_input_rounds = rounds;
        self
    }

    /// Answers servers that ask the user for input (`elicitation/create`, or an elicitation in
    /// a 2026-07-28 `input_required` round): show the form or open the page, and return the
    /// user's [`ElicitAnswer`]. Installing it offers the `elicitation` capability (form and
    /// URL modes); without it, servers see a client they cannot ask. Fields the user leaves
    /// out of an accepted form take the schema's defaults.
    ///
    /// ```
    /// use mcp_runtime::ConnectOptions;
    /// use mcp_runtime::asks::ElicitAnswer;
    /// let options = ConnectOptions::default().on_elicitation(|request| async move {
    ///     eprintln!("the server asks: {}", request.message);
    ///     ElicitAnswer::Decline
    /// });
    /// ```
    pub fn on_elicitation<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(Elicitation) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ElicitAnswer> + Send + 'static,
    {
        self.asks.set_elicitation(handler);
        self
    }

    /// Answers servers that ask for a completion from the application's model
    /// (`sampling/createMessage`); an `Err` is sent to the server as the request's error.
    /// Installing it offers the `sampling` capability.
    pub fn on_sampling<F, Fut>(mut self, handler: F) -> Self
    where
        F: Fn(SamplingRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<SamplingReply, String>> + Send + 'static,
    {
        self.asks.set_sampling(handler);
        self
    }

    /// The roots servers may work in (`roots/list`); offers the `roots` capability.
    pub fn roots(mut self, roots: Vec<Root>) -> Self {
        self.asks.set_roots(roots);
        self
    }

    pub(crate) fn effective_request_timeout(&self) -> Duration {
        self.request_timeout.unwrap_or(self.call_timeout)
    }
}

/// What a generated client does when the live server's tools differ from its snapshot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum DriftPolicy {
    /// Connect does not compare (no extra `tools/list`); [`Client::verify_tools`](crate::Client::verify_tools) compares
    /// but neither logs nor fails.
    Off,
    /// Log each change with `tracing` (breaking ones at warn level) and carry on.
    #[default]
    Warn,
    /// Like `Warn`, but a breaking change is an [`Error::Drift`](crate::Error::Drift).
    Error,
    /// Like `Warn`, and a tool whose model-visible text differs from the snapshot (its
    /// description, a parameter's description or title, `x-mcp-header`) or whose annotations
    /// widened (a security change) is withheld: calls to it fail with [`Error::NotApproved`](crate::Error::NotApproved)
    /// while the others work. What the Registry and the Manager do for a server with a
    /// `snapshot`. Generated clients default to `Warn`: their methods are called by code a
    /// person wrote, and the text they hand a Registry (`TOOLS`) is the snapshot's, compiled
    /// in; choose `Pinned` when a model picks what they call.
    Pinned,
}

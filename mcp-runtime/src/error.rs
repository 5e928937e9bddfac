//! The one error type of the runtime.

use std::time::Duration;

use crate::ToolOutput;
use crate::schema::drift::{Change, Severity};

/// Result alias used across `mcp-runtime`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong while talking to an MCP server.
///
/// Messages name the server by its command or URL (never env values, headers or tokens) and,
/// where there is one, the fix.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The server could not be started or did not complete the MCP handshake.
    #[error("could not connect to MCP server {target}: {reason}{}", stderr_suffix(.stderr))]
    Connect {
        /// The command line or URL (no secrets).
        target: String,
        /// What went wrong, and how to fix it where we know.
        reason: String,
        /// The last lines the server wrote to stderr (stdio servers only).
        stderr: Vec<String>,
    },

    /// An operation did not finish in time. For tool calls the request was cancelled on the
    /// server (`notifications/cancelled`) and the client stays usable.
    #[error("{operation} timed out after {duration:?} (raise it with {hint})")]
    Timeout {
        /// What timed out: `tools/call \`name\``, `initialize`, …
        operation: String,
        /// The limit that was hit.
        duration: Duration,
        /// The setting that controls this limit.
        hint: &'static str,
    },

    /// The connection ended: the server exited, crashed or closed the stream.
    #[error("connection to MCP server {target} closed{}{}{}", during(.operation), exited(.exit), stderr_suffix(.stderr))]
    TransportClosed {
        /// The command line or URL (no secrets).
        target: String,
        /// What was in flight when it closed, if anything.
        operation: Option<String>,
        /// How a stdio server ended (`exit status: 3`, `signal: 9 (SIGKILL)`), when it has.
        exit: Option<String>,
        /// The last lines the server wrote to stderr (stdio servers only).
        stderr: Vec<String>,
    },

    /// The server sent a message larger than [`ConnectOptions::max_message_size`](crate::ConnectOptions::max_message_size)
    /// (or, as a JSON body over HTTP, than rmcp's fixed 16 MiB); the session is closed.
    #[error(
        "MCP server {target} sent a message{} during {operation}, over the limit of {limit} bytes ({})",
        message_size(.size), limit_fix(.target, *.limit)
    )]
    MessageTooLarge {
        /// The command line (no secrets).
        target: String,
        /// What was in flight.
        operation: String,
        /// The message's size in bytes, when the transport saw all of it (stdio does; HTTP
        /// stops reading at the limit).
        size: Option<usize>,
        /// The limit in force.
        limit: usize,
    },

    /// The tool ran and reported a failure (`isError: true`).
    #[error("tool `{tool}` failed: {message}")]
    Tool {
        /// The tool's name as the server knows it.
        tool: String,
        /// The text the tool returned.
        message: String,
        /// The whole result, for callers that want the other content blocks.
        output: Box<ToolOutput>,
    },

    /// A tool call the server ran as a task ended `failed` (the JSON-RPC error it reported).
    #[error("task {task} of tool `{tool}` failed: {message}")]
    TaskFailed {
        /// The tool's name.
        tool: String,
        /// The task's id on the server.
        task: String,
        /// The server's error message and code.
        message: String,
    },

    /// The connection closed while a call the server ran as a task was followed: the task may
    /// still run on the server, and [`Client::task`](crate::Client::task) on a new connection
    /// picks it up (the Manager does so by itself).
    #[error(
        "{source}; task {task} of tool `{tool}` may still run on the server: resume it with Client::task(\"{task}\") on a new connection"
    )]
    TaskInterrupted {
        /// The tool's name.
        tool: String,
        /// The task's id on the server.
        task: String,
        /// Why following it stopped.
        source: Box<Error>,
    },

    /// A tool call the server ran as a task ended `cancelled` (by `Task::cancel` or the server).
    #[error("task {task} of tool `{tool}` was cancelled{}", reason(.message))]
    TaskCancelled {
        /// The tool's name.
        tool: String,
        /// The task's id on the server.
        task: String,
        /// The server's status message, if it gave one.
        message: Option<String>,
    },

    /// A skill's file did not match what the server's listing says of it (SEP-2640): its
    /// digest, its size, or (for `SKILL.md`) its frontmatter. The content was not used.
    #[error("skill file {uri} from MCP server {target} was not used: {reason}")]
    SkillRejected {
        /// The command line or URL (no secrets).
        target: String,
        /// The file's URI.
        uri: String,
        /// What did not match, and what to do.
        reason: String,
    },

    /// The server answered with a JSON-RPC error (unknown tool, invalid params, …).
    #[error("MCP server {target} rejected {operation}: {message}")]
    Protocol {
        /// The command line or URL (no secrets).
        target: String,
        /// The request that was rejected.
        operation: String,
        /// The server's error message and code.
        message: String,
    },

    /// The tool's result did not match the type the caller asked for.
    #[error(
        "could not decode the result of tool `{tool}` at `{path}`: {message}; the JSON was: {excerpt}"
    )]
    Decode {
        /// The tool's name.
        tool: String,
        /// Where in the JSON decoding failed (`.` is the root).
        path: String,
        /// serde's message.
        message: String,
        /// The start of the JSON that failed to decode.
        excerpt: String,
    },

    /// The server's tools changed in ways that break the generated client
    /// ([`DriftPolicy::Error`](crate::DriftPolicy::Error)).
    #[error("MCP server {target} no longer matches the snapshot the client was generated from: {}; re-take it with `mcp-codegen snapshot` and rebuild", summary(.changes))]
    Drift {
        /// The command line or URL (no secrets).
        target: String,
        /// Every change found.
        changes: Vec<Change>,
    },

    /// The blocking facade could not run: called inside an async runtime, or its own runtime
    /// could not start.
    #[error("{0}")]
    Blocking(String),

    /// The MCP config could not be read. The source is the `host` feature's
    /// `host::config::ConfigError` (downcast it to match on the cause): the config layer
    /// sits above this error, so it hands its error in rather than being named here.
    #[cfg(feature = "host")]
    #[error(transparent)]
    Config(Box<dyn std::error::Error + Send + Sync>),

    /// No server of that name is configured.
    #[error("no MCP server `{server}` is configured (configured: {})", .configured.join(", "))]
    UnknownServer {
        /// The name asked for.
        server: String,
        /// The names the config has.
        configured: Vec<String>,
    },

    /// A managed server has no live session: every connection attempt failed (the call fails
    /// at once with that reason), or it was shut down while the call waited.
    #[error("MCP server `{server}` is not connected: {reason} (Manager::reconnect tries again)")]
    ServerUnavailable {
        /// The server's name.
        server: String,
        /// Why: the last attempt's error, or its status.
        reason: String,
    },

    /// The server needs an OAuth login: no token is stored for it, or the stored one expired
    /// and the authorization server would not refresh it (revoked, or the grant ended).
    #[error("{target} needs an OAuth login: {reason}; run `mcp-codegen login {login_url}{}`", scope_flags(.scopes))]
    LoginRequired {
        /// The server (URL without query string or credentials).
        target: String,
        /// The URL to pass to `mcp-codegen login`.
        login_url: String,
        /// Why the stored token cannot be used.
        reason: String,
        /// The scopes the login must ask for, when the server asked for more than the stored
        /// login has (a 403 `insufficient_scope` step-up: those granted and those asked);
        /// empty otherwise.
        scopes: Vec<String>,
    },

    /// The OAuth flow failed: discovery, registration, the authorization redirect or the token
    /// exchange. The message says which step and what to change.
    #[error("OAuth with {target} failed: {reason}")]
    OAuth {
        /// The server (URL without query string or credentials).
        target: String,
        /// What went wrong, and the fix.
        reason: String,
    },

    /// The server is configured with `"disabled": true`.
    #[error(
        "MCP server `{server}` is disabled in the config (remove `\"disabled\": true` to use it)"
    )]
    ServerDisabled {
        /// The server's name.
        server: String,
    },

    /// The server's `tools` filter hides the tool.
    #[error(
        "tool `{tool}` is hidden by the `tools` filter of MCP server `{server}` (allow it there to call it)"
    )]
    ToolHidden {
        /// The server's name.
        server: String,
        /// The tool's name.
        tool: String,
    },

    /// A pinned tool is withheld: what a model reads of it differs from the approved snapshot
    /// (or the snapshot does not have it).
    #[error(
        "tool `{tool}` of MCP server `{server}` is withheld: {reason}. Review the change and re-approve it with: {approve}"
    )]
    NotApproved {
        /// The server's name.
        server: String,
        /// The tool's name.
        tool: String,
        /// What changed.
        reason: String,
        /// The command that shows the change and rewrites the snapshot.
        approve: String,
    },

    /// The server needs a transport this build does not have.
    #[error("cannot reach MCP server {target}: {reason}")]
    Unsupported {
        /// The command line or URL (no secrets).
        target: String,
        /// Which feature to turn on.
        reason: String,
    },

    /// The arguments could not be sent: they must serialize to a JSON object.
    #[error("invalid arguments for tool `{tool}`: {reason}")]
    InvalidArguments {
        /// The tool's name.
        tool: String,
        /// What is wrong with them.
        reason: String,
    },
}

fn scope_flags(scopes: &[String]) -> String {
    scopes
        .iter()
        .map(|scope| format!(" --scope {scope}"))
        .collect()
}

fn reason(message: &Option<String>) -> String {
    message
        .as_deref()
        .map(|message| format!(": {message}"))
        .unwrap_or_default()
}

fn stderr_suffix(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!(
            "\nlast lines of the server's stderr:\n  {}",
            lines.join("\n  ")
        )
    }
}

fn message_size(size: &Option<usize>) -> String {
    match size {
        Some(size) => format!(" of {size} bytes"),
        None => String::new(),
    }
}

/// The setting that raises `limit`: ours, except for an HTTP JSON body at rmcp's fixed cap.
fn limit_fix(target: &str, limit: usize) -> &'static str {
    let http = target.starts_with("http://") || target.starts_with("https://");
    if http && limit == 16 * 1024 * 1024 {
        "raise `ConnectOptions::max_message_size` for streamed (SSE) answers; a plain JSON answer is capped at 16 MiB by rmcp"
    } else {
        "raise `ConnectOptions::max_message_size`"
    }
}

fn summary(changes: &[Change]) -> String {
    changes
        .iter()
        .filter(|c| c.severity >= Severity::Breaking)
        .map(|c| format!("{} ({})", c.message, c.tool))
        .collect::<Vec<_>>()
        .join("; ")
}

fn exited(exit: &Option<String>) -> String {
    exit.as_ref()
        .map(|status| format!(": the server exited ({status})"))
        .unwrap_or_default()
}

fn during(operation: &Option<String>) -> String {
    operation
        .as_ref()
        .map(|op| format!(" during {op}"))
        .unwrap_or_default()
}

impl Error {
    /// True for failures of the connection itself (closed, timed out while connecting), where a
    /// new session may succeed; false for errors the server or the caller caused.
    pub fn is_transport(&self) -> bool {
        matches!(
            self,
            Error::TransportClosed { .. } | Error::Connect { .. } | Error::ServerUnavailable { .. }
        )
    }
}

impl Error {
    /// `LoginRequired` for an HTTP server: names the URL to pass to `mcp-codegen login`.
    #[cfg(feature = "http")]
    pub(crate) fn login_required(http: &crate::HttpSpec, reason: impl Into<String>) -> Error {
        Error::LoginRequired {
            target: http.target(),
            login_url: crate::spec::redact::url_key(&http.url),
            reason: reason.into(),
            scopes: Vec::new(),
        }
    }
}

/// The innermost error's message: transport errors wrap the useful part ("Connection refused")
/// in several layers of type names.
pub(crate) fn root_cause(err: &(dyn std::error::Error + 'static)) -> String {
    let mut current = err;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}

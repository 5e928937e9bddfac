//! A pending tool call — what [`Client::call_tool`] and every generated method return:
//! arguments, an optional timeout and progress callback, and how the result is decoded.
//! Sending lives here once instead of in every generated module.

use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::tasks::{StartTask, Task, TaskSupport};
use crate::output::decode::Decode;
use crate::{Client, Progress, ProgressFn, Result, ToolOutput};

/// The request itself: one type for every tool.
type Request<'a> = Pin<Box<dyn Future<Output = Result<ToolOutput>> + Send + 'a>>;

/// The future a pending call becomes when awaited. Only serializing the arguments and
/// decoding the output depend on the tool's types; the request is the same code for every
/// tool, so a client with a hundred tools compiles it once, not a hundred times.
#[must_use = "a call does nothing until it is awaited"]
pub struct CallFuture<'a, O> {
    request: Request<'a>,
    tool: &'a str,
    decode: Decode<O>,
}

impl<O> Future for CallFuture<'_, O> {
    type Output = Result<O>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<O>> {
        let this = self.get_mut();
        this.request
            .as_mut()
            .poll(cx)
            .map(|result| result.and_then(|output| (this.decode)(output, this.tool)))
    }
}

/// A pending call of `tool` resolving to its structured result as `O`. Today's generator builds
/// every call with [`call_tool`](super::call_tool); the `compile_time` bench's baselines,
/// written by an earlier one, call this for tools with an `outputSchema` (and
/// `Client::call_tool` for the others).
pub fn call_typed<'a, I: Serialize, O: DeserializeOwned>(
    client: &'a Client,
    tool: &'a str,
    input: I,
) -> PendingCall<'a, I, O> {
    PendingCall::new(client, tool, input, ToolOutput::into_structured::<O>)
}

/// The task `id` of `tool`, its result decoded by `decode` (generated `resume`).
pub fn resume_task<'a, O>(
    client: &'a Client,
    tool: &str,
    id: &str,
    decode: fn(ToolOutput, &str) -> Result<O>,
) -> Task<'a, O> {
    Task::resumed(client, tool, id, decode)
}

/// For tools without an `outputSchema`: the output as it came.
pub fn raw_output(output: ToolOutput, _tool: &str) -> Result<ToolOutput> {
    Ok(output)
}

/// Arguments `I` for tool `tool`, resolving to `O`; `.await` (or [`PendingCall::send`]) sends.
#[must_use = "a call does nothing until it is awaited"]
pub struct PendingCall<'a, I, O> {
    client: &'a Client,
    tool: &'a str,
    input: I,
    timeout: Option<Duration>,
    on_progress: Option<ProgressFn>,
    decode: Decode<O>,
    /// What the tool's listing said about tasks (generated clients know it).
    task: TaskSupport,
}

impl<'a, I: Serialize, O> PendingCall<'a, I, O> {
    /// A call of `tool` on `client` with `input`, its output decoded by `decode`.
    pub(crate) fn new(client: &'a Client, tool: &'a str, input: I, decode: Decode<O>) -> Self {
        PendingCall {
            client,
            tool,
            input,
            timeout: None,
            on_progress: None,
            decode,
            task: TaskSupport::Forbidden,
        }
    }

    /// Reports the server's `notifications/progress` for this call to `callback` (the
    /// request then carries a progress token the callback is listening on).
    pub fn on_progress(mut self, callback: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        self.on_progress = Some(std::sync::Arc::new(callback));
        self
    }

    /// Overrides the client's call timeout for this call.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Resolves to the call's structured result decoded into `R` (`structuredContent`, else a
    /// single JSON text block) instead of the raw output; a mismatch is
    /// [`Error::Decode`](crate::Error::Decode), naming the JSON path.
    pub fn structured<R: DeserializeOwned>(self) -> PendingCall<'a, I, R> {
        PendingCall {
            client: self.client,
            tool: self.tool,
            input: self.input,
            timeout: self.timeout,
            on_progress: self.on_progress,
            decode: ToolOutput::into_structured::<R>,
            task: self.task,
        }
    }

    /// What the tool's listing declared in `execution.taskSupport` (2025-11-25), so that no
    /// listing is needed to know (generated code): `Required` runs a plain `.await` as a task.
    #[doc(hidden)]
    pub fn task_support(mut self, support: TaskSupport) -> Self {
        self.task = support;
        self
    }

    /// Sends the call asking the server to run it as a task, and resolves once the server
    /// has taken it: to a [`Task`] to poll, watch, cancel or resume by id, whose
    /// [`result`](Task::result) is typed like this call's. On a 2026-07-28 session the server
    /// decides (the call may come back answered at once: a completed `Task` without id); on
    /// 2025-11-25 the call asks for a task, which a server without tasks ignores. Sessions of
    /// older revisions have no tasks: the call is sent plainly. The call's timeout bounds the
    /// creation only.
    pub fn as_task(self) -> StartTask<'a, O>
    where
        O: 'a,
    {
        let timeout = self.timeout.unwrap_or(self.client.options().call_timeout);
        self.client
            .start_task(self.tool, &self.input, timeout, self.decode, self.task)
    }

    /// The arguments as they will be sent.
    pub fn input(&self) -> &I {
        &self.input
    }

    /// The arguments, to set optional ones.
    pub fn input_mut(&mut self) -> &mut I {
        &mut self.input
    }

    /// Sends the call under its timeout (default: the client's call timeout). The arguments
    /// are serialized now; the returned future sends them. Dropping that future before it
    /// resolves cancels the call on the server (`notifications/cancelled`).
    pub fn send(self) -> CallFuture<'a, O> {
        let timeout = self.timeout.unwrap_or(self.client.options().call_timeout);
        let request = self.client.call_serialized(
            self.tool,
            &self.input,
            timeout,
            self.on_progress,
            self.task,
        );
        CallFuture {
            request,
            tool: self.tool,
            decode: self.decode,
        }
    }
}

impl<'a, I: Serialize, O> IntoFuture for PendingCall<'a, I, O> {
    type Output = Result<O>;
    type IntoFuture = CallFuture<'a, O>;

    fn into_future(self) -> Self::IntoFuture {
        self.send()
    }
}

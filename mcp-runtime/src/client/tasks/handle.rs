//! [`Task`]: a tool call the server runs as a task, held by its id — poll it, watch it,
//! cancel it, wait for its typed result, or drop it and [resume](crate::Client::task) it later.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use futures::stream::BoxStream;
use rmcp::model::CallToolResult;
use serde::de::DeserializeOwned;

use super::follow::{Follow, TaskUpdateFn};
use super::state::{TaskState, TaskStatus};
use super::wire::Form;
use crate::client::session::timeout_error;
use crate::output::decode::Decode;
use crate::{Client, Result, ToolOutput};

/// What [`PendingCall::as_task`](crate::PendingCall::as_task) resolves to once the server has
/// taken the call.
pub type StartTask<'a, O> = Pin<Box<dyn Future<Output = Result<Task<'a, O>>> + Send + 'a>>;

/// A tool call running as a task on the server (MCP tasks: 2025-11-25, or the 2026-07-28
/// extension, whichever the session speaks).
///
/// Unlike a plain call, dropping a `Task` does not cancel it: the server keeps it (for its
/// TTL) and [`Client::task`] picks it up again by [`id`](Task::id), on this connection or a
/// new one. A server that answered at once instead of creating a task gives a `Task` that is
/// already [`Completed`](TaskStatus::Completed) and has no id.
///
/// ```no_run
/// # async fn demo(client: &mcp_runtime::Client) -> mcp_runtime::Result<()> {
/// let task = client
///     .call_tool("build_report", serde_json::json!({"pages": 40}))
///     .as_task()
///     .await?;
/// let id = task.id().map(str::to_string); // keep it to resume after a restart
/// let report = task
///     .on_update(|state| eprintln!("{}: {:?}", state.status, state.message))
///     .result()
///     .await?;
/// # let _ = (id, report); Ok(())
/// # }
/// ```
#[must_use = "a task runs on the server whether or not it is awaited; `.result()` waits for it"]
pub struct Task<'a, O = ToolOutput> {
    client: &'a Client,
    tool: String,
    form: Option<Form>,
    /// The last state seen; `None` for a call the server answered at once.
    state: Option<TaskState>,
    /// Whether `state` came from the server just now (created) rather than a resume.
    fresh: bool,
    done: Option<CallToolResult>,
    decode: Decode<O>,
    on_update: Option<TaskUpdateFn>,
    timeout: Option<Duration>,
}

impl<'a, O> Task<'a, O> {
    /// A task the server created for a call of `tool`.
    pub(crate) fn created(
        client: &'a Client,
        tool: &str,
        state: TaskState,
        form: Form,
        decode: Decode<O>,
    ) -> Self {
        Task {
            form: Some(form),
            state: Some(state),
            fresh: true,
            ..Task::answered(client, tool, None, decode)
        }
    }

    /// A call the server answered at once (`done`), or — with `None` — nothing yet.
    pub(crate) fn answered(
        client: &'a Client,
        tool: &str,
        done: Option<CallToolResult>,
        decode: Decode<O>,
    ) -> Self {
        Task {
            client,
            tool: tool.to_string(),
            form: client.task_form(),
            state: None,
            fresh: false,
            done,
            decode,
            on_update: None,
            timeout: None,
        }
    }

    /// The task `id` of `tool`, as it stood when last seen (a resume).
    pub(crate) fn resumed(client: &'a Client, tool: &str, id: &str, decode: Decode<O>) -> Self {
        let state = TaskState {
            id: id.to_string(),
            status: TaskStatus::Working,
            message: None,
            poll_interval: None,
            ttl: None,
            created_at: None,
            updated_at: None,
        };
        Task {
            state: Some(state),
            ..Task::answered(client, tool, None, decode)
        }
    }

    /// The server's id for the task (keep it to [resume](crate::Client::task)); `None` when
    /// the server answered the call at once.
    pub fn id(&self) -> Option<&str> {
        self.state.as_ref().map(|state| state.id.as_str())
    }

    /// The state last seen (at creation, or by the last [`status`](Task::status) or update).
    pub fn last_state(&self) -> Option<&TaskState> {
        self.state.as_ref()
    }

    /// Asks the server where the task is (`tasks/get`).
    pub async fn status(&mut self) -> Result<TaskStatus> {
        let (Some(form), Some(state)) = (self.form, &self.state) else {
            return Ok(TaskStatus::Completed);
        };
        let polled = self.client.poll_task(form, &state.id).await?;
        let status = polled.state.status;
        self.state = Some(polled.state);
        Ok(status)
    }

    /// Reports each new state (a changed status or status message) to `callback` while
    /// [`result`](Task::result) waits.
    pub fn on_update(mut self, callback: impl Fn(&TaskState) + Send + Sync + 'static) -> Self {
        self.on_update = Some(std::sync::Arc::new(callback));
        self
    }

    /// Bounds how long [`result`](Task::result) waits (default: until the task ends). Running
    /// out is [`Error::Timeout`](crate::Error::Timeout); the task goes on on the server.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Resolves to the result decoded into `R` (`structuredContent`, else a JSON text) —
    /// for a task resumed with [`Client::task`].
    pub fn structured<R: DeserializeOwned>(self) -> Task<'a, R> {
        Task {
            client: self.client,
            tool: self.tool,
            form: self.form,
            state: self.state,
            fresh: self.fresh,
            done: self.done,
            decode: ToolOutput::into_structured::<R>,
            on_update: self.on_update,
            timeout: self.timeout,
        }
    }

    /// Asks the server to cancel the task (`tasks/cancel`). Cancelling is cooperative: the
    /// task may still complete; [`result`](Task::result) says how it ended.
    pub async fn cancel(&self) -> Result<()> {
        match (self.form, &self.state) {
            (Some(form), Some(state)) => self.client.cancel_task(form, &state.id).await,
            _ => Ok(()),
        }
    }

    /// Each new state of the task (status or message changed), polled at the pace the server
    /// asks for; the stream ends after a terminal state. Answers questions only through
    /// [`result`](Task::result): a task waiting for input shows `input_required` here.
    pub fn updates(&self) -> BoxStream<'_, Result<TaskState>> {
        let start = match (self.form, &self.state) {
            (Some(form), Some(state)) => Some((form, state.clone(), !self.fresh)),
            _ => None,
        };
        let stream = futures::stream::unfold(start, move |next| async move {
            let (form, last, mut wait) = next?;
            if last.status.is_terminal() {
                return None;
            }
            loop {
                if wait {
                    tokio::time::sleep(self.client.poll_delay(&last)).await;
                }
                wait = true;
                match self.client.poll_task(form, &last.id).await {
                    Err(err) => return Some((Err(err), None)),
                    Ok(polled) if changed(&last, &polled.state) => {
                        let state = polled.state;
                        return Some((Ok(state.clone()), Some((form, state, true))));
                    }
                    Ok(_) => {}
                }
            }
        });
        Box::pin(stream)
    }

    /// Waits for the task to end and resolves to its result, typed like the plain call: an
    /// `isError` result is [`Error::Tool`](crate::Error::Tool), a failed task
    /// [`Error::TaskFailed`](crate::Error::TaskFailed), a cancelled one
    /// [`Error::TaskCancelled`](crate::Error::TaskCancelled). Questions the server asks on the
    /// way go to the handlers in [`ConnectOptions`](crate::ConnectOptions).
    pub async fn result(self) -> Result<O> {
        let result = match (self.done, self.state, self.form) {
            (Some(done), _, _) => done,
            (None, Some(state), Some(form)) => {
                let follow = Follow {
                    client: self.client,
                    tool: &self.tool,
                    form,
                    on_update: self.on_update,
                };
                let end = follow.to_end(state, self.fresh);
                match self.timeout {
                    None => end.await?,
                    Some(limit) => tokio::time::timeout(limit, end).await.map_err(|_| {
                        timeout_error(
                            &format!("task of `{}`", self.tool),
                            limit,
                            "Task::with_timeout (the task goes on on the server)",
                        )
                    })??,
                }
            }
            _ => {
                return Err(self.client.protocol_error(
                    &format!("tools/call `{}` as a task", self.tool),
                    format!("protocol {} has no tasks", self.client.protocol_version()),
                ));
            }
        };
        let output = crate::output::decode::finished(&self.tool, result)?;
        (self.decode)(output, &self.tool)
    }
}

fn changed(before: &TaskState, now: &TaskState) -> bool {
    before.status != now.status || before.message != now.message
}

impl<O> std::fmt::Debug for Task<'_, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Task")
            .field("tool", &self.tool)
            .field("state", &self.state)
            .field("answered_at_once", &self.done.is_some())
            .finish_non_exhaustive()
    }
}

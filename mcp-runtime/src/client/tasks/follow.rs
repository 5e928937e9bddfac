//! Following a task to its end: polling at the pace the server asks for (within
//! `ConnectOptions`' bounds), answering its questions, and reading its result — the one loop
//! both a plain call that became a task and [`Task::result`](super::Task::result) run.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolResult, InputRequests};

use super::state::{TaskState, TaskStatus};
use super::wire::{CoreFailure, Form, Outcome, cancel_request};
use crate::client::asks::Unanswered;
use crate::{Client, Error, Result};

/// Told each new state of a task (a changed status or message).
pub type TaskUpdateFn = Arc<dyn Fn(&TaskState) + Send + Sync>;

/// How many polls in a row may fail on an open session before following gives up.
const MAX_BLIPS: u32 = 5;

/// The fastest a client polls, whatever a server asks: a server saying 0 is not a busy loop.
const MIN_POLL: Duration = Duration::from_millis(20);

impl Client {
    /// How long to wait before polling `state`'s task again: the server's hint within the
    /// bounds of [`ConnectOptions`](crate::ConnectOptions).
    pub(crate) fn poll_delay(&self, state: &TaskState) -> Duration {
        let options = self.options();
        state
            .poll_interval
            .unwrap_or(options.task_poll_interval)
            .clamp(MIN_POLL, options.task_poll_max.max(MIN_POLL))
    }
}

/// A task being followed.
pub(crate) struct Follow<'a> {
    pub(crate) client: &'a Client,
    pub(crate) tool: &'a str,
    pub(crate) form: Form,
    pub(crate) on_update: Option<TaskUpdateFn>,
}

impl Follow<'_> {
    /// Polls `state`'s task until it ends: its result, or why there is none.
    pub(crate) async fn to_end(&self, mut state: TaskState, fresh: bool) -> Result<CallToolResult> {
        // A task just created or resumed is polled at once: its state may be old news.
        let mut wait = !fresh;
        let mut blips = 0;
        loop {
            if self.form == Form::Core
                && matches!(
                    state.status,
                    TaskStatus::Completed | TaskStatus::InputRequired
                )
            {
                // `tasks/result` delivers the questions of an `input_required` task, then waits.
                return self.core_result(&state).await;
            }
            match state.status {
                TaskStatus::Failed if self.form == Form::Core => {
                    return self.core_result(&state).await;
                }
                TaskStatus::Cancelled => return Err(self.cancelled(&state)),
                _ => {}
            }
            if wait {
                tokio::time::sleep(self.delay(&state)).await;
            }
            wait = true;
            let polled = match self.client.poll_task(self.form, &state.id).await {
                Ok(polled) => {
                    blips = 0;
                    polled
                }
                Err(err) if self.is_blip(&err) && blips < MAX_BLIPS => {
                    blips += 1;
                    tracing::debug!(task = %state.id, "polling failed ({err}); trying again");
                    tokio::time::sleep(self.delay(&state) * blips).await;
                    continue;
                }
                Err(err) => return Err(err),
            };
            self.report(&state, &polled.state);
            state = polled.state;
            match polled.outcome {
                Outcome::Result(result) => return Ok(result),
                Outcome::Error(message) => return Err(self.failed(&state, message)),
                Outcome::Asks(asks) => {
                    self.answer(&state, asks).await?;
                    wait = false;
                }
                Outcome::Nothing => {}
            }
        }
    }

    /// A failed poll on a session still open (an HTTP request the network dropped): the
    /// task is the server's, so asking again is safe.
    fn is_blip(&self, err: &Error) -> bool {
        matches!(err, Error::TransportClosed { .. }) && self.client.is_open()
    }

    fn delay(&self, state: &TaskState) -> Duration {
        self.client.poll_delay(state)
    }

    fn report(&self, before: &TaskState, now: &TaskState) {
        if let Some(on_update) = &self.on_update
            && (before.status != now.status || before.message != now.message)
        {
            on_update(now);
        }
    }

    /// The 2025-11-25 result: `tasks/result`, which ends with the result or the task's error.
    async fn core_result(&self, state: &TaskState) -> Result<CallToolResult> {
        match self.client.core_task_result(&state.id).await {
            // A 2025-11-25 server may keep a failed task's (error) result for `tasks/result`.
            Ok(result) if state.status == TaskStatus::Failed => {
                let output = crate::ToolOutput::from(result);
                Err(self.failed(state, output.to_llm_string(2_000)))
            }
            Ok(result) => Ok(result),
            Err(CoreFailure::Failed(message)) => Err(self.failed(state, message)),
            Err(CoreFailure::Other(err)) => Err(err),
        }
    }

    /// The questions of an `input_required` task (2026-07-28), answered with `tasks/update`.
    async fn answer(&self, state: &TaskState, asks: InputRequests) -> Result<()> {
        if asks.is_empty() {
            return Ok(());
        }
        let responses = self.client.options().asks.answer_all(asks).await;
        let responses = responses.map_err(|Unanswered(why)| {
            self.client
                .protocol_error(&format!("task {} of `{}`", state.id, self.tool), why)
        })?;
        self.client.answer_task(&state.id, responses).await
    }

    fn failed(&self, state: &TaskState, message: String) -> Error {
        Error::TaskFailed {
            tool: self.tool.to_string(),
            task: state.id.clone(),
            message,
        }
    }

    fn cancelled(&self, state: &TaskState) -> Error {
        Error::TaskCancelled {
            tool: self.tool.to_string(),
            task: state.id.clone(),
            message: state.message.clone(),
        }
    }
}

/// Cancels a task when dropped armed: a plain call that became a task and was given up on.
pub(crate) struct CancelTaskOnDrop {
    peer: rmcp::Peer<rmcp::RoleClient>,
    form: Form,
    id: Option<String>,
}

impl CancelTaskOnDrop {
    pub(crate) fn new(peer: rmcp::Peer<rmcp::RoleClient>, form: Form, id: &str) -> Self {
        CancelTaskOnDrop {
            peer,
            form,
            id: Some(id.to_string()),
        }
    }

    pub(crate) fn disarm(&mut self) {
        self.id = None;
    }
}

impl Drop for CancelTaskOnDrop {
    fn drop(&mut self) {
        let (Some(id), Ok(runtime)) = (self.id.take(), tokio::runtime::Handle::try_current())
        else {
            return;
        };
        let (peer, request) = (self.peer.clone(), cancel_request(self.form, &id));
        runtime.spawn(async move {
            let _ = peer.send_request(request).await;
        });
    }
}

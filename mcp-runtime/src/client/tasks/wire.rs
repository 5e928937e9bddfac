//! The two wire forms of tasks, chosen by the revision a session speaks.
//!
//! - **2025-11-25** (core, experimental): the client asks for a task with a `task` field in
//!   `tools/call`; the answer is `{task: {...}}`; `tasks/get` polls, `tasks/result` blocks
//!   until the end and returns the tool's result (delivering the server's questions on the way),
//!   `tasks/cancel` cancels. rmcp's model no longer has this form, so these requests go out as
//!   custom requests and their answers are read as the server sent them (the raw tap).
//! - **2026-07-28** (the `io.modelcontextprotocol/tasks` extension): the client declares the
//!   extension in every request's capabilities and the server decides; a task is
//!   `resultType: "task"`; `tasks/get` carries the result or error at the end and the questions
//!   (`inputRequests`) on the way, answered with `tasks/update`. rmcp models this form.

use rmcp::ServiceError;
use rmcp::model::{
    CallToolResult, CancelTaskParams, ClientRequest, CustomRequest, GetTaskParams, InputRequests,
    InputResponses, TaskPayload, UpdateTaskParams,
};
use serde_json::{Map, Value, json};

use super::state::TaskState;
use crate::{Client, Result};

/// Which form of tasks a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// 2025-11-25: `task` in the request, `tasks/result`.
    Core,
    /// 2026-07-28: the tasks extension.
    Extension,
}

impl Form {
    /// The form of a protocol revision; `None` before 2025-11-25, which has no tasks.
    pub(crate) fn of(protocol_version: &str) -> Option<Form> {
        // Revisions are dates, so text order is time order.
        if protocol_version >= "2026-07-28" {
            Some(Form::Extension)
        } else if protocol_version >= "2025-11-25" {
            Some(Form::Core)
        } else {
            None
        }
    }
}

/// What a request that may become a task got.
pub(crate) enum Started {
    /// The server answered at once.
    Done(CallToolResult),
    /// The server runs it as this task, in this form (the answer's, which an rmcp server may
    /// give a 2025-11-25 session too).
    Task(TaskState, Form),
}

/// One poll of a task.
pub(crate) struct Polled {
    pub(crate) state: TaskState,
    pub(crate) outcome: Outcome,
}

/// What a poll carried beyond the state (2026-07-28; the core form carries nothing).
pub(crate) enum Outcome {
    Nothing,
    Asks(InputRequests),
    Result(CallToolResult),
    Error(String),
}

impl Client {
    /// The form of tasks this session speaks, if its revision has tasks.
    pub(crate) fn task_form(&self) -> Option<Form> {
        Form::of(self.protocol_version())
    }

    /// `tools/call` asking for a task (2025-11-25): a server without tasks answers plainly.
    pub(crate) async fn start_core_task(
        &self,
        name: &str,
        arguments: Map<String, Value>,
    ) -> Result<Started> {
        let operation = format!("tools/call `{name}` as a task");
        let params = json!({"name": name, "arguments": arguments, "task": {}});
        let answer = self.raw_request("tools/call", params, &operation).await?;
        if let Some(Value::Object(task)) = answer.get("task") {
            let state = self.read_state(task, &operation)?;
            return Ok(Started::Task(state, Form::Core));
        }
        if let Value::Object(task) = &answer
            && task.get("resultType").and_then(Value::as_str) == Some("task")
        {
            let state = self.read_state(task, &operation)?;
            return Ok(Started::Task(state, Form::Extension));
        }
        self.read_result(answer, &operation).map(Started::Done)
    }

    /// `tasks/get`.
    pub(crate) async fn poll_task(&self, form: Form, id: &str) -> Result<Polled> {
        let operation = format!("tasks/get `{id}`");
        if form == Form::Core {
            let answer = self
                .raw_request("tasks/get", json!({"taskId": id}), &operation)
                .await?;
            let Value::Object(task) = answer else {
                return Err(self.protocol_error(&operation, "the answer is not a task".into()));
            };
            let state = self.read_state(&task, &operation)?;
            return Ok(Polled {
                state,
                outcome: Outcome::Nothing,
            });
        }
        let got = match self.peer().get_task(GetTaskParams::new(id)).await {
            Ok(got) => got,
            Err(err) => return Err(self.service_error(err, &operation).await),
        };
        let task = to_map(&got.task.task).unwrap_or_default();
        let state = self.read_state(&task, &operation)?;
        let outcome = match got.task.payload {
            TaskPayload::InputRequired { input_requests } => Outcome::Asks(input_requests),
            TaskPayload::Completed { result } => {
                Outcome::Result(self.read_result(Value::Object(result), &operation)?)
            }
            TaskPayload::Failed { error } => Outcome::Error(error_text(&Value::Object(error))),
            _ => Outcome::Nothing,
        };
        Ok(Polled { state, outcome })
    }

    /// `tasks/result` (2025-11-25): waits for the end; the tool's result, or the task's error.
    pub(crate) async fn core_task_result(
        &self,
        id: &str,
    ) -> std::result::Result<CallToolResult, CoreFailure> {
        let operation = format!("tasks/result `{id}`");
        let answer = match self
            .custom_request("tasks/result", json!({"taskId": id}))
            .await
        {
            Ok(answer) => answer,
            Err(ServiceError::McpError(error)) => {
                return Err(CoreFailure::Failed(format!(
                    "{} (code {})",
                    error.message, error.code.0
                )));
            }
            Err(err) => {
                return Err(CoreFailure::Other(
                    self.service_error(err, &operation).await,
                ));
            }
        };
        self.read_result(answer, &operation)
            .map_err(CoreFailure::Other)
    }

    /// `tasks/update` (2026-07-28): the answers to a task's questions.
    pub(crate) async fn answer_task(&self, id: &str, responses: InputResponses) -> Result<()> {
        let params = UpdateTaskParams::new(id, responses);
        match self.peer().update_task(params).await {
            Ok(()) => Ok(()),
            Err(err) => Err(self
                .service_error(err, &format!("tasks/update `{id}`"))
                .await),
        }
    }

    /// `tasks/cancel`.
    pub(crate) async fn cancel_task(&self, form: Form, id: &str) -> Result<()> {
        let sent = self.peer().send_request(cancel_request(form, id)).await;
        match sent {
            Ok(_) => Ok(()),
            Err(err) => Err(self
                .service_error(err, &format!("tasks/cancel `{id}`"))
                .await),
        }
    }

    /// A request rmcp's model does not have, its answer as the server sent it.
    async fn raw_request(&self, method: &str, params: Value, operation: &str) -> Result<Value> {
        match self.custom_request(method, params).await {
            Ok(answer) => Ok(answer),
            Err(err) => Err(self.service_error(err, operation).await),
        }
    }

    fn read_state(&self, task: &Map<String, Value>, operation: &str) -> Result<TaskState> {
        TaskState::from_wire(task).map_err(|why| self.protocol_error(operation, why))
    }

    fn read_result(&self, answer: Value, operation: &str) -> Result<CallToolResult> {
        serde_json::from_value(answer).map_err(|err| {
            self.protocol_error(operation, format!("the answer is not a tool result: {err}"))
        })
    }
}

/// Why a 2025-11-25 `tasks/result` gave no result.
pub(crate) enum CoreFailure {
    /// The task's own JSON-RPC error: the task failed.
    Failed(String),
    /// The request itself went wrong.
    Other(crate::Error),
}

/// `tasks/cancel` for `id`, ready to send from anywhere (a dropped call's guard).
pub(crate) fn cancel_request(form: Form, id: &str) -> ClientRequest {
    match form {
        Form::Core => ClientRequest::CustomRequest(CustomRequest::new(
            "tasks/cancel",
            Some(json!({"taskId": id})),
        )),
        Form::Extension => ClientRequest::CancelTaskRequest(rmcp::model::CancelTaskRequest::new(
            CancelTaskParams::new(id),
        )),
    }
}

fn to_map<T: serde::Serialize>(value: &T) -> Option<Map<String, Value>> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => Some(map),
        _ => None,
    }
}

/// A JSON-RPC error object as one line: its message and code.
fn error_text(error: &Value) -> String {
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("no message");
    match error.get("code").and_then(Value::as_i64) {
        Some(code) => format!("{message} (code {code})"),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_revision_picks_the_form() {
        assert_eq!(Form::of("2026-07-28"), Some(Form::Extension));
        assert_eq!(Form::of("2025-11-25"), Some(Form::Core));
        assert_eq!(Form::of("2025-06-18"), None);
        assert_eq!(Form::of("2024-11-05"), None);
    }

    #[test]
    fn a_task_error_reads_as_message_and_code() {
        let error = json!({"code": -32603, "message": "disk full"});
        assert_eq!(error_text(&error), "disk full (code -32603)");
    }
}

//! What a task is doing, read from either era's wire form: 2025-11-25 says `ttl` and
//! `pollInterval`, the 2026-07-28 extension `ttlMs` and `pollIntervalMs`; both say `taskId`,
//! `status`, `statusMessage`, `createdAt`, `lastUpdatedAt`.

use std::time::Duration;

use serde_json::{Map, Value};

/// Where a task is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TaskStatus {
    /// The server is working on it.
    Working,
    /// The server waits for answers from the client (elicitation, sampling, roots).
    InputRequired,
    /// Done: the result is ready (a result with `isError: true` included).
    Completed,
    /// The request failed with a JSON-RPC error.
    Failed,
    /// Cancelled before it finished.
    Cancelled,
}

impl TaskStatus {
    /// `completed`, `failed` and `cancelled`: the task will not change again.
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::Failed | Self::Cancelled)
    }

    /// The status as the wire spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Working => "working",
            Self::InputRequired => "input_required",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "working" => Self::Working,
            "input_required" => Self::InputRequired,
            "completed" => Self::Completed,
            "failed" => Self::Failed,
            "cancelled" => Self::Cancelled,
            _ => return None,
        })
    }
}

impl std::fmt::Display for TaskStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A task as the server last described it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TaskState {
    /// The server's id for the task: keep it to resume with [`Client::task`](crate::Client::task).
    pub id: String,
    /// Where it is.
    pub status: TaskStatus,
    /// What the server says it is doing (`statusMessage`), for a person to read.
    pub message: Option<String>,
    /// How often the server would like to be asked.
    pub poll_interval: Option<Duration>,
    /// How long after its creation the server keeps the task; `None`: it did not say.
    pub ttl: Option<Duration>,
    /// When the task was created (ISO 8601, as the server wrote it).
    pub created_at: Option<String>,
    /// When it last changed (ISO 8601, as the server wrote it).
    pub updated_at: Option<String>,
}

impl TaskState {
    /// The task a 2026-07-28 server answered a call with.
    pub(crate) fn from_create(created: &rmcp::model::CreateTaskResult) -> Option<TaskState> {
        match serde_json::to_value(&created.task) {
            Ok(Value::Object(task)) => TaskState::from_wire(&task).ok(),
            _ => None,
        }
    }

    /// Reads a task object of either era; the error says what is missing.
    pub(crate) fn from_wire(task: &Map<String, Value>) -> Result<TaskState, String> {
        let id = task
            .get("taskId")
            .and_then(Value::as_str)
            .ok_or("the task has no `taskId`")?;
        let status = task
            .get("status")
            .and_then(Value::as_str)
            .ok_or("the task has no `status`")?;
        let status = TaskStatus::parse(status)
            .ok_or_else(|| format!("the task's status `{status}` is not one MCP defines"))?;
        let millis = |new: &str, old: &str| {
            task.get(new)
                .or_else(|| task.get(old))
                .and_then(Value::as_u64)
                .map(Duration::from_millis)
        };
        let text = |key: &str| task.get(key).and_then(Value::as_str).map(str::to_string);
        Ok(TaskState {
            id: id.to_string(),
            status,
            message: text("statusMessage"),
            poll_interval: millis("pollIntervalMs", "pollInterval"),
            ttl: millis("ttlMs", "ttl"),
            created_at: text("createdAt"),
            updated_at: text("lastUpdatedAt"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn state(value: Value) -> Result<TaskState, String> {
        TaskState::from_wire(value.as_object().unwrap())
    }

    #[test]
    fn both_eras_spellings_read_the_same() {
        let core = state(json!({"taskId": "t1", "status": "working", "ttl": 60000,
            "pollInterval": 500, "createdAt": "2025-11-25T10:30:00Z"}))
        .unwrap();
        let extension = state(json!({"taskId": "t1", "status": "working", "ttlMs": 60000,
            "pollIntervalMs": 500, "createdAt": "2025-11-25T10:30:00Z"}))
        .unwrap();
        assert_eq!(core, extension);
        assert_eq!(core.poll_interval, Some(Duration::from_millis(500)));
        assert_eq!(core.ttl, Some(Duration::from_secs(60)));
    }

    #[test]
    fn a_task_without_id_or_with_an_unknown_status_is_named() {
        assert!(
            state(json!({"status": "working"}))
                .unwrap_err()
                .contains("taskId")
        );
        let err = state(json!({"taskId": "t", "status": "paused"})).unwrap_err();
        assert!(err.contains("`paused`"), "{err}");
        assert!(TaskStatus::Cancelled.is_terminal() && !TaskStatus::InputRequired.is_terminal());
    }
}

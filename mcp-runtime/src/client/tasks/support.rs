//! Which tools a server runs as tasks. 2025-11-25 servers say it per tool, in
//! `execution.taskSupport` (`forbidden`, the default; `optional`; `required`), and a tool that
//! requires a task fails a plain call. Generated clients know it from their snapshot; the
//! untyped client learns it from the listing, once, and only from a server whose capabilities
//! offer task-augmented `tools/call`.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

/// Whether a tool runs as a task (a tool's `execution.taskSupport`, 2025-11-25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TaskSupport {
    /// Never as a task (the default when a tool says nothing).
    #[default]
    Forbidden,
    /// As a task or not, as the client chooses.
    Optional,
    /// Only as a task: a plain call of it fails.
    Required,
}

impl TaskSupport {
    /// A tool's `execution.taskSupport`, read from the tool as its server listed it.
    pub fn of_tool(tool: &Value) -> TaskSupport {
        match tool
            .pointer("/execution/taskSupport")
            .and_then(Value::as_str)
        {
            Some("required") => TaskSupport::Required,
            Some("optional") => TaskSupport::Optional,
            _ => TaskSupport::Forbidden,
        }
    }
}

/// Each listed tool's support.
pub(super) type Listed = Arc<HashMap<String, TaskSupport>>;

/// What a session learned about its server's tasks.
#[derive(Default)]
pub(crate) struct TaskTools {
    /// The server's `initialize` capabilities offer task-augmented `tools/call` (2025-11-25).
    pub(crate) offered: bool,
    /// Each tool's support, and the `tools/list_changed` count it was read at.
    listed: std::sync::Mutex<Option<(u64, Listed)>>,
}

impl TaskTools {
    /// Reads `capabilities.tasks.requests.tools.call` from an `initialize` result as sent.
    pub(crate) fn from_initialize(result: Option<&Value>) -> TaskTools {
        let offered = result
            .and_then(|result| result.pointer("/capabilities/tasks/requests/tools/call"))
            .is_some();
        TaskTools {
            offered,
            listed: Default::default(),
        }
    }
}

impl TaskTools {
    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Option<(u64, Listed)>> {
        self.listed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn task_support_reads_the_tool_and_capabilities_as_sent() {
        let tool = json!({"name": "t", "execution": {"taskSupport": "required"}});
        assert_eq!(TaskSupport::of_tool(&tool), TaskSupport::Required);
        assert_eq!(
            TaskSupport::of_tool(&json!({"name": "t"})),
            TaskSupport::Forbidden
        );
        let init = json!({"capabilities": {"tasks": {"requests": {"tools": {"call": {}}}}}});
        assert!(TaskTools::from_initialize(Some(&init)).offered);
        assert!(!TaskTools::from_initialize(Some(&json!({"capabilities": {}}))).offered);
    }
}

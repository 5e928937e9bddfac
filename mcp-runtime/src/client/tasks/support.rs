//! Which tools a server runs as tasks. 2025-11-25 servers say it per tool, in
//! `execution.taskSupport` (`forbidden`, the default; `optional`; `required`), and a tool that
//! requires a task fails a plain call. Generated clients know it from their snapshot; the
//! untyped client learns it from the listing, once, and only from a server whose capabilities
//! offer task-augmented `tools/call`.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::Value;

use super::wire::Form;
use crate::client::listing::Listing;
use crate::{Client, Result};

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

/// What a session learned about its server's tasks.
#[derive(Default)]
pub(crate) struct TaskTools {
    /// The server's `initialize` capabilities offer task-augmented `tools/call` (2025-11-25).
    pub(crate) offered: bool,
    /// The tools that require a task, and the `tools/list_changed` count they were read at.
    required: std::sync::Mutex<Option<(u64, Arc<HashSet<String>>)>>,
}

impl TaskTools {
    /// Reads `capabilities.tasks.requests.tools.call` from an `initialize` result as sent.
    pub(crate) fn from_initialize(result: Option<&Value>) -> TaskTools {
        let offered = result
            .and_then(|result| result.pointer("/capabilities/tasks/requests/tools/call"))
            .is_some();
        TaskTools {
            offered,
            required: Default::default(),
        }
    }
}

impl Client {
    /// Whether a plain call of `tool` must go as a task (2025-11-25): the generated client
    /// said so, or the server listed the tool `required`.
    pub(crate) async fn needs_core_task(&self, tool: &str, declared: TaskSupport) -> Result<bool> {
        if self.task_form() != Some(Form::Core) {
            return Ok(false);
        }
        if declared == TaskSupport::Required {
            return Ok(true);
        }
        if !self.task_tools.offered {
            return Ok(false);
        }
        Ok(self.tools_requiring_tasks().await?.contains(tool))
    }

    async fn tools_requiring_tasks(&self) -> Result<Arc<HashSet<String>>> {
        let changes = self.tools_changed_count();
        if let Some((seen, required)) = &*self.task_tools.lock()
            && *seen == changes
        {
            return Ok(required.clone());
        }
        let listed = self.list_as_sent(Listing::Tools).await?;
        let required: Arc<HashSet<String>> = Arc::new(
            listed
                .entries
                .iter()
                .filter(|tool| TaskSupport::of_tool(tool) == TaskSupport::Required)
                .filter_map(|tool| tool.get("name").and_then(Value::as_str))
                .map(str::to_string)
                .collect(),
        );
        *self.task_tools.lock() = Some((changes, required.clone()));
        Ok(required)
    }
}

impl TaskTools {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(u64, Arc<HashSet<String>>)>> {
        self.required
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

//! Which tools a server runs as tasks. 2025-11-25 servers say it per tool, in
//! `execution.taskSupport` (`forbidden`, the default; `optional`; `required`), and a tool that
//! requires a task fails a plain call. Generated clients know it from their snapshot; the
//! untyped client learns it from the listing, once, and only from a server whose capabilities
//! offer task-augmented `tools/call`.

use std::collections::HashMap;
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

/// Each listed tool's support.
type Listed = Arc<HashMap<String, TaskSupport>>;

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

impl Client {
    /// Whether a call of `tool` goes as a 2025-11-25 task: always for a tool that requires
    /// one; when `asked` (`as_task`), for one that allows it. What the generated client
    /// `declared` is trusted; otherwise the server's listing says (read once, and only from a
    /// server that offers tasks): a task-augmented call of a tool that forbids it is an error.
    pub(crate) async fn core_task_for(
        &self,
        tool: &str,
        declared: TaskSupport,
        asked: bool,
    ) -> Result<bool> {
        if self.task_form() != Some(Form::Core) {
            return Ok(false);
        }
        let support = match declared {
            TaskSupport::Forbidden if self.task_tools.offered => self.listed_support(tool).await?,
            other => other,
        };
        Ok(match support {
            TaskSupport::Required => true,
            TaskSupport::Optional => asked,
            TaskSupport::Forbidden => false,
        })
    }

    async fn listed_support(&self, tool: &str) -> Result<TaskSupport> {
        let changes = self.tools_changed_count();
        let cached = match &*self.task_tools.lock() {
            Some((seen, tools)) if *seen == changes => Some(tools.clone()),
            _ => None,
        };
        let tools = match cached {
            Some(tools) => tools,
            None => {
                let listed = self.list_as_sent(Listing::Tools).await?;
                let tools: Arc<HashMap<String, TaskSupport>> = Arc::new(
                    (listed.entries.iter())
                        .filter_map(|entry| {
                            let name = entry.get("name").and_then(Value::as_str)?;
                            Some((name.to_string(), TaskSupport::of_tool(entry)))
                        })
                        .collect(),
                );
                *self.task_tools.lock() = Some((changes, tools.clone()));
                tools
            }
        };
        Ok(tools.get(tool).copied().unwrap_or_default())
    }
}

impl TaskTools {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(u64, Listed)>> {
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

//! Whether a call goes as a 2025-11-25 task: what the generated client declared, else what
//! the server's listing says of the tool (read once per `tools/list_changed`).

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use super::support::TaskSupport;
use super::wire::Form;
use crate::client::listing::Listing;
use crate::{Client, Result};

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
                // Boxed: a listing's future is large, and this sits in every call's future.
                let listed = Box::pin(self.list_as_sent(Listing::Tools)).await?;
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

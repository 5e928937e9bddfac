//! rig and MCP (feature `rig`, rig-core 0.44): a rig model answering servers that sample
//! ([`sampling`], in `sampling.rs`), and MCP tools as [rig](https://docs.rs/rig-core) tools: every
//! tool of a [`Registry`] — or of a generated client's `TOOLS` table — becomes a
//! [`DynamicTool`] that a rig agent (`rig_agent::AgentBuilder::dynamic_tools`) offers its model
//! and dispatches to the MCP server. A tool's failure (bad arguments, `isError`, a dead server)
//! reaches the model as a failed tool result with the server's text, never as a panic.
//!
//! ```no_run
//! # async fn demo(registry: mcp_runtime::host::registry::Registry) {
//! let tools = mcp_runtime::rig::registry_tools(std::sync::Arc::new(registry));
//! // rig_agent::AgentBuilder::new(model).dynamic_tools(tools).build()
//! # }
//! ```

mod sampling;
mod tool_search;

use std::sync::Arc;

use rig_core::message::ToolName;
use rig_core::tool::{DynamicTool, ToolExecutionError, ToolOutput as RigOutput};
use serde_json::Value;

use crate::host::registry::{Format, Registry};
use crate::{Client, Error, ToolInfo, ToolOutput};

pub use sampling::sampling;
pub use tool_search::ToolSearch;

/// The tools `registry` offers now, under their registry names (`mcp_{server}_{tool}` by
/// default), with the definitions an LLM sees — with [`Deferral`](crate::host::registry::Deferral),
/// the core tools and the search tool; calls go through [`Registry::dispatch`], so arguments
/// are checked against the tool's schema first. For rig's own per-prompt tool retrieval over
/// the rest, see [`ToolSearch`].
pub fn registry_tools(registry: Arc<Registry>) -> Vec<DynamicTool> {
    let definitions = registry.definitions(Format::Anthropic);
    dynamic_tools(&registry, definitions)
}

/// Every tool of `registry`, offered now or deferred: the set rig retrieves from, with
/// [`ToolSearch`] choosing (`AgentBuilder::retrieved_tools(5, ToolSearch::new(registry),
/// ToolSet::from_dynamic_tools(all_registry_tools(registry)))`).
pub fn all_registry_tools(registry: Arc<Registry>) -> Vec<DynamicTool> {
    let names = registry.names();
    let definitions = registry.definitions_of(names.iter().map(String::as_str), Format::Anthropic);
    dynamic_tools(&registry, definitions)
}

/// Definitions as rig tools calling [`Registry::dispatch`]; server-side tools (Anthropic's
/// own search tool, which has no schema) are left out.
fn dynamic_tools(registry: &Arc<Registry>, definitions: Vec<Value>) -> Vec<DynamicTool> {
    definitions
        .into_iter()
        .filter(|definition| definition.get("type").is_none())
        .filter_map(|definition| {
            let text = |key: &str| definition.get(key).and_then(Value::as_str).unwrap_or("");
            let name = ToolName::new(text("name")).ok()?;
            let description = text("description").to_string();
            let schema = definition.get("input_schema").cloned().unwrap_or_default();
            let registry = registry.clone();
            let called = name.to_string();
            Some(DynamicTool::new(
                name,
                description,
                schema,
                move |arguments| {
                    let (registry, called) = (registry.clone(), called.clone());
                    Box::pin(async move {
                        let result = registry.dispatch(&called, &arguments.to_string()).await;
                        match (result.is_error, result.structured) {
                            (true, _) => Err(ToolExecutionError::provider(result.content)),
                            (false, Some(structured)) => Ok(RigOutput::json(structured)),
                            (false, None) => Ok(RigOutput::text(result.content)),
                        }
                    })
                },
            ))
        })
        .collect()
}

/// The tools of a generated client's `TOOLS` table, calling `client` (a generated client's
/// `client()`, shared), under their MCP names; tools only an app may call are left out.
pub fn client_tools(client: Arc<Client>, tools: &'static [ToolInfo]) -> Vec<DynamicTool> {
    tools
        .iter()
        .filter(|tool| !tool.app_only)
        .filter_map(|tool| {
            let name = ToolName::new(tool.name).ok()?;
            let client = client.clone();
            let called = tool.name;
            let schema = tool.input_schema_json();
            Some(DynamicTool::new(
                name,
                tool.description,
                schema,
                move |arguments| {
                    let client = client.clone();
                    Box::pin(async move { rig_result(client.call_tool(called, arguments).await) })
                },
            ))
        })
        .collect()
}

/// A call's outcome as rig wants it: structured output as JSON, else the text; errors with
/// the server's own message (`isError` text, or ours naming the cause).
fn rig_result(result: Result<ToolOutput, Error>) -> Result<RigOutput, ToolExecutionError> {
    match result {
        Ok(output) => Ok(match output.structured {
            Some(structured) => RigOutput::json(structured),
            None => RigOutput::text(output.to_llm_string(usize::MAX)),
        }),
        Err(Error::Tool { message, .. }) => Err(ToolExecutionError::provider(message)),
        Err(err @ Error::InvalidArguments { .. }) => {
            Err(ToolExecutionError::invalid_args(err.to_string()))
        }
        Err(err @ Error::Timeout { .. }) => Err(ToolExecutionError::timeout(err.to_string())),
        Err(err) => Err(ToolExecutionError::network(err.to_string())),
    }
}

//! Running an LLM's tool call: arguments parsed and validated against the tool's inputSchema,
//! the call made, and the result cut to text for the model — never a panic or an `Err`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use std::sync::Arc;

use super::{Entry, Registry, Target};
use crate::{Error, ToolOutput};

/// The result of [`Registry::dispatch`]: always a value, never a panic or an `Err` — a failing
/// tool is an error result for the LLM to read.
#[derive(Debug, Clone, PartialEq)]
pub struct DispatchResult {
    /// The registry name that was called.
    pub name: String,
    /// The text to give the LLM (cut at `max_result_chars`).
    pub content: String,
    /// Structured output, when the tool returned some.
    pub structured: Option<Value>,
    /// Whether this is an error (bad arguments, unknown tool, tool failure, transport failure).
    pub is_error: bool,
    /// How long the call took.
    pub elapsed: Duration,
}

impl Registry {
    /// Runs an LLM's tool call: checks the arguments against the tool's inputSchema (listing
    /// every missing or wrong field), calls, and returns text for the LLM.
    pub async fn dispatch(&self, name: &str, arguments_json: &str) -> DispatchResult {
        let start = Instant::now();
        let finish = |content: String, structured: Option<Value>, is_error: bool| DispatchResult {
            name: name.to_string(),
            content,
            structured,
            is_error,
            elapsed: start.elapsed(),
        };
        if let Some(defer) = &self.options.defer
            && name == defer.search_tool
        {
            let arguments = serde_json::from_str(arguments_json).unwrap_or(Value::Null);
            return match self.run_search(&arguments) {
                Ok(found) => finish(found.to_string(), Some(found), false),
                Err(message) => finish(format!("Error: {message}"), None, true),
            };
        }
        let Some(entry) = self.entry_or_joined(name).await else {
            return finish(self.unknown(name), None, true);
        };
        let arguments: Value = match arguments_json.trim() {
            "" => json!({}),
            text => match serde_json::from_str(text) {
                Ok(value) => value,
                Err(err) => {
                    return finish(
                        format!("Error: the arguments for `{name}` are not valid JSON: {err}"),
                        None,
                        true,
                    );
                }
            },
        };
        let validator = entry.validator.get_or_init(|| {
            jsonschema::validator_for(&entry.input_schema)
                .inspect_err(|e| {
                    tracing::warn!(
                        tool = name,
                        "inputSchema cannot validate arguments; calling unchecked: {e}"
                    )
                })
                .ok()
        });
        if let Some(validator) = validator {
            let problems: Vec<String> = validator
                .iter_errors(&arguments)
                .map(|e| {
                    let at = e.instance_path().to_string();
                    if at.is_empty() {
                        e.to_string()
                    } else {
                        format!("{at}: {e}")
                    }
                })
                .collect();
            if !problems.is_empty() {
                return finish(
                    format!(
                        "Error: invalid arguments for `{name}`:\n- {}",
                        problems.join("\n- ")
                    ),
                    None,
                    true,
                );
            }
        }
        let max = self.options.max_result_chars;
        let result: Result<ToolOutput, Error> = match &entry.target {
            Target::Managed { tool, handle, .. } => handle.call_tool(tool, arguments).await,
            Target::Client { tool, client, .. } => client.call_tool(tool, arguments).await,
            Target::Native(handler) => {
                return match handler(arguments).await {
                    Ok(Value::String(text)) => finish(cut(text, max), None, false),
                    Ok(value) => finish(cut(value.to_string(), max), Some(value), false),
                    Err(message) => finish(cut(format!("Error: {message}"), max), None, true),
                };
            }
        };
        match result {
            Ok(output) => finish(output.to_llm_string(max), output.structured.clone(), false),
            Err(Error::Tool { output, .. }) => finish(
                cut(format!("Error: {}", output.to_llm_string(max)), max),
                output.structured.clone(),
                true,
            ),
            Err(err) => finish(cut(format!("Error: {err}"), max), None, true),
        }
    }
}

/// Names listed at most when the model calls a tool that does not exist.
const KNOWN_LISTED: usize = 50;

impl Registry {
    /// The tool `name`; if there is none, the tool once a server still connecting to join
    /// the registry has it — waiting for those servers, each within its call timeout, only
    /// until one brings it (or all have settled).
    async fn entry_or_joined(&self, name: &str) -> Option<Arc<Entry>> {
        let mut waits: Vec<_> = {
            let catalog = self.catalog();
            if let Some(entry) = catalog.entries.get(name) {
                return Some(entry.clone());
            }
            catalog
                .joining
                .iter()
                .filter(|j| j.handle.status().is_connecting())
                .filter(|j| j.may_bring(name, self.options.prefix))
                .map(|j| {
                    let handle = j.handle.clone();
                    Box::pin(async move { handle.settled(handle.options().call_timeout).await })
                })
                .collect()
        };
        while !waits.is_empty() {
            let (_, _, rest) = futures::future::select_all(waits).await;
            if let Some(entry) = self.catalog().entries.get(name) {
                return Some(entry.clone());
            }
            waits = rest;
        }
        None
    }

    /// The error for a call to a tool that does not exist: the tools it may call instead, or
    /// with a long list, where to look.
    fn unknown(&self, name: &str) -> String {
        let offered = self.offered();
        let search = self.options.defer.as_ref().map(|d| d.search_tool.as_str());
        let more = match search {
            Some(tool) => format!("; find others with `{tool}`"),
            None if offered.len() > KNOWN_LISTED => {
                format!(" and {} more", offered.len() - KNOWN_LISTED)
            }
            None => String::new(),
        };
        let listed: Vec<String> = offered.into_iter().take(KNOWN_LISTED).collect();
        format!(
            "Error: unknown tool `{name}`. Available tools: {}{more}",
            listed.join(", ")
        )
    }
}

fn cut(text: String, max: usize) -> String {
    ToolOutput {
        content: vec![crate::model::ContentBlock::text(text)],
        structured: None,
        is_error: false,
    }
    .to_llm_string(max)
}

//! Running an LLM's tool call: arguments parsed and validated against the tool's inputSchema,
//! the call made, and the result cut to text for the model — never a panic or an `Err`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Registry, Target};
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
        let Some(entry) = self.entries.get(name) else {
            let known = self.names().join(", ");
            return finish(
                format!("Error: unknown tool `{name}`. Available tools: {known}"),
                None,
                true,
            );
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
        if let Some(validator) = &entry.validator {
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

fn cut(text: String, max: usize) -> String {
    ToolOutput {
        content: vec![crate::model::ContentBlock::text(text)],
        structured: None,
        is_error: false,
    }
    .to_llm_string(max)
}

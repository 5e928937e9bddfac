//! Prompts: the server's message templates (`prompts/list`, `prompts/get`).

use rmcp::model::{ContentBlock, GetPromptRequestParams, GetPromptResponse, Prompt, PromptMessage};
use serde_json::{Map, Value};

use super::round_trips::Round;
use super::session::Client;
use super::telemetry::{trace_meta, traced};
use crate::schema::json_kind::json_kind;
use crate::{Error, Result};

/// What `prompts/get` returned: the messages, ready to hand to a model.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptOutput {
    /// The server's description of this rendering, if any.
    pub description: Option<String>,
    /// The messages, in order, with their roles.
    pub messages: Vec<PromptMessage>,
}

impl PromptOutput {
    /// One user message of text (what a fake renders).
    pub fn from_text(text: impl Into<String>) -> PromptOutput {
        PromptOutput {
            description: None,
            messages: vec![PromptMessage::new_text(
                rmcp::model::Role::User,
                text.into(),
            )],
        }
    }

    /// The text parts of every message, joined by blank lines (images and resources left out).
    pub fn text(&self) -> String {
        self.messages
            .iter()
            .filter_map(|m| match &m.content {
                ContentBlock::Text(text) => Some(text.text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}

/// The future a [`PendingPrompt`] becomes when awaited.
pub type PromptFuture<'a> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<PromptOutput>> + Send + 'a>>;

/// A prompt to render, as generated clients build it: its arguments so far; `.await` renders.
#[must_use = "a prompt is rendered only when awaited"]
#[derive(Debug, Clone)]
pub struct PendingPrompt<'a> {
    client: &'a Client,
    name: &'a str,
    arguments: Map<String, Value>,
}

impl<'a> PendingPrompt<'a> {
    /// Prompt `name` of `client`, no arguments yet.
    pub(crate) fn new(client: &'a Client, name: &'a str) -> Self {
        PendingPrompt {
            client,
            name,
            arguments: Map::new(),
        }
    }

    /// Sets argument `name`.
    pub fn arg(mut self, name: &str, value: impl Into<String>) -> Self {
        self.arguments
            .insert(name.to_string(), Value::String(value.into()));
        self
    }
}

impl<'a> std::future::IntoFuture for PendingPrompt<'a> {
    type Output = Result<PromptOutput>;
    type IntoFuture = PromptFuture<'a>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(
            self.client
                .get_prompt(self.name, Value::Object(self.arguments)),
        )
    }
}

/// Prompt `name` of `client`, no arguments yet (generated code).
pub fn pending_prompt<'a>(client: &'a Client, name: &'a str) -> PendingPrompt<'a> {
    PendingPrompt::new(client, name)
}

impl Client {
    /// Prompt `name`, to be given arguments with [`PendingPrompt::arg`] and rendered when
    /// awaited.
    pub fn prompt<'a>(&'a self, name: &'a str) -> PendingPrompt<'a> {
        PendingPrompt::new(self, name)
    }

    /// All prompts, following pagination.
    pub async fn list_prompts(&self) -> Result<Vec<Prompt>> {
        self.all_pages("prompts/list", |params| async {
            let page = self.peer().list_prompts(Some(params)).await?;
            Ok((page.prompts, page.next_cursor))
        })
        .await
    }

    /// Renders prompt `name` with `arguments` (an object of strings, or `null` for none).
    pub async fn get_prompt(&self, name: &str, arguments: Value) -> Result<PromptOutput> {
        traced(
            self,
            "prompts/get",
            name,
            self.get_prompt_untraced(name, arguments),
        )
        .await
    }

    async fn get_prompt_untraced(&self, name: &str, arguments: Value) -> Result<PromptOutput> {
        let operation = format!("prompts/get `{name}`");
        let arguments = prompt_arguments(name, arguments)?;
        let mut params = GetPromptRequestParams::new(name);
        params.arguments = (!arguments.is_empty()).then_some(arguments);
        params.meta = trace_meta();
        let rounds = self.in_rounds(&operation, params, |params| async move {
            Ok(match self.peer().get_prompt_once(params).await? {
                GetPromptResponse::Complete(result) => Round::Done(result),
                GetPromptResponse::InputRequired(asks) => Round::Asks(asks),
                _ => Round::Unsupported(
                    "the server answered with a kind of result this client does not know",
                ),
            })
        });
        let result = self.within_request_timeout(&operation, rounds).await?;
        Ok(PromptOutput {
            description: result.description,
            messages: result.messages,
        })
    }
}

/// MCP prompt arguments are strings: numbers and booleans are written as JSON text, `null`s
/// left out; anything else is the caller's mistake.
fn prompt_arguments(prompt: &str, arguments: Value) -> Result<Map<String, Value>> {
    let map = match arguments {
        Value::Object(map) => map,
        Value::Null => return Ok(Map::new()),
        other => {
            return Err(Error::InvalidArguments {
                tool: format!("prompt {prompt}"),
                reason: format!("arguments must be a JSON object, got {}", json_kind(&other)),
            });
        }
    };
    let mut strings = Map::new();
    for (key, value) in map {
        let text = match value {
            Value::Null => continue,
            Value::String(text) => text,
            Value::Number(_) | Value::Bool(_) => value.to_string(),
            other => {
                return Err(Error::InvalidArguments {
                    tool: format!("prompt {prompt}"),
                    reason: format!(
                        "argument `{key}` must be a string (prompt arguments are), got {}",
                        json_kind(&other)
                    ),
                });
            }
        };
        strings.insert(key, Value::String(text));
    }
    Ok(strings)
}

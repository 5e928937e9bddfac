//! Elicitation: a server asks the user for input — a form built from a JSON Schema, or a page
//! to open — and the application answers accept (with content), decline or cancel.

use serde_json::{Map, Value, json};

/// What a server asks the user.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Elicitation {
    /// What the server says the input is for; show it to the user.
    pub message: String,
    /// A form to fill in, or a page to open.
    pub mode: ElicitationMode,
}

/// How the user answers an [`Elicitation`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ElicitationMode {
    /// Fill in a form: `schema` is the requested JSON Schema, an object whose properties are
    /// strings, numbers, integers, booleans or enums, each with an optional `default`.
    Form {
        /// The requested schema as the server sent it.
        schema: Value,
    },
    /// Open `url` (in a browser) and complete the interaction there.
    Url {
        /// The page to open.
        url: String,
        /// The server's id for this interaction (empty on 2026-07-28, which dropped it).
        id: String,
    },
}

/// The user's answer to an [`Elicitation`].
///
/// ```no_run
/// use mcp_runtime::asks::{ElicitAnswer, Root, SamplingReply};
/// use mcp_runtime::{Client, ConnectOptions, ServerSpec};
/// # async fn demo() -> mcp_runtime::Result<()> {
/// let options = ConnectOptions::default()
///     .on_elicitation(|request| async move {
///         // request.message; request.mode: Form { schema } or Url { url, id };
///         // request.fields(): (name, property schema, required) in order.
///         let mut content = serde_json::Map::new();
///         content.insert("confirm".into(), true.into()); // fields left out take the schema's defaults
///         ElicitAnswer::Accept(content)                   // or Decline, Cancel
///     })
///     .on_sampling(|request| async move {
///         // request.messages (role, text), system_prompt, max_tokens, and the raw params
///         Ok(SamplingReply::new("my-model", format!("{} messages seen", request.messages.len())))
///     })
///     .roots(vec![Root::new("file:///home/me/project").name("project")]);
/// let client = Client::connect_with(ServerSpec::stdio("demo-server"), options).await?;
/// let answer = client.call_tool("confirm", serde_json::json!({"action": "deploy"})).await?;
/// # let _ = answer; Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ElicitAnswer {
    /// Accepted, with the form's content (for a URL, an empty map). Fields left out take the
    /// schema's defaults before the answer is sent.
    Accept(Map<String, Value>),
    /// Declined: the server goes on without the input.
    Decline,
    /// Dismissed: the server stops what it asked for.
    Cancel,
}

impl Elicitation {
    /// The form's fields with their schema defaults (empty for a URL).
    pub fn defaults(&self) -> Map<String, Value> {
        let ElicitationMode::Form { schema } = &self.mode else {
            return Map::new();
        };
        properties(schema)
            .filter_map(|(name, property)| Some((name.clone(), property.get("default")?.clone())))
            .collect()
    }

    /// The form's fields in schema order: name, property schema, and whether it is required.
    pub fn fields(&self) -> Vec<(&str, &Value, bool)> {
        let ElicitationMode::Form { schema } = &self.mode else {
            return Vec::new();
        };
        let required = schema.get("required").and_then(Value::as_array);
        let is_required = |name: &str| required.is_some_and(|r| r.iter().any(|v| v == name));
        properties(schema)
            .map(|(name, property)| (name.as_str(), property, is_required(name)))
            .collect()
    }

    /// Reads the `params` of an `elicitation/create` request.
    pub(crate) fn from_params(params: &Value) -> Option<Elicitation> {
        let message = params.get("message")?.as_str()?.to_string();
        let text = |key: &str| params.get(key).and_then(Value::as_str).map(str::to_string);
        let mode = match params.get("mode").and_then(Value::as_str) {
            Some("url") => ElicitationMode::Url {
                url: text("url")?,
                id: text("elicitationId").unwrap_or_default(),
            },
            _ => ElicitationMode::Form {
                schema: params.get("requestedSchema")?.clone(),
            },
        };
        Some(Elicitation { message, mode })
    }

    /// The `elicitation/create` result for `answer`, defaults filled into accepted content.
    pub(crate) fn result(&self, answer: ElicitAnswer) -> Value {
        match answer {
            ElicitAnswer::Accept(mut content) => {
                for (name, default) in self.defaults() {
                    content.entry(name).or_insert(default);
                }
                match self.mode {
                    ElicitationMode::Url { .. } if content.is_empty() => {
                        json!({"action": "accept"})
                    }
                    _ => json!({"action": "accept", "content": content}),
                }
            }
            ElicitAnswer::Decline => json!({"action": "decline"}),
            ElicitAnswer::Cancel => json!({"action": "cancel"}),
        }
    }
}

fn properties(schema: &Value) -> impl Iterator<Item = (&String, &Value)> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> Elicitation {
        Elicitation::from_params(&json!({
            "mode": "form",
            "message": "Confirm?",
            "requestedSchema": {"type": "object", "properties": {
                "confirm": {"type": "boolean", "default": false},
                "note": {"type": "string"},
                "level": {"type": "string", "enum": ["a", "b"], "default": "b"}
            }, "required": ["confirm"]}
        }))
        .unwrap()
    }

    #[test]
    fn accepted_content_takes_the_schema_defaults_for_fields_left_out() {
        let mut content = Map::new();
        content.insert("confirm".into(), json!(true));
        let result = form().result(ElicitAnswer::Accept(content));
        assert_eq!(
            result,
            json!({"action": "accept", "content": {"confirm": true, "level": "b"}})
        );
    }

    #[test]
    fn fields_say_which_are_required() {
        let form = form();
        let fields: Vec<_> = form.fields().into_iter().map(|(n, _, r)| (n, r)).collect();
        assert!(fields.contains(&("confirm", true)) && fields.contains(&("note", false)));
    }

    #[test]
    fn a_url_request_is_read_and_a_decline_has_no_content() {
        let e = Elicitation::from_params(&json!({
            "mode": "url", "message": "Sign in", "url": "https://x.test/a", "elicitationId": "7"
        }))
        .unwrap();
        assert_eq!(
            e.mode,
            ElicitationMode::Url {
                url: "https://x.test/a".into(),
                id: "7".into()
            }
        );
        assert_eq!(
            e.result(ElicitAnswer::Decline),
            json!({"action": "decline"})
        );
    }
}

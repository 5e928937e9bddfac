//! Sampling: a server asks the application's language model for a completion.

use serde_json::{Value, json};

/// A server's `sampling/createMessage` request.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SamplingRequest {
    /// The conversation so far, oldest first.
    pub messages: Vec<SamplingMessage>,
    /// The system prompt the server suggests.
    pub system_prompt: Option<String>,
    /// The most tokens the answer may take.
    pub max_tokens: u32,
    /// The temperature the server suggests.
    pub temperature: Option<f64>,
    /// The request's `params` as the server sent them (model preferences, stop sequences,
    /// tools, and whatever a later revision adds).
    pub params: Value,
}

/// One message of a [`SamplingRequest`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SamplingMessage {
    /// `user` or `assistant`.
    pub role: String,
    /// The message's text (its text blocks joined by newlines; other content is in
    /// [`SamplingRequest::params`]).
    pub text: String,
}

/// The model's answer to a [`SamplingRequest`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SamplingReply {
    /// The model that answered.
    pub model: String,
    /// The answer.
    pub text: String,
    /// Why the model stopped (`endTurn`, `maxTokens`, `stopSequence`…).
    pub stop_reason: Option<String>,
}

impl SamplingReply {
    /// An answer `text` from `model` that ended its turn.
    pub fn new(model: impl Into<String>, text: impl Into<String>) -> Self {
        SamplingReply {
            model: model.into(),
            text: text.into(),
            stop_reason: Some("endTurn".into()),
        }
    }

    /// The `sampling/createMessage` result.
    pub(crate) fn result(&self) -> Value {
        let mut result = json!({
            "role": "assistant",
            "content": {"type": "text", "text": self.text},
            "model": self.model,
        });
        if let Some(reason) = &self.stop_reason {
            result["stopReason"] = json!(reason);
        }
        result
    }
}

impl SamplingRequest {
    /// Reads the `params` of a `sampling/createMessage` request.
    pub(crate) fn from_params(params: &Value) -> Option<SamplingRequest> {
        let messages = params
            .get("messages")?
            .as_array()?
            .iter()
            .map(|message| SamplingMessage {
                role: message
                    .get("role")
                    .and_then(Value::as_str)
                    .unwrap_or("user")
                    .to_string(),
                text: text_of(message.get("content").unwrap_or(&Value::Null)),
            })
            .collect();
        Some(SamplingRequest {
            messages,
            system_prompt: params
                .get("systemPrompt")
                .and_then(Value::as_str)
                .map(str::to_string),
            max_tokens: params
                .get("maxTokens")
                .and_then(Value::as_u64)
                .map_or(0, clamp_u32),
            temperature: params.get("temperature").and_then(Value::as_f64),
            params: params.clone(),
        })
    }
}

fn clamp_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The text of one content block, or of an array of them.
fn text_of(content: &Value) -> String {
    match content {
        Value::Array(blocks) => blocks
            .iter()
            .map(text_of)
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join("\n"),
        block => block
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_read_with_its_text_and_a_reply_has_the_wire_shape() {
        let request = SamplingRequest::from_params(&json!({
            "messages": [
                {"role": "user", "content": {"type": "text", "text": "hi"}},
                {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "image", "data": "", "mimeType": "image/png"}, {"type": "text", "text": "b"}]}
            ],
            "maxTokens": 50, "systemPrompt": "be brief"
        }))
        .unwrap();
        assert_eq!(request.messages[0].text, "hi");
        assert_eq!(request.messages[1].text, "a\nb");
        assert_eq!(
            (request.max_tokens, request.system_prompt.as_deref()),
            (50, Some("be brief"))
        );
        let reply = SamplingReply::new("m1", "hello").result();
        assert_eq!(reply["content"]["text"], "hello");
        assert_eq!(reply["stopReason"], "endTurn");
    }
}

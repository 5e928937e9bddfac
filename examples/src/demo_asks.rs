//! The demo server's questions to the client — a confirmation form (elicitation), a model
//! completion (sampling), the client's roots — asked the way the session's era says: on
//! 2026-07-28 as an `input_required` result the client answers by calling again (Multi
//! Round-Trip Requests), on earlier revisions as a server-to-client request.

use rmcp::RoleServer;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, InputRequest, InputRequests,
    InputRequiredResult, InputResponses, ProtocolVersion, ServerRequest,
};
use rmcp::service::RequestContext;
use serde_json::{Value, json};

/// The answer to a question, or the `input_required` result that asks it.
pub enum Asked {
    /// The client's result for the request.
    Answer(Value),
    /// Return this: the client answers and asks again.
    Ask(InputRequiredResult),
}

/// Asks the client `method` with `params`; `key` names the question across rounds.
pub async fn ask(
    context: &RequestContext<RoleServer>,
    responses: Option<InputResponses>,
    key: &str,
    request: Value,
) -> Result<Asked, String> {
    let stateless = context
        .protocol_version()
        .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
    if stateless {
        if let Some(answer) = responses.and_then(|mut answers| answers.remove(key)) {
            return Ok(Asked::Answer(answer));
        }
        let request: InputRequest = serde_json::from_value(request).map_err(|e| e.to_string())?;
        let requests = InputRequests::from([(key.to_string(), request)]);
        let ask = InputRequiredResult::from_input_requests(requests);
        return Ok(Asked::Ask(ask));
    }
    let request: ServerRequest = serde_json::from_value(request).map_err(|e| e.to_string())?;
    let result = context
        .peer
        .send_request(request)
        .await
        .map_err(|e| format!("the client did not answer: {e}"))?;
    serde_json::to_value(result)
        .map(Asked::Answer)
        .map_err(|e| e.to_string())
}

/// The `elicitation/create` request of the `confirm` tool.
pub fn confirm_request(action: &str) -> Value {
    json!({"method": "elicitation/create", "params": {
        "mode": "form",
        "message": format!("Really {action}?"),
        "requestedSchema": {"type": "object", "properties": {
            "confirm": {"type": "boolean", "title": "Confirm", "default": false},
            "reason": {"type": "string", "title": "Reason", "default": "none given"},
        }, "required": ["confirm"]},
    }})
}

/// What `confirm` says about the user's answer.
pub fn confirm_outcome(action: &str, answer: &Value) -> String {
    let content = answer.get("content").unwrap_or(&Value::Null);
    let reason = content
        .get("reason")
        .and_then(Value::as_str)
        .unwrap_or("none given");
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") if content.get("confirm") == Some(&Value::Bool(true)) => {
            format!("confirmed: {action} (reason: {reason})")
        }
        Some("accept") => format!("not confirmed: {action}"),
        Some("decline") => format!("declined: {action}"),
        _ => format!("cancelled: {action}"),
    }
}

/// The `sampling/createMessage` request of the `ask_model` tool.
pub fn sampling_request(question: &str) -> Value {
    json!({"method": "sampling/createMessage", "params": {
        "messages": [{"role": "user", "content": {"type": "text", "text": question}}],
        "systemPrompt": "Answer in one sentence.",
        "maxTokens": 100,
    }})
}

/// The `elicitation/create` request of the prompt's `style=ask`.
pub fn style_request() -> Value {
    json!({"method": "elicitation/create", "params": {
        "mode": "form",
        "message": "How should the summary read?",
        "requestedSchema": {"type": "object", "properties": {
            "style": {"type": "string", "enum": ["bullets", "prose"], "default": "prose"},
        }},
    }})
}

/// The style the user chose (`prose` unless they accepted another).
pub fn chosen_style(answer: &Value) -> String {
    let accepted = answer.get("action").and_then(Value::as_str) == Some("accept");
    let style = answer.pointer("/content/style").and_then(Value::as_str);
    style.filter(|_| accepted).unwrap_or("prose").to_string()
}

/// What `ask_model` says about the model's answer.
pub fn sampling_outcome(answer: &Value) -> String {
    let model = answer.get("model").and_then(Value::as_str).unwrap_or("?");
    let text = answer["content"]["text"].as_str().unwrap_or_default();
    format!("{model} says: {text}")
}

/// The client's roots, one URI a line.
pub fn roots_outcome(answer: &Value) -> String {
    let roots: Vec<&str> = answer["roots"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|root| root.get("uri").and_then(Value::as_str))
        .collect();
    if roots.is_empty() {
        "no roots".into()
    } else {
        roots.join("\n")
    }
}

/// Runs a question to its tool result: `outcome` turns the answer into the tool's text.
pub async fn answered(
    context: &RequestContext<RoleServer>,
    responses: Option<InputResponses>,
    key: &str,
    request: Value,
    outcome: impl FnOnce(&Value) -> String,
) -> CallToolResponse {
    match ask(context, responses, key, request).await {
        Ok(Asked::Answer(answer)) => {
            CallToolResponse::Complete(CallToolResult::success(vec![ContentBlock::text(outcome(
                &answer,
            ))]))
        }
        Ok(Asked::Ask(ask)) => CallToolResponse::InputRequired(ask),
        Err(why) => {
            CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(why)]))
        }
    }
}

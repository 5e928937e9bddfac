//! A rig completion model answering servers that sample (`sampling/createMessage`): the
//! server's messages and system prompt become a rig `CompletionRequest`, the model's text the
//! reply.

use std::future::Future;
use std::pin::Pin;

use rig_core::completion::{CompletionRequest, Message};
use rig_core::driver::DynModel;
use rig_core::operation::Completion;

use crate::asks::{SamplingReply, SamplingRequest};

type Reply = Pin<Box<dyn Future<Output = Result<SamplingReply, String>> + Send>>;

/// A sampling handler for [`ConnectOptions::on_sampling`](crate::ConnectOptions::on_sampling)
/// that asks `model` (any rig completion model, or its erased `DynModel`). The server's
/// `maxTokens` and `temperature` go with the request; a model error is the server's error.
///
/// ```no_run
/// # fn demo(model: rig_core::driver::DynModel<rig_core::operation::Completion>) {
/// let options = mcp_runtime::ConnectOptions::default()
///     .on_sampling(mcp_runtime::rig::sampling(model));
/// # let _ = options;
/// # }
/// ```
pub fn sampling(
    model: impl Into<DynModel<Completion>>,
) -> impl Fn(SamplingRequest) -> Reply + Send + Sync + 'static {
    let model = model.into();
    move |request| {
        let model = model.clone();
        Box::pin(async move {
            let completion = completion_request(&request)?;
            let response = model
                .call(completion)
                .await
                .map_err(|e| format!("the model failed: {e}"))?;
            Ok(SamplingReply::new(
                response.origin.model.clone(),
                response.text(),
            ))
        })
    }
}

/// The server's conversation as a rig request: its last message is the prompt.
fn completion_request(request: &SamplingRequest) -> Result<CompletionRequest, String> {
    let mut messages: Vec<Message> = request
        .messages
        .iter()
        .map(|m| match m.role.as_str() {
            "assistant" => Message::assistant(m.text.clone()),
            _ => Message::user(m.text.clone()),
        })
        .collect();
    let prompt = messages
        .pop()
        .ok_or("the sampling request has no messages")?;
    let mut completion = CompletionRequest::new(prompt).messages(messages);
    if let Some(system) = &request.system_prompt {
        completion = completion.preamble(system.clone());
    }
    let max_tokens = (request.max_tokens > 0).then_some(u64::from(request.max_tokens));
    Ok(completion
        .max_tokens(max_tokens)
        .temperature(request.temperature))
}

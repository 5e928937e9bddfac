//! Argument completion (`completion/complete`): what a server suggests for a prompt's argument
//! or a resource template's variable, given what is typed so far.

use std::collections::BTreeMap;

use rmcp::model::{ArgumentInfo, CompleteRequestParams, CompletionContext, Reference};

use super::session::Client;
use super::telemetry::{trace_meta, traced};
use crate::Result;

/// What an argument belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completing<'a> {
    /// A prompt, by name.
    Prompt(&'a str),
    /// A resource template, by its `uriTemplate`.
    Resource(&'a str),
}

/// A server's suggestions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Completion {
    /// The suggested values, best first (at most 100).
    pub values: Vec<String>,
    /// How many there are in all, when the server says.
    pub total: Option<u32>,
    /// Whether there are more than `values`.
    pub has_more: bool,
}

impl Client {
    /// The server's suggestions for `argument` of `of`, typed so far as `value`, with the
    /// arguments already chosen (`context`: they narrow the suggestions, e.g. a department
    /// before a name). A server without completions answers with an error (method not found).
    pub async fn complete(
        &self,
        of: Completing<'_>,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> Result<Completion> {
        let (reference, name) = match of {
            Completing::Prompt(name) => (Reference::for_prompt(name), name),
            Completing::Resource(template) => (Reference::for_resource(template), template),
        };
        let mut params = CompleteRequestParams::new(reference, ArgumentInfo::new(argument, value));
        if !context.is_empty() {
            let arguments = context.into_iter().collect();
            params = params.with_context(CompletionContext::with_arguments(arguments));
        }
        params.meta = trace_meta();
        let operation = format!("completion/complete `{argument}` of `{name}`");
        let request = self.request(&operation, self.peer().complete(params));
        let result = traced(self, "completion/complete", name, request).await?;
        Ok(Completion {
            values: result.completion.values,
            total: result.completion.total,
            has_more: result.completion.has_more.unwrap_or(false),
        })
    }
}

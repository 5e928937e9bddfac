//! `complete`: what a live server suggests for a prompt's argument or a resource template's
//! variable (`completion/complete`), one value a line (stderr says when there are more), or
//! with `--json` the whole answer. The server is chosen as for `call`; exit 0, or 2 for usage
//! and connection errors and for the server's refusal (its error, as it sent it).

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use mcp_runtime::prompts::Completing;
use serde_json::json;

use crate::source::SourceArgs;

/// `mcp-codegen complete`.
#[derive(Debug, Args)]
pub(crate) struct CompleteArgs {
    /// The argument to complete.
    argument: String,
    /// What is typed of it so far (default: nothing).
    #[arg(default_value = "")]
    value: String,
    /// The prompt the argument belongs to.
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present = "resource",
        conflicts_with = "resource"
    )]
    prompt: Option<String>,
    /// The resource template (its `uriTemplate`) the variable belongs to.
    #[arg(long, value_name = "URI_TEMPLATE")]
    resource: Option<String>,
    /// An argument already chosen, `key=value` (repeatable): it narrows the suggestions.
    #[arg(long = "context", value_name = "KEY=VALUE")]
    context: Vec<String>,
    /// Print the whole answer as JSON (values, total, hasMore).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    source: SourceArgs,
}

impl CompleteArgs {
    /// Connects, asks, prints.
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        let context = self.context()?;
        let target = self.source.spec()?.target();
        let answer = crate::one_request::run(&self.source, |client| {
            let context = context.clone();
            async move {
                let of = match (&self.prompt, &self.resource) {
                    (Some(prompt), _) => Completing::Prompt(prompt),
                    (None, resource) => Completing::Resource(resource.as_deref().unwrap_or("")),
                };
                let answer = client
                    .complete(of, &self.argument, &self.value, context)
                    .await;
                (client, answer)
            }
        });
        let answer =
            answer.with_context(|| format!("completing `{}` on {target}", self.argument))?;
        if self.json {
            let whole =
                json!({"values": answer.values, "total": answer.total, "hasMore": answer.has_more});
            crate::stdout::line(format_args!(
                "{}",
                serde_json::to_string_pretty(&whole).unwrap_or_default()
            ))?;
            return Ok(ExitCode::SUCCESS);
        }
        for value in &answer.values {
            crate::stdout::line(format_args!("{value}"))?;
        }
        if answer.has_more {
            let total = answer
                .total
                .map_or(String::new(), |t| format!(" ({t} in all)"));
            eprintln!("… and more{total}: type more of the value to narrow them");
        }
        Ok(ExitCode::SUCCESS)
    }

    fn context(&self) -> anyhow::Result<BTreeMap<String, String>> {
        self.context
            .iter()
            .map(|pair| match pair.split_once('=') {
                Some((key, value)) => Ok((key.to_string(), value.to_string())),
                None => bail!("--context `{pair}` is not key=value"),
            })
            .collect()
    }
}

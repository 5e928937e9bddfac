//! `prompt NAME [ARGS]`: one prompt of a live server, rendered: each message as `role: text`
//! (other content as compact JSON), or with `--json` the whole result. The server is chosen
//! as for `call`; exit 0, or 2 for usage and connection errors and for the server's refusal
//! (an unknown prompt, missing arguments: its error, as it sent it).

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use mcp_runtime::prompts::PromptOutput;
use serde_json::{Map, Value, json};

use crate::source::SourceArgs;

/// `mcp-codegen prompt`.
#[derive(Debug, Args)]
pub(crate) struct PromptArgs {
    /// The prompt to render.
    name: String,
    /// Its arguments: `key=value` pairs (prompt arguments are strings) or one JSON object.
    #[arg(value_name = "ARGS")]
    arguments: Vec<String>,
    /// Print the whole result as JSON (description, messages).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    source: SourceArgs,
}

impl PromptArgs {
    /// Connects, renders, prints.
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        let arguments = parse(&self.arguments)?;
        let target = self.source.spec()?.target();
        let name = self.name.clone();
        let output = crate::one_request::run(&self.source, |client| {
            let (name, arguments) = (name.clone(), arguments.clone());
            async move {
                let rendered = client.get_prompt(&name, Value::Object(arguments)).await;
                (client, rendered)
            }
        });
        let output =
            output.with_context(|| format!("rendering prompt `{}` on {target}", self.name))?;
        print(&output, self.json)?;
        Ok(ExitCode::SUCCESS)
    }
}

/// `key=value` pairs, or one JSON object.
fn parse(arguments: &[String]) -> anyhow::Result<Map<String, Value>> {
    if let [only] = arguments
        && only.trim_start().starts_with('{')
    {
        return match serde_json::from_str(only) {
            Ok(Value::Object(map)) => Ok(map),
            _ => bail!("the arguments are not a JSON object: {only}"),
        };
    }
    arguments
        .iter()
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => Ok((key.to_string(), Value::String(value.to_string()))),
            None => bail!("`{pair}` is not key=value (or pass one JSON object)"),
        })
        .collect()
}

fn print(output: &PromptOutput, whole: bool) -> std::io::Result<()> {
    if whole {
        let result = json!({"description": output.description, "messages": output.messages});
        return crate::stdout::line(format_args!(
            "{}",
            serde_json::to_string_pretty(&result).unwrap_or_default()
        ));
    }
    for message in &output.messages {
        let role = serde_json::to_value(&message.role).unwrap_or_default();
        let role = role.as_str().unwrap_or("?");
        let content = serde_json::to_value(&message.content).unwrap_or_default();
        match content.get("text").and_then(Value::as_str) {
            Some(text) => crate::stdout::line(format_args!("{role}: {text}"))?,
            None => crate::stdout::line(format_args!("{role}: {content}"))?,
        }
    }
    Ok(())
}

//! `call TOOL [ARGS]`: one tool call from the terminal. The server is chosen as for `snapshot`;
//! the arguments are typed by the tool's schema (`call_args.rs`); a server that asks the user
//! gets `--answers` or a form on the terminal (`form.rs`); progress shows as a bar on a
//! terminal; `--task` runs it as a task (`call_task.rs`). Exit 0, 1 when the tool reports an
//! error or its task failed, 130 when its task was cancelled, 2 for usage and connection
//! errors.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mcp_codegen::snapshot::live;
use mcp_runtime::listing::Listing;
use mcp_runtime::model::Tool;
use mcp_runtime::{Client, ConnectOptions, Progress, ServerSpec, ToolOutput};
use serde_json::{Map, Value, json};

use crate::auth::with_login;
use crate::call_task::{self, TaskRun};
use crate::form::Answers;
use crate::source::SourceArgs;

/// `mcp-codegen call`.
#[derive(Debug, Args)]
pub(crate) struct CallArgs {
    /// The tool to call.
    tool: String,
    /// Its arguments: `key=value` pairs (typed by the tool's input schema) or one JSON object.
    #[arg(value_name = "ARGS")]
    arguments: Vec<String>,
    /// When the server asks the user (elicitation): the form's content, a JSON object. Without
    /// it the form is asked on the terminal, or declined when there is none.
    #[arg(long, value_name = "JSON")]
    answers: Option<String>,
    /// Print the whole result as JSON (content, structuredContent, isError).
    #[arg(long)]
    json: bool,
    /// Record the session to this cassette (every request and its answer, secrets redacted),
    /// for `--replay` and `ServerSpec::replay` to serve back.
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// Seconds the call may take, questions to the user included (with --task: how long to
    /// wait for the task; it goes on on the server after that).
    #[arg(long, value_name = "SECS", default_value_t = 300)]
    timeout: u64,
    /// Run the call as a task (MCP tasks): its id first, its status as it changes, then the
    /// result; Ctrl-C cancels the task on the server.
    #[arg(long)]
    task: bool,
    /// Wait for a task the server already runs (an id `--task` printed) and print its result.
    #[arg(long, value_name = "TASK_ID", conflicts_with = "task")]
    resume: Option<String>,
    #[command(flatten)]
    source: SourceArgs,
}

impl CallArgs {
    /// Connects, calls, prints.
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        let answers = self.answers.as_deref().map(parse_answers).transpose()?;
        let (spec, options) = self.source.connection()?;
        let target = spec.target();
        let outcome = with_login(spec, &self.source.login, |spec| {
            live::block_on(self.session(spec, options.clone(), answers.clone()))?
        });
        outcome.with_context(|| format!("calling `{}` on {target}", self.tool))?
    }

    /// One session: connect (a failure here may ask for a login), call, close.
    async fn session(
        &self,
        spec: ServerSpec,
        options: ConnectOptions,
        answers: Option<Map<String, Value>>,
    ) -> mcp_codegen::Result<anyhow::Result<ExitCode>> {
        let answers = Answers::choose(answers);
        let mut options = options
            .call_timeout(Duration::from_secs(self.timeout))
            .on_elicitation(move |request| answers.clone().answer(request));
        if let Some(cassette) = &self.record {
            options = options.record(cassette);
        }
        let client = Client::connect_with(spec, options)
            .await
            .map_err(mcp_codegen::Error::Live)?;
        let outcome = self.call(&client).await;
        client.close().await;
        // A login the call turned out to need (a step-up to more scopes) goes where a login
        // the connection needed goes: `with_login` logs in on a terminal and calls again.
        match outcome {
            Err(err) => match err.downcast::<mcp_runtime::Error>() {
                Ok(err @ mcp_runtime::Error::LoginRequired { .. }) => {
                    Err(mcp_codegen::Error::Live(err))
                }
                Ok(other) => Ok(Err(other.into())),
                Err(other) => Ok(Err(other)),
            },
            ok => Ok(ok),
        }
    }

    async fn call(&self, client: &Client) -> anyhow::Result<ExitCode> {
        let tools = client.list_tools().await?;
        let Some(tool) = tools.iter().find(|t| t.name == self.tool) else {
            return Err(self.not_offered(client, &tools).await);
        };
        let limit = Duration::from_secs(self.timeout);
        if let Some(id) = &self.resume {
            let result = call_task::run(client, &self.tool, TaskRun::Resume(id), limit).await;
            return self.report(result);
        }
        let arguments = crate::call_args::parse(&self.tool, &self.arguments, &tool.input_schema)?;
        let result = match self.task {
            true => call_task::run(client, &self.tool, TaskRun::Start(arguments), limit).await,
            false => self.plain(client, arguments).await,
        };
        self.report(result)
    }

    /// Why the tool cannot be called: the server does not list it, or it does and the HTTP
    /// transport left it out of the listing, as the protocol has clients do with a tool whose
    /// `x-mcp-header` annotations are invalid (its arguments could not become headers).
    async fn not_offered(&self, client: &Client, tools: &[Tool]) -> anyhow::Error {
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        let as_sent = client.list_as_sent(Listing::Tools).await;
        let sent = as_sent.iter().flat_map(|listed| &listed.entries);
        if sent.into_iter().any(|t| t["name"] == self.tool.as_str()) {
            return anyhow!(
                "the server lists `{}`, but its `x-mcp-header` annotations are invalid (an empty, \
                 repeated or non-token header name, or one on a value that is not a string, \
                 integer or boolean reached through `properties` alone), so clients over HTTP \
                 leave it out and cannot call it; the server must fix that tool's input \
                 schema. Its other tools: {}",
                self.tool,
                names.join(", ")
            );
        }
        anyhow!(
            "the server has no tool `{}`; it has: {}",
            self.tool,
            names.join(", ")
        )
    }

    /// The call as a plain request, its progress on a bar.
    async fn plain(
        &self,
        client: &Client,
        arguments: Map<String, Value>,
    ) -> mcp_runtime::Result<ToolOutput> {
        let bar = progress_bar();
        let mut call = client.call_tool(&self.tool, Value::Object(arguments));
        if let Some(bar) = bar.clone() {
            call = call.on_progress(move |progress| show(&bar, &progress));
        }
        let result = call.await;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        result
    }

    /// Prints the output; the exit code says how it went.
    fn report(&self, result: mcp_runtime::Result<ToolOutput>) -> anyhow::Result<ExitCode> {
        match result {
            Ok(output) => {
                print(&output, self.json)?;
                Ok(ExitCode::SUCCESS)
            }
            Err(mcp_runtime::Error::Tool { tool, output, .. }) => {
                print(&output, self.json)?;
                eprintln!("error: tool `{tool}` reported an error");
                Ok(ExitCode::from(1))
            }
            Err(err @ mcp_runtime::Error::TaskFailed { .. }) => {
                eprintln!("error: {err}");
                Ok(ExitCode::from(1))
            }
            Err(err @ mcp_runtime::Error::TaskCancelled { .. }) => {
                eprintln!("{err}");
                Ok(ExitCode::from(130))
            }
            Err(err) => Err(err.into()),
        }
    }
}

fn parse_answers(text: &str) -> anyhow::Result<Map<String, Value>> {
    match serde_json::from_str(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => bail!("--answers must be a JSON object, e.g. '{{\"confirm\": true}}'"),
        Err(err) => Err(err).context("--answers is not valid JSON"),
    }
}

/// A bar on a terminal (stderr), nothing otherwise.
fn progress_bar() -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("=> "));
    Some(bar)
}

fn show(bar: &ProgressBar, progress: &Progress) {
    if let Some(total) = progress.total {
        bar.set_length(total.max(0.0) as u64);
    }
    bar.set_position(progress.progress.max(0.0) as u64);
    if let Some(message) = &progress.message {
        bar.set_message(message.clone());
    }
}

/// Structured content as pretty JSON, then the other content (text as it is, other blocks as
/// compact JSON without their binary data); with `--json`, the whole result.
fn print(output: &ToolOutput, whole: bool) -> std::io::Result<()> {
    if whole {
        let mut result = json!({"content": output.content, "isError": output.is_error});
        if let Some(structured) = &output.structured {
            result["structuredContent"] = structured.clone();
        }
        return crate::stdout::line(format_args!("{}", pretty(&result)));
    }
    if let Some(structured) = &output.structured {
        crate::stdout::line(format_args!("{}", pretty(structured)))?;
    }
    let rest = ToolOutput {
        content: (output.content.iter())
            .filter(|block| !repeats(block, output.structured.as_ref()))
            .cloned()
            .collect(),
        structured: None,
        is_error: output.is_error,
    };
    let text = rest.to_llm_string(usize::MAX);
    if !text.is_empty() {
        crate::stdout::line(format_args!("{text}"))?;
    }
    Ok(())
}

/// A text block that is the structured content again (servers send both, as the spec advises).
fn repeats(block: &mcp_runtime::model::ContentBlock, structured: Option<&Value>) -> bool {
    let (mcp_runtime::model::ContentBlock::Text(text), Some(structured)) = (block, structured)
    else {
        return false;
    };
    serde_json::from_str::<Value>(&text.text).is_ok_and(|value| &value == structured)
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

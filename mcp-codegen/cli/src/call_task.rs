//! `call --task`: the call run as a task — its id printed first (to collect it later with
//! `--resume ID`), each status change shown on stderr, the result printed when it ends.
//! Ctrl-C cancels the task on the server (`tasks/cancel`) and waits briefly for it to settle.

use std::io::IsTerminal;
use std::time::Duration;

use mcp_runtime::tasks::TaskState;
use mcp_runtime::{Client, ToolOutput};
use serde_json::{Map, Value};

/// How long a cancelled task may take to settle before the command stops waiting.
const SETTLE: Duration = Duration::from_secs(10);

/// What to run: a new task with these arguments, or the one the server has by this id.
pub(crate) enum TaskRun<'a> {
    Start(Map<String, Value>),
    Resume(&'a str),
}

/// Runs or resumes the task, waits for its end within `limit`, and returns its output.
pub(crate) async fn run(
    client: &Client,
    tool: &str,
    run: TaskRun<'_>,
    limit: Duration,
) -> mcp_runtime::Result<ToolOutput> {
    let task = match run {
        TaskRun::Start(arguments) => {
            let call = client.call_tool(tool, Value::Object(arguments));
            call.with_timeout(limit).as_task().await?
        }
        TaskRun::Resume(id) => client.task(id),
    };
    let Some(id) = task.id().map(str::to_string) else {
        eprintln!("the server answered at once (no task)");
        return task.result().await;
    };
    eprintln!("task {id} (collect it later with --resume {id})");
    if let Some(state) = task.last_state() {
        show(state);
    }
    let result = task.on_update(show).with_timeout(limit).result();
    tokio::pin!(result);
    tokio::select! {
        result = &mut result => {
            if let Err(mcp_runtime::Error::Timeout { .. }) = &result {
                eprintln!("task {id} goes on on the server: collect it with --resume {id}");
            }
            result
        }
        _ = tokio::signal::ctrl_c() => {
            eprintln!("cancelling task {id}…");
            client.task(&id).cancel().await?;
            match tokio::time::timeout(SETTLE, result).await {
                Ok(result) => result,
                Err(_) => Err(mcp_runtime::Error::TaskCancelled {
                    tool: tool.to_string(),
                    task: id,
                    message: Some("cancel requested; the server had not settled it yet".into()),
                }),
            }
        }
    }
}

/// One line per change: the status, and the server's message.
fn show(state: &TaskState) {
    let message = state.message.as_deref().unwrap_or("");
    if std::io::stderr().is_terminal() {
        eprintln!("\u{2022} {:<14} {message}", state.status);
    } else {
        eprintln!("{} {message}", state.status);
    }
}

//! The demo server's long-running tool, `build_report`, run as a task (the 2026-07-28 tasks
//! extension, on rmcp's `TaskManager`) when the client declares tasks, and as a plain call
//! otherwise. One task store serves the whole process, so a client that reconnects over HTTP
//! (a new session) can poll, cancel or collect a task it started before.

use std::sync::OnceLock;
use std::time::Duration;

use rmcp::RoleServer;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, CreateTaskResult, InputRequest};
use rmcp::schemars::{self, JsonSchema};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use serde::{Deserialize, Serialize};

/// The process's tasks, shared by every session.
pub fn tasks() -> &'static TaskManager {
    static TASKS: OnceLock<TaskManager> = OnceLock::new();
    TASKS.get_or_init(TaskManager::new)
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReportArgs {
    /// How many pages to write (1 to 1000).
    pages: u32,
    /// How long each page takes, in milliseconds (default 200).
    page_ms: Option<u64>,
    /// Fail while writing this page (for testing failed tasks).
    fail_at_page: Option<u32>,
    /// Ask the user for the report's title first (elicitation, answered through the task).
    ask_title: Option<bool>,
}

/// What `build_report` returns.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Report {
    /// The report's title.
    title: String,
    /// How many pages were written.
    pages: u32,
    /// One line per page.
    summary: Vec<String>,
}

/// Runs `build_report`: a task when the request declared the tasks extension, else at once.
pub async fn build_report(
    args: ReportArgs,
    context: &RequestContext<RoleServer>,
) -> CallToolResponse {
    let wants_task = context
        .client_capabilities()
        .is_some_and(|capabilities| capabilities.supports_tasks());
    if !wants_task {
        return CallToolResponse::Complete(match write(args, None).await {
            Ok(result) => result,
            Err(TaskExit::Error(error)) => {
                CallToolResult::error(vec![ContentBlock::text(error.message)])
            }
            Err(_) => CallToolResult::error(vec![ContentBlock::text("cancelled")]),
        });
    }
    let options = TaskOptions::new()
        .with_ttl_ms(600_000u64)
        .with_poll_interval_ms(100)
        .with_status_message("starting");
    let task = tasks().spawn(options, move |context| Box::pin(write(args, Some(context))));
    CallToolResponse::Task(CreateTaskResult::new(task))
}

/// Writes the report page by page, saying how far it got and stopping when cancelled.
async fn write(args: ReportArgs, task: Option<TaskContext>) -> Result<CallToolResult, TaskExit> {
    if !(1..=1000).contains(&args.pages) {
        return Err(invalid("pages must be between 1 and 1000"));
    }
    let title = match (&task, args.ask_title.unwrap_or(false)) {
        (Some(task), true) => ask_title(task).await?,
        _ => "Demo report".to_string(),
    };
    let mut summary = Vec::new();
    for page in 1..=args.pages {
        if let Some(task) = &task {
            if task.is_cancel_requested() {
                return Err(TaskExit::Cancelled);
            }
            task.set_status_message(format!("page {page} of {}", args.pages));
        }
        if args.fail_at_page == Some(page) {
            return Err(TaskExit::Error(rmcp::ErrorData::internal_error(
                format!("the printer jammed on page {page}"),
                None,
            )));
        }
        tokio::time::sleep(Duration::from_millis(args.page_ms.unwrap_or(200))).await;
        summary.push(format!("page {page}: done"));
    }
    let report = Report {
        title,
        pages: args.pages,
        summary,
    };
    let value = serde_json::to_value(&report).map_err(|e| invalid(&e.to_string()))?;
    Ok(CallToolResult::structured(value))
}

/// Asks the client for a title through the task (`input_required`, then `tasks/update`).
async fn ask_title(task: &TaskContext) -> Result<String, TaskExit> {
    let request = serde_json::json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": "What should the report be called?",
            "requestedSchema": {
                "type": "object",
                "properties": {"title": {"type": "string", "title": "Title"}},
                "required": ["title"]
            }
        }
    });
    let request: InputRequest =
        serde_json::from_value(request).map_err(|e| invalid(&e.to_string()))?;
    let answer = task.request_input("title", request).await?;
    Ok(answer
        .pointer("/content/title")
        .and_then(|title| title.as_str())
        .unwrap_or("Untitled")
        .to_string())
}

fn invalid(message: &str) -> TaskExit {
    TaskExit::Error(rmcp::ErrorData::invalid_params(message.to_string(), None))
}

//! Tools on a session: listing them, and `tools/call` — the one request path every call takes,
//! typed or not, with its timeout, progress and cancellation.

use std::time::Duration;

use std::sync::atomic::Ordering;

use rmcp::ServiceError;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, ClientRequest, ServerResult, Tool,
};
use rmcp::service::PeerRequestOptions;
use serde::Serialize;
use serde_json::{Map, Value};

use super::call::{PendingCall, raw_output};
use super::progress::{CancelOnDrop, ProgressFn};
use super::round_trips::Round;
use super::session::{Client, timeout_error};
use super::tasks::follow::{CancelTaskOnDrop, Follow};
use super::tasks::wire::{Form, Started};
use super::tasks::{StartTask, Task, TaskState, TaskSupport};
use super::telemetry::{trace_meta, traced};
use super::transport::WANTS_PROGRESS;
use crate::output::decode::{Decode, finished};
use crate::schema::json_kind::json_kind;
use crate::{Error, Result, ToolOutput};

/// Tools and their `ttlMs`.
pub(crate) type ListedTools = (Vec<Tool>, Option<Duration>);

impl Client {
    /// All tools, following pagination.
    pub async fn list_tools(&self) -> Result<Vec<Tool>> {
        Ok(self.list_tools_with_ttl().await?.0)
    }

    /// All tools, and how long the server says the list stays fresh (the first page's
    /// `ttlMs`, 2026-07-28; `None` when it does not say).
    pub(crate) async fn list_tools_with_ttl(&self) -> Result<ListedTools> {
        self.tools_listed.store(true, Ordering::Relaxed);
        let ttl = std::sync::Mutex::new(None);
        let tools = self
            .all_pages("tools/list", |params| {
                let ttl = &ttl;
                async move {
                    let page = self.peer().list_tools(Some(params)).await?;
                    let mut first = ttl.lock().unwrap_or_else(|e| e.into_inner());
                    first.get_or_insert(page.ttl_ms);
                    Ok((page.tools, page.next_cursor))
                }
            })
            .await?;
        let ttl = ttl
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .flatten();
        Ok((tools, ttl.map(Duration::from_millis)))
    }

    /// Calls a tool. `arguments` is anything that serializes to a JSON object — a
    /// `serde_json::json!({...})` value, a struct of yours — or to `null` for none. The call is
    /// sent when awaited, under the client's call timeout unless
    /// [`with_timeout`](PendingCall::with_timeout) says otherwise; it resolves to the
    /// [`ToolOutput`], or with [`structured`](PendingCall::structured) to a type of yours. A
    /// result with `isError: true` is [`Error::Tool`]. Dropping the call before it resolves
    /// (or its timeout) cancels it on the server, and the client stays usable.
    ///
    /// ```no_run
    /// # async fn demo(client: &mcp_runtime::Client) -> mcp_runtime::Result<()> {
    /// use std::time::Duration;
    /// use serde_json::json;
    /// let out = client.call_tool("add", json!({"a": 1, "b": 2})).await?;
    /// let sum: f64 = client
    ///     .call_tool("add", json!({"a": 1, "b": 2}))
    ///     .with_timeout(Duration::from_secs(5))
    ///     .on_progress(|p| eprintln!("{}/{:?}", p.progress, p.total))
    ///     .structured::<f64>()
    ///     .await?;
    /// # let _ = (out, sum); Ok(())
    /// # }
    /// ```
    pub fn call_tool<'a, A: Serialize>(
        &'a self,
        name: &'a str,
        arguments: A,
    ) -> PendingCall<'a, A, ToolOutput> {
        PendingCall::new(self, name, arguments, raw_output)
    }

    /// The arguments serialized now, the request as one boxed future whatever their type
    /// (what [`PendingCall`](crate::PendingCall) sends).
    pub(crate) fn call_serialized<'a, A: Serialize + ?Sized>(
        &'a self,
        name: &'a str,
        arguments: &A,
        timeout: Duration,
        on_progress: Option<ProgressFn>,
        task: TaskSupport,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<ToolOutput>> + Send + 'a>> {
        let arguments = self
            .not_withheld(name)
            .and_then(|()| to_object(name, arguments));
        match arguments {
            Ok(arguments) => {
                let call = self.call_object(name, arguments, timeout, on_progress, task);
                Box::pin(traced(self, "tools/call", name, call))
            }
            Err(err) => Box::pin(std::future::ready(Err(err))),
        }
    }

    /// The arguments serialized now; the call sent asking for a task (what
    /// [`PendingCall::as_task`](crate::PendingCall::as_task) does).
    pub(crate) fn start_task<'a, A: Serialize + ?Sized, O: 'a>(
        &'a self,
        name: &'a str,
        arguments: &A,
        timeout: Duration,
        decode: Decode<O>,
        declared: TaskSupport,
    ) -> StartTask<'a, O> {
        let arguments = self
            .not_withheld(name)
            .and_then(|()| to_object(name, arguments));
        Box::pin(async move {
            let operation = format!("tools/call `{name}` as a task");
            let as_task = self.core_task_for(name, declared, true).await?;
            let started = self.start_call(name, arguments?, None, as_task);
            let started = tokio::time::timeout(timeout, started)
                .await
                .map_err(|_| timeout_error(&operation, timeout, CALL_TIMEOUT_HINT))??;
            Ok(match started {
                Started::Done(result) => Task::answered(self, name, Some(result), decode),
                Started::Task(state, form) => Task::created(self, name, state, form, decode),
            })
        })
    }

    /// `tools/call`, its progress routed to `on_progress` when there is one. Either way,
    /// dropping the future sends `notifications/cancelled` (rmcp's guard, or ours).
    async fn call_tool_response(
        &self,
        params: CallToolRequestParams,
        on_progress: Option<ProgressFn>,
    ) -> std::result::Result<CallToolResponse, ServiceError> {
        // Only the direct stdio path is held inline: a call's future is copied whole when it
        // is boxed, so rmcp's larger futures (every other path) are boxed where they start.
        let Some(on_progress) = on_progress else {
            #[cfg(feature = "stdio")]
            if let Some(direct) = &self.direct {
                return direct.call_tool(params, self.peer()).await;
            }
            return Box::pin(self.peer().call_tool_once(params)).await;
        };
        Box::pin(self.call_with_progress(params, on_progress)).await
    }

    /// `tools/call` asking for progress, which rmcp routes to `on_progress`.
    async fn call_with_progress(
        &self,
        params: CallToolRequestParams,
        on_progress: ProgressFn,
    ) -> std::result::Result<CallToolResponse, ServiceError> {
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
        let mut wants = rmcp::model::JsonObject::new();
        wants.insert(WANTS_PROGRESS.into(), Value::Bool(true));
        let mut options = PeerRequestOptions::no_options();
        options.meta = Some(rmcp::model::RequestMetaObject(rmcp::model::MetaObject(
            wants,
        )));
        let handle = self
            .peer()
            .send_request_with_option(request, options)
            .await?;
        let _route = self
            .routes
            .progress
            .route(handle.progress_token.clone(), on_progress);
        let mut cancel = CancelOnDrop::new(self.peer().clone(), handle.id.clone());
        let result = handle.await_response().await;
        cancel.disarm();
        match result? {
            ServerResult::CallToolResult(result) => Ok(CallToolResponse::Complete(result)),
            ServerResult::InputRequiredResult(result) => {
                Ok(CallToolResponse::InputRequired(result))
            }
            ServerResult::CreateTaskResult(result) => Ok(CallToolResponse::Task(result)),
            _ => Err(ServiceError::UnexpectedResponse),
        }
    }

    /// Over streamable HTTP a call mirrors the arguments its tool's schema marks
    /// `x-mcp-header` into `Mcp-Param-*` headers, which rmcp finds in the listing the session
    /// saw: a session that calls before it lists lists once first (a failure there is left
    /// to the call to meet).
    async fn list_before_first_http_call(&self) {
        let http = matches!(self.spec, crate::ServerSpec::Http(_));
        if http && !self.tools_listed.load(Ordering::Relaxed) {
            // Boxed: a listing's future is large and this runs once, before the first call.
            let _ = Box::pin(self.list_tools_with_ttl()).await;
        }
    }

    async fn call_object(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        timeout: Duration,
        on_progress: Option<ProgressFn>,
        task: TaskSupport,
    ) -> Result<ToolOutput> {
        let operation = format!("tools/call `{name}`");
        // The timeout covers every round and a task the server makes of the call: a call that
        // waits on the user or on long work waits in its budget.
        if task == TaskSupport::Required && self.task_form().is_none() {
            return Err(self.protocol_error(
                &operation,
                format!(
                    "the tool runs only as a task, and protocol {} has no tasks (2025-11-25 and later do)",
                    self.protocol_version()
                ),
            ));
        }
        let work = async {
            self.list_before_first_http_call().await;
            let as_task = self.core_task_for(name, task, false).await?;
            match self
                .start_call(name, arguments, on_progress, as_task)
                .await?
            {
                Started::Done(result) => Ok(result),
                // Boxed: rare, and would otherwise size every call's future.
                Started::Task(state, form) => Box::pin(self.follow_call(name, state, form)).await,
            }
        };
        let result = match tokio::time::timeout(timeout, work).await {
            Ok(result) => result?,
            Err(_) => return Err(timeout_error(&operation, timeout, CALL_TIMEOUT_HINT)),
        };
        finished(name, result)
    }

    /// Sends `tools/call` — asking for a task where `as_task` says so — through its rounds:
    /// the result, or the task the server made of it.
    async fn start_call(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        on_progress: Option<ProgressFn>,
        as_task: bool,
    ) -> Result<Started> {
        if as_task && self.task_form() == Some(Form::Core) {
            return Box::pin(self.start_core_task(name, arguments)).await;
        }
        let mut params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        params.meta = trace_meta();
        let operation = format!("tools/call `{name}`");
        self.in_rounds(&operation, params, |params| {
            let on_progress = on_progress.clone();
            // The response future is made inside the block, so the block holds it once.
            async move {
                Ok(match self.call_tool_response(params, on_progress).await? {
                    CallToolResponse::Complete(result) => Round::Done(Started::Done(result)),
                    CallToolResponse::InputRequired(asks) => Round::Asks(asks),
                    CallToolResponse::Task(created) => match TaskState::from_create(&created) {
                        Some(state) => Round::Done(Started::Task(state, Form::Extension)),
                        None => return Err(ServiceError::UnexpectedResponse),
                    },
                    _ => return Err(ServiceError::UnexpectedResponse),
                })
            }
        })
        .await
    }

    /// A plain call the server made a task of, followed to its end; dropping this future
    /// (the caller gave up, or the call timed out) cancels the task on the server.
    async fn follow_call(
        &self,
        name: &str,
        state: TaskState,
        form: Form,
    ) -> Result<rmcp::model::CallToolResult> {
        let mut guard = CancelTaskOnDrop::new(self.peer().clone(), form, &state.id);
        let follow = Follow {
            client: self,
            tool: name,
            form,
            on_update: None,
        };
        let id = state.id.clone();
        let result = follow.to_end(state, true).await;
        guard.disarm();
        match result {
            Err(err @ Error::TransportClosed { .. }) => Err(Error::TaskInterrupted {
                tool: name.to_string(),
                task: id,
                source: Box::new(err),
            }),
            other => other,
        }
    }
}

/// The setting a call's timeout comes from.
const CALL_TIMEOUT_HINT: &str = "ConnectOptions::call_timeout, or .with_timeout(..) on the call";

/// The arguments as the object a call sends (`null`: none).
fn to_object<A: Serialize + ?Sized>(tool: &str, arguments: &A) -> Result<Map<String, Value>> {
    match serde_json::to_value(arguments) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(Value::Null) => Ok(Map::new()),
        Ok(other) => Err(Error::InvalidArguments {
            tool: tool.to_string(),
            reason: format!(
                "arguments must serialize to a JSON object, got {}",
                json_kind(&other)
            ),
        }),
        Err(err) => Err(Error::InvalidArguments {
            tool: tool.to_string(),
            reason: err.to_string(),
        }),
    }
}

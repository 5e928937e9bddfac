//! The mcp-toolset demo MCP server (run it with the `demo-server` binary).
//!
//! Its tools cover what typed bindings must handle: nested objects, string enums, optional
//! fields, arrays of objects, `anyOf`/nullable, a `$defs`/`$ref` type, outputSchema with
//! structuredContent, an `isError` result, mixed content, a slow tool, a tool that exits, and
//! `unlock`, which changes the tool list and sends `notifications/tools/list_changed`. It also
//! offers a prompt and resources (`demo_catalog.rs`).
//!
//! ```text
//! demo-server                 # MCP over stdio
//! demo-server --http PORT     # streamable HTTP on 127.0.0.1:PORT/mcp (0 picks a free port)
//! demo-server --serial        # handle one `sleep` at a time, like a single-threaded server
//! demo-server --drift         # a later "version" whose schemas changed (for drift tests):
//!                             # `echo` needs a new required `channel`, `media` is gone, and
//!                             # `create_order`'s output status may be "cancelled"
//! ```
//! In HTTP mode the first line on stdout is `listening on http://127.0.0.1:PORT/mcp`.

use std::sync::Arc;
use std::time::Duration;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, EmbeddedResource, Implementation, ResourceContents,
    ServerCapabilities, ServerConfig,
};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{Json, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

use rmcp::RoleServer;
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::CallToolResponse;
use rmcp::service::RequestContext;

use crate::{demo_asks, demo_catalog, demo_skills, demo_tasks};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, JsonSchema)]
struct EchoArgs {
    /// The text to send back.
    message: String,
    /// Return it in upper case.
    #[serde(default)]
    uppercase: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ConfirmArgs {
    /// What to ask the user to confirm.
    action: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct AskModelArgs {
    /// The question for the model.
    question: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct AddArgs {
    /// First addend.
    a: f64,
    /// Second addend.
    b: f64,
}

#[derive(Debug, Serialize, JsonSchema)]
struct Sum {
    /// a + b
    sum: f64,
}

/// How urgently an order ships.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Priority {
    Low,
    #[default]
    Normal,
    High,
}

/// A postal address.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Address {
    street: String,
    city: String,
    /// ISO 3166-1 alpha-2 code.
    country: String,
    postal_code: Option<String>,
}

/// Who the order is for.
#[derive(Debug, Deserialize, JsonSchema)]
struct Customer {
    name: String,
    email: Option<String>,
    address: Address,
}

/// One line of an order.
#[derive(Debug, Deserialize, JsonSchema)]
struct LineItem {
    sku: String,
    /// How many (at least 1).
    #[schemars(range(min = 1))]
    quantity: u32,
    #[serde(default)]
    gift_wrap: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct CreateOrderArgs {
    customer: Customer,
    /// What to ship.
    items: Vec<LineItem>,
    #[serde(default)]
    priority: Priority,
    /// Ship somewhere other than the customer's address.
    ship_to: Option<Address>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum OrderStatus {
    Accepted,
    Backordered,
}

#[derive(Debug, Serialize, JsonSchema)]
struct OrderReceipt {
    order_id: String,
    item_count: u32,
    priority: Priority,
    status: OrderStatus,
    /// The city the order ships to.
    ship_city: String,
    /// How many items are gift-wrapped.
    gift_wrapped: u32,
    /// Where the confirmation went; null when the customer gave no email.
    confirmation_sent_to: Option<String>,
}

/// Narrow a search by tag or by score range.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Filter {
    Tag { tag: String },
    Range { min: f64, max: f64 },
}

#[derive(Debug, Deserialize, JsonSchema)]
struct SearchArgs {
    query: String,
    /// At most this many hits (default 3).
    limit: Option<u32>,
    filter: Option<Filter>,
}

#[derive(Debug, Serialize, JsonSchema)]
struct Hit {
    id: u32,
    title: String,
    score: f64,
    tags: Vec<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
struct SearchResults {
    query: String,
    hits: Vec<Hit>,
    /// Cursor for the next page, null on the last one.
    next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct FailArgs {
    /// The error message the tool reports.
    message: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct SleepArgs {
    /// How long to sleep, in milliseconds.
    ms: u64,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ExitArgs {
    /// Exit status (default 3).
    code: Option<i32>,
}

/// Set by `--serial`: the process runs one `sleep` at a time.
static SERIAL: std::sync::OnceLock<tokio::sync::Mutex<()>> = std::sync::OnceLock::new();

#[derive(Debug, Clone)]
struct Demo {
    tool_router: ToolRouter<Self>,
    /// `unlock` reveals the hidden `secret` tool (and says so with `tools/list_changed`).
    unlocked: Arc<std::sync::atomic::AtomicBool>,
}

/// Listed only after `unlock`.
const HIDDEN_TOOL: &str = "secret";

/// A 1×1 transparent PNG.
const PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

#[tool_router]
impl Demo {
    fn new(drift: bool) -> Self {
        let mut tool_router = Self::tool_router();
        if drift {
            drift_schemas(&mut tool_router);
        }
        Self {
            tool_router,
            unlocked: Arc::default(),
        }
    }

    #[tool(
        description = "Echo a message back as text.",
        annotations(read_only_hint = true, idempotent_hint = true)
    )]
    async fn echo(&self, Parameters(args): Parameters<EchoArgs>) -> String {
        if args.uppercase.unwrap_or(false) {
            args.message.to_uppercase()
        } else {
            args.message
        }
    }

    #[tool(
        description = "Add two numbers; the result is structured.",
        annotations(read_only_hint = true)
    )]
    async fn add(&self, Parameters(args): Parameters<AddArgs>) -> Json<Sum> {
        Json(Sum {
            sum: args.a + args.b,
        })
    }

    #[tool(
        description = "Place an order for a customer. Nested objects, arrays of objects, an enum with a default and a shared $defs type.",
        annotations(destructive_hint = true, idempotent_hint = false)
    )]
    async fn create_order(
        &self,
        Parameters(args): Parameters<CreateOrderArgs>,
    ) -> Result<Json<OrderReceipt>, String> {
        if args.items.is_empty() {
            return Err("an order needs at least one item".into());
        }
        let item_count = args.items.iter().map(|i| i.quantity).sum();
        let status = if args.items.iter().any(|i| i.sku.starts_with("BO-")) {
            OrderStatus::Backordered
        } else {
            OrderStatus::Accepted
        };
        let ship_city = args
            .ship_to
            .as_ref()
            .unwrap_or(&args.customer.address)
            .city
            .clone();
        Ok(Json(OrderReceipt {
            order_id: format!("ord-{}-{}", args.customer.name.len(), item_count),
            item_count,
            priority: args.priority,
            status,
            ship_city,
            gift_wrapped: args
                .items
                .iter()
                .filter(|i| i.gift_wrap)
                .map(|i| i.quantity)
                .sum(),
            confirmation_sent_to: args.customer.email,
        }))
    }

    #[tool(
        description = "Search the demo catalogue. The filter is anyOf a tag or a score range.",
        annotations(read_only_hint = true)
    )]
    async fn search(&self, Parameters(args): Parameters<SearchArgs>) -> Json<SearchResults> {
        let limit = args.limit.unwrap_or(3);
        let hits = (1..=limit)
            .map(|id| {
                let score = 1.0 / f64::from(id);
                Hit {
                    id,
                    title: format!("{} #{id}", args.query),
                    score,
                    tags: vec![if id % 2 == 0 {
                        "even".into()
                    } else {
                        "odd".into()
                    }],
                }
            })
            .filter(|hit| match &args.filter {
                None => true,
                Some(Filter::Tag { tag }) => hit.tags.contains(tag),
                Some(Filter::Range { min, max }) => (*min..=*max).contains(&hit.score),
            })
            .collect();
        Json(SearchResults {
            query: args.query,
            hits,
            next_cursor: None,
        })
    }

    #[tool(description = "Always fails: returns isError with the given message.")]
    async fn fail(&self, Parameters(args): Parameters<FailArgs>) -> CallToolResult {
        CallToolResult::error(vec![ContentBlock::text(args.message)])
    }

    #[tool(
        description = "Sleep for the given number of milliseconds, then say so.",
        annotations(read_only_hint = true)
    )]
    async fn sleep(&self, Parameters(args): Parameters<SleepArgs>) -> String {
        let _one_at_a_time = match SERIAL.get() {
            Some(lock) => Some(lock.lock().await),
            None => None,
        };
        tokio::time::sleep(std::time::Duration::from_millis(args.ms)).await;
        format!("slept {} ms", args.ms)
    }

    #[tool(
        description = "Return text, an image and an embedded resource in one result.",
        annotations(read_only_hint = true)
    )]
    async fn media(&self) -> CallToolResult {
        CallToolResult::success(vec![
            ContentBlock::text("a pixel and a note"),
            ContentBlock::image(PIXEL_PNG, "image/png"),
            ContentBlock::Resource(EmbeddedResource::new(ResourceContents::text(
                "remember the milk",
                "memo://note",
            ))),
        ])
    }

    #[tool(
        description = "Reveal the hidden `secret` tool; the server then sends notifications/tools/list_changed.",
        annotations(idempotent_hint = true)
    )]
    async fn unlock(&self, peer: rmcp::Peer<rmcp::RoleServer>) -> String {
        self.unlocked
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = peer.notify_tool_list_changed().await;
        "unlocked".to_string()
    }

    #[tool(
        description = "Tell the secret (listed only after `unlock`).",
        annotations(read_only_hint = true)
    )]
    async fn secret(&self) -> String {
        "the secret is 42".to_string()
    }

    #[tool(
        description = "Ask the user to confirm an action (elicitation: a form with `confirm` and an optional `reason`).",
        annotations(read_only_hint = true)
    )]
    async fn confirm(
        &self,
        Parameters(args): Parameters<ConfirmArgs>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let request = demo_asks::confirm_request(&args.action);
        demo_asks::answered(&context, responses, "confirm", request, |answer| {
            demo_asks::confirm_outcome(&args.action, answer)
        })
        .await
    }

    #[tool(
        description = "Ask the client's language model a question (sampling).",
        annotations(read_only_hint = true)
    )]
    async fn ask_model(
        &self,
        Parameters(args): Parameters<AskModelArgs>,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let request = demo_asks::sampling_request(&args.question);
        demo_asks::answered(
            &context,
            responses,
            "sample",
            request,
            demo_asks::sampling_outcome,
        )
        .await
    }

    #[tool(
        description = "List the roots the client offers, one URI a line.",
        annotations(read_only_hint = true)
    )]
    async fn list_roots(
        &self,
        InputResponses(responses): InputResponses,
        context: RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let request = serde_json::json!({"method": "roots/list"});
        demo_asks::answered(
            &context,
            responses,
            "roots",
            request,
            demo_asks::roots_outcome,
        )
        .await
    }

    #[tool(
        description = "Write a report page by page, `page_ms` per page: long work. Runs as a task for clients that support tasks (watch it, cancel it, collect it after a reconnect).",
        output_schema = rmcp::handler::server::common::schema_for_output::<demo_tasks::Report>(),
        annotations(destructive_hint = false, idempotent_hint = false)
    )]
    async fn build_report(
        &self,
        Parameters(args): Parameters<demo_tasks::ReportArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResponse {
        demo_tasks::build_report(args, &context).await
    }

    #[tool(description = "Exit the server process at once (for testing crash handling).")]
    async fn exit(&self, Parameters(args): Parameters<ExitArgs>) -> String {
        std::process::exit(args.code.unwrap_or(3));
    }
}

/// The drifted version's schema changes (the handlers stay as they are).
fn drift_schemas(router: &mut ToolRouter<Demo>) {
    router.remove_route("media");
    if let Some(echo) = router.map.get_mut("echo") {
        let mut schema = (*echo.attr.input_schema).clone();
        if let Some(serde_json::Value::Object(props)) = schema.get_mut("properties") {
            props.insert(
                "channel".into(),
                serde_json::json!({"type": "string", "description": "Where to echo."}),
            );
        }
        if let Some(serde_json::Value::Array(required)) = schema.get_mut("required") {
            required.push("channel".into());
        }
        echo.attr.input_schema = Arc::new(schema);
    }
    if let Some(order) = router.map.get_mut("create_order")
        && let Some(output) = &order.attr.output_schema
    {
        let mut text = serde_json::Value::Object((**output).clone()).to_string();
        text = text.replace(
            r#""enum":["accepted","backordered"]"#,
            r#""enum":["accepted","backordered","cancelled"]"#,
        );
        if let Ok(serde_json::Value::Object(schema)) = serde_json::from_str(&text) {
            order.attr.output_schema = Some(Arc::new(schema));
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Demo {
    async fn list_tools(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::ListToolsResult, rmcp::ErrorData> {
        let unlocked = self.unlocked.load(std::sync::atomic::Ordering::SeqCst);
        let tools = self
            .tool_router
            .list_all()
            .into_iter()
            .filter(|t| unlocked || t.name != HIDDEN_TOOL)
            .collect();
        Ok(rmcp::model::ListToolsResult::with_all_items(tools))
    }

    async fn list_prompts(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::ListPromptsResult, rmcp::ErrorData> {
        Ok(rmcp::model::ListPromptsResult::with_all_items(
            demo_catalog::prompts(),
        ))
    }

    /// `style=ask` asks the user for the style (elicitation, in rounds on 2026-07-28).
    async fn get_prompt(
        &self,
        mut request: rmcp::model::GetPromptRequestParams,
        context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::GetPromptResponse, rmcp::ErrorData> {
        let arguments = request.arguments.get_or_insert_default();
        if arguments.get("style").and_then(|s| s.as_str()) == Some("ask") {
            let responses = request.input_responses.take();
            let asked = demo_asks::ask(&context, responses, "style", demo_asks::style_request());
            let style = match asked
                .await
                .map_err(|e| rmcp::ErrorData::internal_error(e, None))?
            {
                demo_asks::Asked::Answer(answer) => demo_asks::chosen_style(&answer),
                demo_asks::Asked::Ask(ask) => {
                    return Ok(rmcp::model::GetPromptResponse::InputRequired(ask));
                }
            };
            arguments.insert("style".into(), style.into());
        }
        demo_catalog::get_prompt(request).map(rmcp::model::GetPromptResponse::Complete)
    }

    async fn list_resources(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::ListResourcesResult, rmcp::ErrorData> {
        Ok(rmcp::model::ListResourcesResult::with_all_items(
            demo_catalog::resources(),
        ))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::ListResourceTemplatesResult, rmcp::ErrorData> {
        Ok(rmcp::model::ListResourceTemplatesResult::with_all_items(
            demo_catalog::templates(),
        ))
    }

    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        _context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, rmcp::ErrorData> {
        // A skill's files are resources read by URI, not listed among the others.
        if let Some(read) = demo_skills::read(&request.uri)? {
            return Ok(rmcp::model::ReadResourceResponse::Complete(read));
        }
        let contents = demo_catalog::read(&request.uri)?;
        Ok(rmcp::model::ReadResourceResponse::Complete(
            rmcp::model::ReadResourceResult::new(vec![contents]),
        ))
    }

    async fn list_skills(
        &self,
        _request: Option<rmcp::model::PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListSkillsResult, rmcp::ErrorData> {
        Ok(demo_skills::catalog()?.list_skills())
    }

    async fn get_skill(
        &self,
        request: rmcp::model::GetSkillRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetSkillResult, rmcp::ErrorData> {
        demo_skills::catalog()?.get_skill(&request.uri)
    }

    async fn get_task(
        &self,
        request: rmcp::model::GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetTaskResult, rmcp::ErrorData> {
        let task = demo_tasks::tasks().get_task(&request.task_id)?;
        Ok(rmcp::model::GetTaskResult::new(task))
    }

    async fn update_task(
        &self,
        request: rmcp::model::UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), rmcp::ErrorData> {
        demo_tasks::tasks().update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: rmcp::model::CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), rmcp::ErrorData> {
        demo_tasks::tasks().cancel_task(&request.task_id)
    }

    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .enable_resources()
            .enable_tasks()
            .enable_skills()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                "mcp-toolset-demo",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions("Demo server for mcp-toolset.")
    }
}

/// Runs the server as the command line `args` (without the program name) says.
pub async fn run(args: &[String]) -> anyhow::Result<()> {
    // Logs go to stderr: stdout is the MCP channel in stdio mode.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .try_init();
    let mut drift = false;
    let mut http = None;
    let mut oauth = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--drift" => drift = true,
            "--serial" => {
                let _ = SERIAL.set(tokio::sync::Mutex::new(()));
            }
            "--http" => {
                http = Some(
                    rest.next()
                        .ok_or_else(|| anyhow::anyhow!("--http needs a port"))?
                        .parse()?,
                )
            }
            "--oauth" => oauth = Some(oauth.unwrap_or(3600)),
            "--token-ttl" => {
                let secs = rest
                    .next()
                    .ok_or_else(|| anyhow::anyhow!("--token-ttl needs seconds"))?;
                oauth = Some(secs.parse()?);
            }
            other => anyhow::bail!(
                "unknown argument `{other}`; usage: demo-server [--drift] [--serial] \
                 [--http PORT [--oauth [--token-ttl SECS]]]"
            ),
        }
    }
    match (http, oauth) {
        (Some(port), oauth) => serve_http(port, drift, oauth.map(Duration::from_secs)).await,
        (None, Some(_)) => anyhow::bail!("--oauth protects the HTTP endpoint: add --http PORT"),
        (None, None) => serve_stdio(drift).await,
    }
}

async fn serve_stdio(drift: bool) -> anyhow::Result<()> {
    match stdio_pipes() {
        Some((input, output)) => {
            let transport = crate::demo_stdio::DemoStdio::new(input, output);
            Demo::new(drift).serve(transport).await?.waiting().await?
        }
        None => {
            let service = Demo::new(drift).serve(rmcp::transport::stdio()).await?;
            service.waiting().await?
        }
    };
    Ok(())
}

type Input = Box<dyn tokio::io::AsyncRead + Send + Unpin>;
type Output = Box<dyn tokio::io::AsyncWrite + Send + Unpin>;

/// Stdin and stdout polled like sockets, when they are pipes or sockets (as under an MCP
/// client: tokio's child processes get pipes, Node's get socket pairs). tokio's own stdin and
/// stdout hand every read and write to its blocking thread pool — thread hand-offs on each
/// message, which led a `perf` profile of this server under load (futex waits in
/// `blocking::pool`).
#[cfg(unix)]
fn stdio_pipes() -> Option<(Input, Output)> {
    use std::os::fd::AsFd;
    use tokio::net::unix::pipe;
    let input = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let output = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
    let reader: Input = match pipe::Receiver::from_owned_fd(input.try_clone().ok()?) {
        Ok(pipe) => Box::new(pipe),
        Err(_) => Box::new(socket(input)?),
    };
    let writer: Output = match pipe::Sender::from_owned_fd(output.try_clone().ok()?) {
        Ok(pipe) => Box::new(pipe),
        Err(_) => Box::new(socket(output)?),
    };
    Some((reader, writer))
}

/// A descriptor that is a Unix socket, as a tokio stream.
#[cfg(unix)]
fn socket(fd: std::os::fd::OwnedFd) -> Option<tokio::net::UnixStream> {
    use std::os::unix::fs::FileTypeExt;
    let file = std::fs::File::from(fd);
    if !file.metadata().ok()?.file_type().is_socket() {
        return None;
    }
    let stream = std::os::unix::net::UnixStream::from(std::os::fd::OwnedFd::from(file));
    stream.set_nonblocking(true).ok()?;
    tokio::net::UnixStream::from_std(stream).ok()
}

#[cfg(not(unix))]
fn stdio_pipes() -> Option<(Input, Output)> {
    None
}

/// Without the `http` feature the demo server speaks stdio only (what `demo` needs).
#[cfg(not(feature = "http"))]
async fn serve_http(_: u16, _: bool, _: Option<Duration>) -> anyhow::Result<()> {
    anyhow::bail!(
        "this demo-server was built without HTTP: \
         cargo run -p mcp-toolset-examples --features http --bin demo-server -- --http 0"
    )
}

#[cfg(feature = "http")]
async fn serve_http(port: u16, drift: bool, oauth: Option<Duration>) -> anyhow::Result<()> {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};

    let service = StreamableHttpService::new(
        move || Ok(Demo::new(drift)),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let addr = listener.local_addr()?;
    let auth = oauth.map(|ttl| {
        Arc::new(crate::demo_oauth::AuthServer::new(
            format!("http://{addr}"),
            ttl,
        ))
    });
    println!("listening on http://{addr}/mcp");
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => accepted?,
            _ = tokio::signal::ctrl_c() => return Ok(()),
        };
        // Without it a kept-alive connection waits out the client's delayed ACK (~40 ms) on
        // every answer sent in more than one segment: 45 calls/s for the TS SDK client.
        stream.set_nodelay(true)?;
        let (service, auth) = (service.clone(), auth.clone());
        let handle = hyper::service::service_fn(move |request| {
            let (service, auth) = (service.clone(), auth.clone());
            async move {
                let request = match &auth {
                    Some(auth) => match auth.route(request).await {
                        crate::demo_oauth::Routed::Answer(answer) => return Ok(answer),
                        crate::demo_oauth::Routed::Mcp(request) => request,
                    },
                    None => request,
                };
                Ok::<_, std::convert::Infallible>(service.handle(request).await)
            }
        });
        tokio::spawn(async move {
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, handle)
                .await;
        });
    }
}

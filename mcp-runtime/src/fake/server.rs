//! The fake server: tools by name, each with the function that answers it and a validator
//! for its `outputSchema`; it answers the handshake (the client's own revision, legacy era),
//! `tools/list` from the snapshot's `TOOLS`, and `tools/call`; prompts and resources are
//! `catalog.rs`'s.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::FakeResult;
use super::catalog::Catalog;
use crate::client::transport::in_process::{self, Answer, Responder};
use crate::prompts::{PromptInfo, PromptOutput};
use crate::resources::{ResourceInfo, ResourceOutput};
use crate::{Client, ConnectOptions, Result, ServerSpec, ToolInfo, ToolOutput};

type Reply = Pin<Box<dyn Future<Output = std::result::Result<Value, String>> + Send>>;
type Answerer = Arc<dyn Fn(Value) -> Reply + Send + Sync>;

/// An in-process MCP server answering a snapshot's tools with Rust functions.
pub struct FakeServer {
    name: String,
    tools: BTreeMap<String, FakeTool>,
    catalog: Catalog,
}

struct FakeTool {
    info: ToolInfo,
    validator: Option<jsonschema::Validator>,
    answer: Option<Answerer>,
}

impl FakeServer {
    /// A fake of server `name` with `tools` (a generated `TOOLS` table), none answered yet.
    pub fn new(name: &str, tools: &[ToolInfo]) -> FakeServer {
        let tools = tools
            .iter()
            .map(|info| {
                let validator = info
                    .output_schema_json()
                    .and_then(|schema| jsonschema::validator_for(&schema).ok());
                let tool = FakeTool {
                    info: *info,
                    validator,
                    answer: None,
                };
                (info.name.to_string(), tool)
            })
            .collect();
        FakeServer {
            name: name.to_string(),
            tools,
            catalog: Catalog::default(),
        }
    }

    /// Declares `prompts` (a generated `PROMPTS` table), none answered yet.
    pub fn prompts(mut self, prompts: &[PromptInfo]) -> FakeServer {
        for info in prompts {
            self.catalog
                .prompts
                .insert(info.name.to_string(), (*info, None));
        }
        self
    }

    /// Declares `resources` (a generated `RESOURCES` table: static ones and templates).
    pub fn resources(mut self, resources: &[ResourceInfo]) -> FakeServer {
        self.catalog
            .resources
            .extend(resources.iter().map(|info| (*info, None)));
        self
    }

    /// Renders prompt `name` with `answer`, which gets the arguments (strings, by name).
    pub fn prompt<F, Fut>(mut self, name: &str, answer: F) -> FakeServer
    where
        F: Fn(BTreeMap<String, String>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = FakeResult<PromptOutput>> + Send + 'static,
    {
        match self.catalog.prompts.get_mut(name) {
            Some(prompt) => prompt.1 = Some(Arc::new(move |args| Box::pin(answer(args)))),
            None => tracing::warn!(fake = %self.name, prompt = name, "no such prompt was declared"),
        }
        self
    }

    /// Reads the resource or template called `name` with `answer`, which gets the URI read
    /// and, for a template, the values its variables took.
    pub fn resource<F, Fut>(mut self, name: &str, answer: F) -> FakeServer
    where
        F: Fn(String, BTreeMap<String, String>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = FakeResult<ResourceOutput>> + Send + 'static,
    {
        let answer: super::catalog::ResourceFn =
            Arc::new(move |uri, vars| Box::pin(answer(uri, vars)));
        let mut found = false;
        for (info, slot) in &mut self.catalog.resources {
            if info.name == name {
                *slot = Some(answer.clone());
                found = true;
            }
        }
        if !found {
            tracing::warn!(fake = %self.name, resource = name, "no such resource was declared");
        }
        self
    }

    /// Answers tool `name` with `answer`: its arguments arrive as `I`; its `O` is the
    /// structured result, checked against the tool's `outputSchema`. A name the snapshot does
    /// not have is ignored (with a warning in the log).
    pub fn tool<I, O, F, Fut>(self, name: &str, answer: F) -> FakeServer
    where
        I: DeserializeOwned + Send + 'static,
        O: Serialize + 'static,
        F: Fn(I) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = FakeResult<O>> + Send + 'static,
    {
        let tool = name.to_string();
        self.answer(name, move |arguments| {
            let input = arguments_as::<I>(&tool, arguments);
            let output = input.map(&answer);
            Box::pin(async move {
                let output = output?.await.map_err(|e| e.to_string())?;
                serde_json::to_value(output).map_err(|e| e.to_string())
            })
        })
    }

    /// Like [`FakeServer::tool`], for a tool without an `outputSchema`: the answer is the
    /// whole [`ToolOutput`] (`ToolOutput::from_text("…")`).
    pub fn tool_output<I, F, Fut>(self, name: &str, answer: F) -> FakeServer
    where
        I: DeserializeOwned + Send + 'static,
        F: Fn(I) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = FakeResult<ToolOutput>> + Send + 'static,
    {
        let tool = name.to_string();
        self.answer(name, move |arguments| {
            let output = arguments_as::<I>(&tool, arguments).map(&answer);
            Box::pin(async move {
                let output = output?.await.map_err(|e| e.to_string())?;
                Ok(json!({"__output": output.to_result_json()}))
            })
        })
    }

    fn answer(
        mut self,
        name: &str,
        answer: impl Fn(Value) -> Reply + Send + Sync + 'static,
    ) -> Self {
        match self.tools.get_mut(name) {
            Some(tool) => tool.answer = Some(Arc::new(answer)),
            None => tracing::warn!(fake = %self.name, tool = name, "the snapshot has no such tool"),
        }
        self
    }

    /// Connects a client to this fake with default options.
    pub async fn connect(self) -> Result<Client> {
        self.connect_with(ConnectOptions::default()).await
    }

    /// Connects a client to this fake (the options' timeouts and handlers apply; a recording
    /// records the fake's answers).
    pub async fn connect_with(self, options: ConnectOptions) -> Result<Client> {
        let spec = ServerSpec::in_process(&self.name);
        Client::connect_to(spec, options, |spec, handler, options| {
            Box::pin(async move { in_process::connect(&spec, self, handler, &options).await })
        })
        .await
    }

    fn list(&self) -> Value {
        let tools: Vec<Value> = self.tools.values().map(|t| tool_json(&t.info)).collect();
        json!({"tools": tools})
    }

    async fn call(&self, params: Value) -> Value {
        let name = params
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let arguments = params
            .get("arguments")
            .cloned()
            .unwrap_or_else(|| json!({}));
        let Some(tool) = self.tools.get(name) else {
            return failed(format!("the fake has no tool `{name}`"));
        };
        let Some(answer) = &tool.answer else {
            return failed(super::FakeError::not_implemented(name).to_string());
        };
        match answer(arguments).await {
            Ok(mut value) => match value.get_mut("__output").map(Value::take) {
                Some(output) => output,
                None => structured(name, tool.validator.as_ref(), value),
            },
            Err(message) => failed(message),
        }
    }
}

/// A structured result, once it passes the tool's `outputSchema`.
fn structured(tool: &str, validator: Option<&jsonschema::Validator>, value: Value) -> Value {
    if let Some(error) = validator.and_then(|v| v.iter_errors(&value).next()) {
        let at = match error.instance_path().to_string() {
            path if path.is_empty() => "the top level".to_string(),
            path => path,
        };
        return failed(format!(
            "the fake's result for `{tool}` breaks the snapshot's outputSchema at {at}: {error}"
        ));
    }
    let text = value.to_string();
    json!({"content": [{"type": "text", "text": text}], "structuredContent": value, "isError": false})
}

fn failed(message: String) -> Value {
    json!({"content": [{"type": "text", "text": message}], "isError": true})
}

fn arguments_as<I: DeserializeOwned>(
    tool: &str,
    arguments: Value,
) -> std::result::Result<I, String> {
    serde_json::from_value(arguments)
        .map_err(|err| format!("the arguments of `{tool}` do not fit its Input: {err}"))
}

fn tool_json(info: &ToolInfo) -> Value {
    let mut tool = Map::new();
    tool.insert("name".into(), json!(info.name));
    if !info.description.is_empty() {
        tool.insert("description".into(), json!(info.description));
    }
    tool.insert("inputSchema".into(), info.input_schema_json());
    if let Some(output) = info.output_schema_json() {
        tool.insert("outputSchema".into(), output);
    }
    Value::Object(tool)
}

impl Responder for FakeServer {
    fn answer<'a>(
        &'a mut self,
        method: &'a str,
        params: Value,
    ) -> Pin<Box<dyn Future<Output = Answer> + Send + 'a>> {
        Box::pin(async move {
            match method {
                "initialize" => Ok(json!({
                    "protocolVersion": params.get("protocolVersion").cloned().unwrap_or(json!("2025-11-25")),
                    "capabilities": self.catalog.capabilities(),
                    "serverInfo": {"name": self.name, "version": "fake"},
                })),
                "tools/list" => Ok(self.list()),
                "tools/call" => Ok(self.call(params).await),
                "prompts/list" => Ok(self.catalog.list_prompts()),
                "prompts/get" => self.catalog.get_prompt(&params).await,
                "resources/list" => Ok(self.catalog.list_resources(false)),
                "resources/templates/list" => Ok(self.catalog.list_resources(true)),
                "resources/read" => self.catalog.read(&params).await,
                other => Err(
                    json!({"code": -32601, "message": format!("the fake serves tools; it has no `{other}`")}),
                ),
            }
        })
    }
}

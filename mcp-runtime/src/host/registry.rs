//! The tools of many servers (and native Rust tools) under one namespace, as LLM function
//! definitions, with a dispatcher that turns an LLM's tool call into an LLM-ready result.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::config::ToolFilter;
use super::manager::{ManagedServer, Manager};
use crate::schema::{required, resolve_refs, short_hash};
use crate::{Client, Error, ToolInfo, ToolOutput};

/// Longest tool name the providers accept.
pub const MAX_NAME: usize = 64;

/// When registry names carry the `mcp_{server}_` prefix.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PrefixPolicy {
    /// Every MCP tool is `mcp_{server}_{tool}`.
    #[default]
    Always,
    /// Bare tool names, prefixed only where two servers share a name.
    OnConflict,
    /// Bare tool names; on a clash the first server (by name) keeps it and the others' tool is
    /// skipped with a warning.
    None,
}

/// The JSON shape of [`Registry::definitions`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `{"type": "function", "function": {"name", "description", "parameters"}}`.
    OpenAi,
    /// `{"name", "description", "input_schema"}`.
    Anthropic,
}

/// Registry settings.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RegistryOptions {
    /// Prefix policy (default `Always`).
    pub prefix: PrefixPolicy,
    /// Start descriptions with `[MCP:{server}] ` (default off).
    pub description_prefix: bool,
    /// Cut results handed to the LLM to this many characters (default 20,000).
    pub max_result_chars: usize,
    /// OpenAI strict mode: `strict: true`, every property required (optional ones nullable),
    /// `additionalProperties: false` (default off).
    pub openai_strict: bool,
    /// Only registry names passing this filter are exposed.
    pub filter: ToolFilter,
}

impl Default for RegistryOptions {
    fn default() -> Self {
        RegistryOptions {
            prefix: PrefixPolicy::Always,
            description_prefix: false,
            max_result_chars: 20_000,
            openai_strict: false,
            filter: ToolFilter::default(),
        }
    }
}

impl RegistryOptions {
    /// Sets [`RegistryOptions::prefix`].
    pub fn prefix(mut self, policy: PrefixPolicy) -> Self {
        self.prefix = policy;
        self
    }
    /// Sets [`RegistryOptions::description_prefix`].
    pub fn description_prefix(mut self, on: bool) -> Self {
        self.description_prefix = on;
        self
    }
    /// Sets [`RegistryOptions::max_result_chars`].
    pub fn max_result_chars(mut self, chars: usize) -> Self {
        self.max_result_chars = chars;
        self
    }
    /// Sets [`RegistryOptions::openai_strict`].
    pub fn openai_strict(mut self, on: bool) -> Self {
        self.openai_strict = on;
        self
    }
    /// Sets [`RegistryOptions::filter`].
    pub fn filter(mut self, filter: ToolFilter) -> Self {
        self.filter = filter;
        self
    }
}

/// What a native tool's handler returns: text or JSON for the LLM, or an error message.
pub type NativeResult = Result<Value, String>;
type NativeHandler =
    Arc<dyn Fn(Value) -> Pin<Box<dyn Future<Output = NativeResult> + Send>> + Send + Sync>;

#[derive(Clone)]
enum Target {
    Managed {
        server: String,
        tool: String,
        handle: Arc<ManagedServer>,
    },
    Client {
        server: String,
        tool: String,
        client: Arc<Client>,
    },
    Native(NativeHandler),
}

struct Entry {
    description: String,
    input_schema: Value,
    target: Target,
    validator: Option<jsonschema::Validator>,
}

/// The result of [`Registry::dispatch`]: always a value, never a panic or an `Err` — a failing
/// tool is an error result for the LLM to read.
#[derive(Debug, Clone, PartialEq)]
pub struct DispatchResult {
    /// The registry name that was called.
    pub name: String,
    /// The text to give the LLM (cut at `max_result_chars`).
    pub content: String,
    /// Structured output, when the tool returned some.
    pub structured: Option<Value>,
    /// Whether this is an error (bad arguments, unknown tool, tool failure, transport failure).
    pub is_error: bool,
    /// How long the call took.
    pub elapsed: Duration,
}

/// Tools by registry name.
#[derive(Default)]
pub struct Registry {
    entries: BTreeMap<String, Entry>,
    options: RegistryOptions,
    warnings: Vec<String>,
}

/// `[a-zA-Z0-9_-]` only, at most 64 characters; a cut name ends in `_` and 8 hex digits of a
/// hash of the full name, so distinct long names stay distinct and stable.
pub fn normalize_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.len() <= MAX_NAME {
        return clean;
    }
    with_hash_suffix(&clean, name)
}

/// `name` cut to fit [`MAX_NAME`] with `_` and 8 hex digits of a hash of `key`.
fn with_hash_suffix(name: &str, key: &str) -> String {
    let mut cut = MAX_NAME - 9;
    while !name.is_char_boundary(cut.min(name.len())) {
        cut -= 1;
    }
    format!("{}_{}", &name[..cut.min(name.len())], short_hash(key, 4))
}

/// Registry names for `(server, tool)` pairs (sorted by server, then tool) under `policy`,
/// avoiding `taken` names and each other. `None` means skipped (policy `None` on a clash).
/// Names that normalise to the same text are told apart by a hash of server and tool.
pub(crate) fn mcp_names(
    pairs: &[(String, String)],
    policy: PrefixPolicy,
    taken: &[String],
) -> Vec<Option<String>> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, tool) in pairs {
        *counts.entry(tool.as_str()).or_default() += 1;
    }
    let mut used: std::collections::BTreeSet<String> = taken.iter().cloned().collect();
    pairs
        .iter()
        .map(|(server, tool)| {
            let prefixed = match policy {
                PrefixPolicy::Always => true,
                PrefixPolicy::OnConflict => {
                    counts[tool.as_str()] > 1 || used.contains(&normalize_name(tool))
                }
                PrefixPolicy::None => false,
            };
            let mut name = normalize_name(&if prefixed {
                format!("mcp_{server}_{tool}")
            } else {
                tool.clone()
            });
            if used.contains(&name) {
                if policy == PrefixPolicy::None {
                    return None;
                }
                name = with_hash_suffix(&name, &format!("{server}\0{tool}"));
            }
            used.insert(name.clone());
            Some(name)
        })
        .collect()
}

impl Registry {
    /// An empty registry.
    pub fn new(options: RegistryOptions) -> Registry {
        Registry {
            options,
            ..Registry::default()
        }
    }

    /// Every tool of every connected server of `manager` (after each server's filter).
    /// Servers that fail to list are skipped with a warning.
    pub async fn from_manager(manager: &Manager, options: RegistryOptions) -> Registry {
        let mut registry = Registry::new(options);
        let mut tools = Vec::new();
        for name in manager.connected_servers() {
            let Some(handle) = manager.server(&name) else {
                continue;
            };
            match handle.tools().await {
                Ok(list) => {
                    let prefix = handle
                        .config()
                        .prefix
                        .clone()
                        .unwrap_or_else(|| name.clone());
                    for tool in list.iter() {
                        let target = Target::Managed {
                            server: name.clone(),
                            tool: tool.name.to_string(),
                            handle: handle.clone(),
                        };
                        let schema = Value::Object((*tool.input_schema).clone());
                        tools.push((
                            prefix.clone(),
                            tool.name.to_string(),
                            tool.description.as_deref().unwrap_or("").to_string(),
                            schema,
                            target,
                        ));
                    }
                }
                Err(err) => registry
                    .warnings
                    .push(format!("server `{name}`: tools not listed: {err}")),
            }
        }
        registry.add_mcp(tools);
        registry.warn_unconnected(manager);
        registry
    }

    /// A warning for each enabled server left out because it is not connected (yet).
    fn warn_unconnected(&mut self, manager: &Manager) {
        for (name, status) in manager.status() {
            let enabled = manager.server(&name).is_some_and(|s| !s.config().disabled);
            if enabled && status != super::manager::ServerStatus::Connected {
                self.warnings.push(format!(
                    "server `{name}` is {status}: its tools are not listed (build the registry again once it connects; Manager::status_changes tells when)"
                ));
            }
        }
    }

    /// Registers a generated client's `TOOLS` table, calling through `client`.
    pub fn add_generated(&mut self, server: &str, tools: &[ToolInfo], client: Arc<Client>) {
        let entries = tools
            .iter()
            .map(|info| {
                let target = Target::Client {
                    server: server.to_string(),
                    tool: info.name.to_string(),
                    client: client.clone(),
                };
                (
                    server.to_string(),
                    info.name.to_string(),
                    info.description.to_string(),
                    info.input_schema_json(),
                    target,
                )
            })
            .collect();
        self.add_mcp(entries);
    }

    fn add_mcp(&mut self, mut tools: Vec<(String, String, String, Value, Target)>) {
        tools.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let pairs: Vec<(String, String)> = tools
            .iter()
            .map(|(server, tool, ..)| (server.clone(), tool.clone()))
            .collect();
        let taken: Vec<String> = self.entries.keys().cloned().collect();
        let names = mcp_names(&pairs, self.options.prefix, &taken);
        for ((server, tool, description, schema, target), name) in tools.into_iter().zip(names) {
            let Some(name) = name else {
                self.warnings.push(format!("tool `{tool}` of server `{server}` is skipped: its name is taken (prefix policy None)"));
                continue;
            };
            let description = if self.options.description_prefix {
                format!("[MCP:{server}] {description}")
            } else {
                description
            };
            self.insert(name, description, schema, target);
        }
    }

    /// Registers a native Rust tool: `handler` gets the (validated) arguments.
    pub fn add_native<F, Fut>(
        &mut self,
        name: &str,
        description: &str,
        input_schema: Value,
        handler: F,
    ) where
        F: Fn(Value) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = NativeResult> + Send + 'static,
    {
        let handler: NativeHandler = Arc::new(move |args| Box::pin(handler(args)));
        self.insert(
            normalize_name(name),
            description.to_string(),
            input_schema,
            Target::Native(handler),
        );
    }

    fn insert(&mut self, name: String, description: String, input_schema: Value, target: Target) {
        if !self.options.filter.allows(&name) {
            return;
        }
        if self.entries.contains_key(&name) {
            self.warnings.push(format!(
                "tool name `{name}` is taken; the later tool is skipped"
            ));
            return;
        }
        let validator = jsonschema::validator_for(&input_schema)
            .inspect_err(|e| {
                self.warnings.push(format!(
                    "`{name}`: its inputSchema cannot be used to validate arguments: {e}"
                ))
            })
            .ok();
        self.entries.insert(
            name,
            Entry {
                description,
                input_schema,
                target,
                validator,
            },
        );
    }

    /// Registry names, sorted.
    pub fn names(&self) -> Vec<&str> {
        self.entries.keys().map(String::as_str).collect()
    }

    /// Which server and tool a registry name stands for (`None` for native tools).
    pub fn resolve(&self, name: &str) -> Option<(&str, &str)> {
        match &self.entries.get(name)?.target {
            Target::Managed { server, tool, .. } | Target::Client { server, tool, .. } => {
                Some((server, tool))
            }
            Target::Native(_) => None,
        }
    }

    /// Skipped tools and unusable schemas, one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Tool definitions in the provider's format.
    pub fn definitions(&self, format: Format) -> Vec<Value> {
        self.entries
            .iter()
            .map(|(name, entry)| {
                let schema = parameters(&entry.input_schema);
                match format {
                    Format::OpenAi if self.options.openai_strict => json!({
                        "type": "function",
                        "function": {"name": name, "description": entry.description, "parameters": strict(&schema), "strict": true}
                    }),
                    Format::OpenAi => json!({
                        "type": "function",
                        "function": {"name": name, "description": entry.description, "parameters": schema}
                    }),
                    Format::Anthropic => json!({"name": name, "description": entry.description, "input_schema": schema}),
                }
            })
            .collect()
    }

    /// Runs an LLM's tool call: checks the arguments against the tool's inputSchema (listing
    /// every missing or wrong field), calls, and returns text for the LLM.
    pub async fn dispatch(&self, name: &str, arguments_json: &str) -> DispatchResult {
        let start = Instant::now();
        let finish = |content: String, structured: Option<Value>, is_error: bool| DispatchResult {
            name: name.to_string(),
            content,
            structured,
            is_error,
            elapsed: start.elapsed(),
        };
        let Some(entry) = self.entries.get(name) else {
            let known = self.names().join(", ");
            return finish(
                format!("Error: unknown tool `{name}`. Available tools: {known}"),
                None,
                true,
            );
        };
        let arguments: Value = match arguments_json.trim() {
            "" => json!({}),
            text => match serde_json::from_str(text) {
                Ok(value) => value,
                Err(err) => {
                    return finish(
                        format!("Error: the arguments for `{name}` are not valid JSON: {err}"),
                        None,
                        true,
                    );
                }
            },
        };
        if let Some(validator) = &entry.validator {
            let problems: Vec<String> = validator
                .iter_errors(&arguments)
                .map(|e| {
                    let at = e.instance_path().to_string();
                    if at.is_empty() {
                        e.to_string()
                    } else {
                        format!("{at}: {e}")
                    }
                })
                .collect();
            if !problems.is_empty() {
                return finish(
                    format!(
                        "Error: invalid arguments for `{name}`:\n- {}",
                        problems.join("\n- ")
                    ),
                    None,
                    true,
                );
            }
        }
        let max = self.options.max_result_chars;
        let result: Result<ToolOutput, Error> = match &entry.target {
            Target::Managed { tool, handle, .. } => handle.call_tool(tool, arguments).await,
            Target::Client { tool, client, .. } => client.call_tool(tool, arguments).await,
            Target::Native(handler) => {
                return match handler(arguments).await {
                    Ok(Value::String(text)) => finish(cut(text, max), None, false),
                    Ok(value) => finish(cut(value.to_string(), max), Some(value), false),
                    Err(message) => finish(cut(format!("Error: {message}"), max), None, true),
                };
            }
        };
        match result {
            Ok(output) => finish(output.to_llm_string(max), output.structured.clone(), false),
            Err(Error::Tool { output, .. }) => finish(
                cut(format!("Error: {}", output.to_llm_string(max)), max),
                output.structured.clone(),
                true,
            ),
            Err(err) => finish(cut(format!("Error: {err}"), max), None, true),
        }
    }
}

fn cut(text: String, max: usize) -> String {
    ToolOutput {
        content: vec![crate::model::ContentBlock::text(text)],
        structured: None,
        is_error: false,
    }
    .to_llm_string(max)
}

/// An inputSchema as function parameters: an object schema without `$schema`.
fn parameters(schema: &Value) -> Value {
    let mut schema = match schema {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    schema.remove("$schema");
    schema.entry("type").or_insert_with(|| json!("object"));
    schema.entry("properties").or_insert_with(|| json!({}));
    Value::Object(schema)
}

/// OpenAI strict mode: refs inlined, every object closed with all properties required, the
/// optional ones made nullable.
fn strict(schema: &Value) -> Value {
    fn walk(node: &mut Value) {
        match node {
            Value::Object(map) => {
                if map.get("type") == Some(&json!("object")) || map.contains_key("properties") {
                    let props = map.entry("properties").or_insert_with(|| json!({})).clone();
                    let needed: Vec<String> =
                        required(map).into_iter().map(str::to_string).collect();
                    if let (Some(Value::Object(props_mut)), Value::Object(props)) =
                        (map.get_mut("properties"), &props)
                    {
                        for name in props.keys() {
                            if !needed.contains(name)
                                && let Some(prop) = props_mut.get_mut(name)
                            {
                                *prop = json!({"anyOf": [prop.clone(), {"type": "null"}]});
                            }
                        }
                    }
                    map.insert(
                        "required".into(),
                        Value::Array(
                            props
                                .as_object()
                                .map(|p| p.keys().map(|k| json!(k)).collect())
                                .unwrap_or_default(),
                        ),
                    );
                    map.insert("additionalProperties".into(), json!(false));
                }
                for unsupported in [
                    "default",
                    "format",
                    "pattern",
                    "minLength",
                    "maxLength",
                    "minimum",
                    "maximum",
                    "title",
                    "examples",
                ] {
                    map.remove(unsupported);
                }
                map.values_mut().for_each(walk);
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let mut resolved = resolve_refs(schema);
    walk(&mut resolved);
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_are_normalised_and_cut_stably() {
        assert_eq!(
            normalize_name("mcp_my server_get.user"),
            "mcp_my_server_get_user"
        );
        let long = format!("mcp_server_{}", "x".repeat(100));
        let cut = normalize_name(&long);
        assert_eq!(cut.len(), MAX_NAME);
        assert_eq!(cut, normalize_name(&long));
        assert_ne!(cut, normalize_name(&format!("{long}y")));
    }

    #[test]
    fn strict_mode_closes_objects_and_nullifies_optionals() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer", "default": 3}}, "required": ["a"]});
        let s = strict(&schema);
        assert_eq!(s["required"], json!(["a", "b"]));
        assert_eq!(s["additionalProperties"], json!(false));
        assert_eq!(
            s["properties"]["b"],
            json!({"anyOf": [{"type": "integer"}, {"type": "null"}]})
        );
    }

    #[tokio::test]
    async fn native_tools_validate_and_dispatch() {
        let mut registry = Registry::new(RegistryOptions::default().max_result_chars(40));
        registry.add_native(
            "add",
            "Adds",
            json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}),
            |args| async move { Ok(json!({"sum": args["a"].as_f64().unwrap_or(0.0) + args["b"].as_f64().unwrap_or(0.0)})) },
        );
        registry.add_native("fail", "Fails", json!({"type": "object"}), |_| async {
            Err("nope".to_string())
        });
        let ok = registry.dispatch("add", r#"{"a": 1, "b": 2}"#).await;
        assert!(!ok.is_error);
        assert_eq!(ok.structured, Some(json!({"sum": 3.0})));
        let bad = registry.dispatch("add", r#"{"a": "one"}"#).await;
        assert!(bad.is_error);
        assert!(
            bad.content.contains("/a") && bad.content.contains("\"b\""),
            "{}",
            bad.content
        );
        let failed = registry.dispatch("fail", "{}").await;
        assert!(failed.is_error && failed.content == "Error: nope");
        let unknown = registry.dispatch("nope", "{}").await;
        assert!(unknown.is_error && unknown.content.contains("Available tools: add, fail"));
        let garbage = registry.dispatch("add", "{").await;
        assert!(garbage.is_error && garbage.content.contains("not valid JSON"));
        assert_eq!(registry.definitions(Format::Anthropic)[0]["name"], "add");
    }

    proptest::proptest! {
    #[test]
        fn registry_names_map_back(
            pairs in proptest::collection::btree_set(("[a-zA-Z0-9 ._/-]{1,40}", "[a-zA-Z0-9 ._/:-]{1,80}"), 1..30),
            policy in prop_oneof![Just(PrefixPolicy::Always), Just(PrefixPolicy::OnConflict), Just(PrefixPolicy::None)],
        ) {
            let pairs: Vec<(String, String)> = pairs.into_iter().collect();
            let names = mcp_names(&pairs, policy, &[]);
            let mut seen = BTreeSet::new();
            for (name, (server, tool)) in names.iter().zip(&pairs) {
                let Some(name) = name else {
                    prop_assert_eq!(policy, PrefixPolicy::None, "only policy None skips");
                    continue;
                };
                prop_assert!(!name.is_empty() && name.len() <= MAX_NAME, "{}", name);
                prop_assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'), "{}", name);
                prop_assert!(seen.insert(name.clone()), "duplicate {} for {}/{}", name, server, tool);
            }
            // Deterministic: the same input gives the same names, so the table maps back.
            prop_assert_eq!(mcp_names(&pairs, policy, &[]), names);
        }
    }
}

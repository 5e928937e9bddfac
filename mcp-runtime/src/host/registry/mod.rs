//! The registry an agent hands its LLM: every MCP tool (from a [`Manager`] or generated
//! clients) and native Rust tools under one set of names (`naming.rs`), as provider
//! definitions (`definitions.rs`), and the dispatch of the model's calls (`dispatch.rs`). What
//! it holds, and the servers still joining it, is `catalog.rs`.

mod catalog;
mod deferred;
mod definitions;
mod dispatch;
mod naming;
mod options;
mod search;

use std::collections::BTreeSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock, RwLockReadGuard};

use serde_json::Value;

use catalog::{Catalog, Joining, managed_tools};
pub use definitions::Format;
pub use dispatch::DispatchResult;
pub(crate) use naming::mcp_names;
pub use naming::{MAX_NAME, PrefixPolicy, normalize_name};
pub use options::{Deferral, RegistryOptions};

use super::manager::{ManagedServer, Manager, ServerStatus};
use crate::{Client, ToolInfo};

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

/// An MCP tool about to be registered.
struct McpTool {
    /// The server's name, or the prefix its entry gives.
    prefix: String,
    tool: String,
    title: Option<String>,
    description: String,
    schema: Value,
    target: Target,
}

struct Entry {
    title: Option<String>,
    description: String,
    input_schema: Value,
    target: Target,
    /// Compiled at the tool's first call: a registry of thousands of tools is ready at once.
    validator: OnceLock<Option<jsonschema::Validator>>,
}

/// Tools by registry name. Reads take `&self` and may run concurrently (share it with `Arc`).
#[derive(Default)]
pub struct Registry {
    options: RegistryOptions,
    catalog: RwLock<Catalog>,
    /// The search index, built on the first search (a tool joining clears it).
    index: Mutex<Option<Arc<search::ToolIndex>>>,
    /// Deferred tools a search found: offered from then on.
    loaded: Mutex<BTreeSet<String>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl Registry {
    /// An empty registry.
    pub fn new(options: RegistryOptions) -> Registry {
        Registry {
            options,
            ..Registry::default()
        }
    }

    /// Every tool of every server of `manager` (after each server's filter), but for the
    /// tools only an app may call (MCP Apps `_meta.ui.visibility`). Returns without waiting
    /// for any server:
    ///
    /// - a connected server offers its listing; a server pinned to a snapshot offers its
    ///   approved tools with the snapshot's text — at once, while it is still connecting or
    ///   waits for its first call (each withheld tool is a warning that says why and how to
    ///   re-approve it);
    /// - a server without a snapshot that is not connected yet joins later: its tools are
    ///   added the first time the registry is read after it has connected (until then
    ///   [`Registry::warnings`] says so);
    /// - a server that fails to list is skipped with a warning.
    pub async fn from_manager(manager: &Manager, options: RegistryOptions) -> Registry {
        let mut catalog = Catalog::default();
        let mut tools = Vec::new();
        for (name, handle) in manager.servers() {
            match offered(handle).await {
                Some(Ok(list)) => {
                    warn_withheld(&mut catalog.warnings, name, handle);
                    tools.extend(managed_tools(name, handle, &list));
                }
                Some(Err(err)) => {
                    let warning = format!("server `{name}`: tools not listed: {err}");
                    catalog.warnings.push(warning);
                }
                None if !handle.config().disabled => catalog.joining.push(Joining {
                    server: name.clone(),
                    handle: handle.clone(),
                }),
                None => {}
            }
        }
        catalog.add_mcp(&options, tools);
        Registry {
            options,
            catalog: RwLock::new(catalog),
            ..Registry::default()
        }
    }

    /// The catalog, with every joining server that has listed its tools added first.
    fn catalog(&self) -> RwLockReadGuard<'_, Catalog> {
        let read = || self.catalog.read().unwrap_or_else(|p| p.into_inner());
        if read().any_ready() {
            let mut catalog = self.catalog.write().unwrap_or_else(|p| p.into_inner());
            if catalog.join(&self.options) {
                *lock(&self.index) = None;
            }
        }
        read()
    }

    /// The catalog to register into.
    fn catalog_mut(&mut self) -> &mut Catalog {
        *self.index.get_mut().unwrap_or_else(|p| p.into_inner()) = None;
        self.catalog.get_mut().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a generated client's `TOOLS` table, calling through `client`: the
    /// snapshot's text, compiled in. Tools a `DriftPolicy::Pinned` connect withheld are left
    /// out, each with a warning; so are the tools only an app may call.
    pub fn add_generated(&mut self, server: &str, tools: &[ToolInfo], client: Arc<Client>) {
        let withheld = client.withheld_tools();
        let options = self.options.clone();
        let catalog = self.catalog_mut();
        for (tool, why) in &withheld {
            catalog.warnings.push(format!(
                "server `{server}`: tool `{tool}` is withheld: {why}; re-approve it with `mcp-codegen approve` and generate the client again"
            ));
        }
        let entries = tools
            .iter()
            .filter(|info| !withheld.contains_key(info.name) && !info.app_only)
            .map(|info| McpTool {
                prefix: server.to_string(),
                tool: info.name.to_string(),
                title: None,
                description: info.description.to_string(),
                schema: info.input_schema_json(),
                target: Target::Client {
                    server: server.to_string(),
                    tool: info.name.to_string(),
                    client: client.clone(),
                },
            })
            .collect();
        catalog.add_mcp(&options, entries);
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
        let entry = Entry {
            title: None,
            description: description.to_string(),
            input_schema,
            target: Target::Native(handler),
            validator: OnceLock::new(),
        };
        let options = self.options.clone();
        self.catalog_mut()
            .insert(&options, normalize_name(name), entry);
    }

    /// Each tool whose inputSchema cannot validate arguments, and why (such a tool is called
    /// unchecked). Compiles every validator now rather than at each tool's first call.
    pub fn schema_problems(&self) -> Vec<String> {
        self.catalog()
            .entries
            .iter()
            .filter_map(|(name, entry)| {
                let problem = jsonschema::validator_for(&entry.input_schema).err()?;
                Some(format!(
                    "`{name}`: its inputSchema cannot be used to validate arguments: {problem}"
                ))
            })
            .collect()
    }

    /// Registry names, sorted.
    pub fn names(&self) -> Vec<String> {
        self.catalog().entries.keys().cloned().collect()
    }

    /// The description a tool is offered with.
    pub fn description(&self, name: &str) -> Option<String> {
        let catalog = self.catalog();
        catalog.entries.get(name).map(|e| e.description.clone())
    }

    /// Which server and tool a registry name stands for (`None` for native tools).
    pub fn resolve(&self, name: &str) -> Option<(String, String)> {
        match &self.catalog().entries.get(name)?.target {
            Target::Managed { server, tool, .. } | Target::Client { server, tool, .. } => {
                Some((server.clone(), tool.clone()))
            }
            Target::Native(_) => None,
        }
    }

    /// Skipped and withheld tools, and servers whose tools have not joined yet, one line each
    /// (unusable schemas: [`Registry::schema_problems`]).
    pub fn warnings(&self) -> Vec<String> {
        let catalog = self.catalog();
        let joining = catalog.joining.iter().map(Joining::warning);
        catalog.warnings.iter().cloned().chain(joining).collect()
    }
}

/// A warning for each tool `server`'s pinned snapshot withholds.
fn warn_withheld(warnings: &mut Vec<String>, name: &str, handle: &ManagedServer) {
    let approve = handle
        .config()
        .pin
        .as_ref()
        .map(|p| p.approve_command.as_str());
    for (tool, why) in handle.withheld().iter() {
        warnings.push(format!(
            "server `{name}`: tool `{tool}` is withheld: {}; re-approve it with `{}`",
            why.reason(),
            approve.unwrap_or("mcp-codegen approve")
        ));
    }
}

/// What a server offers now: a connected server's listing; before that, a pinned server's
/// snapshot. `None`: disabled, or unpinned and not connected.
async fn offered(handle: &ManagedServer) -> Option<crate::Result<Arc<Vec<crate::model::Tool>>>> {
    if handle.config().disabled {
        return None;
    }
    match handle.status() {
        ServerStatus::Connected => Some(handle.tools().await),
        _ if handle.config().pin.is_some() => handle.known_tools().map(Ok),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::definitions::strict;
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;
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

    fn deferred(anthropic_native: bool) -> Registry {
        let defer = Deferral::default()
            .core(["add"])
            .anthropic_native(anthropic_native);
        let mut registry = Registry::new(RegistryOptions::default().defer(defer));
        let tools = [
            ("add", "Adds two numbers"),
            ("get_weather", "Current weather and forecast for a city"),
            ("send_email", "Sends an email message"),
            ("read_file", "Reads a file from disk"),
        ];
        for (name, description) in tools {
            registry.add_native(name, description, json!({"type": "object"}), |_| async {
                Ok(json!("ok"))
            });
        }
        registry
    }

    fn names_of(definitions: &[Value]) -> Vec<&str> {
        definitions
            .iter()
            .map(|d| {
                d["name"]
                    .as_str()
                    .or(d["function"]["name"].as_str())
                    .unwrap_or("?")
            })
            .collect()
    }

    #[tokio::test]
    async fn deferred_tools_are_found_then_offered_on_the_next_turn() {
        let registry = deferred(false);
        let before = registry.definitions(Format::OpenAi);
        assert_eq!(names_of(&before), ["add", "tool_search"]);
        let search = &before[1]["function"]["description"];
        assert!(
            search.as_str().unwrap().contains("3 more tools"),
            "{search}"
        );
        let found = registry
            .dispatch(
                "tool_search",
                r#"{"query": "what is the weather in Paris", "limit": 1}"#,
            )
            .await;
        assert!(!found.is_error, "{}", found.content);
        assert_eq!(found.structured.unwrap()["tools"][0]["name"], "get_weather");
        let after = registry.definitions(Format::Anthropic);
        assert_eq!(names_of(&after), ["add", "get_weather", "tool_search"]);
        // A deferred tool is callable before it is found; an unknown name points to the search.
        assert!(!registry.dispatch("send_email", "{}").await.is_error);
        let unknown = registry.dispatch("nope", "{}").await.content;
        assert!(
            unknown.contains("find others with `tool_search`"),
            "{unknown}"
        );
        let bad = registry.dispatch("tool_search", "{}").await;
        assert!(
            bad.is_error && bad.content.contains("`query`"),
            "{}",
            bad.content
        );
        registry.unload_all();
        assert_eq!(registry.offered(), ["add"]);
    }

    #[test]
    fn anthropic_native_marks_deferred_tools_and_uses_its_search_tool() {
        let registry = deferred(true);
        let definitions = registry.definitions(Format::Anthropic);
        assert_eq!(definitions.len(), 5);
        assert!(
            definitions[0].get("defer_loading").is_none(),
            "{}",
            definitions[0]
        );
        assert!(definitions[1..4].iter().all(|d| d["defer_loading"] == true));
        assert_eq!(definitions[4]["type"], "tool_search_tool_bm25_20251119");
        // OpenAI has no native search: ours.
        assert_eq!(
            names_of(&registry.definitions(Format::OpenAi)),
            ["add", "tool_search"]
        );
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

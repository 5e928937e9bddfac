//! Deferred loading: which tools are offered now (the core ones and those a search found, or
//! every tool without [`Deferral`]), the search tool's definition, and running a search.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Value, json};

use super::search::{Searchable, ToolIndex};
use super::{Deferral, Format, Registry, Target, lock};
use crate::host::glob::glob;

/// Anthropic's server-side BM25 tool search tool (the API runs the search).
const ANTHROPIC_SEARCH: &str = "tool_search_tool_bm25_20251119";
/// What the model may ask a search for at most.
const MAX_LIMIT: usize = 20;
/// How much of a found tool's description the search result quotes.
const DESCRIPTION_CHARS: usize = 300;

impl Registry {
    /// Whether `name` is in the definitions handed to the model now.
    pub(super) fn offered_now(&self, name: &str) -> bool {
        let Some(defer) = &self.options.defer else {
            return true;
        };
        core(defer, name) || self.found().contains(name)
    }

    /// The registry names the model is offered now, sorted: every tool without deferral;
    /// with it, the core tools and those searches found (the search tool aside).
    pub fn offered(&self) -> Vec<String> {
        self.names()
            .into_iter()
            .filter(|n| self.offered_now(n))
            .collect()
    }

    /// The best `limit` tools for `query` (registry names with their BM25 scores, best first),
    /// over every tool, offered or not. Finding does not offer them: see [`Registry::load`].
    pub fn search(&self, query: &str, limit: usize) -> Vec<(String, f32)> {
        self.index().search(query, limit)
    }

    /// Offers `names` from the next definitions on, as a search through the search tool does.
    pub fn load<'a>(&self, names: impl IntoIterator<Item = &'a str>) {
        let catalog = self.catalog();
        let known = names
            .into_iter()
            .filter(|n| catalog.entries.contains_key(*n))
            .map(str::to_string);
        self.found().extend(known);
    }

    /// Forgets what searches found (a new conversation starts from the core tools again).
    pub fn unload_all(&self) {
        self.found().clear();
    }

    fn found(&self) -> std::sync::MutexGuard<'_, BTreeSet<String>> {
        self.loaded.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The search index of every tool, built once (and again after a server joined).
    fn index(&self) -> Arc<ToolIndex> {
        let catalog = self.catalog();
        let mut slot = lock(&self.index);
        if let Some(index) = slot.as_ref() {
            return index.clone();
        }
        let index = Arc::new(ToolIndex::new(catalog.entries.iter().map(
            |(name, entry)| {
                let mut labels = match &entry.target {
                    Target::Managed { server, tool, .. } | Target::Client { server, tool, .. } => {
                        vec![server.as_str(), tool.as_str()]
                    }
                    Target::Native(_) => vec![name.as_str()],
                };
                labels.extend(entry.title.as_deref());
                Searchable {
                    name,
                    labels,
                    description: &entry.description,
                    input_schema: &entry.input_schema,
                }
            },
        )));
        *slot = Some(index.clone());
        index
    }

    /// The search tool's definition in `format`, when deferring.
    pub(super) fn search_definition(&self, format: Format) -> Option<Value> {
        let defer = self.options.defer.as_ref()?;
        if format == Format::Anthropic && defer.anthropic_native {
            return Some(json!({"type": ANTHROPIC_SEARCH, "name": "tool_search_tool_bm25"}));
        }
        let description = self.search_description(defer);
        let schema = json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What you want to do, in a few words (\"create a GitHub issue\", \"read a file\")"},
                "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "description": format!("How many tools to find (default {})", defer.limit)}
            },
            "required": ["query"]
        });
        let name = &defer.search_tool;
        Some(match format {
            Format::OpenAi => json!({
                "type": "function",
                "function": {"name": name, "description": description, "parameters": schema}
            }),
            Format::Anthropic => {
                json!({"name": name, "description": description, "input_schema": schema})
            }
        })
    }

    /// Says how many tools wait behind the search and whose they are, so the model knows
    /// when searching is worth it.
    fn search_description(&self, defer: &Deferral) -> String {
        let hidden: Vec<String> = self
            .names()
            .into_iter()
            .filter(|n| !self.offered_now(n))
            .collect();
        let servers: BTreeSet<String> = hidden
            .iter()
            .filter_map(|n| self.resolve(n).map(|(server, _)| server))
            .collect();
        let servers: Vec<String> = servers.into_iter().collect();
        format!(
            "Finds tools by what they do. {} more tools than those listed are available (from: {}). Describe the task in a few words; the best matches (at most {} unless you ask for more) become callable on your next turn.",
            hidden.len(),
            if servers.is_empty() {
                "native tools".to_string()
            } else {
                servers.join(", ")
            },
            defer.limit
        )
    }

    /// Runs the search tool's call: finds, offers what it found from the next turn, and says
    /// so. `Err` is the message for a bad call.
    pub(super) fn run_search(&self, arguments: &Value) -> Result<Value, String> {
        let defer = self.options.defer.as_ref().ok_or("no deferral")?;
        let query = arguments
            .get("query")
            .and_then(Value::as_str)
            .filter(|q| !q.trim().is_empty())
            .ok_or("`query` is required: the task in a few words")?;
        let limit = match arguments.get("limit") {
            None | Some(Value::Null) => defer.limit,
            Some(v) => v.as_u64().map_or(defer.limit, |n| n as usize),
        };
        let found = self.search(query, limit.clamp(1, MAX_LIMIT));
        self.load(found.iter().map(|(name, _)| name.as_str()));
        let catalog = self.catalog();
        let tools: Vec<Value> = found
            .iter()
            .filter_map(|(name, _)| {
                let entry = catalog.entries.get(name)?;
                let description: String =
                    entry.description.chars().take(DESCRIPTION_CHARS).collect();
                Some(json!({"name": name, "description": description}))
            })
            .collect();
        let note = match tools.is_empty() {
            true => format!("No tool matches \"{query}\"; try other words."),
            false => "These tools are callable from your next turn.".to_string(),
        };
        Ok(json!({"tools": tools, "note": note}))
    }
}

fn core(defer: &Deferral, name: &str) -> bool {
    defer.core.iter().any(|pattern| glob(pattern, name))
}

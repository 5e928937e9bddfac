//! Registry settings, in one struct.

use super::PrefixPolicy;
use crate::host::config::ToolFilter;

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
    /// Deferred loading: a few tools up front and a search tool for the rest (default off:
    /// every tool is offered).
    pub defer: Option<Deferral>,
}

/// Deferred loading, for catalogs too big for a context: [`Registry::definitions`](super::Registry::definitions)
/// offers the `core` tools, the tools earlier searches found, and a search tool over all the
/// others; a search's finds are offered from the next definitions on (the next turn).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Deferral {
    /// Registry names (globs: `*`, `?`) always offered.
    pub core: Vec<String>,
    /// The search tool's name (default `tool_search`).
    pub search_tool: String,
    /// Tools a search returns at most (default 5; the model may ask for up to 20).
    pub limit: usize,
    /// With [`Format::Anthropic`](super::Format::Anthropic): every tool, the deferred ones
    /// marked `"defer_loading": true`, and Anthropic's own BM25 tool search tool in place of
    /// ours, so the API searches without a round trip (default off).
    pub anthropic_native: bool,
}

impl Default for Deferral {
    fn default() -> Self {
        Deferral {
            core: Vec::new(),
            search_tool: "tool_search".to_string(),
            limit: 5,
            anthropic_native: false,
        }
    }
}

impl Deferral {
    /// Sets [`Deferral::core`].
    pub fn core<S: Into<String>>(mut self, globs: impl IntoIterator<Item = S>) -> Self {
        self.core = globs.into_iter().map(Into::into).collect();
        self
    }
    /// Sets [`Deferral::search_tool`].
    pub fn search_tool(mut self, name: impl Into<String>) -> Self {
        self.search_tool = name.into();
        self
    }
    /// Sets [`Deferral::limit`].
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit.max(1);
        self
    }
    /// Sets [`Deferral::anthropic_native`].
    pub fn anthropic_native(mut self, on: bool) -> Self {
        self.anthropic_native = on;
        self
    }
}

impl Default for RegistryOptions {
    fn default() -> Self {
        RegistryOptions {
            prefix: PrefixPolicy::Always,
            description_prefix: false,
            max_result_chars: 20_000,
            openai_strict: false,
            filter: ToolFilter::default(),
            defer: None,
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
    /// Sets [`RegistryOptions::defer`].
    pub fn defer(mut self, deferral: Deferral) -> Self {
        self.defer = Some(deferral);
        self
    }
    /// Sets [`RegistryOptions::filter`].
    pub fn filter(mut self, filter: ToolFilter) -> Self {
        self.filter = filter;
        self
    }
}

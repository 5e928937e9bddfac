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

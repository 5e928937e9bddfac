//! What the config checks report of one entry (`config.rs`, `packages.rs`); `whole_config.rs`
//! turns each into a finding.

use super::rules::Rule;

/// One problem of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryProblem {
    /// The rule.
    pub rule: &'static Rule,
    /// Where in the entry (JSON Pointer in our keys: `/args/1`, `/env/GITHUB_TOKEN`).
    pub path: String,
    /// What is wrong and what to do.
    pub message: String,
    /// What can be shown: the package or URL, or the field and the value's length.
    pub excerpt: String,
}

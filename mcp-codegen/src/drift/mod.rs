//! Drift between two snapshots — the committed one and a newer one (from `diff`) or a live
//! server's (from `check`). The classifier for tools is the runtime's
//! [`mcp_runtime::schema::drift`], shared with generated clients' connect-time check; this
//! module adds the rules that only a whole snapshot has: the server's identity (`server.rs`)
//! its prompts, resources and templates (`catalog.rs`), its skills (`skills.rs`) and its
//! cache hints (`cache.rs`),
//! prints the result ([`render`]; Markdown in `markdown.rs`) and says the version bump that
//! bindings generated from the snapshot need ([`Bump`]).

mod cache;
mod catalog;
mod markdown;
mod render;
mod semver;
mod server;
mod skills;

use mcp_runtime::schema::drift::{self, Change, ToolSchemas};

pub use mcp_runtime::schema::drift::{Severity, Summary, max_severity};
pub use render::{Format, render};
pub use semver::Bump;

use crate::Snapshot;

/// Every change from `old` to `new`: the server's identity first, then its tools (classified
/// by [`mcp_runtime::schema::drift`]), then its prompts, resources and templates, its skills,
/// then its listings' cache hints.
pub fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let tools = |s: &Snapshot| {
        s.tools
            .iter()
            .filter_map(|t| ToolSchemas::from_json(&t.raw))
            .collect::<Vec<_>>()
    };
    let mut changes = server::compare(old, new);
    changes.extend(drift::diff(&tools(old), &tools(new)));
    changes.extend(catalog::compare(old, new));
    changes.extend(skills::compare(old, new));
    changes.extend(cache::compare(old, new));
    changes
}

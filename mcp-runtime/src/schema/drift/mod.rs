//! Schema drift: what changed between two versions of a server's tools, and whether it breaks
//! code generated from the old one.
//!
//! Modelled on `oasdiff` and `buf breaking`: input schemas are what we send (a request: the
//! server accepting less is breaking), output schemas are what we receive (a response: the
//! server sending more, or less reliably, is breaking). `$ref`s are resolved first, so moving a
//! shape into `$defs` or renaming a `$defs` entry is no change at all. One classifier serves
//! `mcp-codegen diff`/`check` and the guard that generated clients run when they connect.
//!
//! `change.rs` is the vocabulary (severities, changes, counts); `tool.rs` the rules for a
//! tool's own fields; `schema.rs` the rules inside its input and output schemas.

mod change;
mod schema;
mod tool;

use std::collections::{BTreeMap, BTreeSet};

pub use change::{Change, Severity, Summary, max_severity};
pub use tool::ToolSchemas;

/// Every change from `old` to `new`, sorted by tool and path.
pub fn diff(old: &[ToolSchemas], new: &[ToolSchemas]) -> Vec<Change> {
    let old_by_name: BTreeMap<&str, &ToolSchemas> =
        old.iter().map(|t| (t.name.as_str(), t)).collect();
    let new_by_name: BTreeMap<&str, &ToolSchemas> =
        new.iter().map(|t| (t.name.as_str(), t)).collect();
    let mut out = Vec::new();
    let names: BTreeSet<&str> = old_by_name
        .keys()
        .chain(new_by_name.keys())
        .copied()
        .collect();
    for name in names {
        match (old_by_name.get(name), new_by_name.get(name)) {
            (Some(_), None) => push(
                &mut out,
                name,
                "",
                "tool-removed",
                Severity::Breaking,
                format!("tool `{name}` was removed: calls to it fail"),
            ),
            (None, Some(_)) => push(
                &mut out,
                name,
                "",
                "tool-added",
                Severity::Compatible,
                format!("tool `{name}` was added"),
            ),
            (Some(old), Some(new)) => tool::tool(&mut out, old, new),
            (None, None) => {}
        }
    }
    out.sort_by(|a, b| (&a.tool, &a.path, a.kind).cmp(&(&b.tool, &b.path, b.kind)));
    out
}

pub(super) fn push(
    out: &mut Vec<Change>,
    tool: &str,
    path: &str,
    kind: &'static str,
    severity: Severity,
    message: String,
) {
    out.push(Change {
        tool: tool.to_string(),
        path: path.to_string(),
        kind,
        severity,
        message,
    });
}

//! Drift in the server's identity: its name, version and protocol revision. None of it changes
//! what a call sends or receives, so each is cosmetic.

use mcp_runtime::schema::drift::{Change, Severity};

use crate::Snapshot;
use crate::snapshot::ServerIdentity;

/// The server-level changes from `old` to `new`; a field missing on either side is no change.
pub(crate) fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let server_field =
        |s: &Snapshot, f: fn(&ServerIdentity) -> &String| s.server.as_ref().map(f).cloned();
    let mut changes = Vec::new();
    for (path, kind, a, b) in [
        (
            "/server/name",
            "server-name-changed",
            server_field(old, |s| &s.name),
            server_field(new, |s| &s.name),
        ),
        (
            "/server/version",
            "server-version-changed",
            server_field(old, |s| &s.version),
            server_field(new, |s| &s.version),
        ),
        (
            "/protocolVersion",
            "protocol-version-changed",
            old.protocol_version.clone(),
            new.protocol_version.clone(),
        ),
    ] {
        if let (Some(a), Some(b)) = (a, b)
            && a != b
        {
            changes.push(Change {
                tool: String::new(),
                path: path.to_string(),
                kind,
                severity: Severity::Cosmetic,
                message: format!("{} changed from {a} to {b}", &path[1..]),
            });
        }
    }
    changes
}

//! Drift in the server's identity — its name, version and protocol revision: none of it changes
//! what a call sends or receives, so each is cosmetic — and in its `instructions`, text a
//! model reads: any change to it, its first appearance included, is a security change.

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
    changes.extend(instructions(old, new));
    changes
}

/// The `instructions` rule. Added text is security too: nobody reviewed it. A snapshot taken
/// before snapshots kept instructions has none, so the message says how to record them.
fn instructions(old: &Snapshot, new: &Snapshot) -> Option<Change> {
    let message = match (&old.instructions, &new.instructions) {
        (a, b) if a == b => return None,
        (None, Some(_)) => "server instructions appeared (text the model reads; not in the snapshot, which may predate recording them): review them and re-take the snapshot".to_string(),
        (Some(_), None) => "server instructions were removed".to_string(),
        (Some(_), Some(_)) => {
            "server instructions changed: a model reads them (review and re-approve)".to_string()
        }
        (None, None) => return None,
    };
    Some(Change {
        tool: String::new(),
        path: "/instructions".to_string(),
        kind: "instructions-changed",
        severity: Severity::Security,
        message,
    })
}

//! Drift in the server's identity — its name, version and protocol revision: none of it changes
//! what a call sends or receives, so each is cosmetic — and in its `instructions`, text a
//! model reads: any change to it, its first appearance included, is a security change — and in
//! its capabilities (cosmetic).

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
    changes.extend(capabilities(old, new));
    changes
}

/// The capabilities rule: what the server offers (prompts, resources, subscriptions, tasks…)
/// changed, which no tool's call sees, so it is cosmetic; the snapshot should still be taken
/// again, since a pinned server's runtime opens its session on the recorded ones.
fn capabilities(old: &Snapshot, new: &Snapshot) -> Option<Change> {
    let (Some(a), Some(b)) = (&old.capabilities, &new.capabilities) else {
        return None;
    };
    (a != b).then(|| Change {
        tool: String::new(),
        path: "/capabilities".to_string(),
        kind: "capabilities-changed",
        severity: Severity::Cosmetic,
        message: format!("server capabilities changed from {a} to {b}"),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capabilities_are_kept_and_their_change_is_cosmetic_drift() {
        let raw = r#"{"protocolVersion": "2026-07-28", "capabilities": {"tools": {}},
                      "tools": [{"name": "a", "inputSchema": {"type": "object"}}]}"#;
        let old = crate::Snapshot::parse(raw, "old").unwrap();
        let text = old.to_json();
        assert!(
            text.contains("\"capabilities\": {\n    \"tools\": {}"),
            "{text}"
        );
        let mut new = crate::Snapshot::parse(&text, "new").unwrap();
        assert_eq!(new, old);
        new.capabilities = Some(serde_json::json!({"tools": {}, "prompts": {}}));
        let changes = compare(&old, &new);
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].kind, "capabilities-changed");
        assert_eq!(
            changes[0].severity,
            mcp_runtime::schema::drift::Severity::Cosmetic
        );
        // A snapshot taken before capabilities were recorded is no change.
        new.capabilities = None;
        assert!(compare(&old, &new).is_empty());
    }
}

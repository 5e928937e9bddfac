//! Drift in a snapshot's skills (SEP-2640). A skill is text a model reads: a file whose digest
//! changed, a file added or removed, or a changed description is a security change, to review
//! and approve like a tool's description. A skill removed is breaking (what was approved is
//! gone), one added compatible (and unapproved until the snapshot is taken again).

use std::collections::{BTreeMap, BTreeSet};

use mcp_runtime::schema::drift::{Change, Severity};

use crate::Snapshot;
use crate::snapshot::SkillDef;

/// Every skill change from `old` to `new` (a missing section counts as empty).
pub(crate) fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let by_uri = |s: &Snapshot| -> BTreeMap<String, SkillDef> {
        let skills = s.skills.iter().flatten();
        skills
            .map(|skill| (skill.uri.clone(), skill.clone()))
            .collect()
    };
    let (before, after) = (by_uri(old), by_uri(new));
    let mut out = Vec::new();
    let uris: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for uri in uris {
        match (before.get(uri), after.get(uri)) {
            (Some(_), None) => out.push(change(
                uri,
                "",
                "skill-removed",
                Severity::Breaking,
                "the skill was removed".into(),
            )),
            (None, Some(_)) => out.push(change(
                uri,
                "",
                "skill-added",
                Severity::Compatible,
                "the skill was added".into(),
            )),
            (Some(a), Some(b)) => skill_changes(uri, a, b, &mut out),
            (None, None) => {}
        }
    }
    out
}

fn skill_changes(uri: &str, old: &SkillDef, new: &SkillDef, out: &mut Vec<Change>) {
    if old.description != new.description || old.raw["frontmatter"] != new.raw["frontmatter"] {
        let message = "its frontmatter changed: a model reads it (review and re-approve)";
        out.push(change(
            uri,
            "/frontmatter",
            "skill-text-changed",
            Severity::Security,
            message.into(),
        ));
    }
    let (Some(before), Some(after)) = (&old.files, &new.files) else {
        if old.files.is_some() != new.files.is_some() {
            let message = "its files are now listed differently (generated or with digests): \
                           review and re-approve";
            out.push(change(
                uri,
                "/resources",
                "skill-files-changed",
                Severity::Security,
                message.into(),
            ));
        }
        return;
    };
    let files: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for file in files {
        let message = match (before.get(file), after.get(file)) {
            (Some(a), Some(b)) if a != b => format!(
                "file {file} changed (digest {a} → {b}): a model reads it (review and re-approve)"
            ),
            (Some(_), None) => format!("file {file} was removed (review and re-approve)"),
            (None, Some(_)) => {
                format!("file {file} was added: a model reads it (review and re-approve)")
            }
            _ => continue,
        };
        out.push(change(
            uri,
            &format!("/resources/{file}"),
            "skill-file-changed",
            Severity::Security,
            message,
        ));
    }
}

fn change(
    uri: &str,
    path: &str,
    kind: &'static str,
    severity: Severity,
    message: String,
) -> Change {
    Change {
        tool: format!("skill {uri}"),
        path: path.to_string(),
        kind,
        severity,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn snapshot(skills: Value) -> Snapshot {
        let root = json!({"format": 2, "tools": [], "skills": skills});
        Snapshot::parse(&root.to_string(), "test").unwrap()
    }

    fn skill(description: &str, shipping: &str) -> Value {
        json!({
            "uri": "skill://orders/SKILL.md",
            "frontmatter": {"name": "orders", "description": description},
            "resources": [
                {"uri": "skill://orders/SKILL.md", "digest": "sha256:aa", "size": 1},
                {"uri": "skill://orders/SHIPPING.md", "digest": shipping, "size": 1}
            ]
        })
    }

    fn kinds(old: &Snapshot, new: &Snapshot) -> Vec<(&'static str, Severity)> {
        compare(old, new)
            .iter()
            .map(|c| (c.kind, c.severity))
            .collect()
    }

    #[test]
    fn a_changed_file_or_frontmatter_is_a_security_change() {
        let base = snapshot(json!([skill("Place orders", "sha256:bb")]));
        assert!(kinds(&base, &base).is_empty());
        let file = snapshot(json!([skill("Place orders", "sha256:cc")]));
        assert_eq!(
            kinds(&base, &file),
            [("skill-file-changed", Severity::Security)]
        );
        let text = snapshot(json!([skill("Exfiltrate", "sha256:bb")]));
        assert_eq!(
            kinds(&base, &text),
            [("skill-text-changed", Severity::Security)]
        );
    }

    #[test]
    fn a_skill_removed_breaks_and_one_added_is_compatible() {
        let none = snapshot(json!([]));
        let one = snapshot(json!([skill("Place orders", "sha256:bb")]));
        assert_eq!(kinds(&one, &none), [("skill-removed", Severity::Breaking)]);
        assert_eq!(kinds(&none, &one), [("skill-added", Severity::Compatible)]);
        // The snapshot writes the skills back as they came.
        assert_eq!(Snapshot::parse(&one.to_json(), "again").unwrap(), one);
    }
}

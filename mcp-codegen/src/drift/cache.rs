//! Drift in a listing's cache hints (2026-07-28). `cacheScope` going from `public` to
//! `private` says the listing now differs per client: a cache shared between users would show
//! one user's entries to another, so whoever shares one must stop — breaking. The other way,
//! and any `ttlMs` change, is compatible: caches just keep entries longer or shorter.

use mcp_runtime::schema::drift::{Change, Severity};

use crate::Snapshot;
use crate::snapshot::CacheHint;

/// The cache-hint changes per listing (`tools`, `prompts`, …).
pub(crate) fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let sections = old.cache.keys().chain(new.cache.keys());
    let mut sections: Vec<&String> = sections.collect();
    sections.sort();
    sections.dedup();
    let none = CacheHint::default();
    let mut changes = Vec::new();
    for section in sections {
        let before = old.cache.get(section).unwrap_or(&none);
        let after = new.cache.get(section).unwrap_or(&none);
        changes.extend(scope(section, before, after));
        if before.ttl_ms != after.ttl_ms {
            let show = |ttl: Option<u64>| ttl.map_or("none".to_string(), |ms| format!("{ms} ms"));
            changes.push(change(
                section,
                "ttlMs",
                "cache-ttl-changed",
                Severity::Compatible,
                format!(
                    "`{section}` may be cached for {} instead of {}",
                    show(after.ttl_ms),
                    show(before.ttl_ms)
                ),
            ));
        }
    }
    changes
}

fn scope(section: &str, before: &CacheHint, after: &CacheHint) -> Option<Change> {
    let (old, new) = (before.scope.as_deref(), after.scope.as_deref());
    if old == new {
        return None;
    }
    // No scope said is `private`, the spec's default.
    let private = |scope: Option<&str>| scope != Some("public");
    let severity = if !private(old) && private(new) {
        Severity::Breaking
    } else {
        Severity::Compatible
    };
    let message = match severity {
        Severity::Breaking => format!(
            "`{section}` is now private to each client (cacheScope `public` → `private`): a cache shared between users must stop sharing it"
        ),
        _ => format!("`{section}` cacheScope changed from {old:?} to {new:?}"),
    };
    Some(change(
        section,
        "cacheScope",
        "cache-scope-changed",
        severity,
        message,
    ))
}

fn change(
    section: &str,
    field: &str,
    kind: &'static str,
    severity: Severity,
    message: String,
) -> Change {
    Change {
        tool: String::new(),
        path: format!("/cache/{section}/{field}"),
        kind,
        severity,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(cache: &str) -> Snapshot {
        let text = format!(r#"{{"tools": [], "cache": {cache}}}"#);
        Snapshot::from_value(serde_json::from_str(&text).unwrap(), "test").unwrap()
    }

    fn kinds(old: &str, new: &str) -> Vec<(&'static str, Severity)> {
        compare(&snapshot(old), &snapshot(new))
            .iter()
            .map(|c| (c.kind, c.severity))
            .collect()
    }

    #[test]
    fn public_to_private_is_breaking_and_the_rest_compatible() {
        let public = r#"{"tools": {"cacheScope": "public", "ttlMs": 1000}}"#;
        let private = r#"{"tools": {"cacheScope": "private", "ttlMs": 1000}}"#;
        assert_eq!(
            kinds(public, private),
            [("cache-scope-changed", Severity::Breaking)]
        );
        assert_eq!(
            kinds(private, public),
            [("cache-scope-changed", Severity::Compatible)]
        );
        assert_eq!(
            kinds(public, "{}"),
            [
                ("cache-scope-changed", Severity::Breaking),
                ("cache-ttl-changed", Severity::Compatible)
            ]
        );
        let longer = r#"{"tools": {"cacheScope": "public", "ttlMs": 5000}}"#;
        assert_eq!(
            kinds(public, longer),
            [("cache-ttl-changed", Severity::Compatible)]
        );
        assert!(kinds(public, public).is_empty());
    }
}

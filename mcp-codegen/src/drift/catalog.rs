//! Drift in what a snapshot holds besides tools. A prompt or template removed, a prompt
//! argument removed or newly required, or a template whose variables changed breaks callers:
//! breaking. Something added (an optional argument, a prompt, a template, a resource):
//! compatible. Descriptions and titles, which a model reads: security. Names and MIME types:
//! cosmetic. A removed static resource
//! is breaking too: its generated constant would name a URI the server no longer serves.

use std::collections::BTreeMap;

use mcp_runtime::schema::drift::{Change, Severity};

use crate::Snapshot;
use crate::snapshot::catalog::{PromptDef, ResourceDef, TemplateDef};

/// Every prompt, resource and template change from `old` to `new` (a missing section counts
/// as empty). A section `new` failed to list is not compared: what it holds now is unknown.
/// One `old` failed to list holds nothing approved, so what `new` lists there is added.
pub(crate) fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    fn prompt(p: &PromptDef) -> &String {
        &p.name
    }
    fn template(t: &TemplateDef) -> &String {
        &t.name
    }
    fn resource(r: &ResourceDef) -> &String {
        &r.uri
    }
    let listed = |section: &str| !new.unlisted.contains_key(section);
    let mut changes = Vec::new();
    if listed("prompts") {
        let before = by_key(old.prompts.as_deref(), prompt);
        let after = by_key(new.prompts.as_deref(), prompt);
        diff_keyed(&before, &after, &PROMPTS, &mut changes, prompt_changes);
    }
    if listed("resourceTemplates") {
        let before = by_key(old.resource_templates.as_deref(), template);
        let after = by_key(new.resource_templates.as_deref(), template);
        diff_keyed(&before, &after, &TEMPLATES, &mut changes, template_changes);
    }
    if listed("resources") {
        let before = by_key(old.resources.as_deref(), resource);
        let after = by_key(new.resources.as_deref(), resource);
        diff_keyed(&before, &after, &RESOURCES, &mut changes, resource_changes);
    }
    changes
}

fn by_key<T>(items: Option<&[T]>, key: fn(&T) -> &String) -> BTreeMap<&str, &T> {
    items
        .unwrap_or_default()
        .iter()
        .map(|item| (key(item).as_str(), item))
        .collect()
}

fn change(
    subject: String,
    path: String,
    kind: &'static str,
    severity: Severity,
    message: String,
) -> Change {
    Change {
        tool: subject,
        path,
        kind,
        severity,
        message,
    }
}

/// A section of the snapshot: what its entries are called, and the kinds of their removal
/// and addition.
struct Section {
    what: &'static str,
    removed: &'static str,
    added: &'static str,
}

const PROMPTS: Section = Section {
    what: "prompt",
    removed: "prompt-removed",
    added: "prompt-added",
};
const TEMPLATES: Section = Section {
    what: "template",
    removed: "template-removed",
    added: "template-added",
};
const RESOURCES: Section = Section {
    what: "resource",
    removed: "resource-removed",
    added: "resource-added",
};

/// Removed (breaking), added (compatible), and `inner` for entries on both sides.
fn diff_keyed<T>(
    old: &BTreeMap<&str, &T>,
    new: &BTreeMap<&str, &T>,
    section: &Section,
    out: &mut Vec<Change>,
    inner: fn(&str, &T, &T, &mut Vec<Change>),
) {
    let Section {
        what,
        removed,
        added,
    } = *section;
    for key in old.keys().filter(|k| !new.contains_key(*k)) {
        let message = format!("{what} `{key}` was removed");
        out.push(change(
            subject(what, key),
            String::new(),
            removed,
            Severity::Breaking,
            message,
        ));
    }
    for key in new.keys().filter(|k| !old.contains_key(*k)) {
        let message = format!("{what} `{key}` was added");
        out.push(change(
            subject(what, key),
            String::new(),
            added,
            Severity::Compatible,
            message,
        ));
    }
    for (key, before) in old {
        if let Some(after) = new.get(key) {
            inner(key, before, after, out);
        }
    }
}

fn subject(what: &str, key: &str) -> String {
    format!("{what} {key}")
}

/// A change of an optional text field, if it changed: a description or title is text a
/// model reads (security), a name or MIME type cosmetic.
fn text_field(
    subject: String,
    field: &str,
    a: &Option<String>,
    b: &Option<String>,
    out: &mut Vec<Change>,
) {
    if a != b {
        let read_by_models = field.ends_with("description") || field.ends_with("title");
        let (severity, message) = match read_by_models {
            true => (
                Severity::Security,
                format!("{field} changed: a model reads it (review and re-approve)"),
            ),
            false => (Severity::Cosmetic, format!("{field} changed")),
        };
        out.push(change(
            subject,
            format!("/{field}"),
            "text-changed",
            severity,
            message,
        ));
    }
}

fn prompt_changes(name: &str, old: &PromptDef, new: &PromptDef, out: &mut Vec<Change>) {
    let who = || subject("prompt", name);
    text_field(
        who(),
        "description",
        &old.description,
        &new.description,
        out,
    );
    for arg in &old.arguments {
        let path = format!("/arguments/{}", arg.name);
        match new.arguments.iter().find(|a| a.name == arg.name) {
            None => out.push(change(
                who(),
                path,
                "prompt-argument-removed",
                Severity::Breaking,
                format!("argument `{}` was removed", arg.name),
            )),
            Some(now) if now.required && !arg.required => out.push(change(
                who(),
                path,
                "prompt-argument-now-required",
                Severity::Breaking,
                format!("argument `{}` is now required", arg.name),
            )),
            Some(now) if !now.required && arg.required => out.push(change(
                who(),
                path,
                "prompt-argument-now-optional",
                Severity::Compatible,
                format!("argument `{}` is now optional", arg.name),
            )),
            Some(now) => text_field(
                who(),
                &format!("arguments/{}/description", arg.name),
                &arg.description,
                &now.description,
                out,
            ),
        }
    }
    for arg in new
        .arguments
        .iter()
        .filter(|a| !old.arguments.iter().any(|o| o.name == a.name))
    {
        let path = format!("/arguments/{}", arg.name);
        let (kind, severity, how) = match arg.required {
            true => (
                "prompt-argument-added-required",
                Severity::Breaking,
                "required",
            ),
            false => (
                "prompt-argument-added-optional",
                Severity::Compatible,
                "optional",
            ),
        };
        out.push(change(
            who(),
            path,
            kind,
            severity,
            format!("{how} argument `{}` was added", arg.name),
        ));
    }
}

fn template_changes(name: &str, old: &TemplateDef, new: &TemplateDef, out: &mut Vec<Change>) {
    let who = || subject("template", name);
    text_field(
        who(),
        "description",
        &old.description,
        &new.description,
        out,
    );
    text_field(who(), "mimeType", &old.mime_type, &new.mime_type, out);
    if old.uri_template != new.uri_template {
        let vars = mcp_runtime::uri_template::variables;
        let (kind, severity) = match vars(&old.uri_template) == vars(&new.uri_template) {
            true => ("template-uri-changed", Severity::Compatible),
            false => ("template-variables-changed", Severity::Breaking),
        };
        let message = format!(
            "URI template changed from `{}` to `{}`",
            old.uri_template, new.uri_template
        );
        out.push(change(
            who(),
            "/uriTemplate".into(),
            kind,
            severity,
            message,
        ));
    }
}

fn resource_changes(uri: &str, old: &ResourceDef, new: &ResourceDef, out: &mut Vec<Change>) {
    let who = || subject("resource", uri);
    text_field(
        who(),
        "description",
        &old.description,
        &new.description,
        out,
    );
    text_field(who(), "mimeType", &old.mime_type, &new.mime_type, out);
    let (a, b) = (Some(old.name.clone()), Some(new.name.clone()));
    text_field(who(), "name", &a, &b, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(extra: &str) -> Snapshot {
        Snapshot::parse(&format!(r#"{{"tools": [], {extra}}}"#), "t").unwrap()
    }

    fn kinds(old: &str, new: &str) -> Vec<(&'static str, Severity)> {
        compare(&snap(old), &snap(new))
            .into_iter()
            .map(|c| (c.kind, c.severity))
            .collect()
    }

    #[test]
    fn prompt_and_template_drift_is_classified() {
        let base = r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}],
                      "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}],
                      "resources": [{"uri": "x://r", "name": "r"}]"#;
        assert!(kinds(base, base).is_empty());
        let cases = [
            (
                r#""prompts": [], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("prompt-removed", Severity::Breaking),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}, {"name": "c", "required": true}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("prompt-argument-added-required", Severity::Breaking),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}, {"name": "c"}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("prompt-argument-added-optional", Severity::Compatible),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("prompt-argument-removed", Severity::Breaking),
            ),
            (
                r#""prompts": [{"name": "p", "description": "new", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("text-changed", Severity::Security),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}], "resourceTemplates": [], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("template-removed", Severity::Breaking),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}/{rev}"}], "resources": [{"uri": "x://r", "name": "r"}]"#,
                ("template-variables-changed", Severity::Breaking),
            ),
            (
                r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}, {"name": "u", "uriTemplate": "y://{id}"}], "resources": [{"uri": "x://r", "name": "r"}, {"uri": "x://s", "name": "s"}]"#,
                ("template-added", Severity::Compatible),
            ),
        ];
        for (new, want) in cases {
            let got = kinds(base, new);
            assert_eq!(got.first(), Some(&want), "{new}: {got:?}");
        }
        let added = kinds(
            base,
            r#""prompts": [{"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "b"}]}, {"name": "q"}], "resourceTemplates": [{"name": "t", "uriTemplate": "x://{id}"}], "resources": [{"uri": "x://r", "name": "r"}, {"uri": "x://s"}]"#,
        );
        assert_eq!(
            added,
            [
                ("prompt-added", Severity::Compatible),
                ("resource-added", Severity::Compatible)
            ]
        );
    }

    #[test]
    fn a_section_the_newer_side_failed_to_list_is_not_compared() {
        let old = r#""resources": [{"uri": "x://r", "name": "r"}], "prompts": [{"name": "p"}]"#;
        let new = r#""prompts": [], "unlisted": {"resources": "JSON-RPC error -32603"}"#;
        assert_eq!(kinds(old, new), [("prompt-removed", Severity::Breaking)]);
        let added = [
            ("prompt-added", Severity::Compatible),
            ("resource-added", Severity::Compatible),
        ];
        assert_eq!(
            kinds(new, old),
            added,
            "listed at last, the resources are new"
        );
    }
}

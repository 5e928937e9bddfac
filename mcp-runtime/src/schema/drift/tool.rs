//! A tool's own fields: title, description and annotations (cosmetic), then its input and
//! output schemas through `schema.rs`.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::schema::{Ctx, Dir};
use super::{Change, Severity, push};
use crate::schema::resolve_refs;

/// What the classifier reads of one tool.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolSchemas {
    /// The tool's name.
    pub name: String,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `inputSchema`.
    pub input_schema: Value,
    /// `outputSchema`.
    pub output_schema: Option<Value>,
    /// `annotations`.
    pub annotations: Option<Value>,
    /// `execution` (`taskSupport`: `forbidden`, the default, `optional` or `required`).
    pub execution: Option<Value>,
    /// `icons`.
    pub icons: Option<Value>,
}

impl ToolSchemas {
    /// Reads a Tool object (as in `tools/list` or a snapshot); `None` without a `name`.
    pub fn from_json(tool: &Value) -> Option<ToolSchemas> {
        let text = |key: &str| tool.get(key).and_then(Value::as_str).map(str::to_string);
        Some(ToolSchemas {
            name: text("name")?,
            title: text("title"),
            description: text("description"),
            input_schema: tool
                .get("inputSchema")
                .cloned()
                .unwrap_or_else(|| Value::Object(Map::new())),
            output_schema: tool.get("outputSchema").filter(|v| !v.is_null()).cloned(),
            annotations: tool.get("annotations").filter(|v| !v.is_null()).cloned(),
            execution: tool.get("execution").filter(|v| !v.is_null()).cloned(),
            icons: tool.get("icons").filter(|v| !v.is_null()).cloned(),
        })
    }

    /// `execution.taskSupport`, `forbidden` when absent (the spec's default).
    fn task_support(&self) -> &str {
        let support = self.execution.as_ref().and_then(|e| e.get("taskSupport"));
        support.and_then(Value::as_str).unwrap_or("forbidden")
    }
}

pub(super) fn tool(out: &mut Vec<Change>, old: &ToolSchemas, new: &ToolSchemas) {
    let name = old.name.as_str();
    // What a model reads of the tool: a change is re-approved by a person.
    let texts = [
        (
            "/title",
            "tool-title-changed",
            "title",
            old.title != new.title,
        ),
        (
            "/description",
            "tool-description-changed",
            "description",
            old.description != new.description,
        ),
        (
            "/icons",
            "tool-icons-changed",
            "icons",
            old.icons != new.icons,
        ),
    ];
    for (path, kind, what, changed) in texts {
        if changed {
            let message =
                format!("the tool's {what} changed: a model reads it (review and re-approve)");
            push(out, name, path, kind, Severity::Security, message);
        }
    }
    annotations(out, old, new);
    task_support(out, old, new);
    let mut ctx = Ctx {
        tool: name,
        dir: Dir::Input,
        out,
    };
    ctx.schema(
        "/inputSchema",
        &resolve_refs(&old.input_schema),
        &resolve_refs(&new.input_schema),
    );
    output_schema(
        &mut ctx,
        old.output_schema.as_ref(),
        new.output_schema.as_ref(),
    );
}

/// The behaviour hints, with the spec's defaults for absent ones, and whether `true` is the
/// side that lets the tool do more.
const HINTS: &[(&str, bool, bool)] = &[
    ("readOnlyHint", false, false),
    ("destructiveHint", true, true),
    ("idempotentHint", false, false),
    ("openWorldHint", true, true),
];

/// A hint that now lets the tool do more than was approved (read-only no more, destructive,
/// not idempotent, open world) is security; one that narrows is compatible; the annotation
/// `title` is text a model reads (security); the rest cosmetic.
fn annotations(out: &mut Vec<Change>, old: &ToolSchemas, new: &ToolSchemas) {
    let empty = Map::new();
    let of = |t: &'_ ToolSchemas| -> Map<String, Value> {
        t.annotations
            .as_ref()
            .and_then(Value::as_object)
            .unwrap_or(&empty)
            .clone()
    };
    let (old_ann, new_ann) = (of(old), of(new));
    for key in old_ann
        .keys()
        .chain(new_ann.keys())
        .collect::<BTreeSet<_>>()
    {
        let (before, after) = (old_ann.get(key), new_ann.get(key));
        if before == after {
            continue;
        }
        let (severity, message) = annotation(key, before, after);
        push(
            out,
            &old.name,
            &format!("/annotations/{key}"),
            "annotation-changed",
            severity,
            message,
        );
    }
}

fn annotation(key: &str, before: Option<&Value>, after: Option<&Value>) -> (Severity, String) {
    if key == "title" {
        return (
            Severity::Security,
            "annotation `title` changed: a model reads it".into(),
        );
    }
    let Some((_, default, wider)) = HINTS.iter().find(|(hint, _, _)| *hint == key) else {
        return (Severity::Cosmetic, format!("annotation `{key}` changed"));
    };
    let value = |v: Option<&Value>| v.and_then(Value::as_bool).unwrap_or(*default);
    let (was, is) = (value(before), value(after));
    match (was == is, is == *wider) {
        (true, _) => (
            Severity::Cosmetic,
            format!("annotation `{key}` is stated differently ({was} either way)"),
        ),
        (false, true) => (
            Severity::Security,
            format!("`{key}` went from {was} to {is}: the tool may now do more than was approved"),
        ),
        (false, false) => (
            Severity::Compatible,
            format!("`{key}` went from {was} to {is}: the tool now promises more"),
        ),
    }
}

/// `execution.taskSupport`: a call that was allowed one way (plain, or as a task) and is no
/// longer fails; a way newly allowed is compatible.
fn task_support(out: &mut Vec<Change>, old: &ToolSchemas, new: &ToolSchemas) {
    let (before, after) = (old.task_support(), new.task_support());
    if before == after {
        return;
    }
    let plain = |s: &str| s != "required";
    let as_task = |s: &str| s == "optional" || s == "required";
    let (kind, severity, why) = if as_task(before) && !as_task(after) {
        (
            "task-support-removed",
            Severity::Breaking,
            "callers that run it as a task now fail",
        )
    } else if plain(before) && !plain(after) {
        (
            "task-support-required",
            Severity::Breaking,
            "plain calls now fail: it runs only as a task",
        )
    } else {
        (
            "task-support-widened",
            Severity::Compatible,
            "it now also runs the other way",
        )
    };
    push(
        out,
        &old.name,
        "/execution/taskSupport",
        kind,
        severity,
        format!("task support changed from `{before}` to `{after}`: {why}"),
    );
}

fn output_schema(ctx: &mut Ctx<'_>, old: Option<&Value>, new: Option<&Value>) {
    let is_object = |s: &Value| match s.get("type") {
        Some(Value::Array(kinds)) => kinds.iter().any(|k| k == "object"),
        Some(kind) => kind == "object",
        None => true,
    };
    match (old, new) {
        (Some(_), None) => ctx.push(
            "/outputSchema",
            "output-schema-removed",
            Severity::Breaking,
            "the outputSchema was removed: results are no longer structured".into(),
        ),
        (None, Some(_)) => ctx.push(
            "/outputSchema",
            "output-schema-added",
            Severity::Compatible,
            "an outputSchema was added".into(),
        ),
        // 2026-07-28 lets structured results be any JSON value; code that decodes an object
        // cannot decode an array or a string, nor the other way round.
        (Some(o), Some(n)) if is_object(o) != is_object(n) => ctx.push(
            "/outputSchema/type",
            "output-schema-kind-changed",
            Severity::Breaking,
            format!(
                "the structured result is now {}, not {}",
                kind_of(n),
                kind_of(o)
            ),
        ),
        (Some(o), Some(n)) => {
            ctx.dir = Dir::Output;
            ctx.schema("/outputSchema", &resolve_refs(o), &resolve_refs(n));
        }
        (None, None) => {}
    }
}

fn kind_of(schema: &Value) -> String {
    match schema.get("type") {
        Some(Value::String(kind)) => format!("`{kind}`"),
        Some(other) => format!("`{other}`"),
        None => "an object".into(),
    }
}

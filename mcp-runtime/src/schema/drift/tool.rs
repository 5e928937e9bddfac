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
        })
    }
}

pub(super) fn tool(out: &mut Vec<Change>, old: &ToolSchemas, new: &ToolSchemas) {
    let name = old.name.as_str();
    if old.title != new.title {
        push(
            out,
            name,
            "/title",
            "tool-title-changed",
            Severity::Cosmetic,
            "the tool's title changed".into(),
        );
    }
    if old.description != new.description {
        push(
            out,
            name,
            "/description",
            "tool-description-changed",
            Severity::Cosmetic,
            "the tool's description changed".into(),
        );
    }
    let empty = Map::new();
    let old_ann = old
        .annotations
        .as_ref()
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let new_ann = new
        .annotations
        .as_ref()
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    for key in old_ann
        .keys()
        .chain(new_ann.keys())
        .collect::<BTreeSet<_>>()
    {
        if old_ann.get(key) != new_ann.get(key) {
            push(
                out,
                name,
                &format!("/annotations/{key}"),
                "annotation-changed",
                Severity::Cosmetic,
                format!("annotation `{key}` changed"),
            );
        }
    }
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
    match (&old.output_schema, &new.output_schema) {
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
        (Some(o), Some(n)) => {
            ctx.dir = Dir::Output;
            ctx.schema("/outputSchema", &resolve_refs(o), &resolve_refs(n));
        }
        (None, None) => {}
    }
}

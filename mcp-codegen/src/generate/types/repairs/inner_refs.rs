//! `$ref`s that point into the schema somewhere other than a definition —
//! `#/properties/filters/properties/$and/items/properties/workspaceId`, as schemas generated
//! from Zod or OpenAPI reuse a shape where it first appeared. typify resolves references to
//! `$defs` entries only, and panics on any other: each such target is copied into `$defs`
//! (named after its last segment) and its references point there instead.

use std::collections::BTreeMap;

use mcp_runtime::__private::pointer::escape;
use serde_json::{Map, Value};

use super::refs::rewrite_refs;
use crate::generate::text::names::{Namer, pascal};

/// Moves every in-document reference target that is not a `$defs` entry onto one, leaving a
/// reference (and the description) where it was: one type, however often it is used. The
/// deepest targets move first, so a target's path still leads to it when its turn comes.
pub(crate) fn hoist_inner_refs(schema: &mut Value) {
    let mut targets = BTreeMap::new();
    collect(schema, &mut targets);
    if targets.is_empty() || !schema.is_object() {
        return;
    }
    let mut namer = Namer::taking(defs(schema).keys().cloned());
    let mut pointers: Vec<String> = targets.into_keys().collect();
    pointers.sort_by_key(|p| std::cmp::Reverse(p.matches('/').count()));
    for reference in pointers {
        let Some(spot) = pointer_of(&reference).and_then(|p| schema.pointer_mut(&p)) else {
            continue; // A missing target stays: the fallback names it.
        };
        let name = fresh_name(&reference, &mut namer);
        let to = format!("#/$defs/{}", escape(&name));
        let mut left = Map::new();
        left.insert("$ref".into(), Value::from(to.clone()));
        if let Some(description) = spot.get("description").cloned() {
            left.insert("description".into(), description);
        }
        let target = std::mem::replace(spot, Value::Object(left));
        defs(schema).insert(name, target);
        rewrite_refs(schema, &|r| (r == reference).then(|| to.clone()));
    }
}

/// The in-document references that do not name a `$defs` (or `definitions`) entry whole.
fn collect(value: &Value, out: &mut BTreeMap<String, ()>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref")
                && r.starts_with("#/")
                && !is_def(r)
            {
                out.insert(r.clone(), ());
            }
            map.values().for_each(|v| collect(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        _ => {}
    }
}

fn is_def(reference: &str) -> bool {
    ["#/$defs/", "#/definitions/"].iter().any(|prefix| {
        reference
            .strip_prefix(prefix)
            .is_some_and(|name| !name.is_empty() && !name.contains('/'))
    })
}

/// The JSON pointer of a `#/…` fragment (percent-decoded).
fn pointer_of(reference: &str) -> Option<String> {
    percent_decode(reference.strip_prefix('#')?)
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Pointer segments that are schema structure, not names.
const STRUCTURE: &[&str] = &[
    "#",
    "properties",
    "items",
    "prefixItems",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "allOf",
    "$defs",
    "definitions",
];

/// A `$defs` name for the target: its last named segment in PascalCase, numbered when taken.
fn fresh_name(pointer: &str, namer: &mut Namer) -> String {
    let pointer = percent_decode(pointer).unwrap_or_else(|| pointer.to_string());
    let last = pointer
        .rsplit('/')
        .find(|s| !s.is_empty() && s.parse::<usize>().is_err() && !STRUCTURE.contains(s))
        .unwrap_or("Shared");
    let base = match pascal(&last.replace("~1", "/").replace("~0", "~")) {
        name if name.is_empty() => "Shared".into(),
        name => name,
    };
    namer.unique_type(base)
}

fn defs(schema: &mut Value) -> &mut Map<String, Value> {
    let map = schema.as_object_mut().expect("checked: an object");
    let defs = map
        .entry("$defs")
        .or_insert_with(|| Value::Object(Map::new()));
    if !defs.is_object() {
        *defs = Value::Object(Map::new());
    }
    defs.as_object_mut().expect("just made an object")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_reference_into_a_property_becomes_a_definition() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "filters": {"type": "object", "properties": {
                    "$and": {"type": "array", "items": {"type": "object", "properties": {
                        "workspaceId": {"type": "string"}}}},
                    "$or": {"type": "array", "items": {"type": "object", "properties": {
                        "workspaceId": {"$ref": "#/properties/filters/properties/$and/items/properties/workspaceId"}}}}
                }}
            }
        });
        hoist_inner_refs(&mut schema);
        assert_eq!(schema["$defs"]["WorkspaceId"], json!({"type": "string"}));
        let filters = &schema["properties"]["filters"]["properties"];
        for list in ["$and", "$or"] {
            assert_eq!(
                filters[list]["items"]["properties"]["workspaceId"]["$ref"],
                "#/$defs/WorkspaceId"
            );
        }
    }

    #[test]
    fn a_reference_to_an_ancestor_becomes_a_recursive_definition() {
        let mut schema = json!({
            "type": "object",
            "properties": {"node": {"type": "object", "properties": {
                "children": {"type": "array", "items": {"$ref": "#/properties/node"}}}}}
        });
        hoist_inner_refs(&mut schema);
        assert_eq!(
            schema["$defs"]["Node"]["properties"]["children"]["items"]["$ref"],
            "#/$defs/Node"
        );
        assert_eq!(schema["properties"]["node"]["$ref"], "#/$defs/Node");
    }

    #[test]
    fn definitions_and_missing_targets_are_left_alone() {
        let mut schema = json!({
            "$defs": {"A": {"type": "string"}},
            "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/properties/nowhere"}}
        });
        let before = schema.clone();
        hoist_inner_refs(&mut schema);
        assert_eq!(schema, before);
    }

    #[test]
    fn names_are_fresh_and_escaped_segments_decoded() {
        let mut namer = Namer::taking(["WorkspaceId".to_string()]);
        assert_eq!(
            fresh_name("#/properties/workspaceId", &mut namer),
            "WorkspaceId2"
        );
        assert_eq!(
            fresh_name("#/properties/a~1b/items/0", &mut Namer::default()),
            "AB"
        );
        assert_eq!(percent_decode("/a%24b").as_deref(), Some("/a$b"));
        assert_eq!(
            fresh_name("#/properties/%24and/items", &mut Namer::default()),
            "And"
        );
    }
}

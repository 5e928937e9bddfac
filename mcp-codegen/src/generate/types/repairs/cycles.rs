//! `allOf` members that contain their own `allOf` again (`N = {allOf: [{…}, {$ref: N}]}`,
//! directly, through `oneOf`/`anyOf`/`allOf`, through a property that two members both
//! define, or through other definitions or the root). typify merges `allOf` members eagerly,
//! resolving `$ref`s on the way, and would recurse without end — a stack overflow, which no
//! `catch_unwind` contains. Such a member is cut (replaced by `{}`), with a note. Recursion
//! that a merge does not enter (a property only one member has, array items, plain `anyOf`
//! outside `allOf`) is untouched: typify boxes it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use mcp_runtime::__private::pointer::escape;

const ROOT: &str = "#";

/// Cuts every `allOf` member whose `$ref` leads back to the schema that holds the `allOf`.
pub(crate) fn cut_all_of_cycles(schema: &mut Value, notes: &mut Vec<String>) {
    let Value::Object(root) = schema else { return };
    let edges = edges(root);
    let mut cut = BTreeSet::new();
    let mut defs = root.remove("$defs");
    if let Some(Value::Object(defs)) = &mut defs {
        for (name, def) in defs.iter_mut() {
            cut_in(def, &def_ref(name), &edges, &mut cut);
        }
    }
    cut_in(schema, ROOT, &edges, &mut cut);
    if let (Value::Object(root), Some(defs)) = (schema, defs) {
        root.insert("$defs".into(), defs);
    }
    for (unit, target) in cut {
        notes.push(format!(
            "an `allOf` in `{unit}` includes `{target}`, which contains it again; that member is not typed"
        ));
    }
}

/// Per unit (the root `#`, each `#/$defs/NAME`), the units its refs point at.
fn edges(root: &Map<String, Value>) -> BTreeMap<String, BTreeSet<String>> {
    let mut defs: Vec<(String, &Value)> = Vec::new();
    if let Some(Value::Object(map)) = root.get("$defs") {
        defs.extend(map.iter().map(|(name, v)| (def_ref(name), v)));
    }
    let mut edges = BTreeMap::new();
    let mut root_refs = BTreeSet::new();
    for (key, value) in root {
        if key != "$defs" {
            refs(value, &mut root_refs);
        }
    }
    edges.insert(ROOT.to_string(), root_refs);
    for (unit, value) in defs {
        let mut found = BTreeSet::new();
        refs(value, &mut found);
        edges.insert(unit, found);
    }
    edges
}

fn def_ref(name: &str) -> String {
    format!("#/$defs/{}", escape(name))
}

fn refs(value: &Value, into: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                into.insert(r.clone());
            }
            map.values().for_each(|v| refs(v, into));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, into)),
        _ => {}
    }
}

/// Whether `unit` can be reached from `start` (itself included).
fn reaches(start: &str, unit: &str, edges: &BTreeMap<String, BTreeSet<String>>) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![start.to_string()];
    while let Some(next) = stack.pop() {
        if next == unit {
            return true;
        }
        if seen.insert(next.clone())
            && let Some(targets) = edges.get(&next)
        {
            stack.extend(targets.iter().cloned());
        }
    }
    false
}

fn cut_in(
    value: &mut Value,
    unit: &str,
    edges: &BTreeMap<String, BTreeSet<String>>,
    cut: &mut BTreeSet<(String, String)>,
) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(members)) = map.get_mut("allOf") {
                let shared = shared_keys(members);
                for member in members.iter_mut() {
                    let mut merged = BTreeSet::new();
                    merge_refs(member, &shared, &mut merged);
                    if let Some(target) = merged.into_iter().find(|t| reaches(t, unit, edges)) {
                        *member = Value::Object(Map::new());
                        cut.insert((unit.to_string(), target));
                    }
                }
            }
            map.values_mut().for_each(|v| cut_in(v, unit, edges, cut));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| cut_in(v, unit, edges, cut)),
        _ => {}
    }
}

/// Keys (`properties/NAME`, `items`, `additionalProperties`) that more than one member
/// defines: merging the members merges those schemas too.
fn shared_keys(members: &[Value]) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for member in members {
        for key in member_keys(member) {
            *seen.entry(key).or_default() += 1;
        }
    }
    seen.into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(k, _)| k)
        .collect()
}

fn member_keys(member: &Value) -> Vec<String> {
    let mut keys: Vec<String> = member
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(|k| format!("properties/{k}")).collect())
        .unwrap_or_default();
    for key in ["items", "additionalProperties"] {
        if member.get(key).is_some() {
            keys.push(key.to_string());
        }
    }
    keys
}

/// The `$ref`s a merge of `member` resolves: its own, those under combinators, and those in
/// the schemas of keys that another member shares.
fn merge_refs(member: &Value, shared: &BTreeSet<String>, into: &mut BTreeSet<String>) {
    let Value::Object(map) = member else { return };
    if let Some(Value::String(r)) = map.get("$ref") {
        into.insert(r.clone());
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(subs)) = map.get(key) {
            subs.iter().for_each(|sub| merge_refs(sub, shared, into));
        }
    }
    for key in ["not", "if", "then", "else"] {
        if let Some(sub) = map.get(key) {
            merge_refs(sub, shared, into);
        }
    }
    for key in shared {
        let sub = match key.strip_prefix("properties/") {
            Some(name) => map.get("properties").and_then(|p| p.get(name)),
            None => map.get(key.as_str()),
        };
        if let Some(sub) = sub {
            // Whatever lies under a merged key may be merged in turn: take every ref.
            refs(sub, into);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cut(mut schema: Value) -> (Value, Vec<String>) {
        let mut notes = Vec::new();
        cut_all_of_cycles(&mut schema, &mut notes);
        (schema, notes)
    }

    #[test]
    fn a_member_that_leads_back_is_cut() {
        let (schema, notes) = cut(json!({
            "$defs": {
                "N": { "allOf": [{ "type": "object" }, { "$ref": "#/$defs/M" }] },
                "M": { "allOf": [{ "$ref": "#/$defs/N" }] },
            },
            "properties": { "a": { "allOf": [{ "type": "object" }, { "$ref": "#" }] } },
        }));
        assert_eq!(schema["properties"]["a"]["allOf"][1], json!({}));
        assert_eq!(schema["$defs"]["N"]["allOf"][1], json!({}));
        assert_eq!(schema["$defs"]["M"]["allOf"][0], json!({}));
        assert_eq!(notes.len(), 3, "{notes:?}");
    }

    #[test]
    fn ordinary_inheritance_and_recursion_stay() {
        let schema = json!({
            "$defs": {
                "Base": { "type": "object", "properties": { "id": { "type": "string" } } },
                "Node": { "allOf": [
                    { "$ref": "#/$defs/Base" },
                    { "properties": { "children": { "items": { "$ref": "#/$defs/Node" } } } },
                ] },
            },
            "properties": { "root": { "$ref": "#/$defs/Node" } },
        });
        let (after, notes) = cut(schema.clone());
        assert_eq!(after, schema);
        assert!(notes.is_empty());
    }
}

//! One name for a nested object that several tools take at different places. Typify names a
//! nested object by its path (`InputSpec` in one tool, `InputUpdateRequestSpec` in another),
//! so the same object became two sets of types that sharing (`share.rs`, by name and text)
//! could not join: digitalocean's two app tools each carried the same 2,700 lines. Such an
//! object moves into each tool's `$defs` under one name, taken from where it first appears;
//! typify then names it, and everything inside it, alike in every tool.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::root_shape::simple_root;
use crate::generate::text::names::pascal;

/// Names typify or the generator give the tool's own types; a shape never takes one.
const RESERVED: &[&str] = &["Input", "Output", "Call", "ThisTool", "ConversionError"];

/// The input schemas of `tools`, with each object that two or more of them take at different
/// places moved into `$defs` under one name; `None` for a schema left as it was.
pub(crate) fn name_shared_shapes(tools: &[&Value]) -> Vec<Option<Value>> {
    let mut seen: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    for (index, schema) in tools.iter().enumerate() {
        if simple_root(schema) {
            visit(schema, &mut Vec::new(), &mut |shape, path| {
                seen.entry(shape).or_default().push((index, path.concat()));
            });
        }
    }
    let (names, involved) = choose_names(seen);
    // Only the tools that take a named shape are copied: on a snapshot of hundreds of tools
    // this runs before any is generated.
    tools
        .iter()
        .enumerate()
        .map(|(index, schema)| {
            if !involved.contains(&index) {
                return None;
            }
            let mut copy = (*schema).clone();
            (hoist(&mut copy, &names) > 0).then_some(copy)
        })
        .collect()
}

/// Shapes that several tools take under different path names, each with the name of its first
/// place, made unique; and the tools that take them.
fn choose_names(
    seen: BTreeMap<String, Vec<(usize, String)>>,
) -> (BTreeMap<String, String>, BTreeSet<usize>) {
    let mut firsts: Vec<(usize, String, String, BTreeSet<usize>)> = seen
        .into_iter()
        .filter_map(|(shape, places)| {
            let tools: BTreeSet<usize> = places.iter().map(|(tool, _)| *tool).collect();
            let names: BTreeSet<&String> = places.iter().map(|(_, name)| name).collect();
            if tools.len() < 2 || names.len() < 2 {
                return None;
            }
            let (tool, name) = places.into_iter().next()?;
            Some((tool, name, shape, tools))
        })
        .collect();
    // In snapshot order, so the names do not depend on how shapes sort.
    firsts.sort();
    let mut taken: BTreeSet<String> = RESERVED.iter().map(|s| s.to_string()).collect();
    let mut names = BTreeMap::new();
    let mut involved = BTreeSet::new();
    for (_, base, shape, tools) in firsts {
        // A name like typify's own for the root's fields (`InputX`) could meet one of them.
        if base.starts_with("Input") || base.starts_with("Output") {
            continue;
        }
        involved.extend(tools);
        let mut name = base.clone();
        let mut n = 2;
        while !taken.insert(name.clone()) {
            name = format!("{base}{n}");
            n += 1;
        }
        names.insert(shape, name);
    }
    (names, involved)
}

/// Calls `found` with each object under the root's properties and array items that could be
/// one type anywhere: its canonical text and its path name (`["Update", "Request", "Spec"]`).
fn visit(node: &Value, path: &mut Vec<String>, found: &mut impl FnMut(String, &[String])) {
    let Some(map) = node.as_object() else { return };
    if !path.is_empty() && movable(map) {
        found(canonical(node), path);
    }
    if let Some(Value::Object(properties)) = map.get("properties") {
        for (name, child) in properties {
            path.push(pascal(name).replace('_', ""));
            visit(child, path, found);
            path.pop();
        }
    }
    if let Some(items) = map.get("items").filter(|items| items.is_object()) {
        path.push("Item".to_string());
        visit(items, path, found);
        path.pop();
    }
}

/// An object with fields that means the same wherever it is: no title (typify would name it
/// by that already), and no `$ref` or definitions (which would mean the tool's own).
fn movable(map: &Map<String, Value>) -> bool {
    map.get("type").is_some_and(|t| t == "object")
        && map
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| !p.is_empty())
        && !map.contains_key("title")
        && !map_mentions_refs(map)
}

fn map_mentions_refs(map: &Map<String, Value>) -> bool {
    map.iter().any(|(key, value)| {
        matches!(
            key.as_str(),
            "$ref" | "$defs" | "definitions" | "$dynamicRef"
        ) || mentions_refs(value)
    })
}

fn mentions_refs(node: &Value) -> bool {
    match node {
        Value::Object(map) => map_mentions_refs(map),
        Value::Array(items) => items.iter().any(mentions_refs),
        _ => false,
    }
}

fn canonical(node: &Value) -> String {
    mcp_runtime::schema::sort_keys(node).to_string()
}

/// Replaces each named shape under `schema`'s root with a `$ref` to its `$defs` entry (the
/// description stays beside it, for the field's docs); returns how many moved.
fn hoist(schema: &mut Value, names: &BTreeMap<String, String>) -> usize {
    if names.is_empty() || !simple_root(schema) {
        return 0;
    }
    let existing: BTreeSet<String> = ["$defs", "definitions"]
        .iter()
        .filter_map(|key| schema.get(key).and_then(Value::as_object))
        .flat_map(|defs| defs.keys().map(|k| pascal(k).replace('_', "")))
        .collect();
    let mut moved = BTreeMap::new();
    replace_children(schema, names, &existing, &mut moved);
    let count = moved.len();
    if let Some(map) = schema.as_object_mut().filter(|_| count > 0) {
        let defs = map
            .entry("$defs")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(defs) = defs {
            defs.extend(moved);
        }
    }
    count
}

fn replace_children(
    node: &mut Value,
    names: &BTreeMap<String, String>,
    existing: &BTreeSet<String>,
    moved: &mut BTreeMap<String, Value>,
) {
    let Some(map) = node.as_object_mut() else {
        return;
    };
    if let Some(Value::Object(properties)) = map.get_mut("properties") {
        for child in properties.values_mut() {
            replace(child, names, existing, moved);
        }
    }
    if let Some(items) = map.get_mut("items").filter(|items| items.is_object()) {
        replace(items, names, existing, moved);
    }
}

fn replace(
    node: &mut Value,
    names: &BTreeMap<String, String>,
    existing: &BTreeSet<String>,
    moved: &mut BTreeMap<String, Value>,
) {
    let name = node
        .as_object()
        .filter(|map| movable(map))
        .and_then(|_| names.get(&canonical(node)))
        .filter(|name| !existing.contains(*name));
    let Some(name) = name else {
        return replace_children(node, names, existing, moved);
    };
    let mut reference = Map::new();
    reference.insert("$ref".into(), Value::from(format!("#/$defs/{name}")));
    if let Some(description) = node.get("description") {
        reference.insert("description".into(), description.clone());
    }
    let shape = std::mem::replace(node, Value::Object(reference));
    moved.insert(name.clone(), shape);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spec() -> Value {
        json!({"type": "object", "description": "The app.", "properties": {
            "name": {"type": "string"},
            "jobs": {"type": "array", "items": {"type": "object", "properties": {"kind": {"type": "string"}}}}
        }})
    }

    #[test]
    fn a_shape_two_tools_take_at_different_places_gets_one_name() {
        let create = json!({"type": "object", "properties": {"spec": spec()}});
        let update = json!({"type": "object", "properties": {"update": {"type": "object",
            "properties": {"request": {"type": "object", "properties": {"spec": spec()}}}}}});
        let other = json!({"type": "object", "properties": {"x": {"type": "string"}}});
        let out = name_shared_shapes(&[&create, &update, &other]);
        let create = out[0].as_ref().expect("create moved");
        assert_eq!(create["properties"]["spec"]["$ref"], "#/$defs/Spec");
        assert_eq!(create["properties"]["spec"]["description"], "The app.");
        assert_eq!(create["$defs"]["Spec"], spec());
        let update = out[1].as_ref().expect("update moved");
        let inner = &update["properties"]["update"]["properties"]["request"]["properties"]["spec"];
        assert_eq!(inner["$ref"], "#/$defs/Spec");
        assert_eq!(update["$defs"]["Spec"], spec());
        assert!(out[2].is_none());
    }

    #[test]
    fn shapes_at_the_same_place_or_with_refs_or_names_of_their_own_stay() {
        let same = json!({"type": "object", "properties": {"spec": spec()}});
        assert!(
            name_shared_shapes(&[&same, &same])
                .iter()
                .all(Option::is_none)
        );
        let with_ref = json!({"type": "object", "properties": {"a": {"type": "object",
            "properties": {"b": {"$ref": "#/$defs/B"}}}}, "$defs": {"B": {"type": "string"}}});
        let with_ref_elsewhere = json!({"type": "object", "properties": {"c": with_ref["properties"]["a"].clone()},
            "$defs": {"B": {"type": "integer"}}});
        assert!(
            name_shared_shapes(&[&with_ref, &with_ref_elsewhere])
                .iter()
                .all(Option::is_none)
        );
        let input_named = json!({"type": "object", "properties": {"input": spec()}});
        let other = json!({"type": "object", "properties": {"x": {"type": "object", "properties": {"input": spec()}}}});
        let out = name_shared_shapes(&[&input_named, &other]);
        assert!(
            out[0].is_none(),
            "a shape first named `Input…` keeps typify's names"
        );
    }

    #[test]
    fn a_name_the_tool_already_defines_is_not_reused() {
        let a = json!({"type": "object", "properties": {"spec": spec()}});
        let b = json!({"type": "object", "properties": {"s": spec()}, "$defs": {"Spec": {"type": "string"}}});
        let out = name_shared_shapes(&[&a, &b]);
        assert_eq!(
            out[0].as_ref().unwrap()["properties"]["spec"]["$ref"],
            "#/$defs/Spec"
        );
        let b = out[1].as_ref().unwrap();
        assert_eq!(
            b["$defs"]["Spec"],
            json!({"type": "string"}),
            "b keeps its own `Spec`"
        );
        assert!(b["properties"]["s"].get("$ref").is_none());
        // What is inside it still meets `a`'s under the name typify gives it there.
        assert_eq!(
            b["properties"]["s"]["properties"]["jobs"]["items"]["$ref"],
            "#/$defs/SpecJobsItem"
        );
    }
}

//! Properties of the drift classifier over every corpus snapshot (`tests/corpus/`): a snapshot never differs from
//! itself, and neither key order nor moving shapes into `$defs` is a change.

use std::sync::LazyLock;

use mcp_runtime::schema::drift::{ToolSchemas, diff};
use proptest::prelude::*;
use serde_json::{Map, Value};

/// The corpus, read once: every proptest case picks from it (reading it per case was most of
/// the tests' time).
fn corpus() -> &'static [(String, Vec<Value>)] {
    static CORPUS: LazyLock<Vec<(String, Vec<Value>)>> = LazyLock::new(read_corpus);
    &CORPUS
}

fn read_corpus() -> Vec<(String, Vec<Value>)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut files = Vec::new();
    for dir in ["real", "hostile"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            files.push(entry.unwrap().path().to_string_lossy().into_owned());
        }
    }
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/mcp")).unwrap() {
        files.push(entry.unwrap().path().to_string_lossy().into_owned());
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let value: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            (path, value["tools"].as_array().unwrap().clone())
        })
        .collect()
}

fn schemas(tools: &[Value]) -> Vec<ToolSchemas> {
    tools.iter().filter_map(ToolSchemas::from_json).collect()
}

#[test]
fn every_snapshot_equals_itself() {
    for (path, tools) in corpus() {
        let changes = diff(&schemas(tools), &schemas(tools));
        assert!(changes.is_empty(), "{path}: {changes:#?}");
    }
}

/// JSON text with the keys of every object in an order chosen by `seed`.
fn shuffled_text(value: &Value, seed: &mut u64) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            for i in (1..keys.len()).rev() {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                keys.swap(i, (*seed >> 33) as usize % (i + 1));
            }
            let fields: Vec<String> = keys
                .iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        Value::String((*k).clone()),
                        shuffled_text(&map[*k], seed)
                    )
                })
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|v| shuffled_text(v, seed))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => other.to_string(),
    }
}

/// Paths (as key lists) of object-typed property schemas inside `schema`.
fn movable(schema: &Value, at: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    if let Some(Value::Object(props)) = schema.get("properties") {
        for (name, prop) in props {
            at.extend(["properties".to_string(), name.clone()]);
            if prop.get("$ref").is_none() && prop.is_object() {
                found.push(at.clone());
            }
            movable(prop, at, found);
            at.truncate(at.len() - 2);
        }
    }
}

/// Moves the subschema at `path` into `$defs/<name>`, leaving a `$ref` behind.
fn move_into_defs(schema: &mut Value, path: &[String], name: &str) -> bool {
    let mut node = &mut *schema;
    for key in path {
        match node.get_mut(key) {
            Some(next) => node = next,
            None => return false,
        }
    }
    if contains_local_ref(node) {
        return false; // its own refs would point elsewhere once moved
    }
    // A shape that other refs point into (the hostile corpus's `refs_into_properties` points
    // at `#/properties/filters/properties/$and/items/…`): moved, those pointers would run
    // through a `$ref` and name nothing, so the move would change what they mean.
    let pointer = path
        .iter()
        .map(|key| key.replace('~', "~0").replace('/', "~1"))
        .fold(String::from("#"), |at, key| format!("{at}/{key}"));
    if points_into(schema, &pointer) {
        return false;
    }
    let mut node = &mut *schema;
    for key in path {
        node = node.get_mut(key).expect("the path was walked above");
    }
    let shape = std::mem::replace(
        node,
        serde_json::json!({ "$ref": format!("#/$defs/{name}") }),
    );
    let root = schema.as_object_mut().unwrap();
    let defs = root
        .entry("$defs")
        .or_insert_with(|| Value::Object(Map::new()));
    defs.as_object_mut()
        .unwrap()
        .insert(name.to_string(), shape);
    true
}

/// Whether a `$ref` in `value` names `pointer` or something inside it.
fn points_into(value: &Value, pointer: &str) -> bool {
    match value {
        Value::Object(map) => map.iter().any(|(key, item)| {
            let inside = item
                .as_str()
                .map(|r| r.replace("%24", "$"))
                .is_some_and(|r| r == pointer || r.starts_with(&format!("{pointer}/")));
            (key == "$ref" && inside) || points_into(item, pointer)
        }),
        Value::Array(items) => items.iter().any(|item| points_into(item, pointer)),
        _ => false,
    }
}

fn contains_local_ref(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.contains_key("$ref") || map.values().any(contains_local_ref),
        Value::Array(items) => items.iter().any(contains_local_ref),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn key_order_never_matters(file in any::<prop::sample::Index>(), seed in any::<u64>()) {
        let all = corpus();
        let (path, tools) = &all[file.index(all.len())];
        let mut s = seed;
        let reordered: Vec<Value> = tools.iter().map(|t| serde_json::from_str(&shuffled_text(t, &mut s)).unwrap()).collect();
        let changes = diff(&schemas(tools), &schemas(&reordered));
        prop_assert!(changes.is_empty(), "{}: {:#?}", path, changes);
    }

    #[test]
    fn moving_shapes_into_defs_never_matters(file in any::<prop::sample::Index>(), tool in any::<prop::sample::Index>(), pick in any::<prop::sample::Index>(), name in "[A-Z][a-z]{2,8}") {
        let all = corpus();
        let (path, tools) = &all[file.index(all.len())];
        let index = tool.index(tools.len());
        let mut moved = tools.clone();
        for key in ["inputSchema", "outputSchema"] {
            let Some(schema) = moved[index].get_mut(key) else { continue };
            let mut found = Vec::new();
            movable(schema, &mut Vec::new(), &mut found);
            if found.is_empty() {
                continue;
            }
            let target = found[pick.index(found.len())].clone();
            let def_name = format!("Moved{name}");
            if schema.get("$defs").and_then(|d| d.get(&def_name)).is_some() {
                continue;
            }
            move_into_defs(schema, &target, &def_name);
        }
        let changes = diff(&schemas(tools), &schemas(&moved));
        prop_assert!(changes.is_empty(), "{} tool {}: {:#?}", path, tools[index]["name"], changes);
    }
}

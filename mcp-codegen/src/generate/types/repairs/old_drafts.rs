//! Shapes of other JSON Schema drafts, rewritten into the ones typify reads (its model is
//! draft-07's): draft-3's `"required": true` inside a property, and fixed-position arrays in
//! both spellings — draft-07's `items: [..]` with `additionalItems`, 2020-12's `prefixItems`
//! with `items` — which become Rust tuples when their length is fixed.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// Rewrites one schema object (its sub-schemas are the caller's to visit).
pub(crate) fn normalise(map: &mut Map<String, Value>, notes: &mut BTreeSet<String>) {
    lift_required_flags(map);
    if map.contains_key("prefixItems") || map.get("items").is_some_and(Value::is_array) {
        fixed_positions(map, notes);
    }
}

/// Draft-3 marks a property required inside it (`"required": true`); later drafts list the
/// names on the object. A boolean `required` anywhere else means nothing to them.
fn lift_required_flags(map: &mut Map<String, Value>) {
    let mut lifted = Vec::new();
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        for (name, schema) in props.iter_mut() {
            let Value::Object(inner) = schema else {
                continue;
            };
            if let Some(Value::Bool(flag)) = inner.get("required").cloned() {
                inner.remove("required");
                if flag {
                    lifted.push(Value::from(name.clone()));
                }
            }
        }
    }
    if map.get("required").is_some_and(|r| !r.is_array()) {
        map.remove("required");
    }
    if !lifted.is_empty() {
        let required = map
            .entry("required")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(names) = required {
            for name in lifted {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
}

/// A fixed-position array as typify's tuple: `items: [..]` with `minItems` = `maxItems` = the
/// number of positions. Where the length is not fixed (optional trailing positions, or an
/// open tail), no Rust type says it: a list of JSON values, with a note.
fn fixed_positions(map: &mut Map<String, Value>, notes: &mut BTreeSet<String>) {
    let (positions, tail) = match map.remove("prefixItems") {
        Some(Value::Array(positions)) => (positions, map.remove("items")),
        Some(_) => {
            map.remove("items");
            return;
        }
        None => match map.remove("items") {
            Some(Value::Array(positions)) => (positions, map.remove("additionalItems")),
            _ => return,
        },
    };
    map.remove("additionalItems");
    let len = positions.len() as u64;
    let bound = |key: &str| map.get(key).and_then(Value::as_u64);
    let closed = tail == Some(Value::Bool(false)) || bound("maxItems") == Some(len);
    let all_present = bound("minItems").is_none_or(|min| min >= len);
    if len > 0 && closed && all_present {
        map.insert("items".into(), Value::Array(positions));
        map.insert("minItems".into(), Value::from(len));
        map.insert("maxItems".into(), Value::from(len));
    } else {
        map.remove("minItems");
        map.remove("maxItems");
        notes.insert(
            "an array with fixed positions but no fixed length (optional positions or an open \
             tail) is a list of JSON values"
                .to_string(),
        );
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn normalised(mut schema: Value) -> (Value, BTreeSet<String>) {
        let mut notes = BTreeSet::new();
        normalise(schema.as_object_mut().unwrap(), &mut notes);
        (schema, notes)
    }

    #[test]
    fn draft3_required_flags_join_the_objects_list() {
        let (schema, _) = normalised(json!({
            "type": "object",
            "required": ["b"],
            "properties": {"a": {"type": "string", "required": true},
                           "b": {"type": "string", "required": false}}
        }));
        assert_eq!(schema["required"], json!(["b", "a"]));
        assert!(schema["properties"]["a"].get("required").is_none());
        assert!(schema["properties"]["b"].get("required").is_none());
    }

    #[test]
    fn closed_fixed_positions_in_either_draft_are_a_tuple() {
        for schema in [
            json!({"type": "array", "items": [{"type": "string"}, {"type": "boolean"}],
                   "additionalItems": false}),
            json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}],
                   "items": false}),
            json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}],
                   "minItems": 2, "maxItems": 2}),
        ] {
            let (schema, notes) = normalised(schema);
            assert_eq!(schema["minItems"], 2, "{schema}");
            assert_eq!(schema["maxItems"], 2, "{schema}");
            assert_eq!(schema["items"][1], json!({"type": "boolean"}));
            assert!(notes.is_empty());
        }
    }

    #[test]
    fn positions_without_a_fixed_length_are_a_list_with_a_note() {
        for schema in [
            json!({"type": "array", "prefixItems": [{"type": "string"}]}),
            json!({"type": "array", "items": [{"type": "string"}, {"type": "integer"}],
                   "additionalItems": false, "minItems": 1}),
        ] {
            let (schema, notes) = normalised(schema);
            assert!(schema.get("items").is_none(), "{schema}");
            assert_eq!(notes.len(), 1);
        }
    }
}

//! Canonical JSON Schema: local `$ref`s resolved and keys sorted.
//!
//! Two schemas that describe the same shape get the same canonical form even when one keeps a
//! sub-shape in `$defs` (or `definitions`) and the other inlines it, or the `$defs` entry is
//! renamed. Recursion is cut where a reference re-enters itself, so recursive schemas terminate.

use serde_json::{Map, Value};

/// `schema` with every local reference (`#`, `#/$defs/…`, `#/definitions/…`) replaced by what
/// it points to and the definition tables dropped. A reference that re-enters a shape already
/// being expanded becomes `{"$recursive": depth}`, where depth counts back along the path of
/// expansions (0 = the innermost), so equal recursive shapes stay equal whatever they are named.
pub fn resolve_refs(schema: &Value) -> Value {
    let mut stack = Vec::new();
    resolve(schema, schema, &mut stack)
}

fn lookup<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    if reference == "#" {
        return Some(root);
    }
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

fn resolve(node: &Value, root: &Value, stack: &mut Vec<String>) -> Value {
    match node {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref")
                && let Some(target) = lookup(root, reference)
            {
                if let Some(depth) = stack.iter().rev().position(|r| r == reference) {
                    return Value::Object(Map::from_iter([(
                        "$recursive".to_string(),
                        Value::from(depth),
                    )]));
                }
                stack.push(reference.clone());
                let mut resolved = resolve(target, root, stack);
                stack.pop();
                // Keywords beside `$ref` (a description, say) still apply.
                if let Value::Object(out) = &mut resolved {
                    for (key, value) in map {
                        if !matches!(
                            key.as_str(),
                            "$ref" | "$defs" | "definitions" | "$schema" | "$id"
                        ) {
                            out.insert(key.clone(), resolve(value, root, stack));
                        }
                    }
                }
                return resolved;
            }
            let mut out = Map::new();
            for (key, value) in map {
                if matches!(key.as_str(), "$defs" | "definitions" | "$schema" | "$id") {
                    continue;
                }
                out.insert(key.clone(), resolve(value, root, stack));
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| resolve(v, root, stack)).collect())
        }
        other => other.clone(),
    }
}

/// `value` with the keys of every object in sorted order (whatever map type serde_json uses).
pub fn sort_keys(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), sort_keys(&map[k])))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sort_keys).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::fingerprint;
    use serde_json::json;

    #[test]
    fn moving_a_shape_into_defs_changes_nothing() {
        let inline = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "string"}}}}});
        let via_defs = json!({
            "type": "object",
            "$defs": {"Renamed": {"type": "object", "properties": {"x": {"type": "string"}}}},
            "properties": {"a": {"$ref": "#/$defs/Renamed"}}
        });
        let draft7 = json!({
            "definitions": {"A": {"properties": {"x": {"type": "string"}}, "type": "object"}},
            "properties": {"a": {"$ref": "#/definitions/A"}},
            "type": "object"
        });
        assert_eq!(fingerprint(&inline, None), fingerprint(&via_defs, None));
        assert_eq!(fingerprint(&inline, None), fingerprint(&draft7, None));
        assert_ne!(
            fingerprint(&inline, None),
            fingerprint(&json!({"type": "object"}), None)
        );
    }

    #[test]
    fn recursion_terminates_and_is_name_independent() {
        let a = json!({"$defs": {"Node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}, "$ref": "#/$defs/Node"});
        let b = json!({"$defs": {"Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}}, "$ref": "#/$defs/Tree"});
        let root = json!({"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}});
        assert_eq!(fingerprint(&a, None), fingerprint(&b, None));
        let resolved = resolve_refs(&root);
        assert_eq!(
            resolved["properties"]["kids"]["items"]["properties"]["kids"]["items"],
            json!({"$recursive": 0})
        );
    }
}

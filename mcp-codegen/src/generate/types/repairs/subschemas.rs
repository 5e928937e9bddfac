//! Where a JSON Schema holds other schemas: the one list every schema walk of the generator
//! follows, so that none of them misses a position another one sees.

use serde_json::{Map, Value};

/// Positions that hold one subschema.
const SUB_ONE: &[&str] = &[
    "additionalProperties",
    "items",
    "additionalItems",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
];
/// Positions that hold a map of subschemas.
const SUB_MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "dependentSchemas",
];
/// Positions that hold a list of subschemas (`items` in draft-07's tuple spelling too).
const SUB_LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems", "items"];

/// The subschemas directly inside `map` that are objects, each with the keyword it stands
/// under (`properties` for every property), in the map's order.
pub(crate) fn subschemas_mut(map: &mut Map<String, Value>) -> Vec<(&str, &mut Value)> {
    let mut found = Vec::new();
    for (key, value) in map.iter_mut() {
        let key = key.as_str();
        match value {
            Value::Object(_) if SUB_ONE.contains(&key) => found.push((key, value)),
            Value::Object(subs) if SUB_MAP.contains(&key) => {
                found.extend(subs.values_mut().map(|s| (key, s)));
            }
            Value::Array(subs) if SUB_LIST.contains(&key) => {
                found.extend(subs.iter_mut().map(|s| (key, s)));
            }
            _ => {}
        }
    }
    found.retain(|(_, s)| s.is_object());
    found
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_position_is_found_and_booleans_are_not() {
        let mut schema = json!({
            "properties": {"a": {"type": "string"}, "b": true},
            "items": [{"type": "integer"}],
            "anyOf": [{"title": "One"}, false],
            "additionalProperties": {"type": "number"},
            "description": "not a schema"
        });
        let Value::Object(map) = &mut schema else {
            unreachable!()
        };
        let mut keys: Vec<&str> = subschemas_mut(map).into_iter().map(|(k, _)| k).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["additionalProperties", "anyOf", "items", "properties"]
        );
    }
}

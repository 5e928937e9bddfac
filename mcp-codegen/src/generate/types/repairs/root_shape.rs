//! Whether a schema's root is an object whose `Input` we build field by field, or a shape
//! (a union, a reference, a list) typify gets whole. Shared shapes and the typify run both ask.

use serde_json::Value;

/// Root keywords that change the shape so much that `Input` is handed to typify whole.
const ROOT_SHAPE: &[&str] = &[
    "anyOf",
    "oneOf",
    "allOf",
    "$ref",
    "enum",
    "const",
    "items",
    "prefixItems",
];

/// An object schema whose root `Input` we can build field by field.
pub(crate) fn simple_root(schema: &Value) -> bool {
    let Value::Object(map) = schema else {
        return false;
    };
    if map.get("type").is_some_and(|t| t != "object") {
        return false;
    }
    if contains_root_ref(schema) {
        return false;
    }
    !map.keys().any(|k| ROOT_SHAPE.contains(&k.as_str()))
}

fn contains_root_ref(value: &Value) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| (k == "$ref" && v == "#") || contains_root_ref(v)),
        Value::Array(items) => items.iter().any(contains_root_ref),
        _ => false,
    }
}

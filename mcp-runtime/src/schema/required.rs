//! The `required` list of an object schema, read one way everywhere.

use serde_json::{Map, Value};

/// The names in an object schema's `required`, in the order the server wrote them;
/// non-strings are skipped and a missing or malformed list is empty.
pub fn required(schema: &Map<String, Value>) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_order_and_skips_what_is_not_a_name() {
        let of = |v: Value| v.as_object().cloned().unwrap_or_default();
        assert_eq!(
            required(&of(json!({"required": ["b", 3, "a"]}))),
            ["b", "a"]
        );
        assert!(required(&of(json!({"required": "a"}))).is_empty());
        assert!(required(&of(json!({}))).is_empty());
    }
}

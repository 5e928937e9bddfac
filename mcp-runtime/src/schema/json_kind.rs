//! How messages name a JSON value of the wrong kind.

use serde_json::Value;

/// "a string", "an object", … for messages about a JSON value of the wrong kind.
pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

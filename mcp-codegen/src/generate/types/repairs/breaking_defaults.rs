//! A `default` that breaks its own schema is left out. typify writes a default as it is, into
//! the type that enforces the schema (`Interval(7)` for an `enum` of 30, 60 and 90): the
//! value would be one the type's own checks refuse, and built through the type's public
//! constructor (`polish/constructors.rs`) it would be an error at run time. The server applies
//! its own default when the argument is absent, so nothing is lost.
//!
//! A `null` default of a schema that only admits `null` (pydantic writes `"type": "null",
//! "default": null` for a field that is `None` in one variant of a union) says nothing: it goes
//! silently, before typify reaches its unreachable arm for defaults of the unit type.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// Removes `map`'s `default` when the keywords beside it refuse it, with a note.
pub(super) fn drop_breaking_default(map: &mut Map<String, Value>, dropped: &mut BTreeSet<String>) {
    let Some(default) = map.get("default") else {
        return;
    };
    if default.is_null() && only_null(map) {
        map.remove("default");
        return;
    }
    if let Some(reason) = broken_by(map, default) {
        map.remove("default");
        dropped.insert(format!(
            "a `default` that breaks its own schema ({reason}) is left out; the server applies its own"
        ));
    }
}

/// Whether `map` admits `null` alone (`"type": "null"`, `["null"]` or `"const": null`).
fn only_null(map: &Map<String, Value>) -> bool {
    match map.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(ts)) => ts.iter().all(|t| t == "null"),
        _ => map.get("const").is_some_and(Value::is_null),
    }
}

/// What refuses `value` among the keywords of `map` that generated types enforce.
fn broken_by(map: &Map<String, Value>, value: &Value) -> Option<&'static str> {
    if let Some(Value::Array(values)) = map.get("enum")
        && !values.contains(value)
    {
        return Some("not one of its `enum` values");
    }
    if map.get("const").is_some_and(|c| c != value) {
        return Some("not its `const`");
    }
    match value {
        Value::String(text) => outside_count(map, text.chars().count(), "minLength", "maxLength")
            .then_some("outside `minLength`/`maxLength`"),
        Value::Number(number) => {
            let n = number.as_f64()?;
            let bound = |key: &str| map.get(key).and_then(Value::as_f64);
            let outside = bound("minimum").is_some_and(|min| n < min)
                || bound("maximum").is_some_and(|max| n > max)
                || bound("exclusiveMinimum").is_some_and(|min| n <= min)
                || bound("exclusiveMaximum").is_some_and(|max| n >= max);
            outside.then_some("outside its bounds")
        }
        Value::Array(items) => outside_count(map, items.len(), "minItems", "maxItems")
            .then_some("outside `minItems`/`maxItems`"),
        _ => None,
    }
}

/// Whether `count` is below `map`'s `min` keyword or above its `max` one.
fn outside_count(map: &Map<String, Value>, count: usize, min: &str, max: &str) -> bool {
    let count = count as u64;
    let limit = |key: &str| map.get(key).and_then(Value::as_u64);
    limit(min).is_some_and(|min| count < min) || limit(max).is_some_and(|max| count > max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kept(schema: Value) -> bool {
        let Value::Object(mut map) = schema else {
            unreachable!()
        };
        let mut dropped = BTreeSet::new();
        drop_breaking_default(&mut map, &mut dropped);
        assert_eq!(map.contains_key("default"), dropped.is_empty());
        map.contains_key("default")
    }

    #[test]
    fn defaults_the_schema_refuses_are_left_out() {
        assert!(!kept(json!({"enum": [30, 60, null], "default": 7})));
        assert!(!kept(
            json!({"type": "string", "maxLength": 3, "default": "toolong"})
        ));
        assert!(!kept(
            json!({"type": "integer", "minimum": 0, "maximum": 5, "default": 9})
        ));
        assert!(!kept(json!({"const": "a", "default": "b"})));
        assert!(!kept(
            json!({"type": "array", "minItems": 1, "default": []})
        ));
    }

    #[test]
    fn a_null_default_of_a_null_only_schema_goes_without_a_note() {
        // dbt's `get_dimension_values`: typify reached `unreachable!()` on it.
        for schema in [
            json!({"type": "null", "default": null}),
            json!({"type": ["null"], "default": null}),
            json!({"const": null, "default": null}),
        ] {
            let Value::Object(mut map) = schema else {
                unreachable!()
            };
            let mut dropped = BTreeSet::new();
            drop_breaking_default(&mut map, &mut dropped);
            assert!(!map.contains_key("default") && dropped.is_empty());
        }
        assert!(kept(json!({"type": ["string", "null"], "default": null})));
    }

    #[test]
    fn defaults_that_fit_stay() {
        assert!(kept(json!({"enum": [30, 60, null], "default": 60})));
        assert!(kept(json!({"enum": ["low", null], "default": null})));
        assert!(kept(
            json!({"type": "string", "minLength": 2, "maxLength": 8, "default": "ok"})
        ));
        assert!(kept(
            json!({"type": "number", "exclusiveMinimum": 0, "default": 0.5})
        ));
    }
}

//! `required` names that no property of the object defines. typify asserts that every
//! required name is a property (and panics when merging an `anyOf` or `allOf` member that
//! breaks that). Names an `allOf` member requires of a property a sibling defines move to the
//! object that holds the `allOf` (they apply to the same value); a name nobody defines is a
//! key that must be there with any value: it becomes a property of schema `{}` (a required
//! `serde_json::Value` field), as at the top level of a tool's arguments.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// Tidies one object schema's `required` and its `allOf` members' (sub-schemas further down
/// are the caller's to visit).
pub(crate) fn tidy_required(map: &mut Map<String, Value>) {
    let mut defined = property_names(map);
    let mut lifted = Vec::new();
    if let Some(Value::Array(members)) = map.get_mut("allOf") {
        for member in members.iter_mut().filter_map(Value::as_object_mut) {
            let own = property_names(member);
            defined.extend(own.iter().cloned());
            if let Some(Value::Array(required)) = member.get_mut("required")
                && !own.is_empty()
            {
                required.retain(|name| {
                    let keep = name.as_str().is_some_and(|n| own.contains(n));
                    if !keep {
                        lifted.push(name.clone());
                    }
                    keep
                });
            }
        }
    }
    if !map.contains_key("properties") && !map.contains_key("allOf") {
        return; // `required` alone (an `anyOf` member saying which keys must be present).
    }
    let required = map
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()));
    let Value::Array(required) = required else {
        return;
    };
    for name in lifted {
        if !required.contains(&name) {
            required.push(name);
        }
    }
    let missing: Vec<String> = required
        .iter()
        .filter_map(Value::as_str)
        .filter(|name| !defined.contains(*name))
        .map(str::to_string)
        .collect();
    if missing.is_empty() {
        return;
    }
    // An `allOf` with no properties of its own takes them into its first member that has
    // some (typify merges them there); any other object into its own.
    let member = match map.contains_key("properties") {
        true => None,
        false => map
            .get("allOf")
            .and_then(Value::as_array)
            .and_then(|m| m.iter().position(|x| x.get("properties").is_some())),
    };
    let holder = match member {
        Some(i) => map
            .get_mut("allOf")
            .and_then(|members| members.get_mut(i))
            .and_then(Value::as_object_mut),
        None => Some(map),
    };
    if let Some(Value::Object(props)) = holder.map(|h| {
        h.entry("properties")
            .or_insert_with(|| Value::Object(Map::new()))
    }) {
        for name in missing {
            props.insert(name, Value::Object(Map::new()));
        }
    }
}

fn property_names(map: &Map<String, Value>) -> BTreeSet<String> {
    match map.get("properties") {
        Some(Value::Object(props)) => props.keys().cloned().collect(),
        _ => BTreeSet::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tidied(mut schema: Value) -> Value {
        tidy_required(schema.as_object_mut().unwrap());
        schema
    }

    #[test]
    fn a_name_no_property_defines_becomes_a_property_of_any_value() {
        let schema = tidied(json!({
            "properties": {"a": {}}, "required": ["a", "missing"]
        }));
        assert_eq!(schema["required"], json!(["a", "missing"]));
        assert_eq!(schema["properties"]["missing"], json!({}));
    }

    #[test]
    fn an_all_of_members_names_for_a_siblings_property_move_up() {
        let schema = tidied(json!({
            "allOf": [
                {"properties": {"a": {}}, "required": ["a", "b"]},
                {"properties": {"b": {}}}
            ]
        }));
        assert_eq!(schema["allOf"][0]["required"], json!(["a"]));
        assert_eq!(schema["required"], json!(["b"]));
        assert!(schema.get("properties").is_none());
    }

    #[test]
    fn required_alone_is_left_as_it_is() {
        let schema = json!({"required": ["a"]});
        assert_eq!(tidied(schema.clone()), schema);
    }
}

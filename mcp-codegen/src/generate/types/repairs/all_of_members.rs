//! `allOf` members as typify merges them. typify merges the members into one schema and
//! asserts that the result has no title or description of its own; but where one member
//! already says all that the merge would (a `$ref` beside a member that only adds a
//! description, a `true`, or the one member of an `anyOf` that the merge leaves), that member
//! comes back whole, its title and description with it, and the assertion panics: the argument
//! fell back to a JSON value. After the merge a member's title and description name nothing,
//! so they go before typify sees them; the first description moves onto the schema that holds
//! the `allOf` when it has none, so the field keeps its docs.
//!
//! The same assertion fires one level down: where a member allows `additionalProperties` of
//! some schema, typify merges every property another member declares (or a member of its
//! `anyOf`/`oneOf`) with that schema, and a property that already says all the merge would
//! comes back with its title and description. Those properties lose their metadata too: the
//! merged field had none to keep.

use serde_json::{Map, Value};

/// What typify reads as a schema's metadata (schemars' `Metadata`).
const METADATA: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$id",
];

/// Takes the metadata off the members of `map`'s `allOf` (when there are two or more to
/// merge), and off the members of the combinators inside them.
pub(crate) fn bare_all_of_members(map: &mut Map<String, Value>) {
    let Some(Value::Array(members)) = map.get_mut("allOf") else {
        return;
    };
    if members.len() < 2 {
        // One member is converted as it is, not merged.
        return;
    }
    let mut description = None;
    for member in members.iter_mut() {
        bare(member, &mut description);
    }
    bare_properties_merged_with_additional(members);
    if let Some(description) = description {
        map.entry("description").or_insert(description);
    }
}

/// Takes the metadata off `member` and off the members of its `allOf`, `anyOf` and `oneOf`,
/// keeping the first description found in `description`.
fn bare(member: &mut Value, description: &mut Option<Value>) {
    let Value::Object(map) = member else {
        return;
    };
    for key in METADATA {
        let removed = map.remove(*key);
        if *key == "description" && description.is_none() {
            *description = removed.filter(Value::is_string);
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(subs)) = map.get_mut(key) {
            subs.iter_mut().for_each(|sub| bare(sub, description));
        }
    }
}

/// Takes the metadata off the properties that typify merges with another member's
/// `additionalProperties` schema.
fn bare_properties_merged_with_additional(members: &mut [Value]) {
    for j in 0..members.len() {
        let Some(Value::Object(_)) = members[j].get("additionalProperties") else {
            continue;
        };
        let declared: Vec<String> = members[j]
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        for (i, member) in members.iter_mut().enumerate() {
            if i != j {
                bare_properties(member, &declared);
            }
        }
    }
}

/// Takes the metadata off `member`'s properties not named in `declared`, and off those of the
/// members of its combinators, which typify merges one by one.
fn bare_properties(member: &mut Value, declared: &[String]) {
    let Value::Object(map) = member else {
        return;
    };
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        for (name, prop) in props.iter_mut() {
            if let (false, Value::Object(prop)) = (declared.contains(name), prop) {
                METADATA.iter().for_each(|key| drop(prop.remove(*key)));
            }
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(subs)) = map.get_mut(key) {
            subs.iter_mut()
                .for_each(|sub| bare_properties(sub, declared));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn bared(mut schema: Value) -> Value {
        if let Value::Object(map) = &mut schema {
            bare_all_of_members(map);
        }
        schema
    }

    #[test]
    fn members_lose_their_metadata_and_the_holder_takes_the_first_description() {
        let schema = bared(json!({"allOf": [
            {"$ref": "#/$defs/A", "title": "A", "description": "The A.", "default": {}},
            {"description": "More.", "anyOf": [{"$ref": "#/$defs/B", "title": "B"}, {"type": "null"}]}
        ]}));
        assert_eq!(
            schema,
            json!({"description": "The A.", "allOf": [
                {"$ref": "#/$defs/A"},
                {"anyOf": [{"$ref": "#/$defs/B"}, {"type": "null"}]}
            ]})
        );
    }

    #[test]
    fn properties_merged_with_a_members_additional_properties_lose_their_metadata() {
        // Postman's `createCollection`: typify asserted on `formdata` items.
        let schema = bared(json!({"allOf": [
            {"type": "object", "additionalProperties": {}, "properties": {"key": {"description": "Own."}}},
            {"anyOf": [
                {"properties": {"type": {"const": "file", "description": "The file."}}},
                {"properties": {"key": {"title": "Key", "type": "string"}}}
            ]}
        ]}));
        assert_eq!(
            schema["allOf"][1]["anyOf"][0]["properties"]["type"],
            json!({"const": "file"})
        );
        // `key` is the holder's own: merged with its own property, not the additional schema.
        assert_eq!(
            schema["allOf"][1]["anyOf"][1]["properties"]["key"]["title"],
            "Key"
        );
        assert_eq!(
            schema["allOf"][0]["properties"]["key"]["description"],
            "Own."
        );
    }

    #[test]
    fn the_holders_own_description_and_a_lone_member_stay() {
        let schema = json!({"description": "Own.", "allOf": [
            {"$ref": "#/$defs/A", "description": "The A."}, {"type": "object"}
        ]});
        assert_eq!(bared(schema)["description"], "Own.");
        let lone = json!({"allOf": [{"$ref": "#/$defs/A", "title": "A"}]});
        assert_eq!(bared(lone.clone()), lone);
    }
}

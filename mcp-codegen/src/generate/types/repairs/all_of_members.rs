//! `allOf` members as typify merges them. typify merges the members into one schema and
//! asserts that the result has no title or description of its own; but where one member
//! already says all that the merge would (a `$ref` beside a member that only adds a
//! description, a `true`, or the one member of an `anyOf` that the merge leaves), that member
//! comes back whole, its title and description with it, and the assertion panics: the argument
//! fell back to a JSON value. After the merge a member's title and description name nothing,
//! so they go before typify sees them; the first description moves onto the schema that holds
//! the `allOf` when it has none, so the field keeps its docs.

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
    fn the_holders_own_description_and_a_lone_member_stay() {
        let schema = json!({"description": "Own.", "allOf": [
            {"$ref": "#/$defs/A", "description": "The A."}, {"type": "object"}
        ]});
        assert_eq!(bared(schema)["description"], "Own.");
        let lone = json!({"allOf": [{"$ref": "#/$defs/A", "title": "A"}]});
        assert_eq!(bared(lone.clone()), lone);
    }
}

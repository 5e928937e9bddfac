//! Definitions that are "X or null" (`anyOf`/`oneOf` of a shape and `{"type": "null"}`).
//! typify makes the definition a newtype around `Option<…>` and names the shape inside after
//! the definition too — two types of one name, which rustc rejects. The shape moves to a
//! definition of its own (`AndInner` for `And`; typify's own names end in `Value`, `Item`,
//! `Variant…`, `Subtype…`), which the wrapper then refers to: one name each, the same values.
//! An "X or null" inside an "X or null" is the same set of values: its inner shape moves.

use serde_json::{Map, Value};

use mcp_runtime::__private::pointer::escape;

use crate::generate::text::names::Namer;

/// Splits every nullable definition of `schema` whose non-null member is a shape of its own.
pub(crate) fn split_nullable_defs(schema: &mut Value) {
    let Some(Value::Object(defs)) = schema.get_mut("$defs") else {
        return;
    };
    let names: Vec<String> = defs.keys().cloned().collect();
    let mut namer = Namer::taking(names.iter().cloned());
    let mut added = Map::new();
    for name in &names {
        let Some(Value::Object(def)) = defs.get_mut(name) else {
            continue;
        };
        let Some(member) = shape_member(def) else {
            continue;
        };
        let fresh = namer.unique_type(format!("{name}Inner"));
        let reference = Value::from(format!("#/$defs/{}", escape(&fresh)));
        let mut shape = std::mem::replace(
            member,
            Value::Object(Map::from_iter([("$ref".into(), reference)])),
        );
        while let Some(inner) = shape.as_object_mut().and_then(shape_member) {
            let inner = inner.take();
            shape = inner;
        }
        added.insert(fresh, shape);
    }
    defs.extend(added);
}

/// The non-null member of an "X or null" definition, when X is not already a reference.
fn shape_member(def: &mut Map<String, Value>) -> Option<&mut Value> {
    let key = ["anyOf", "oneOf"].into_iter().find(|k| {
        def.get(*k)
            .and_then(Value::as_array)
            .is_some_and(|m| m.len() == 2)
    })?;
    let members = def.get_mut(key)?.as_array_mut()?;
    let null = members.iter().position(is_null)?;
    let shape = members.get_mut(1 - null)?;
    let plain = shape.is_object() && shape.get("$ref").is_none() && !is_null(shape);
    plain.then_some(shape)
}

fn is_null(schema: &Value) -> bool {
    schema.get("type").is_some_and(|t| t == "null")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_shape_of_a_nullable_definition_gets_a_definition_of_its_own() {
        let mut schema = json!({"$defs": {
            "And": {"description": "d", "anyOf": [{"type": "null"}, {"type": "object"}]},
            "Ref": {"anyOf": [{"$ref": "#/$defs/And"}, {"type": "null"}]},
            "Plain": {"type": "string"}
        }});
        split_nullable_defs(&mut schema);
        let defs = &schema["$defs"];
        assert_eq!(defs["And"]["anyOf"][1], json!({"$ref": "#/$defs/AndInner"}));
        assert_eq!(defs["And"]["description"], "d");
        assert_eq!(defs["AndInner"], json!({"type": "object"}));
        assert_eq!(defs["Ref"]["anyOf"][0], json!({"$ref": "#/$defs/And"}));
        assert!(defs.get("RefInner").is_none() && defs.get("PlainInner").is_none());
    }

    #[test]
    fn a_nullable_inside_a_nullable_is_one() {
        let mut schema = json!({"$defs": {"N": {"anyOf": [
            {"anyOf": [{"type": "object", "title": "Deep"}, {"type": "null"}]},
            {"type": "null"}
        ]}}});
        split_nullable_defs(&mut schema);
        assert_eq!(
            schema["$defs"]["NInner"],
            json!({"type": "object", "title": "Deep"})
        );
    }
}

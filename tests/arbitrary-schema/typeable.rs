//! Schemas that a Rust type can express, in the shapes real servers send them: property names
//! like `$and` and `Content-Type` that collide once snake-cased, at any depth; `$ref`s into
//! `$defs` and into the schema's own properties; `allOf`/`anyOf`/`oneOf` whose members carry
//! titles and descriptions, among them a `$ref` member that says all the merge would; inline
//! objects titled like a `$defs` entry of another shape; tagged unions with an OpenAPI
//! `discriminator`; draft-3
//! `"required": true`, `required` naming a missing property, `properties: {}`; draft-07 and
//! 2020-12 fixed-length tuples; conditionals (`if`/`then`/`else` on the object and as `allOf`
//! members, `dependentSchemas`, `dependentRequired`) whose branches add and retype properties;
//! `$defs` that refer to themselves, directly and through each other; nesting 22 levels deep; extension keys; tools carrying `id`, `title`, `icons`,
//! `_meta`, `annotations` and `execution.taskSupport`. The generator must type every one of them
//! without falling back to a JSON value.

use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Property names seen in the wild, colliding once snake-cased among themselves and with
/// [`super::NAMES`].
const WILD_NAMES: &[&str] = &[
    "$and",
    "$or",
    "$eq",
    "$in",
    "and",
    "Content-Type",
    "content-type",
    "content_type",
    "x-api-key",
    "X-Api-Key",
    "workspaceId",
    "workspace_id",
    "@type",
    "type",
    "self",
    "Self",
    "fooBar",
    "foo_bar",
    "foo-bar",
    "1st",
    "名前",
    "value",
];

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(WILD_NAMES).prop_map(str::to_string)
}

fn described(schema: Value, title: &str) -> Value {
    let mut schema = schema;
    if let Value::Object(map) = &mut schema {
        map.insert("title".into(), json!(title));
        map.insert("description".into(), json!(format!("The {title} [shape].")));
    }
    schema
}

/// Leaves a Rust type can hold.
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(&["string", "integer", "number", "boolean"][..])
            .prop_map(|t| json!({ "type": t })),
        prop::collection::btree_set(prop::sample::select(super::ODD_STRINGS), 1..6)
            .prop_map(|vs| json!({ "type": "string", "enum": vs })),
        Just(json!({ "type": "string", "format": "date-time" })),
        Just(json!({})),
        Just(json!({ "type": ["string", "null"] })),
        Just(json!({ "$ref": "#/$defs/Leaf" })),
        Just(json!({ "$ref": "#/$defs/Node" })),
        Just(json!({ "$ref": "#/$defs/Expr" })),
        Just(json!({ "type": "string", "x-fastmcp-wrap-result": true, "examples": ["a"] })),
    ]
}

/// Typeable schemas: leaves nested in objects, arrays, tuples and titled combinators.
fn schema() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(6, 32, 4, |inner| {
            prop_oneof![
                3 => object(inner.clone()),
                1 => inner.clone().prop_map(|items| json!({ "type": "array", "items": items })),
                1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| json!({
                    "type": "array", "items": [a, b], "additionalItems": false
                })),
                1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| json!({
                    "type": "array", "prefixItems": [a, b], "items": false
                })),
                1 => (object(inner.clone()), object(inner.clone())).prop_map(|(a, b)| json!({
                    "allOf": [described(a, "Base"), described(disjoint(b), "Extra")]
                })),
                1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| json!({
                    "anyOf": [described(a, "One"), described(b, "Two")]
                })),
                1 => inner.clone().prop_map(|a| json!({
                    "anyOf": [described(a, "Present"), { "type": "null" }]
                })),
                1 => (object(inner.clone()), object(inner.clone()), object(inner.clone()), 0u8..3)
                    .prop_map(|(base, then, otherwise, how)| conditional(base, then, otherwise, how)),
                1 => Just(tagged_union()),
                1 => Just(titled_like_a_definition()),
                1 => Just(all_of_with_member_metadata()),
                1 => inner.prop_map(|v| json!({ "type": "object", "additionalProperties": v })),
            ]
        })
        .boxed()
}

/// `object` with its property names made its own (`…Extra`): an `allOf` whose members
/// disagree on a property is a schema no value matches, not one to type.
fn disjoint(mut object: Value) -> Value {
    let renamed = |name: &str| format!("{name}Extra");
    if let Some(Value::Object(props)) = object.get_mut("properties") {
        let moved: Map<String, Value> = std::mem::take(props)
            .into_iter()
            .map(|(k, v)| (renamed(&k), v))
            .collect();
        *props = moved;
    }
    if let Some(Value::Array(required)) = object.get_mut("required") {
        for name in required.iter_mut() {
            if let Some(text) = name.as_str() {
                *name = Value::from(renamed(text));
            }
        }
    }
    object
}

/// `base` with conditions whose branches are `then` and `otherwise`, written one of three ways:
/// on the object, as `allOf` members (as xcodebuildmcp writes them), or as dependents.
fn conditional(mut base: Value, then: Value, otherwise: Value, how: u8) -> Value {
    let when = json!({ "properties": { "mode": { "const": "fixed" } }, "required": ["mode"] });
    base["properties"]["mode"] = json!({ "type": "string", "enum": ["fixed", "free"] });
    match how {
        0 => {
            base["if"] = when;
            base["then"] = then;
            base["else"] = otherwise;
        }
        1 => {
            base["allOf"] = json!([
                { "if": when, "then": then },
                { "if": { "not": when }, "then": otherwise }
            ]);
        }
        _ => {
            base["dependentSchemas"] = json!({ "mode": then });
            base["dependentRequired"] = json!({ "mode": ["missing"] });
        }
    }
    base
}

/// An OpenAPI-style tagged union: `oneOf` of `$defs` with `const` tags and a `discriminator`
/// whose `mapping` points at them.
fn tagged_union() -> Value {
    json!({
        "oneOf": [{ "$ref": "#/$defs/Table" }, { "$ref": "#/$defs/Text" }],
        "discriminator": {
            "propertyName": "kind",
            "mapping": { "table": "#/$defs/Table", "text": "#/$defs/Text" }
        }
    })
}

/// An inline object titled like the `$defs` entry `Table` but of another shape: typify
/// names types by title and took the definition's type for it.
fn titled_like_a_definition() -> Value {
    json!({
        "type": "object", "title": "Table",
        "properties": { "columns": { "type": "array", "items": { "type": "string" } } }
    })
}

/// `allOf` members with titles and descriptions where one member already says all that the
/// merge would: typify's merge asserted on them.
fn all_of_with_member_metadata() -> Value {
    json!({
        "allOf": [
            { "$ref": "#/$defs/Table", "title": "Table", "description": "The table." },
            { "description": "Its rows are counted." }
        ]
    })
}

/// An object with wild property names, some required (in either draft's way), and sometimes
/// a `required` entry for a property that does not exist.
fn object(inner: impl Strategy<Value = Value>) -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((name(), inner, 0u8..3), 0..5),
        any::<bool>(),
    )
        .prop_map(|(props, dangling)| {
            let mut properties = Map::new();
            let mut required = Vec::new();
            for (name, mut schema, how) in props {
                match how {
                    1 => required.push(json!(name)),
                    2 if schema.is_object() => schema["required"] = json!(true),
                    _ => {}
                }
                properties.insert(name, schema);
            }
            if dangling {
                required.push(json!("missing"));
            }
            json!({ "type": "object", "properties": properties, "required": required })
        })
}

/// An object nested `depth` levels deep, a string at the bottom.
fn deep(depth: usize) -> Value {
    (0..depth).fold(json!({ "type": "string" }), |inner, level| {
        json!({
            "type": "object",
            "description": format!("Level {}.", depth - level),
            "properties": { "next": inner, "level": { "type": "integer" } },
            "required": ["next"]
        })
    })
}

/// Definitions that refer to themselves: a tree (`Node`) and two that refer to each other
/// through a union (`Expr`, `Pair`).
fn recursive_defs() -> Value {
    json!({
        "Node": {
            "type": "object",
            "properties": {
                "name": { "type": "string" },
                "children": { "type": "array", "items": { "$ref": "#/$defs/Node" } },
                "parent": { "anyOf": [{ "$ref": "#/$defs/Node" }, { "type": "null" }] }
            },
            "required": ["name"]
        },
        "Expr": {
            "anyOf": [
                { "type": "number", "title": "Literal" },
                { "$ref": "#/$defs/Pair" }
            ]
        },
        "Pair": {
            "type": "object",
            "properties": {
                "op": { "type": "string", "enum": ["+", "-"] },
                "left": { "$ref": "#/$defs/Expr" },
                "right": { "$ref": "#/$defs/Expr" }
            },
            "required": ["op", "left", "right"]
        }
    })
}

/// A root as servers send them, with the `$defs` the leaves and unions point at, a `$ref`
/// into one of its own properties when it has one, and sometimes a property 22 levels deep.
fn root() -> impl Strategy<Value = Value> {
    (object(schema()), any::<bool>()).prop_map(|(mut root, nested)| {
        if nested {
            root["properties"]["deep"] = deep(22);
        }
        root["$defs"] = json!({
            "Leaf": { "type": "string", "description": "A shared leaf." },
            "Table": {
                "type": "object", "title": "Table",
                "properties": { "kind": { "const": "table" }, "rows": { "type": "integer" } },
                "required": ["kind"]
            },
            "Text": {
                "type": "object", "title": "Text",
                "properties": { "kind": { "const": "text" }, "body": { "type": "string" } },
                "required": ["kind"]
            }
        });
        if let (Some(defs), Value::Object(more)) = (root["$defs"].as_object_mut(), recursive_defs())
        {
            defs.extend(more);
        }
        let first = root["properties"]
            .as_object()
            .and_then(|p| p.keys().next().cloned());
        if let Some(first) = first {
            let escaped = first.replace('~', "~0").replace('/', "~1");
            root["properties"]["again"] = json!({ "$ref": format!("#/properties/{escaped}") });
        }
        root
    })
}

/// A tool with a typeable input and output, and the tool-level keys of recent revisions (and
/// some no revision has).
pub fn typeable_tool(index: usize) -> impl Strategy<Value = Value> {
    (
        root(),
        prop::option::of(root()),
        prop::option::of(prop::sample::select(&["forbidden", "optional", "required"][..])),
        any::<bool>(),
    )
        .prop_map(move |(input, output, task_support, extras)| {
            let mut tool = json!({ "name": format!("typeable-{index}"), "inputSchema": input });
            if let Some(output) = output {
                tool["outputSchema"] = output;
            }
            if let Some(support) = task_support {
                tool["execution"] = json!({ "taskSupport": support });
            }
            if extras {
                tool["id"] = json!(format!("tool-{index}"));
                tool["title"] = json!("A *typeable* tool");
                tool["icons"] = json!([{ "src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"] }]);
                tool["_meta"] = json!({ "io.example/owner": "team", "x-fastmcp-wrap-result": true });
                tool["annotations"] = json!({ "readOnlyHint": true, "title": "Typeable" });
            }
            tool
        })
}

//! Arbitrary JSON Schemas and MCP tools, as proptest strategies: the shapes that break naive
//! generators, mixed at random. The generator's property tests (`mcp-codegen/tests/`) feed
//! them to `Generator`, and `tests/corpus-bindings` compiles a few hundred of them under
//! `#![deny(warnings)]` ([`tools_snapshot`]). [`typeable_tool`] draws only schemas a Rust type
//! can express, which must never fall back to a JSON value.

mod typeable;

pub use typeable::typeable_tool;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Value, json};

/// Names that break naive code: keywords, empty, unicode, digit-first, names that collide once
/// snake-cased, names of the generated call's own methods.
const NAMES: &[&str] = &[
    "type",
    "fn",
    "self",
    "Self",
    "super",
    "crate",
    "async",
    "r#raw",
    "",
    " ",
    "ünïcode",
    "名前",
    "1st",
    "2",
    "fooBar",
    "foo_bar",
    "foo-bar",
    "FOO_BAR",
    "foo.bar",
    "$ref",
    "@id",
    "send",
    "new",
    "input",
    "into_future",
    "with_timeout",
    "Input",
    "Output",
    "error",
    "defaults",
    "value",
    "id",
    "name",
    "items",
];

/// Enum values that are not identifiers, or collide once normalised.
const ODD_STRINGS: &[&str] = &[
    "+1",
    "-1",
    "reactions-+1",
    "reactions--1",
    "",
    " ",
    "a b",
    "A_B",
    "a-b",
    "2xl",
    "Self",
    "self",
    "café",
    "in-progress",
    "inProgress",
    "IN_PROGRESS",
    "ok",
    "OK",
    "Ok",
    "null",
    "_",
    "__",
    "日本",
    "Plus1",
];

const FORMATS: &[&str] = &[
    "uuid",
    "date-time",
    "date",
    "time",
    "email",
    "uri",
    "ipv4",
    "ipv6",
    "int64",
    "binary",
];

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(NAMES).prop_map(str::to_string),
        1 => "[a-z][a-zA-Z0-9_-]{0,8}",
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(ODD_STRINGS).prop_map(|s| json!(s)),
        any::<i32>().prop_map(|n| json!(n)),
        any::<bool>().prop_map(|b| json!(b)),
        Just(Value::Null),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
    ]
}

fn type_name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(
        &[
            "string", "integer", "number", "boolean", "null", "object", "array",
        ][..],
    )
}

/// Schemas without sub-schemas.
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        type_name().prop_map(|t| json!({ "type": t })),
        prop::collection::vec(type_name(), 1..4).prop_map(|ts| json!({ "type": ts })),
        prop::collection::vec(prop::sample::select(ODD_STRINGS), 1..8)
            .prop_map(|vs| json!({ "type": "string", "enum": vs })),
        prop::collection::vec(scalar(), 1..6).prop_map(|vs| json!({ "enum": vs })),
        scalar().prop_map(|v| json!({ "const": v })),
        prop::sample::select(FORMATS).prop_map(|f| json!({ "type": "string", "format": f })),
        any::<bool>().prop_map(Value::Bool),
        Just(json!({})),
        Just(json!({ "$ref": "#/$defs/Node" })),
        Just(json!({ "$ref": "#/$defs/Missing" })),
        Just(json!({ "$ref": "#" })),
        Just(json!({ "$ref": "https://example.com/remote.json" })),
        Just(json!({ "type": "string", "pattern": "^[a-z]+$", "minLength": 1 })),
        (0i64..10, 10i64..1000)
            .prop_map(|(lo, hi)| json!({ "type": "integer", "minimum": lo, "maximum": hi })),
        scalar().prop_map(
            |d| json!({ "type": "string", "default": d, "description": "has a default" })
        ),
        constrained_default(),
    ]
}

/// A default on every kind of constrained type (the types typify guards with a private field
/// and `TryFrom`), as often one the schema refuses as one it accepts; the fixed ones recur
/// across tools, so that they are shared.
fn constrained_default() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({ "enum": [30, 60, 90, null], "type": ["integer", "null"], "default": 60 })),
        Just(
            json!({ "enum": ["low", "high", null], "type": ["string", "null"], "default": "low" })
        ),
        Just(json!({ "type": "string", "minLength": 2, "maxLength": 8, "default": "ok" })),
        Just(json!({ "type": "string", "format": "uri", "default": "https://example.com/" })),
        Just(json!({ "type": "integer", "minimum": 0, "maximum": 5, "default": 3 })),
        (prop::collection::vec(-50i64..50, 1..4), any::<bool>()).prop_map(|(values, fits)| {
            let default = if fits { json!(values[0]) } else { json!(7777) };
            let mut values: Vec<Value> = values.into_iter().map(|v| json!(v)).collect();
            values.push(Value::Null);
            json!({ "enum": values, "type": ["integer", "null"], "default": default })
        }),
        (2usize..6, any::<bool>()).prop_map(|(min, fits)| {
            let default = if fits { "x".repeat(min) } else { "x".into() };
            json!({ "type": "string", "minLength": min, "maxLength": min + 3, "default": default })
        }),
    ]
}

/// Any schema: leaves nested in objects, arrays and combinators.
pub fn schema() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(4, 24, 4, |inner| {
            prop_oneof![
                object(inner.clone()),
                inner
                    .clone()
                    .prop_map(|items| json!({ "type": "array", "items": items })),
                prop::collection::vec(inner.clone(), 1..3)
                    .prop_map(|p| json!({ "type": "array", "prefixItems": p })),
                prop::collection::vec(inner.clone(), 1..3)
                    .prop_map(|p| json!({ "type": "array", "items": p })),
                (
                    prop::sample::select(&["oneOf", "anyOf", "allOf"][..]),
                    prop::collection::vec(inner.clone(), 1..4)
                )
                    .prop_map(|(k, v)| json!({ k: v })),
                inner.clone().prop_map(|n| json!({ "not": n })),
                (inner.clone(), inner.clone(), inner.clone())
                    .prop_map(|(i, t, e)| json!({ "if": i, "then": t, "else": e })),
                inner
                    .clone()
                    .prop_map(|v| json!({ "type": "object", "additionalProperties": v })),
                inner.clone().prop_map(|v| json!({
                    "type": "object",
                    "patternProperties": { "^x-": v },
                })),
                (inner, "[A-Za-z ]{0,40}").prop_map(|(mut s, d)| {
                    if let Value::Object(map) = &mut s {
                        map.insert("description".into(), json!(d));
                        map.insert("title".into(), json!("A [title] with <b>html</b>"));
                    }
                    s
                }),
            ]
        })
        .boxed()
}

/// An object schema with properties drawn from `inner`.
fn object(inner: impl Strategy<Value = Value>) -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((name(), inner), 0..5),
        prop::collection::vec(any::<bool>(), 5),
        prop::option::of(prop_oneof![any::<bool>().prop_map(Value::Bool), leaf()]),
        any::<bool>(),
    )
        .prop_map(|(props, req, additional, dangling)| {
            let mut properties = Map::new();
            let mut required = Vec::new();
            for (i, (name, schema)) in props.into_iter().enumerate() {
                if req[i % req.len()] {
                    required.push(json!(name));
                }
                properties.insert(name, schema);
            }
            if dangling {
                required.push(json!("not-a-property"));
            }
            let mut map = Map::new();
            map.insert("type".into(), json!("object"));
            map.insert("properties".into(), Value::Object(properties));
            map.insert("required".into(), Value::Array(required));
            if let Some(a) = additional {
                map.insert("additionalProperties".into(), a);
            }
            Value::Object(map)
        })
}

/// A root schema as servers send them: mostly objects, with `$defs` (a recursive `Node`
/// among them) that leaves may point at.
fn root() -> impl Strategy<Value = Value> {
    (
        prop_oneof![4 => object(schema()), 1 => schema()],
        prop::option::of(schema()),
        any::<bool>(),
    )
        .prop_map(|(root, def, recursive)| {
            // A snapshot's schemas are JSON objects (a boolean one is rejected on load).
            let mut root = match root {
                Value::Bool(true) => json!({}),
                Value::Bool(false) => json!({ "not": {} }),
                other => other,
            };
            if let Value::Object(map) = &mut root {
                let mut defs = Map::new();
                if recursive {
                    defs.insert(
                        "Node".into(),
                        json!({
                            "type": "object",
                            "properties": {
                                "value": { "type": "string" },
                                "children": { "type": "array", "items": { "$ref": "#/$defs/Node" } },
                            },
                        }),
                    );
                }
                if let Some(def) = def {
                    defs.insert("Shared".into(), def);
                }
                if !defs.is_empty() {
                    map.insert("$defs".into(), Value::Object(defs));
                }
            }
            root
        })
}

/// A tool named after `index` (with names that collide once snake-cased) and arbitrary input
/// and output schemas.
pub fn tool(index: usize) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(&["get-thing", "get_thing", "getThing", "list", "self", "Ünï"][..]),
        root(),
        prop::option::of(root()),
        prop::option::of("[ -~]{0,60}"),
    )
        .prop_map(move |(stem, input, output, description)| {
            let mut tool = Map::new();
            tool.insert("name".into(), json!(format!("{stem}-{index}")));
            tool.insert("inputSchema".into(), input);
            if let Some(output) = output {
                tool.insert("outputSchema".into(), output);
            }
            if let Some(d) = description {
                tool.insert(
                    "description".into(),
                    json!(format!("{d}\n```\nlet x = 1;\n```")),
                );
            }
            Value::Object(tool)
        })
}

/// A `tools/list` result of `count` arbitrary tools (a quarter of them typeable), the same
/// for the same `seed`.
pub fn tools_snapshot(count: usize, seed: u64) -> Value {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    // Every fourth tool is typeable (`typeable_tool`): the shapes real servers send.
    let tools: Vec<Value> = (0..count)
        .map(|index| {
            let drawn = match index % 4 {
                3 => typeable_tool(index).boxed().new_tree(&mut runner),
                _ => tool(index).boxed().new_tree(&mut runner),
            };
            drawn
                .map(|tree| tree.current())
                .unwrap_or_else(|_| json!({ "name": format!("empty-{index}"), "inputSchema": {} }))
        })
        .collect();
    json!({ "tools": tools })
}

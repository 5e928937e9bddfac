//! The generator on arbitrary JSON Schemas (`mcp-toolset-arbitrary-schema`): it never panics,
//! never fails on a schema, and always emits code that parses, through both the token path
//! (the macro) and the formatted-source path (build.rs, CLI); and schemas a Rust type can
//! express never fall back to a JSON value. That the code also compiles
//! under `#![deny(warnings)]` is checked by `tests/corpus-bindings`, which builds a few hundred
//! of these tools.

use mcp_codegen::{Generator, Snapshot};
use mcp_toolset_arbitrary_schema::{tool, typeable_tool};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A `tools/list` result of `tools`, named apart: a snapshot with a repeated tool name is
/// rejected on purpose.
fn snapshot_text(tools: Vec<Value>) -> String {
    let tools: Vec<Value> = tools
        .into_iter()
        .enumerate()
        .map(|(i, mut t)| {
            t["name"] = json!(format!("{}-{i}", t["name"].as_str().unwrap_or("t")));
            t
        })
        .collect();
    json!({ "tools": tools }).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_schema_generates_code_that_parses(
        tools in prop::collection::vec(tool(0), 1..4)
    ) {
        let text = snapshot_text(tools);
        let snapshot = Snapshot::parse(&text, "arbitrary.json").expect("snapshots of any schema load");
        let generated = Generator::default()
            .generate(&snapshot, "arbitrary.json")
            .expect("any schema generates");
        syn::parse2::<syn::File>(generated.tokens).expect("the token path parses");
        let (source, _) = Generator::default()
            .generate_source(&snapshot, "arbitrary.json")
            .expect("any schema generates source");
        syn::parse_file(&source).expect("the source path parses");
    }

    #[test]
    fn typeable_schemas_never_fall_back(
        tools in prop::collection::vec(typeable_tool(0), 1..3)
    ) {
        let text = snapshot_text(tools);
        let snapshot = Snapshot::parse(&text, "typeable.json").expect("the snapshot loads");
        let (source, warnings) = Generator::default()
            .generate_source(&snapshot, "typeable.json")
            .expect("typeable schemas generate");
        syn::parse_file(&source).expect("the source parses");
        let fallbacks: Vec<_> = warnings
            .iter()
            .map(|w| w.message.clone())
            .filter(|m| m.contains("JSON value") || m.contains("JSON object") || m.contains("could not"))
            .collect();
        prop_assert!(fallbacks.is_empty(), "{fallbacks:#?}\n{text}");
    }
}

/// A case the property test found: a root `Self` beside a `self` (typed `InputSelf` and
/// `InputSelf2`), and inside `Self` a `名前` beside a `value`, whose enum was named `InputSelf`
/// + `2` too. It is now `InputSelfValue2`.
#[test]
fn a_nested_name_without_ascii_letters_is_not_taken_for_a_numbered_sibling() {
    let text = snapshot_text(vec![json!({
        "name": "typeable",
        "inputSchema": {"type": "object", "properties": {
            "Self": {"type": "object", "properties": {
                "mode": {"type": "string", "enum": ["fixed", "free"]},
                "value": {"type": "string"},
                "名前": {"type": "string", "enum": ["+1"]}
            }},
            "self": {"type": "object", "properties": {}, "required": ["missing"]}
        }}
    })]);
    let snapshot = Snapshot::parse(&text, "typeable.json").expect("the snapshot loads");
    let (source, warnings) = Generator::default()
        .generate_source(&snapshot, "typeable.json")
        .expect("it generates");
    assert!(warnings.is_empty(), "{warnings:#?}");
    assert!(source.contains("pub enum InputSelfValue2"), "{source}");
}

//! The generator on arbitrary JSON Schemas (`mcp-toolset-arbitrary-schema`): it never panics,
//! never fails on a schema, and always emits code that parses, through both the token path
//! (the macro) and the formatted-source path (build.rs, CLI). That the code also compiles
//! under `#![deny(warnings)]` is checked by `tests/corpus-bindings`, which builds a few hundred
//! of these tools.

use mcp_codegen::{Generator, Snapshot};
use mcp_toolset_arbitrary_schema::tool;
use proptest::prelude::*;
use serde_json::json;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_schema_generates_code_that_parses(
        tools in prop::collection::vec(tool(0), 1..4)
    ) {
        // Distinct names: a snapshot with a repeated tool name is rejected on purpose.
        let tools: Vec<_> = tools
            .into_iter()
            .enumerate()
            .map(|(i, mut t)| {
                t["name"] = json!(format!("{}-{i}", t["name"].as_str().unwrap_or("t")));
                t
            })
            .collect();
        let text = json!({ "tools": tools }).to_string();
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
}

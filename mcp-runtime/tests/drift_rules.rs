//! One minimal old/new pair per drift rule: the kind and severity it must produce.

use mcp_runtime::schema::drift::{Change, Severity, ToolSchemas, diff};
use serde_json::{Value, json};

use Severity::*;

fn tool(input: Value, output: Option<Value>) -> ToolSchemas {
    ToolSchemas {
        name: "t".into(),
        input_schema: input,
        output_schema: output,
        ..Default::default()
    }
}

fn obj(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required})
}

fn input_change(old: Value, new: Value) -> Vec<Change> {
    diff(&[tool(old, None)], &[tool(new, None)])
}

fn output_change(old: Value, new: Value) -> Vec<Change> {
    let args = obj(json!({}), &[]);
    diff(&[tool(args.clone(), Some(old))], &[tool(args, Some(new))])
}

fn only(changes: Vec<Change>, kind: &str, severity: Severity) {
    assert_eq!(changes.len(), 1, "expected one `{kind}`, got {changes:#?}");
    assert_eq!(
        (changes[0].kind, changes[0].severity),
        (kind, severity),
        "{changes:#?}"
    );
    assert!(!changes[0].message.is_empty());
}

fn s(props: Value) -> Value {
    obj(props, &[])
}

#[test]
fn tool_level() {
    let a = tool(s(json!({})), None);
    let named = |name: &str| ToolSchemas {
        name: name.into(),
        ..a.clone()
    };
    only(
        diff(&[named("a"), named("b")], &[named("a")]),
        "tool-removed",
        Breaking,
    );
    only(
        diff(&[named("a")], &[named("a"), named("b")]),
        "tool-added",
        Compatible,
    );
    let described = ToolSchemas {
        description: Some("new words".into()),
        ..a.clone()
    };
    only(
        diff(std::slice::from_ref(&a), &[described]),
        "tool-description-changed",
        Security,
    );
    let titled = ToolSchemas {
        title: Some("T".into()),
        ..a.clone()
    };
    only(
        diff(std::slice::from_ref(&a), &[titled]),
        "tool-title-changed",
        Security,
    );
    let hinted = ToolSchemas {
        annotations: Some(json!({"readOnlyHint": true})),
        ..a.clone()
    };
    only(
        diff(std::slice::from_ref(&a), &[hinted]),
        "annotation-changed",
        Compatible,
    );
    let with_output = ToolSchemas {
        output_schema: Some(s(json!({}))),
        ..a.clone()
    };
    only(
        diff(std::slice::from_ref(&with_output), std::slice::from_ref(&a)),
        "output-schema-removed",
        Breaking,
    );
    only(
        diff(&[a], &[with_output]),
        "output-schema-added",
        Compatible,
    );
}

#[test]
fn input_rules() {
    let string = json!({"type": "string"});
    only(
        input_change(s(json!({})), obj(json!({"x": string}), &["x"])),
        "required-property-added",
        Breaking,
    );
    only(
        input_change(s(json!({})), s(json!({"x": string}))),
        "optional-property-added",
        Compatible,
    );
    only(
        input_change(s(json!({"x": string})), obj(json!({"x": string}), &["x"])),
        "property-became-required",
        Breaking,
    );
    only(
        input_change(obj(json!({"x": string}), &["x"]), s(json!({"x": string}))),
        "property-became-optional",
        Compatible,
    );
    only(
        input_change(s(json!({"x": string})), s(json!({}))),
        "property-removed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"type": "string"}})),
            s(json!({"x": {"type": "integer"}})),
        ),
        "type-changed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"type": ["string", "null"]}})),
            s(json!({"x": {"type": "string"}})),
        ),
        "type-narrowed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"type": "number"}})),
            s(json!({"x": {"type": "integer"}})),
        ),
        "type-narrowed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"type": "integer"}})),
            s(json!({"x": {"type": "number"}})),
        ),
        "type-widened",
        Compatible,
    );
    only(
        input_change(
            s(json!({"x": {"enum": ["a", "b"]}})),
            s(json!({"x": {"enum": ["a"]}})),
        ),
        "enum-value-removed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"enum": ["a"]}})),
            s(json!({"x": {"enum": ["a", "b"]}})),
        ),
        "enum-value-added",
        Compatible,
    );
    only(
        input_change(
            s(json!({"x": {"enum": ["a", "b"]}})),
            s(json!({"x": {"enum": ["b", "a"]}})),
        ),
        "enum-order-changed",
        Cosmetic,
    );
    for (key, old, new) in [
        ("maxLength", 10, 5),
        ("maximum", 10, 5),
        ("minLength", 1, 3),
        ("minimum", 0, 1),
        ("maxItems", 9, 2),
    ] {
        only(
            input_change(s(json!({"x": {key: old}})), s(json!({"x": {key: new}}))),
            "constraint-tightened",
            Breaking,
        );
        only(
            input_change(s(json!({"x": {key: new}})), s(json!({"x": {key: old}}))),
            "constraint-relaxed",
            Compatible,
        );
    }
    only(
        input_change(
            s(json!({"x": {"type": "string"}})),
            s(json!({"x": {"type": "string", "maxLength": 3}})),
        ),
        "constraint-tightened",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"type": "string"}})),
            s(json!({"x": {"type": "string", "pattern": "^a"}})),
        ),
        "constraint-tightened",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"pattern": "^a"}})),
            s(json!({"x": {"pattern": "^b"}})),
        ),
        "constraint-tightened",
        Breaking,
    );
    only(
        input_change(s(json!({"x": {"pattern": "^a"}})), s(json!({"x": {}}))),
        "constraint-relaxed",
        Compatible,
    );
    let closed =
        json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false});
    only(
        input_change(s(json!({})), closed.clone()),
        "additional-properties-restricted",
        Breaking,
    );
    only(
        input_change(closed, s(json!({}))),
        "additional-properties-allowed",
        Compatible,
    );
    only(
        input_change(
            s(json!({"x": {"anyOf": [string, {"type": "integer"}, {"type": "null"}]}})),
            s(json!({"x": {"anyOf": [string, {"type": "integer"}]}})),
        ),
        "variant-removed",
        Breaking,
    );
    only(
        input_change(
            s(json!({"x": {"default": 1}})),
            s(json!({"x": {"default": 2}})),
        ),
        "default-changed",
        Compatible,
    );
    only(
        input_change(
            s(json!({"x": {"not": {"type": "string"}}})),
            s(json!({"x": {}})),
        ),
        "schema-changed",
        Breaking,
    );
}

#[test]
fn output_rules() {
    let string = json!({"type": "string"});
    only(
        output_change(obj(json!({"x": string}), &["x"]), obj(json!({}), &[])),
        "property-removed",
        Breaking,
    );
    only(
        output_change(s(json!({"x": string})), s(json!({}))),
        "property-removed",
        Compatible,
    );
    only(
        output_change(obj(json!({"x": string}), &["x"]), s(json!({"x": string}))),
        "property-became-optional",
        Breaking,
    );
    only(
        output_change(s(json!({"x": string})), obj(json!({"x": string}), &["x"])),
        "property-became-required",
        Compatible,
    );
    only(
        output_change(
            s(json!({"x": {"type": "string"}})),
            s(json!({"x": {"type": ["string", "null"]}})),
        ),
        "became-nullable",
        Breaking,
    );
    only(
        output_change(
            s(json!({"x": {"type": "string"}})),
            s(json!({"x": {"type": "integer"}})),
        ),
        "type-changed",
        Breaking,
    );
    only(
        output_change(
            s(json!({"x": {"type": ["string", "null"]}})),
            s(json!({"x": {"type": "string"}})),
        ),
        "type-narrowed",
        Compatible,
    );
    only(
        output_change(
            s(json!({"x": {"enum": ["a"]}})),
            s(json!({"x": {"enum": ["a", "b"]}})),
        ),
        "enum-value-added",
        Breaking,
    );
    only(
        output_change(
            s(json!({"x": {"enum": ["a", "b"]}})),
            s(json!({"x": {"enum": ["a"]}})),
        ),
        "enum-value-removed",
        Compatible,
    );
    only(
        output_change(s(json!({})), s(json!({"y": string}))),
        "property-added",
        Compatible,
    );
    only(
        output_change(
            s(json!({"x": {"anyOf": [string]}})),
            s(json!({"x": {"anyOf": [string, {"type": "null"}]}})),
        ),
        "variant-added",
        Breaking,
    );
    only(
        output_change(
            s(json!({"x": {"maxLength": 3}})),
            s(json!({"x": {"maxLength": 9}})),
        ),
        "constraint-relaxed",
        Compatible,
    );
}

#[test]
fn text_and_cosmetic_rules() {
    // Parameter descriptions and titles are text a model reads.
    only(
        input_change(
            s(json!({"x": {"description": "a"}})),
            s(json!({"x": {"description": "b"}})),
        ),
        "description-changed",
        Security,
    );
    only(
        input_change(
            s(json!({"x": {"title": "a"}})),
            s(json!({"x": {"title": "b"}})),
        ),
        "title-changed",
        Security,
    );
    only(
        input_change(s(json!({"x": {"examples": [1]}})), s(json!({"x": {}}))),
        "annotation-changed",
        Cosmetic,
    );
    let string = json!({"type": "string"});
    only(
        input_change(
            obj(json!({"a": string, "b": string}), &["a", "b"]),
            obj(json!({"a": string, "b": string}), &["b", "a"]),
        ),
        "required-order-changed",
        Cosmetic,
    );
}

#[test]
fn refs_are_resolved_and_recursion_terminates() {
    let inline = s(json!({"addr": {"type": "object", "properties": {"city": {"type": "string"}}}}));
    let via_defs = json!({
        "type": "object", "required": [],
        "$defs": {"Address": {"type": "object", "properties": {"city": {"type": "string"}}}},
        "properties": {"addr": {"$ref": "#/$defs/Address"}}
    });
    let renamed = json!({
        "type": "object", "required": [],
        "definitions": {"Addr2": {"type": "object", "properties": {"city": {"type": "string"}}}},
        "properties": {"addr": {"$ref": "#/definitions/Addr2"}}
    });
    assert!(input_change(inline.clone(), via_defs.clone()).is_empty());
    assert!(input_change(via_defs, renamed).is_empty());

    let tree = |leaf: &str| json!({"type": "object", "properties": {"v": {"type": leaf}, "kids": {"type": "array", "items": {"$ref": "#"}}}});
    assert!(input_change(tree("string"), tree("string")).is_empty());
    let changes = input_change(tree("string"), tree("integer"));
    assert!(
        changes
            .iter()
            .any(|c| c.kind == "type-changed" && c.path == "/inputSchema/properties/v/type"),
        "{changes:#?}"
    );
}

#[test]
fn nested_paths_and_messages() {
    let old = s(
        json!({"order": {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"qty": {"type": "integer", "maximum": 10}}}}}}}),
    );
    let new = s(
        json!({"order": {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"qty": {"type": "integer", "maximum": 5}}}}}}}),
    );
    let changes = input_change(old, new);
    only(changes.clone(), "constraint-tightened", Breaking);
    assert_eq!(
        changes[0].path,
        "/inputSchema/properties/order/properties/items/items/properties/qty/maximum"
    );
    assert!(
        changes[0]
            .message
            .contains("`order.items[].qty` in the arguments"),
        "{}",
        changes[0].message
    );
}

#[test]
fn task_support_rules() {
    let with = |support: Option<&str>| ToolSchemas {
        execution: support.map(|s| json!({"taskSupport": s})),
        ..tool(s(json!({})), None)
    };
    let change = |old, new| diff(&[with(old)], &[with(new)]);
    only(
        change(Some("optional"), None),
        "task-support-removed",
        Breaking,
    );
    only(
        change(Some("required"), Some("forbidden")),
        "task-support-removed",
        Breaking,
    );
    only(
        change(Some("optional"), Some("required")),
        "task-support-required",
        Breaking,
    );
    only(
        change(None, Some("required")),
        "task-support-required",
        Breaking,
    );
    only(
        change(None, Some("optional")),
        "task-support-widened",
        Compatible,
    );
    only(
        change(Some("required"), Some("optional")),
        "task-support-widened",
        Compatible,
    );
    assert!(
        change(None, Some("forbidden")).is_empty(),
        "absent is forbidden"
    );
    // Read from a Tool object as servers send it.
    let parsed = ToolSchemas::from_json(
        &json!({"name": "t", "inputSchema": {}, "execution": {"taskSupport": "optional"}}),
    );
    assert_eq!(
        parsed.unwrap().execution,
        Some(json!({"taskSupport": "optional"}))
    );
}

#[test]
fn mcp_header_rules() {
    let region = |header: Option<&str>| {
        let mut property = json!({"type": "string"});
        if let Some(header) = header {
            property["x-mcp-header"] = json!(header);
        }
        s(json!({ "region": property }))
    };
    let added = input_change(region(None), region(Some("Region")));
    only(added, "mcp-header-changed", Security);
    let renamed = input_change(region(Some("Region")), region(Some("X-Region")));
    only(renamed, "mcp-header-changed", Security);
    only(
        input_change(region(Some("Region")), region(None)),
        "mcp-header-changed",
        Security,
    );
    // Other extensions stay cosmetic.
    let vendor = |v: i64| s(json!({"region": {"type": "string", "x-vendor": v}}));
    only(
        input_change(vendor(1), vendor(2)),
        "annotation-changed",
        Cosmetic,
    );
}

#[test]
fn output_schemas_that_are_not_objects() {
    let list = json!({"type": "array", "items": {"type": "string"}});
    let object = s(json!({"n": {"type": "integer"}}));
    only(
        output_change(object.clone(), list.clone()),
        "output-schema-kind-changed",
        Breaking,
    );
    only(
        output_change(list.clone(), object),
        "output-schema-kind-changed",
        Breaking,
    );
    // Between non-object schemas the keyword rules apply as usual.
    let numbers = json!({"type": "array", "items": {"type": "number"}});
    let changes = output_change(list, numbers);
    assert!(
        changes
            .iter()
            .all(|c| c.kind != "output-schema-kind-changed"),
        "{changes:#?}"
    );
    assert!(!changes.is_empty());
    let nullable = json!({"type": ["object", "null"], "properties": {}});
    assert!(output_change(nullable.clone(), nullable).is_empty());
}

#[test]
fn annotation_flips_that_widen_a_tool_are_security() {
    let hints = |annotations: Value| ToolSchemas {
        annotations: Some(annotations),
        ..tool(s(json!({})), None)
    };
    let change = |old: Value, new: Value| diff(&[hints(old)], &[hints(new)]);
    let widen = [
        (
            json!({"readOnlyHint": true}),
            json!({"readOnlyHint": false}),
        ),
        (json!({"readOnlyHint": true}), json!({})),
        (
            json!({"destructiveHint": false}),
            json!({"destructiveHint": true}),
        ),
        (json!({"destructiveHint": false}), json!({})),
        (
            json!({"idempotentHint": true}),
            json!({"idempotentHint": false}),
        ),
        (
            json!({"openWorldHint": false}),
            json!({"openWorldHint": true}),
        ),
    ];
    for (old, new) in widen {
        only(
            change(old.clone(), new.clone()),
            "annotation-changed",
            Security,
        );
        // The other way narrows what the tool may do.
        only(change(new, old), "annotation-changed", Compatible);
    }
    // The same value stated differently, or a hint nobody defined: cosmetic.
    only(
        change(json!({}), json!({"destructiveHint": true})),
        "annotation-changed",
        Cosmetic,
    );
    only(
        change(json!({"x-rank": 1}), json!({"x-rank": 2})),
        "annotation-changed",
        Cosmetic,
    );
    only(
        change(json!({"title": "a"}), json!({"title": "b"})),
        "annotation-changed",
        Security,
    );
    let icons = |src: &str| ToolSchemas {
        icons: Some(json!([{"src": src}])),
        ..tool(s(json!({})), None)
    };
    only(
        diff(&[icons("a.png")], &[icons("b.png")]),
        "tool-icons-changed",
        Security,
    );
}

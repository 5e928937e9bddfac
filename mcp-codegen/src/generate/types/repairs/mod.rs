//! The repairs: a tool's schema made one typify can take, one repair a file, run in this order.
//!
//! Across the snapshot first, `shared_shapes.rs` gives an object several tools take at
//! different places one `$defs` name. Then per side (`prepare`): draft-07 `definitions` merged
//! into `$defs`; `inner_refs.rs` (`$ref`s into properties become definitions); the root titled
//! `Input`/`Output`; `def_names.rs` (definition names that make Rust type names);
//! `nullable_defs.rs` ("X or null" definitions split); `sanitize` (keywords that would need
//! extra crates or that typify cannot express taken out, each a note; with `old_drafts.rs`,
//! `conditionals.rs` (conditions as optional fields and docs),
//! `dangling_required.rs`, `colliding_names.rs`, `all_of_members.rs`, `breaking_defaults.rs`); `cycles.rs` (an `allOf`
//! that contains itself). Then `separate_defs` (output definitions named apart from input
//! ones), `distinct_titles.rs` (titles that would name two shapes alike) and `enums.rs` (string
//! enums named by us). `subschemas.rs` is the one list of positions every walk follows, and
//! `refs.rs` the one place a `$ref` is rewritten.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

mod all_of_members;
mod breaking_defaults;
pub(crate) mod colliding_names;
mod conditionals;
mod cycles;
mod dangling_required;
mod def_names;
pub(crate) mod distinct_titles;
pub(crate) mod enums;
mod inner_refs;
mod nullable_defs;
mod old_drafts;
pub(crate) mod refs;
pub(crate) mod root_shape;
pub(crate) mod shared_shapes;
mod subschemas;

use super::TypeOptions;
use crate::generate::text::names::pascal;
use all_of_members::bare_all_of_members;
use breaking_defaults::drop_breaking_default;
use colliding_names::mark_colliding;
use conditionals::fold_conditionals;
use cycles::cut_all_of_cycles;
use dangling_required::tidy_required;
use def_names::fit_def_names;
use inner_refs::hoist_inner_refs;
use nullable_defs::split_nullable_defs;
use refs::{rename_def, rewrite_refs};
use subschemas::subschemas_mut;

/// Formats typify maps to std types; others are dropped (plain `String`) unless opted in.
const STD_FORMATS: &[&str] = &[
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float", "double",
    "ip", "ipv4", "ipv6",
];

/// Root keywords the `Input` struct does not express; they are checked by the server only.
const ROOT_IGNORED: &[&str] = &[
    "not",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "patternProperties",
    "unevaluatedProperties",
];
/// A copy of `schema` ready for typify: root titled `root_name` (a server's root `title` would
/// otherwise rename the type), `definitions` merged into `$defs` with names that make type names
/// (`def_names.rs`), references into other places of the schema moved onto `$defs`
/// (`inner_refs.rs`), nullable definitions split (`nullable_defs.rs`), and formats and patterns that would need extra crates dropped.
pub(crate) fn prepare(
    schema: &Value,
    root_name: &str,
    options: TypeOptions,
    notes: &mut Vec<String>,
) -> Value {
    let mut schema = schema.clone();
    let Value::Object(map) = &mut schema else {
        return schema;
    };
    // Merge draft-07 `definitions` into `$defs` and rewrite their refs.
    if let Some(Value::Object(old)) = map.remove("definitions") {
        let defs = map
            .entry("$defs")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(defs) = defs {
            for (k, v) in old {
                defs.entry(k).or_insert(v);
            }
        }
        rewrite_refs(&mut schema, &|r| {
            r.strip_prefix("#/definitions/")
                .map(|name| format!("#/$defs/{name}"))
        });
    }
    hoist_inner_refs(&mut schema);
    let Value::Object(map) = &mut schema else {
        return schema;
    };
    map.insert("title".into(), Value::from(root_name));
    map.remove("$schema");
    map.remove("$id");
    fit_def_names(&mut schema);
    split_nullable_defs(&mut schema);
    let ignored: Vec<String> = schema
        .as_object()
        .map(|m| {
            m.keys()
                .filter(|k| ROOT_IGNORED.contains(&k.as_str()))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    if !ignored.is_empty() && root_name == "Input" {
        notes.push(format!(
            "`{}` at the root of the input schema is checked by the server, not at compile time",
            ignored.join("`, `")
        ));
    }
    let mut dropped = BTreeSet::new();
    // The root's conditions, folded first, are its docs.
    if let Value::Object(map) = &mut schema {
        fold_conditionals(map, &mut dropped);
    }
    let described = schema.get("description").is_some();
    sanitize(&mut schema, options, &mut dropped);
    // A root `allOf` member's description, lifted for a field's docs, is not the tool's.
    if let (false, Value::Object(map)) = (described, &mut schema) {
        map.remove("description");
    }
    for what in dropped {
        notes.push(what);
    }
    cut_all_of_cycles(&mut schema, notes);
    schema
}

/// Gives the `$defs` of `output` that clash with differently-shaped `$defs` of `input` new names.
pub(crate) fn separate_defs(input: &Value, output: &mut Value) {
    let input_defs = input
        .get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let output_defs = output
        .get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (name, shape) in output_defs {
        if input_defs.get(&name).is_some_and(|other| other != &shape) {
            rename_def(output, &name, &format!("Output{}", pascal(&name)));
        }
    }
}

/// Keeps the `enum` values that fit the schema's `type`: typify types an enum by its `type`
/// and, with no value left, emits a check against an empty list that does not compile. With
/// none left, the `enum` goes and the type alone stays (the server still checks its values).
/// A `default` that does not fit (`null` for an integer), or that stands on a choice of
/// shapes (`anyOf`/`oneOf`, whose members may have become our own enums), is the server's to
/// apply: typify rejects the whole schema over it.
fn fitting_enum_values(map: &mut Map<String, Value>, dropped: &mut BTreeSet<String>) {
    if map.contains_key("default") && (map.contains_key("anyOf") || map.contains_key("oneOf")) {
        map.remove("default");
    }
    let types: Vec<String> = match map.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        _ => return,
    };
    if map.get("default").is_some_and(|d| !fits_type(d, &types)) {
        map.remove("default");
    }
    let Some(Value::Array(values)) = map.get_mut("enum") else {
        return;
    };
    let before = values.len();
    values.retain(|v| fits_type(v, &types));
    if values.len() != before {
        dropped.insert("`enum` values that do not fit the schema's `type` are left out".into());
    }
    if values.is_empty() {
        map.remove("enum");
    }
}

/// Whether a JSON value is of one of the schema types.
fn fits_type(value: &Value, types: &[String]) -> bool {
    types.iter().any(|t| match t.as_str() {
        "string" => value.is_string(),
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        _ => true,
    })
}

fn sanitize(schema: &mut Value, options: TypeOptions, dropped: &mut BTreeSet<String>) {
    let Value::Object(map) = schema else { return };
    old_drafts::normalise(map, dropped);
    fold_conditionals(map, dropped);
    bare_all_of_members(map);
    if let Some(Value::String(format)) = map.get("format") {
        let keep = STD_FORMATS.contains(&format.as_str())
            || (options.typed_formats && ["uuid", "date", "date-time"].contains(&format.as_str()));
        if !keep {
            if ["uuid", "date", "date-time"].contains(&format.as_str()) {
                dropped.insert(format!("`format: {format}` is a plain String (set `typed_formats` for uuid/chrono types)"));
            }
            map.remove("format");
        }
    }
    if map.remove("pattern").is_some() {
        dropped.insert(
            "`pattern` constraints are checked by the server, not by the generated types"
                .to_string(),
        );
    }
    map.remove("patternProperties");
    tidy_required(map);
    if !map.get("title").is_some_and(|t| t == "Input") {
        mark_colliding(map);
    }
    fitting_enum_values(map, dropped);
    drop_breaking_default(map, dropped);
    // A property whose schema is `false` can never be sent or received: no field for it.
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        let never: Vec<String> = props
            .iter()
            .filter(|(_, schema)| **schema == Value::Bool(false))
            .map(|(name, _)| name.clone())
            .collect();
        for name in never {
            props.remove(&name);
            dropped.insert(format!(
                "property `{name}` has the schema `false` (it can never be present); it has no field"
            ));
        }
    }
    for (_, sub) in subschemas_mut(map) {
        sanitize(sub, options, dropped);
    }
}

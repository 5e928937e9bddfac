//! The typify driver: one `TypeSpace` run over a tool's input and output schemas, with the
//! shared `$defs` table, the `Input` struct built by us when the root is a plain object, and
//! the emitted tokens rerooted through `::mcp_runtime::export`.

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::{Map, Value};
use typify::{TypeSpace, TypeSpaceImpl, TypeSpaceSettings};

use super::InputShape;
use super::check::check_file;
use super::contain::contained;
use super::distinct_fields::distinct_fields;
use super::input::input_struct;
use super::paths::reroot;
use super::repairs::colliding_names::{marked, unmark};
use super::repairs::enums::{OwnEnum, enum_item};
use super::repairs::refs::rewrite_refs;
use super::repairs::root_shape::simple_root;

/// The root properties that fail on their own (with the root's `$defs` available).
pub(super) fn failing_properties(schema: &Value, enums: &[OwnEnum]) -> Vec<(String, String)> {
    let Some(Value::Object(props)) = schema.get("properties") else {
        return Vec::new();
    };
    let mut failing = Vec::new();
    for (name, prop) in props {
        let mut alone = schema.clone();
        if let Value::Object(map) = &mut alone {
            map.insert(
                "properties".into(),
                Value::Object(Map::from_iter([(name.clone(), prop.clone())])),
            );
            map.remove("required");
        }
        if let Err(reason) = contained(|| build(Some(&alone), None, enums)) {
            failing.push((name.clone(), reason));
        }
    }
    failing
}

pub(super) fn json_value() -> TokenStream {
    quote!(::mcp_runtime::export::serde_json::Value)
}

fn json_object() -> TokenStream {
    quote!(::mcp_runtime::export::serde_json::Map<::std::string::String, ::mcp_runtime::export::serde_json::Value>)
}

pub(super) fn fallback_only() -> (TokenStream, InputShape, bool) {
    let object = json_object();
    (
        quote! { pub type Input = #object; },
        InputShape::Whole,
        false,
    )
}

pub(super) type Built = (TokenStream, InputShape, bool);

/// One typify run: `input` (None = fallback JSON object) and `output` (None = none or
/// fallback) in one type space.
pub(super) fn build(
    input: Option<&Value>,
    output: Option<&Value>,
    enums: &[OwnEnum],
) -> Result<Built, String> {
    let mut settings = TypeSpaceSettings::default();
    settings.with_struct_builder(false);
    for own in enums {
        settings.with_replacement(&own.name, &own.name, [TypeSpaceImpl::Display].into_iter());
    }
    let mut space = TypeSpace::new(&settings);
    let mut own_items = TokenStream::new();

    // One table of definitions for the whole tool: identical `$defs` of input and output are
    // shared, clashing ones were renamed by `separate_defs`; a root typed whole is a def too.
    let mut defs: Vec<(String, schemars::schema::Schema)> = Vec::new();
    for schema in input.into_iter().chain(output) {
        for (name, def) in defs_of(schema.as_object().ok_or("schema is not an object")?)? {
            if !defs.iter().any(|(existing, _)| existing == &name) {
                defs.push((name, def));
            }
        }
    }
    let whole_input = input.filter(|schema| !simple_root(schema));
    if let Some(schema) = whole_input {
        defs.push(("Input".to_string(), as_def(schema, "Input")?));
    }
    if let Some(schema) = output {
        defs.push(("Output".to_string(), as_def(schema, "Output")?));
    }
    if !defs.is_empty() {
        space.add_ref_types(defs).map_err(|e| e.to_string())?;
    }

    let shape = match input {
        None => {
            let object = json_object();
            own_items.extend(quote! {
                /// The tool's arguments, as a JSON object (its schema could not be typed).
                pub type Input = #object;
            });
            InputShape::Whole
        }
        Some(_) if whole_input.is_some() => InputShape::Whole,
        Some(schema) => {
            let (item, fields) = input_struct(&mut space, schema)?;
            own_items.extend(item);
            InputShape::Fields(fields)
        }
    };
    if space.uses_regress() {
        return Err("the schema needs regex validation (regress)".into());
    }
    let mut items = space.to_stream();
    items.extend(own_items);
    items.extend(enums.iter().map(enum_item));
    let mut items = reroot(items);
    if [input, output].into_iter().flatten().any(marked) {
        items = unmark(items);
    }
    // One parse for both: fields still named alike are renamed, then what rustc would
    // reject is looked for.
    let mut file: syn::File =
        syn::parse2(items.clone()).map_err(|e| format!("the generated types do not parse: {e}"))?;
    if distinct_fields(&mut file) {
        items = quote::ToTokens::into_token_stream(file.clone());
    }
    check_file(&file, &items)?;
    Ok((items, shape, output.is_some()))
}

/// A root schema as a definition named `name`: its own `$defs` are in the shared table, and
/// `#` now points at it.
fn as_def(schema: &Value, name: &str) -> Result<schemars::schema::Schema, String> {
    let mut schema = schema.clone();
    if let Value::Object(map) = &mut schema {
        map.remove("$defs");
        map.remove("definitions");
    }
    let target = format!("#/$defs/{name}");
    rewrite_refs(&mut schema, &|r| (r == "#").then(|| target.clone()));
    serde_json::from_value(schema).map_err(|e| format!("invalid schema: {e}"))
}

fn defs_of(map: &Map<String, Value>) -> Result<Vec<(String, schemars::schema::Schema)>, String> {
    let mut defs = Vec::new();
    for key in ["$defs", "definitions"] {
        if let Some(Value::Object(entries)) = map.get(key) {
            for (name, schema) in entries {
                let schema = serde_json::from_value(schema.clone())
                    .map_err(|e| format!("`{key}/{name}`: {e}"))?;
                defs.push((name.clone(), schema));
            }
        }
    }
    Ok(defs)
}

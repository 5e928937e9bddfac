//! JSON Schema → Rust types for one tool, through typify, with every failure contained.
//!
//! typify handles nested shapes and `$defs`; the tool's argument struct (`Input`) is built
//! here so that its fields have names we control (keywords, `foo-bar` vs `fooBar`) and can be
//! turned into method parameters. Anything typify rejects or panics on falls back to
//! `serde_json` types, with a note that becomes a warning and a doc line.

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use serde_json::{Map, Value};
use typify::{TypeDetails, TypeSpace, TypeSpaceSettings};

use crate::names::{Namer, pascal, snake};

/// Methods of the generated `Call` builder; argument setters must not take these names.
pub(crate) const CALL_METHODS: &[&str] = &["new", "with_timeout", "input", "send", "into_future"];

/// The Rust side of one tool's schemas.
pub(crate) struct ToolTypes {
    /// Type definitions for the tool's module (`Input`, `Output`, nested types).
    pub items: TokenStream,
    /// How the generated method takes its arguments.
    pub input: InputShape,
    /// Whether the tool has a typed `Output`.
    pub has_output: bool,
    /// Fallbacks and simplifications, one sentence each.
    pub notes: Vec<String>,
}

pub(crate) enum InputShape {
    /// `Input` is a struct of these fields: required ones become parameters, optional ones
    /// setters.
    Fields(Vec<Field>),
    /// `Input` is some other type, passed whole.
    Whole,
}

pub(crate) struct Field {
    pub json_name: String,
    pub ident: Ident,
    /// The parameter or setter type (the `T` of `impl Into<T>`).
    pub ty: TokenStream,
    pub required: bool,
    pub description: Option<String>,
}

/// Options that change how types come out.
#[derive(Clone, Copy, Default)]
pub(crate) struct TypeOptions {
    /// Map `uuid` / `date` / `date-time` strings to `uuid` / `chrono` types.
    pub typed_formats: bool,
}

/// Formats typify maps to std types; others are dropped (plain `String`) unless opted in.
const STD_FORMATS: &[&str] = &[
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float", "double",
    "ip", "ipv4", "ipv6",
];

/// Root keywords the `Input` struct does not express; they are checked by the server only.
const ROOT_IGNORED: &[&str] = &[
    "if",
    "then",
    "else",
    "not",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "minProperties",
    "maxProperties",
    "propertyNames",
    "patternProperties",
    "unevaluatedProperties",
];
/// Root keywords that change the shape so much that `Input` is handed to typify whole.
const ROOT_SHAPE: &[&str] = &[
    "anyOf",
    "oneOf",
    "allOf",
    "$ref",
    "enum",
    "const",
    "items",
    "prefixItems",
];

/// JSON types only, because the typed version did not compile (`reason`).
pub(crate) fn fallback_types(output: Option<&Value>, reason: &str) -> ToolTypes {
    let (mut items, input, _) = fallback_only();
    if output.is_some() {
        let value = json_value();
        items.extend(quote! {
            /// The tool's structured output (its schema could not be typed).
            pub type Output = #value;
        });
    }
    ToolTypes {
        items,
        input,
        has_output: output.is_some(),
        notes: vec![format!(
            "the generated types were not valid Rust ({reason}); arguments and output are JSON values"
        )],
    }
}

pub(crate) fn tool_types(input: &Value, output: Option<&Value>, options: TypeOptions) -> ToolTypes {
    let mut notes = Vec::new();
    let input = prepare(input, "Input", options, &mut notes);
    let output = output.map(|schema| {
        let mut prepared = prepare(schema, "Output", options, &mut notes);
        separate_defs(&input, &mut prepared);
        prepared
    });

    let mut input = input;
    // The common case costs one typify run; repairs only start when it fails.
    let first = contained(|| build(Some(&input), output.as_ref()));
    if first.is_err() && simple_root(&input) && contained(|| build(Some(&input), None)).is_err() {
        // Find the properties typify cannot handle and make just those JSON values.
        for (name, reason) in failing_properties(&input) {
            notes.push(format!(
                "argument `{name}` could not be typed ({reason}); it is a JSON value"
            ));
            if let Some(Value::Object(props)) = input.get_mut("properties") {
                let description = props.get(&name).and_then(|p| p.get("description")).cloned();
                let mut any = Map::new();
                if let Some(d) = description {
                    any.insert("description".into(), d);
                }
                props.insert(name, Value::Object(any));
            }
        }
    }
    let attempt = |with_input: bool, with_output: bool| {
        contained(|| {
            build(
                with_input.then_some(&input),
                if with_output { output.as_ref() } else { None },
            )
        })
    };
    let built = match first.or_else(|_| attempt(true, output.is_some())) {
        Ok(built) => built,
        Err(joint_reason) => {
            // Find which side failed, keep the other.
            let input_ok = match attempt(true, false) {
                Ok(_) => true,
                Err(reason) => {
                    notes.push(format!("the input schema could not be typed ({reason}); arguments are a JSON object"));
                    false
                }
            };
            let output_ok = output.is_some()
                && match attempt(false, true) {
                    Ok(_) => true,
                    Err(reason) => {
                        notes.push(format!("the output schema could not be typed ({reason}); the output is a JSON value"));
                        false
                    }
                };
            if input_ok && output_ok {
                notes.push(format!(
                    "input and output types clash ({joint_reason}); the output is a JSON value"
                ));
            }
            match attempt(input_ok, output_ok && !input_ok) {
                Ok(built) => built,
                Err(reason) => {
                    notes.push(format!(
                        "types could not be generated ({reason}); using JSON values"
                    ));
                    contained(|| build(None, None)).unwrap_or_else(|_| fallback_only())
                }
            }
        }
    };
    let (mut items, input_shape, typed_output) = built;
    if output.is_some() && !typed_output {
        let value = json_value();
        items.extend(quote! {
            /// The tool's structured output (its schema could not be typed).
            pub type Output = #value;
        });
    }
    ToolTypes {
        items,
        input: input_shape,
        has_output: output.is_some(),
        notes,
    }
}

/// The root properties that fail on their own (with the root's `$defs` available).
fn failing_properties(schema: &Value) -> Vec<(String, String)> {
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
        if let Err(reason) = contained(|| build(Some(&alone), None)) {
            failing.push((name.clone(), reason));
        }
    }
    failing
}

fn json_value() -> TokenStream {
    quote!(::mcp_runtime::export::serde_json::Value)
}

fn json_object() -> TokenStream {
    quote!(::mcp_runtime::export::serde_json::Map<::std::string::String, ::mcp_runtime::export::serde_json::Value>)
}

fn fallback_only() -> (TokenStream, InputShape, bool) {
    let object = json_object();
    (
        quote! { pub type Input = #object; },
        InputShape::Whole,
        false,
    )
}

thread_local! {
    /// Set while this thread runs typify: its panics are expected and reported as warnings.
    static SILENCED: Cell<bool> = const { Cell::new(false) };
}

/// Installs, once per process, a panic hook that stays quiet for threads inside [`contained`]
/// and defers to the previous hook everywhere else (the host's, in a proc macro).
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !SILENCED.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning errors and panics into a one-line reason, without printing the panic.
fn contained<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    install_quiet_hook();
    let was = SILENCED.with(|s| s.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    SILENCED.with(|s| s.set(was));
    match result {
        Ok(result) => result.map_err(|reason| first_line(&reason)),
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(format!("typify panicked: {}", first_line(&message)))
        }
    }
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() > 160 {
        format!("{}…", line.chars().take(160).collect::<String>())
    } else {
        line.to_string()
    }
}

type Built = (TokenStream, InputShape, bool);

/// One typify run: `input` (None = fallback JSON object) and `output` (None = none or
/// fallback) in one type space.
fn build(input: Option<&Value>, output: Option<&Value>) -> Result<Built, String> {
    let mut settings = TypeSpaceSettings::default();
    settings.with_struct_builder(false);
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
    let items = reroot(items);
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

/// An object schema whose root `Input` we can build field by field.
fn simple_root(schema: &Value) -> bool {
    let Value::Object(map) = schema else {
        return false;
    };
    if map.get("type").is_some_and(|t| t != "object") {
        return false;
    }
    if contains_root_ref(schema) {
        return false;
    }
    !map.keys().any(|k| ROOT_SHAPE.contains(&k.as_str()))
}

fn contains_root_ref(value: &Value) -> bool {
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| (k == "$ref" && v == "#") || contains_root_ref(v)),
        Value::Array(items) => items.iter().any(contains_root_ref),
        _ => false,
    }
}

fn input_struct(
    space: &mut TypeSpace,
    schema: &Value,
) -> Result<(TokenStream, Vec<Field>), String> {
    let map = schema.as_object().ok_or("not an object")?;
    let properties = match map.get("properties") {
        Some(Value::Object(p)) => p.clone(),
        _ => Map::new(),
    };
    let required: BTreeSet<String> = match map.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        _ => BTreeSet::new(),
    };

    let mut namer = Namer::with_reserved(CALL_METHODS);
    let mut fields = Vec::new();
    let mut struct_fields = Vec::new();
    let mut all_props: Vec<(String, Value)> = properties.into_iter().collect();
    // `required` may name properties without a schema: the server still needs them.
    for name in &required {
        if !all_props.iter().any(|(n, _)| n == name) {
            all_props.push((name.clone(), Value::Bool(true)));
        }
    }
    for (json_name, prop_schema) in all_props {
        let schema: schemars::schema::Schema = serde_json::from_value(prop_schema.clone())
            .map_err(|e| format!("property `{json_name}`: {e}"))?;
        let field = namer.unique(snake(&json_name));
        // Named after the (unique) field, so `foo-bar` and `fooBar` get distinct types.
        let id = space
            .add_type_with_name(&schema, Some(format!("Input{}", pascal(&field))))
            .map_err(|e| format!("property `{json_name}`: {e}"))?;
        let ty = space.get_type(&id).map_err(|e| e.to_string())?;
        let ty_tokens = reroot(ty.ident());
        let nullable = matches!(ty.details(), TypeDetails::Option(_));
        let is_required = required.contains(&json_name);
        let ident = format_ident!("{}", field);
        let description = prop_schema
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        let mut doc = description.clone().unwrap_or_default();
        if let Some(default) = prop_schema.get("default") {
            if !doc.is_empty() {
                doc.push_str("\n\n");
            }
            doc.push_str(&format!("Default (applied by the server): `{default}`"));
        }
        let doc_attr = (!doc.is_empty()).then(|| quote!(#[doc = #doc]));
        let rename = json_name.as_str();
        let (field_ty, setter_ty, serde_attr) = match (is_required, nullable) {
            (true, _) => (
                ty_tokens.clone(),
                ty_tokens.clone(),
                quote!(#[serde(rename = #rename)]),
            ),
            (false, true) => {
                let inner = match ty.details() {
                    TypeDetails::Option(inner) => {
                        reroot(space.get_type(&inner).map_err(|e| e.to_string())?.ident())
                    }
                    _ => unreachable!(),
                };
                (
                    ty_tokens.clone(),
                    inner,
                    quote!(#[serde(rename = #rename, default, skip_serializing_if = "::std::option::Option::is_none")]),
                )
            }
            (false, false) => (
                quote!(::std::option::Option<#ty_tokens>),
                ty_tokens.clone(),
                quote!(#[serde(rename = #rename, default, skip_serializing_if = "::std::option::Option::is_none")]),
            ),
        };
        struct_fields.push(quote! {
            #doc_attr
            #serde_attr
            pub #ident: #field_ty,
        });
        fields.push(Field {
            json_name,
            ident,
            ty: setter_ty,
            required: is_required,
            description,
        });
    }
    // Parameters follow the schema's `required` order (the snapshot sorts object keys, but
    // keeps arrays as the server wrote them): `write_file(path, content)`.
    let required_order: Vec<&str> = match map.get("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    fields.sort_by_key(|f| {
        required_order
            .iter()
            .position(|n| *n == f.json_name)
            .unwrap_or(usize::MAX)
    });
    let default_derive = fields
        .iter()
        .all(|f| !f.required)
        .then(|| quote!(::std::default::Default,));
    let description = map
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or("The tool's arguments.");
    let item = quote! {
        #[doc = #description]
        #[derive(::std::clone::Clone, ::std::fmt::Debug, #default_derive ::serde::Serialize, ::serde::Deserialize)]
        pub struct Input {
            #(#struct_fields)*
        }
    };
    Ok((item, fields))
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

/// A copy of `schema` ready for typify: root titled `root_name` (a server's root `title` would
/// otherwise rename the type), `definitions` merged into `$defs` with names that cannot clash
/// with our own items, formats and patterns that would need extra crates dropped, and object
/// shapes whose property names collide after snake-casing replaced by JSON values.
fn prepare(
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
    let Value::Object(map) = &mut schema else {
        return schema;
    };
    map.insert("title".into(), Value::from(root_name));
    map.remove("$schema");
    map.remove("$id");
    // Definitions named like our own items get another name.
    let clashing: Vec<String> = match map.get("$defs") {
        Some(Value::Object(defs)) => defs
            .keys()
            .filter(|k| {
                ["Input", "Output", "Call", "ConversionError"].contains(&pascal(k).as_str())
            })
            .cloned()
            .collect(),
        _ => Vec::new(),
    };
    for name in clashing {
        rename_def(&mut schema, &name, &format!("{name}Def"));
    }
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
    sanitize(&mut schema, options, &mut dropped);
    for what in dropped {
        notes.push(what);
    }
    schema
}

/// Gives the `$defs` of `output` that clash with differently-shaped `$defs` of `input` new names.
fn separate_defs(input: &Value, output: &mut Value) {
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

fn rename_def(schema: &mut Value, old: &str, new: &str) {
    if let Some(Value::Object(defs)) = schema.get_mut("$defs")
        && let Some(shape) = defs.remove(old)
    {
        defs.insert(new.to_string(), shape);
    }
    let old_ref = format!("#/$defs/{}", escape_pointer(old));
    let new_ref = format!("#/$defs/{}", escape_pointer(new));
    rewrite_refs(schema, &|r| (r == old_ref).then(|| new_ref.clone()));
}

fn escape_pointer(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

fn rewrite_refs(value: &mut Value, f: &dyn Fn(&str) -> Option<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get_mut("$ref")
                && let Some(new) = f(r)
            {
                *r = new;
            }
            for child in map.values_mut() {
                rewrite_refs(child, f);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, f)),
        _ => {}
    }
}

/// Schema positions that hold one subschema / a map of them / a list of them.
const SUB_ONE: &[&str] = &[
    "additionalProperties",
    "items",
    "additionalItems",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
];
const SUB_MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "dependentSchemas",
];
const SUB_LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems", "items"];

fn sanitize(schema: &mut Value, options: TypeOptions, dropped: &mut BTreeSet<String>) {
    let Value::Object(map) = schema else { return };
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
    // Properties whose Rust names would collide make typify emit duplicate fields.
    if let Some(Value::Object(props)) = map.get("properties")
        && !map.get("title").is_some_and(|t| t == "Input")
    {
        let mut seen = BTreeMap::new();
        let collide = props.keys().any(|k| seen.insert(snake(k), ()).is_some());
        if collide {
            dropped.insert(
                "an object whose property names collide in Rust is a JSON value".to_string(),
            );
            let description = map.get("description").cloned();
            map.clear();
            if let Some(d) = description {
                map.insert("description".into(), d);
            }
            return;
        }
    }
    for key in SUB_ONE {
        if let Some(sub) = map.get_mut(*key)
            && sub.is_object()
        {
            sanitize(sub, options, dropped);
        }
    }
    for key in SUB_MAP {
        if let Some(Value::Object(subs)) = map.get_mut(*key) {
            subs.values_mut()
                .for_each(|s| sanitize(s, options, dropped));
        }
    }
    for key in SUB_LIST {
        if let Some(Value::Array(subs)) = map.get_mut(*key) {
            subs.iter_mut().for_each(|s| sanitize(s, options, dropped));
        }
    }
}

/// typify writes `::serde::…` and `::serde_json::…`; generated code reaches both through
/// `::mcp_runtime::export`, and serde's derives are told so with `#[serde(crate = …)]`.
fn reroot(stream: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(group) => {
                let mut new = Group::new(group.delimiter(), reroot(group.stream()));
                new.set_span(group.span());
                out.push(TokenTree::Group(new));
                // `#[derive(… Serialize/Deserialize …)]` → add the serde crate path after it.
                if group.delimiter() == Delimiter::Bracket
                    && i > 0
                    && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '#')
                    && derives_serde(&group.stream())
                {
                    out.extend(quote!(#[serde(crate = "::mcp_runtime::export::serde")]));
                }
            }
            TokenTree::Ident(ident)
                if (ident == "serde" || ident == "serde_json") && after_leading_colons(&out) =>
            {
                out.extend(quote!(mcp_runtime::export::));
                out.push(TokenTree::Ident(Ident::new(
                    &ident.to_string(),
                    Span::call_site(),
                )));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn derives_serde(attr: &TokenStream) -> bool {
    let mut tokens = attr.clone().into_iter();
    let is_derive = matches!(tokens.next(), Some(TokenTree::Ident(i)) if i == "derive");
    is_derive
        && tokens.any(|t| match t {
            TokenTree::Group(g) => g.stream().into_iter().any(
                |t| matches!(t, TokenTree::Ident(i) if i == "Serialize" || i == "Deserialize"),
            ),
            _ => false,
        })
}

/// True when `out` ends in `::` that starts a path (nothing path-like before it).
fn after_leading_colons(out: &[TokenTree]) -> bool {
    let n = out.len();
    if n < 2 {
        return false;
    }
    let colons = matches!((&out[n - 2], &out[n - 1]), (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == ':' && b.as_char() == ':');
    // `Foo::serde` is someone else's path; `as ::serde::X`, `impl<'de> ::serde::X` start one.
    let before_is_path = n >= 3
        && match &out[n - 3] {
            TokenTree::Ident(i) => !matches!(
                i.to_string().as_str(),
                "as" | "dyn"
                    | "impl"
                    | "for"
                    | "where"
                    | "in"
                    | "mut"
                    | "ref"
                    | "return"
                    | "let"
                    | "pub"
                    | "type"
                    | "use"
                    | "fn"
            ),
            _ => false,
        };
    colons && !before_is_path
}

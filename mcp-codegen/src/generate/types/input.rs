//! The `Input` builder: the tool's argument struct, field by field, with names we control
//! (keywords, `foo-bar` vs `fooBar`) so that required fields become method parameters and
//! optional ones setters.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::{Map, Value};
use typify::{TypeDetails, TypeId, TypeSpace};

use super::Field;
use super::paths::reroot;
use mcp_runtime::__private::required;

use crate::generate::text::names::{CALL_METHODS, Namer, pascal, snake};

/// The `Input` struct of a plain object schema and its fields, required ones first in the
/// schema's `required` order.
pub(super) fn input_struct(
    space: &mut TypeSpace,
    schema: &Value,
) -> Result<(TokenStream, Vec<Field>), String> {
    let map = schema.as_object().ok_or("not an object")?;
    let required_order = required(map);
    let required: BTreeSet<&str> = required_order.iter().copied().collect();
    let mut namer = Namer::with_reserved(CALL_METHODS);
    let mut fields = Vec::new();
    let mut struct_fields = Vec::new();
    for (json_name, prop_schema) in properties(map, &required) {
        let is_required = required.contains(json_name.as_str());
        let (item, field) = input_field(space, &mut namer, json_name, &prop_schema, is_required)?;
        struct_fields.push(item);
        fields.push(field);
    }
    // Parameters follow the schema's `required` order (the snapshot sorts object keys, but
    // keeps arrays as the server wrote them): `write_file(path, content)`.
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

/// The schema's properties, plus any that `required` names without a schema: the server
/// still needs them.
fn properties(map: &Map<String, Value>, required: &BTreeSet<&str>) -> Vec<(String, Value)> {
    let mut all: Vec<(String, Value)> = match map.get("properties") {
        Some(Value::Object(p)) => p.clone().into_iter().collect(),
        _ => Vec::new(),
    };
    for name in required {
        if !all.iter().any(|(n, _)| n == name) {
            all.push((name.to_string(), Value::Bool(true)));
        }
    }
    all
}

/// One struct field of `Input` and how the method takes it.
fn input_field(
    space: &mut TypeSpace,
    namer: &mut Namer,
    json_name: String,
    prop_schema: &Value,
    is_required: bool,
) -> Result<(TokenStream, Field), String> {
    let schema: schemars::schema::Schema = serde_json::from_value(prop_schema.clone())
        .map_err(|e| format!("property `{json_name}`: {e}"))?;
    let field = namer.unique(snake(&json_name));
    // Named after the (unique) field, so `foo-bar` and `fooBar` get distinct types.
    let id = space
        .add_type_with_name(&schema, Some(format!("Input{}", pascal(&field))))
        .map_err(|e| format!("property `{json_name}`: {e}"))?;
    if uninhabited(space, &id, 0) {
        // No value can be built: the method would be unreachable code. As a JSON value the
        // argument stays sendable, and the server says what it wants.
        return Err(format!(
            "property `{json_name}`: its schema matches no value"
        ));
    }
    let ty = space.get_type(&id).map_err(|e| e.to_string())?;
    let ty_tokens = reroot(ty.ident());
    // `rename` only where the Rust name is not the wire name.
    let rename = (field != json_name).then(|| quote!(rename = #json_name,));
    let optional = quote!(
        default,
        skip_serializing_if = "::std::option::Option::is_none"
    );
    let (field_ty, setter_ty, serde_args) = match (is_required, ty.details()) {
        (true, _) => (ty_tokens.clone(), ty_tokens, quote!()),
        (false, TypeDetails::Option(inner)) => (
            ty_tokens,
            reroot(space.get_type(&inner).map_err(|e| e.to_string())?.ident()),
            optional,
        ),
        (false, _) => (
            quote!(::std::option::Option<#ty_tokens>),
            ty_tokens,
            optional,
        ),
    };
    let serde_attr =
        (rename.is_some() || !serde_args.is_empty()).then(|| quote!(#[serde(#rename #serde_args)]));
    let ident = format_ident!("{}", field);
    let description = prop_schema
        .get("description")
        .and_then(Value::as_str)
        .map(str::to_string);
    let doc = field_doc(description.as_deref(), prop_schema.get("default"));
    let doc_attr = (!doc.is_empty()).then(|| quote!(#[doc = #doc]));
    let item = quote! {
        #doc_attr
        #serde_attr
        pub #ident: #field_ty,
    };
    let field = Field {
        json_name,
        ident,
        ty: setter_ty,
        required: is_required,
        description,
    };
    Ok((item, field))
}

/// The field's description, and the default the server applies when it is left out.
fn field_doc(description: Option<&str>, default: Option<&Value>) -> String {
    let mut doc = description.unwrap_or_default().to_string();
    if let Some(default) = default {
        if !doc.is_empty() {
            doc.push_str("\n\n");
        }
        doc.push_str(&format!("Default (applied by the server): `{default}`"));
    }
    doc
}

/// Whether no value of the type can exist (typify's empty enum for `false`, `not: {}` or
/// contradictory `allOf`, or a struct or wrapper that needs one).
fn uninhabited(space: &TypeSpace, id: &TypeId, depth: usize) -> bool {
    let Ok(ty) = space.get_type(id) else {
        return false;
    };
    if depth > 16 {
        return false;
    }
    let inner = |id: &TypeId| uninhabited(space, id, depth + 1);
    match ty.details() {
        TypeDetails::Enum(e) => e.variants().next().is_none(),
        TypeDetails::Struct(s) => s.properties().any(|(_, id)| inner(&id)),
        TypeDetails::Newtype(n) => inner(&n.inner()),
        TypeDetails::Box(id) => inner(&id),
        TypeDetails::Array(id, len) => len > 0 && inner(&id),
        TypeDetails::Tuple(mut ids) => ids.any(|id| inner(&id)),
        _ => false,
    }
}

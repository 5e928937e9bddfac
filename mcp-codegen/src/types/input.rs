//! The `Input` builder: the tool's argument struct, field by field, with names we control
//! (keywords, `foo-bar` vs `fooBar`) so that required fields become method parameters and
//! optional ones setters.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::{Map, Value};
use typify::{TypeDetails, TypeSpace};

use super::paths::reroot;
use super::{CALL_METHODS, Field};
use mcp_runtime::schema::required;

use crate::names::{Namer, pascal, snake};

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
    let ty = space.get_type(&id).map_err(|e| e.to_string())?;
    let ty_tokens = reroot(ty.ident());
    let rename = json_name.as_str();
    let (field_ty, setter_ty, serde_attr) = match (is_required, ty.details()) {
        (true, _) => (
            ty_tokens.clone(),
            ty_tokens,
            quote!(#[serde(rename = #rename)]),
        ),
        (false, TypeDetails::Option(inner)) => (
            ty_tokens,
            reroot(space.get_type(&inner).map_err(|e| e.to_string())?.ident()),
            quote!(#[serde(rename = #rename, default, skip_serializing_if = "::std::option::Option::is_none")]),
        ),
        (false, _) => (
            quote!(::std::option::Option<#ty_tokens>),
            ty_tokens,
            quote!(#[serde(rename = #rename, default, skip_serializing_if = "::std::option::Option::is_none")]),
        ),
    };
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

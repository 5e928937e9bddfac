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
use crate::names::{Namer, pascal, snake};

pub(super) fn input_struct(
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

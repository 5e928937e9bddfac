//! `Deserialize` for generated structs and string enums, written by the runtime's
//! `macro_rules!` instead of derived: `wire_object_de!(Output { req(text), default(limit) })`
//! takes each field by its wire name from the object its `__private::Fields` read. serde's
//! derive writes a field enum, a visitor and a missing-field check per type; typed fakes read
//! every tool's arguments, so with fakes on, a server of hundreds of tools cost several times
//! its client to compile.
//!
//! Only named-field structs whose serde attributes are `rename`, `default` (with or without
//! a function) and `skip_serializing_if`, and on the type `deny_unknown_fields`, and enums of
//! unit variants with `rename` (`wire_enum_de!`) are written out; anything else keeps serde's
//! derive. A type that also derives `Serialize` keeps its attributes for that derive
//! (`serialize.rs` writes it out next, where it can).

use crate::generate::polish::derives::{
    derive_paths, derived, names_trait, serde_keys, strip_derive, unit_variants, wire_as,
};
use proc_macro2::TokenStream;
use quote::quote;

/// Writes out `Deserialize` for every eligible struct and string enum of the tool module
/// `module` (a file holding one `pub mod`), each right after its type.
pub(crate) fn write_out(module: &mut syn::File) {
    for item in &mut module.items {
        if let syn::Item::Mod(m) = item
            && let Some((_, items)) = &mut m.content
        {
            let mut out = Vec::with_capacity(items.len());
            for mut item in std::mem::take(items) {
                let written = written_out(&mut item);
                out.push(item);
                out.extend(written);
            }
            *items = out;
        }
    }
}

/// What replaces `item`'s `Deserialize` derive, the derive dropped; `None` (and `item`
/// untouched) when it keeps the derive.
fn written_out(item: &mut syn::Item) -> Option<syn::Item> {
    let (attrs, generics) = match item {
        syn::Item::Struct(s) => (&s.attrs, &s.generics),
        syn::Item::Enum(e) => (&e.attrs, &e.generics),
        _ => return None,
    };
    let derives = derived(attrs);
    if !generics.params.is_empty() || !derives.iter().any(|d| d == "Deserialize") {
        return None;
    }
    let written = match item {
        syn::Item::Struct(s) => struct_macro(s)?,
        syn::Item::Enum(e) => enum_macro(e)?,
        _ => return None,
    };
    match (derives.iter().any(|d| d == "Serialize"), item) {
        (true, syn::Item::Struct(syn::ItemStruct { attrs, .. }))
        | (true, syn::Item::Enum(syn::ItemEnum { attrs, .. })) => drop_deserialize(attrs),
        (_, item) => strip_derive(item, "Deserialize"),
    }
    Some(written)
}

/// The struct's `wire_object_de!(…)`; `None` for tuple and unit structs or an attribute that
/// means more than a name, a default or denying unknown fields.
fn struct_macro(item: &syn::ItemStruct) -> Option<syn::Item> {
    let mut deny = None;
    for (key, _) in serde_keys(&item.attrs)? {
        match key.as_str() {
            "crate" => {}
            "deny_unknown_fields" => deny = Some(quote!(deny)),
            _ => return None,
        }
    }
    let syn::Fields::Named(named) = &item.fields else {
        return None;
    };
    let entries = named
        .named
        .iter()
        .map(field_entry)
        .collect::<Option<Vec<_>>>()?;
    let name = &item.ident;
    Some(syn::parse_quote! {
        ::mcp_runtime::__private::wire_object_de!(#name #deny { #(#entries),* });
    })
}

/// A string enum's `wire_enum_de!(…)`: unit variants, each renamed at most; `None` for any
/// other enum (untagged unions, variants with data).
fn enum_macro(item: &syn::ItemEnum) -> Option<syn::Item> {
    if serde_keys(&item.attrs)?
        .iter()
        .any(|(key, _)| key != "crate")
    {
        return None;
    }
    let (variants, wires) = unit_variants(item)?;
    let name = &item.ident;
    Some(syn::parse_quote! {
        ::mcp_runtime::__private::wire_enum_de!(#name { #(#variants = #wires),* });
    })
}

/// A field's entry in `wire_object_de!`: its helper, the field, its wire name when that is
/// not the field's own, and its default's function; `None` for a serde attribute that means
/// more.
fn field_entry(field: &syn::Field) -> Option<TokenStream> {
    let ident = field.ident.as_ref()?;
    let mut wire = None;
    let mut default = None;
    for (key, value) in serde_keys(&field.attrs)? {
        match (key.as_str(), value) {
            ("rename", Some(name)) => wire = Some(name),
            // How the field is written: nothing to do with reading it.
            ("skip_serializing_if", Some(_)) => {}
            ("default", value) => default = Some(value),
            _ => return None,
        }
    }
    let (helper, make) = match default {
        None => (quote!(req), None),
        Some(None) => (quote!(default), None),
        Some(Some(path)) => {
            let path: syn::Path = syn::parse_str(&path).ok()?;
            (quote!(default_with), Some(quote!(, #path)))
        }
    };
    let wire = wire_as(ident, wire);
    Some(quote!(#helper(#ident #wire #make)))
}

/// Drops `Deserialize` from the derives, keeping the serde attributes `Serialize`'s derive
/// (or `serialize.rs`, which writes it out) reads.
fn drop_deserialize(attrs: &mut [syn::Attribute]) {
    for attr in attrs.iter_mut() {
        let Some(paths) = derive_paths(attr) else {
            continue;
        };
        let kept = paths.iter().filter(|p| !names_trait(p, "Deserialize"));
        *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn written(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(&format!("pub mod t {{ {code} }}")).unwrap();
        write_out(&mut file);
        file.to_token_stream().to_string()
    }

    #[test]
    fn a_received_struct_is_read_by_wire_names_with_its_defaults() {
        let out = written(
            r#"#[derive(Clone, Debug, ::serde::Deserialize)]
               #[serde(crate = "::serde", deny_unknown_fields)]
               pub struct Output {
                   #[serde(rename = "content-type", default, skip_serializing_if = "::std::option::Option::is_none")]
                   pub content_type: Option<String>,
                   pub r#type: String,
                   #[serde(default = "defaults::limit")]
                   pub limit: i64,
               }"#,
        );
        assert!(!out.contains("serde ("), "{out}");
        assert!(out.contains("derive (Clone , Debug)"), "{out}");
        assert!(
            out.contains(
                r#":: mcp_runtime :: __private :: wire_object_de ! (Output deny { default (content_type as "content-type") , req (r#type as "type") , default_with (limit , defaults :: limit) }) ;"#
            ),
            "{out}"
        );
    }

    #[test]
    fn a_struct_sent_too_keeps_its_attributes_for_serialize() {
        let out = written(
            r#"#[derive(::serde::Serialize, ::serde::Deserialize)]
               pub struct Both { #[serde(rename = "a-b")] pub a_b: i64 }"#,
        );
        assert!(out.contains("derive (:: serde :: Serialize)"), "{out}");
        assert!(out.contains(r#"serde (rename = "a-b")"#), "{out}");
        assert!(
            out.contains(r#"wire_object_de ! (Both { req (a_b as "a-b") })"#),
            "{out}"
        );
    }

    #[test]
    fn a_string_enum_is_read_by_wire_enum_de() {
        let out = written(
            r#"#[derive(Clone, Copy, ::serde::Deserialize)] #[serde(crate = "::serde")]
               pub enum Mode { #[serde(rename = "a-b")] AB, C }"#,
        );
        assert!(!out.contains("serde ("), "{out}");
        assert!(
            out.contains(r#"wire_enum_de ! (Mode { AB = "a-b" , C = "C" })"#),
            "{out}"
        );
    }

    #[test]
    fn unusual_shapes_keep_the_derive() {
        for code in [
            r#"#[derive(::serde::Deserialize)] #[serde(untagged)] pub enum U { A(String), B(i64) }"#,
            r#"#[derive(::serde::Deserialize)] #[serde(transparent)] pub struct T { pub a: String }"#,
            r#"#[derive(::serde::Deserialize)] pub struct F { #[serde(flatten)] pub extra: M }"#,
            r#"#[derive(::serde::Deserialize)] pub struct W { #[serde(deserialize_with = "x")] pub a: M }"#,
            r#"#[derive(::serde::Deserialize)] pub struct N(pub String);"#,
            r#"#[derive(::serde::Deserialize)] pub struct G<T> { pub a: T }"#,
            r#"#[derive(::serde::Deserialize)] pub enum D { A { x: i64 } }"#,
            r#"#[derive(::serde::Deserialize)] pub enum Z {}"#,
        ] {
            let out = written(code);
            assert!(out.contains("Deserialize"), "{code} → {out}");
            assert!(!out.contains("__private"), "{code} → {out}");
        }
    }
}

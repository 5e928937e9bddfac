//! `Serialize` for the types a client only sends, written as a one-line impl instead of
//! derived. A struct hands its fields, each with its wire name, to the runtime's
//! `__private::object`, which writes them through one type-erased loop; a string enum writes
//! its `Display` (the wire value) or a `match`. serde's derive writes a body per type that the
//! user's compiler type-checks and borrow-checks on its own: for servers with hundreds of tools
//! that was most of what their bindings cost to build (the `compile_time` benchmark).
//!
//! Only the shapes whose meaning is plain are written out: named-field structs whose serde
//! attributes are `rename`, `default` and `skip_serializing_if`, and enums of unit variants
//! with `rename`. Anything else (untagged unions, `flatten`, `transparent`, a type that also
//! derives `Deserialize`, whose attributes must stay for the derive) keeps serde's derive.

use crate::generate::derives::{derive_paths, names_trait};
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};

/// Writes out `Serialize` for every eligible type of the tool module `module` (a file
/// holding one `pub mod`), each impl right after its type.
pub(crate) fn write_out(module: &mut syn::File) {
    for item in &mut module.items {
        if let syn::Item::Mod(m) = item
            && let Some((_, items)) = &mut m.content
        {
            let displayed = displayed_types(items);
            let mut out = Vec::with_capacity(items.len());
            for mut item in std::mem::take(items) {
                let written = written_out(&mut item, &displayed);
                out.push(item);
                out.extend(written);
            }
            *items = out;
        }
    }
}

/// The types with a `Display` impl in `items`, and that impl's tokens as text.
fn displayed_types(items: &[syn::Item]) -> Vec<(String, String)> {
    items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Impl(imp) => {
                let (path, _) = imp.trait_.as_ref()?;
                let last = path.segments.last()?;
                (last.ident == "Display").then(|| {
                    (
                        imp.self_ty.to_token_stream().to_string(),
                        imp.to_token_stream().to_string(),
                    )
                })
            }
            _ => None,
        })
        .collect()
}

/// The impl that replaces `item`'s `Serialize` derive, having dropped the derive and the serde
/// attributes; `None` (and `item` untouched) when it keeps the derive.
fn written_out(item: &mut syn::Item, displayed: &[(String, String)]) -> Option<syn::Item> {
    let (name, body) = match item {
        syn::Item::Struct(s) if eligible(&s.attrs, &s.generics) => {
            (s.ident.clone(), struct_body(&s.fields)?)
        }
        syn::Item::Enum(e) if eligible(&e.attrs, &e.generics) => {
            let name = e.ident.to_string();
            let display = displayed.iter().find(|(n, _)| *n == name).map(|(_, d)| d);
            (e.ident.clone(), enum_body(e, display)?)
        }
        _ => return None,
    };
    strip(item);
    Some(syn::parse_quote! {
        impl ::mcp_runtime::export::serde::Serialize for #name {
            fn serialize<S: ::mcp_runtime::__Ser>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                #body
            }
        }
    })
}

/// A type derives `Serialize` but not `Deserialize`, has no generics, and its own serde
/// attributes say nothing about the shape on the wire.
fn eligible(attrs: &[syn::Attribute], generics: &syn::Generics) -> bool {
    let derives = derived(attrs);
    generics.params.is_empty()
        && derives.iter().any(|d| d == "Serialize")
        && !derives.iter().any(|d| d == "Deserialize")
        && serde_keys(attrs).is_some_and(|keys| {
            keys.iter()
                .all(|(key, _)| key == "crate" || key == "deny_unknown_fields")
        })
}

/// The struct's `object(…)` call; `None` for tuple and unit structs or an unknown attribute.
fn struct_body(fields: &syn::Fields) -> Option<TokenStream> {
    let syn::Fields::Named(named) = fields else {
        return None;
    };
    let mut entries = Vec::new();
    let mut helpers: Vec<&str> = Vec::new();
    for field in &named.named {
        let ident = field.ident.as_ref()?;
        let mut wire = ident.to_string().trim_start_matches("r#").to_string();
        let mut skip = None;
        for (key, value) in serde_keys(&field.attrs)? {
            match (key.as_str(), value) {
                ("rename", Some(name)) => wire = name,
                ("skip_serializing_if", Some(path)) => skip = Some(path),
                // What a missing field becomes when read: nothing to do with writing it.
                ("default", _) => {}
                _ => return None,
            }
        }
        let helper = match skip.as_deref() {
            None => "req",
            Some("::std::option::Option::is_none" | "Option::is_none") => "opt",
            Some(_) => "skip_if",
        };
        let value = match skip.as_deref().filter(|_| helper == "skip_if") {
            Some(path) => {
                let path: syn::Path = syn::parse_str(path).ok()?;
                quote!(skip_if(&self.#ident, #path))
            }
            None => {
                let helper = format_ident!("{helper}");
                quote!(#helper(&self.#ident))
            }
        };
        if !helpers.contains(&helper) {
            helpers.push(helper);
        }
        entries.push(quote!((#wire, #value)));
    }
    helpers.sort_unstable();
    let helpers = helpers.iter().map(|h| format_ident!("{h}"));
    // Imported in the body alone: the module's own names stay as they were.
    Some(quote! {
        use ::mcp_runtime::__private::{object, #(#helpers),*};
        let fields = [#(#entries),*];
        object(s, &fields)
    })
}

/// A unit-only enum's body: its `Display` when that writes every wire value (as generated
/// string enums' does), else a `match` of wire values.
fn enum_body(item: &syn::ItemEnum, display: Option<&String>) -> Option<TokenStream> {
    let mut arms = Vec::new();
    let mut wires = Vec::new();
    for variant in &item.variants {
        if !matches!(variant.fields, syn::Fields::Unit) || variant.discriminant.is_some() {
            return None;
        }
        let mut wire = variant.ident.to_string();
        for (key, value) in serde_keys(&variant.attrs)? {
            match (key.as_str(), value) {
                ("rename", Some(name)) => wire = name,
                _ => return None,
            }
        }
        let ident = &variant.ident;
        arms.push(quote!(Self::#ident => #wire,));
        wires.push(quote!(#wire).to_string());
    }
    if display.is_some_and(|d| wires.iter().all(|w| d.contains(&format!(" => {w}")))) {
        return Some(quote!(s.collect_str(self)));
    }
    if arms.is_empty() {
        // An enum without variants has no value to write: serde's derive says so.
        return None;
    }
    Some(quote!(s.serialize_str(match self { #(#arms)* })))
}

/// The names of the derives in `attrs`, by their last segment.
fn derived(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter_map(derive_paths)
        .flatten()
        .filter_map(|p| p.segments.last().map(|s| s.ident.to_string()))
        .collect()
}

/// Every `key` or `key = "value"` in the `#[serde(…)]` attributes of `attrs`; `None` when one
/// has another form (`key(…)`, a value that is no string).
fn serde_keys(attrs: &[syn::Attribute]) -> Option<Vec<(String, Option<String>)>> {
    let mut keys = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let key = meta.path.to_token_stream().to_string();
            let value = if meta.input.peek(syn::Token![=]) {
                Some(meta.value()?.parse::<syn::LitStr>()?.value())
            } else if meta.input.is_empty() || meta.input.peek(syn::Token![,]) {
                None
            } else {
                return Err(meta.error("not a plain key"));
            };
            keys.push((key, value));
            Ok(())
        })
        .ok()?;
    }
    Some(keys)
}

/// Drops `Serialize` from the item's derives and every serde attribute from it, its fields
/// and its variants.
fn strip(item: &mut syn::Item) {
    let attrs = match item {
        syn::Item::Struct(s) => {
            for field in s.fields.iter_mut() {
                field.attrs.retain(|a| !a.path().is_ident("serde"));
            }
            &mut s.attrs
        }
        syn::Item::Enum(e) => {
            for variant in e.variants.iter_mut() {
                variant.attrs.retain(|a| !a.path().is_ident("serde"));
            }
            &mut e.attrs
        }
        _ => return,
    };
    attrs.retain(|a| !a.path().is_ident("serde"));
    attrs.retain_mut(|attr| {
        let Some(paths) = derive_paths(attr) else {
            return true;
        };
        let kept: Vec<&syn::Path> = paths
            .iter()
            .filter(|p| !names_trait(p, "Serialize"))
            .collect();
        if kept.is_empty() {
            return false;
        }
        *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(&format!("pub mod t {{ {code} }}")).unwrap();
        write_out(&mut file);
        file.to_token_stream().to_string()
    }

    #[test]
    fn a_plain_struct_is_written_out_with_wire_names_and_optional_fields() {
        let out = written(
            r#"#[derive(Clone, Debug, ::serde::Serialize)]
               #[serde(crate = "::serde", deny_unknown_fields)]
               pub struct Input {
                   #[serde(rename = "content-type", default, skip_serializing_if = "::std::option::Option::is_none")]
                   pub content_type: Option<String>,
                   pub r#type: String,
                   #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
                   pub tags: Vec<String>,
               }"#,
        );
        assert!(!out.contains("serde ("), "{out}");
        assert!(out.contains("derive (Clone , Debug)"), "{out}");
        assert!(
            out.contains(
                r#"use :: mcp_runtime :: __private :: { object , opt , req , skip_if } ;"#
            ),
            "{out}"
        );
        assert!(
            out.contains(r#"("content-type" , opt (& self . content_type))"#),
            "{out}"
        );
        assert!(out.contains(r#"("type" , req (& self . r#type))"#), "{out}");
        assert!(
            out.contains("skip_if (& self . tags , :: std :: vec :: Vec :: is_empty)"),
            "{out}"
        );
    }

    #[test]
    fn unusual_shapes_keep_the_derive() {
        for code in [
            r#"#[derive(::serde::Serialize)] #[serde(untagged)] pub enum U { A(String), B(i64) }"#,
            r#"#[derive(::serde::Serialize)] #[serde(transparent)] pub struct T(pub String);"#,
            r#"#[derive(::serde::Serialize)] pub struct F { #[serde(flatten)] pub extra: M }"#,
            r#"#[derive(::serde::Serialize, ::serde::Deserialize)] pub struct B { pub a: i64 }"#,
            r#"#[derive(::serde::Serialize)] pub enum E { A { x: i64 } }"#,
        ] {
            let out = written(code);
            assert!(out.contains("Serialize"), "{code} → {out}");
            assert!(!out.contains("__private"), "{code} → {out}");
        }
    }

    #[test]
    fn a_string_enum_writes_its_display_or_its_wire_values() {
        let with_display = written(
            r#"#[derive(Clone, Copy, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }
               impl ::std::fmt::Display for Mode { fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                   f.write_str(match self { Self::AB => "a-b", Self::C => "C" }) } }"#,
        );
        assert!(
            with_display.contains("collect_str (self)"),
            "{with_display}"
        );
        // A `Display` that does not write the wire values is not used.
        let other_display = written(
            r#"#[derive(Clone, Copy, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }
               impl ::std::fmt::Display for Mode { fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result { Ok(()) } }"#,
        );
        assert!(
            other_display.contains("serialize_str (match"),
            "{other_display}"
        );
        let without = written(
            r#"#[derive(Clone, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }"#,
        );
        assert!(
            without.contains(
                r#"s . serialize_str (match self { Self :: AB => "a-b" , Self :: C => "C" , })"#
            ),
            "{without}"
        );
    }
}

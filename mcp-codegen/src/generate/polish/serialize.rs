//! `Serialize` for the types a client only sends, written by the runtime's `macro_rules!`
//! instead of derived. A struct becomes `wire_object!(Input { req(text), opt(limit) })`, which
//! hands its fields, each with its wire name, to the runtime's `__private::object` and its one
//! type-erased loop; a string enum becomes `wire_enum!(Mode { Fast = "fast" })`, its
//! `Serialize` and `Display` both. serde's derive writes a body per type that the user's
//! compiler type-checks and borrow-checks on its own: for servers with hundreds of tools that
//! was most of what their bindings cost to build (the `compile_time` benchmark). The macros
//! keep the impls out of the generated text too: a line per type where the impls took eight
//! to thirteen and one per field or variant.
//!
//! Only the shapes whose meaning is plain are written out: named-field structs whose serde
//! attributes are `rename`, `default` and `skip_serializing_if`, and enums of unit variants
//! with `rename`. Anything else (untagged unions, `flatten`, `transparent`, a type that also
//! derives `Deserialize`, whose attributes must stay for the derive) keeps serde's derive.

use crate::generate::polish::derives::{derived, serde_keys, strip_derive, unit_variants, wire_as};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

/// Writes out `Serialize` for every eligible type of the tool module `module` (a file
/// holding one `pub mod`), each right after its type. A string enum's own `Display` goes:
/// `wire_enum!` writes it again, from the same wire values.
pub(crate) fn write_out(module: &mut syn::File) {
    for item in &mut module.items {
        if let syn::Item::Mod(m) = item
            && let Some((_, items)) = &mut m.content
        {
            let displayed = displayed_types(items);
            let mut replaced = Vec::new();
            let mut out = Vec::with_capacity(items.len());
            for mut item in std::mem::take(items) {
                let written = written_out(&mut item, &displayed, &mut replaced);
                out.push(item);
                out.extend(written);
            }
            out.retain(|item| !is_display_of(item, &replaced));
            *items = out;
        }
    }
}

/// The types with a `Display` impl in `items`, and that impl's tokens as text.
fn displayed_types(items: &[syn::Item]) -> Vec<(String, String)> {
    items
        .iter()
        .filter_map(|item| {
            let imp = display_impl(item)?;
            Some((
                imp.self_ty.to_token_stream().to_string(),
                imp.to_token_stream().to_string(),
            ))
        })
        .collect()
}

/// `item` as an `impl Display for …`.
fn display_impl(item: &syn::Item) -> Option<&syn::ItemImpl> {
    let syn::Item::Impl(imp) = item else {
        return None;
    };
    let (path, _) = imp.trait_.as_ref()?;
    (path.segments.last()?.ident == "Display").then_some(imp)
}

/// Whether `item` is the `Display` impl of one of the types `names`.
fn is_display_of(item: &syn::Item, names: &[String]) -> bool {
    display_impl(item).is_some_and(|imp| {
        let ty = imp.self_ty.to_token_stream().to_string();
        names.contains(&ty)
    })
}

/// What replaces `item`'s `Serialize` derive, having dropped the derive and the serde
/// attributes; `None` (and `item` untouched) when it keeps the derive. A string enum whose
/// `Display` `wire_enum!` replaces is added to `replaced`.
fn written_out(
    item: &mut syn::Item,
    displayed: &[(String, String)],
    replaced: &mut Vec<String>,
) -> Option<syn::Item> {
    let written = match item {
        syn::Item::Struct(s) if eligible(&s.attrs, &s.generics) => struct_macro(s)?,
        syn::Item::Enum(e) if eligible(&e.attrs, &e.generics) => {
            let name = e.ident.to_string();
            let display = displayed.iter().find(|(n, _)| *n == name).map(|(_, d)| d);
            let (written, replaces_display) = enum_written(e, display)?;
            if replaces_display {
                replaced.push(name);
            }
            written
        }
        _ => return None,
    };
    strip_derive(item, "Serialize");
    Some(written)
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

/// The struct's `wire_object!(…)`; `None` for tuple and unit structs or an unknown attribute.
fn struct_macro(item: &syn::ItemStruct) -> Option<syn::Item> {
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
        ::mcp_runtime::__private::wire_object!(#name { #(#entries),* });
    })
}

/// A field's entry in `wire_object!`: its helper, the field, and its wire name when that is
/// not the field's own; `None` for a serde attribute that means more.
fn field_entry(field: &syn::Field) -> Option<TokenStream> {
    let ident = field.ident.as_ref()?;
    let mut wire = None;
    let mut skip = None;
    for (key, value) in serde_keys(&field.attrs)? {
        match (key.as_str(), value) {
            ("rename", Some(name)) => wire = Some(name),
            ("skip_serializing_if", Some(path)) => skip = Some(path),
            // What a missing field becomes when read: nothing to do with writing it.
            ("default", _) => {}
            _ => return None,
        }
    }
    let (helper, test) = match skip.as_deref() {
        None => (quote!(req), None),
        Some("::std::option::Option::is_none" | "Option::is_none") => (quote!(opt), None),
        Some(path) => {
            let path: syn::Path = syn::parse_str(path).ok()?;
            (quote!(skip_if), Some(quote!(, #path)))
        }
    };
    let wire = wire_as(ident, wire);
    Some(quote!(#helper(#ident #wire #test)))
}

/// A unit-only enum's `wire_enum!` (and whether it replaces the enum's `Display`) when the
/// enum has no `Display` or one that writes every wire value (as generated string enums'
/// does); else a `Serialize` impl that writes a `match` of wire values.
fn enum_written(item: &syn::ItemEnum, display: Option<&String>) -> Option<(syn::Item, bool)> {
    let (variants, wires) = unit_variants(item)?;
    let name = &item.ident;
    let writes_wires = |d: &String| {
        wires
            .iter()
            .all(|w| d.contains(&format!(" => {}", quote!(#w))))
    };
    if display.is_none_or(writes_wires) {
        let written = syn::parse_quote! {
            ::mcp_runtime::__private::wire_enum!(#name { #(#variants = #wires),* });
        };
        return Some((written, display.is_some()));
    }
    let written = syn::parse_quote! {
        impl ::mcp_runtime::export::serde::Serialize for #name {
            fn serialize<S: ::mcp_runtime::__Ser>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(match self { #(Self::#variants => #wires,)* })
            }
        }
    };
    Some((written, false))
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
                   pub plain: i64,
               }"#,
        );
        assert!(!out.contains("serde ("), "{out}");
        assert!(out.contains("derive (Clone , Debug)"), "{out}");
        assert!(
            out.contains(
                r#":: mcp_runtime :: __private :: wire_object ! (Input { opt (content_type as "content-type") , req (r#type as "type") , skip_if (tags , :: std :: vec :: Vec :: is_empty) , req (plain) }) ;"#
            ),
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
    fn a_string_enum_is_written_by_wire_enum_in_place_of_its_display() {
        let with_display = written(
            r#"#[derive(Clone, Copy, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }
               impl ::std::fmt::Display for Mode { fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                   f.write_str(match self { Self::AB => "a-b", Self::C => "C" }) } }"#,
        );
        let wire_enum =
            r#":: mcp_runtime :: __private :: wire_enum ! (Mode { AB = "a-b" , C = "C" }) ;"#;
        assert!(with_display.contains(wire_enum), "{with_display}");
        assert!(!with_display.contains("Display"), "{with_display}");
        let without = written(
            r#"#[derive(Clone, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }"#,
        );
        assert!(without.contains(wire_enum), "{without}");
        // A `Display` that does not write the wire values stays, and `Serialize` writes them.
        let other_display = written(
            r#"#[derive(Clone, Copy, ::serde::Serialize)] pub enum Mode { #[serde(rename = "a-b")] AB, C }
               impl ::std::fmt::Display for Mode { fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result { Ok(()) } }"#,
        );
        assert!(
            other_display.contains("impl :: std :: fmt :: Display"),
            "{other_display}"
        );
        assert!(
            other_display.contains(
                r#"s . serialize_str (match self { Self :: AB => "a-b" , Self :: C => "C" , })"#
            ),
            "{other_display}"
        );
    }
}

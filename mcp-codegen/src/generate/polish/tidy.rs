//! typify's output brought to the style of the code around it, in one tool module: derives in
//! one form (standard traits by their prelude names, in one order, then serde's), and a doc
//! comment on every type. A field, variant or function the schema says nothing of gets none:
//! a doc that only repeats its name tells a reader nothing, and the module's
//! `#[allow(missing_docs)]` keeps `#![deny(missing_docs)]` in the including crate quiet.

use quote::ToTokens;
use syn::punctuated::Punctuated;

/// The standard derives, in the order generated code lists them. They are written by their
/// prelude names, however typify or our templates spell them: a derive macro's name lives in
/// the macro namespace, so a schema type called `Debug` or `Clone` (a type) cannot capture it,
/// and the short form keeps most derive lists on one line.
const STD_DERIVES: &[&str] = &[
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
];

/// Tidies every item of the tool module `module` (a file holding one `pub mod`).
pub(crate) fn tidy(module: &mut syn::File) {
    for item in &mut module.items {
        tidy_item(item);
    }
}

fn tidy_item(item: &mut syn::Item) {
    match item {
        syn::Item::Struct(s) => {
            qualify_derives(&mut s.attrs);
            let name = s.ident.to_string();
            document(&mut s.attrs, || type_doc(&name));
        }
        syn::Item::Enum(e) => {
            qualify_derives(&mut e.attrs);
            let name = e.ident.to_string();
            document(&mut e.attrs, || type_doc(&name));
        }
        syn::Item::Type(t) => {
            let name = t.ident.to_string();
            document(&mut t.attrs, || type_doc(&name));
        }
        syn::Item::Mod(m) => {
            if m.ident == "error" {
                document(&mut m.attrs, || ERROR_MODULE_DOC.into());
                share_conversion_error(m);
            }
            if let Some((_, items)) = &mut m.content {
                items.iter_mut().for_each(tidy_item);
            }
        }
        _ => {}
    }
}

/// Docs name no tool: a type that several tools define alike is shared (`share.rs`) only when
/// its tokens, docs included, are the same.
fn type_doc(name: &str) -> String {
    match name {
        "Output" => "The tool's structured result.".into(),
        "Input" => "The tool's arguments.".into(),
        _ => format!("`{name}`, a type in the tool's schemas."),
    }
}

/// typify's conversion-error module: the one module of its own a reader meets.
const ERROR_MODULE_DOC: &str = "The error of a conversion that breaks a schema's constraints.";

/// typify writes its `ConversionError` (a struct and five impls) into every module with a
/// constrained type; the runtime has the same type once, so the module names it by an alias (a
/// `pub use` would be an unused import where bindings sit in a private module) and the
/// paths typify's code names (`self::error::ConversionError`) still resolve.
fn share_conversion_error(module: &mut syn::ItemMod) {
    let Some((_, items)) = &mut module.content else {
        return;
    };
    let typifys = items
        .iter()
        .any(|item| matches!(item, syn::Item::Struct(s) if s.ident == "ConversionError"));
    if typifys {
        *items = vec![syn::parse_quote!(
            /// Why a value does not fit a constrained type (the runtime's).
            pub type ConversionError = ::mcp_runtime::ConversionError;
        )];
    }
}

/// Adds `#[doc = …]` when `attrs` has none.
fn document(attrs: &mut Vec<syn::Attribute>, text: impl FnOnce() -> String) {
    if !attrs.iter().any(|a| a.path().is_ident("doc")) {
        // The space a `///` comment has, so the doc renders and reads alike.
        let text = format!(" {}", text());
        attrs.insert(0, syn::parse_quote!(#[doc = #text]));
    }
}

/// `#[derive(…)]` with the standard traits first, by prelude name in `STD_DERIVES` order, then
/// the rest (serde's) in their order.
fn qualify_derives(attrs: &mut [syn::Attribute]) {
    for attr in attrs.iter_mut().filter(|a| a.path().is_ident("derive")) {
        let Ok(paths) =
            attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        else {
            continue;
        };
        let mut std = Vec::new();
        let mut rest = Vec::new();
        for path in paths {
            let last = path.segments.last().map(|s| s.ident.to_string());
            match STD_DERIVES
                .iter()
                .position(|bare| last.as_deref() == Some(*bare))
            {
                Some(index) => std.push(index),
                None => rest.push(path),
            }
        }
        std.sort_unstable();
        std.dedup();
        let std = std
            .into_iter()
            .map(|index| syn::Ident::new(STD_DERIVES[index], proc_macro2::Span::call_site()));
        let all = std
            .map(|ident| ident.into_token_stream())
            .chain(rest.into_iter().map(|path| path.into_token_stream()));
        *attr = syn::parse_quote!(#[derive(#(#all),*)]);
    }
}

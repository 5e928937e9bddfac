//! Each generated type derives serde's traits for the direction it travels: types reachable
//! from `Input` (arguments, sent) derive `Serialize`, types reachable from `Output` (results,
//! received) derive `Deserialize`, types on both sides both. typify derives both on every
//! type, and `Deserialize` is most of what a bindings crate spends compiling; a derive nothing
//! uses is dropped here. `Settings::serde_both_ways` keeps both everywhere.

use std::collections::BTreeSet;

use quote::ToTokens;
use syn::punctuated::Punctuated;

use crate::generate::polish::groups::{ToolGroups, tool_groups};
use crate::generate::text::names::MARKER;

/// Drops, in one tool module, the serde derives of the direction a type never travels.
pub(crate) fn trim_derives(module: &mut syn::File) {
    let Some(groups) = tool_groups(module) else {
        return;
    };
    let mut sends = roots(&groups, "Input", "Serialize");
    let mut receives = roots(&groups, "Output", "Deserialize");
    // A definition neither side names keeps both derives, so what it names needs both too.
    // (`Call`, the pending call, names both sides but is no data type; nor is its marker.)
    let unnamed: Vec<String> = groups
        .items
        .iter()
        .filter_map(|(group, item)| match item {
            syn::Item::Struct(_) | syn::Item::Enum(_) | syn::Item::Type(_) => group.clone(),
            _ => None,
        })
        .filter(|name| name != "Call" && name != MARKER)
        .filter(|name| !sends.contains(name) && !receives.contains(name))
        .collect();
    for name in unnamed {
        let reached = groups.reachable(&name);
        sends.extend(reached.iter().cloned());
        receives.extend(reached);
    }
    let Some(syn::Item::Mod(tool)) = module.items.first_mut() else {
        return;
    };
    let Some((_, items)) = &mut tool.content else {
        return;
    };
    for item in items.iter_mut() {
        let (name, attrs) = match item {
            syn::Item::Struct(s) => (s.ident.to_string(), &mut s.attrs),
            syn::Item::Enum(e) => (e.ident.to_string(), &mut e.attrs),
            _ => continue,
        };
        match (sends.contains(&name), receives.contains(&name)) {
            (true, false) => drop_derive(attrs, "Deserialize"),
            (false, true) => drop_derive(attrs, "Serialize"),
            // Both sides, or neither (a definition nothing names): leave typify's choice.
            _ => {}
        }
    }
}

/// Everything reachable from `start`, from each type whose `trait_name` impl typify wrote by
/// hand (such an impl calls the trait on the types it wraps), and from each group that calls
/// serde_json in that direction (typify's `defaults` parse default values with `from_str`).
fn roots(groups: &ToolGroups, start: &str, trait_name: &str) -> BTreeSet<String> {
    let calls: &[&str] = if trait_name == "Deserialize" {
        &["from_str", "from_value"]
    } else {
        &["to_string", "to_value"]
    };
    let mut reached = groups.reachable(start);
    for (name, (_, mentions)) in &groups.groups {
        if calls.iter().any(|call| mentions.contains(*call)) {
            reached.extend(groups.reachable(name));
        }
    }
    for (group, item) in &groups.items {
        if let (Some(group), syn::Item::Impl(imp)) = (group, item)
            && imp
                .trait_
                .as_ref()
                .and_then(|(path, _)| path.segments.last())
                .is_some_and(|s| s.ident == trait_name)
        {
            reached.extend(groups.reachable(group));
        }
    }
    reached
}

/// The paths a `#[derive(…)]` attribute lists; `None` for any other attribute.
pub(crate) fn derive_paths(attr: &syn::Attribute) -> Option<Vec<syn::Path>> {
    if !attr.path().is_ident("derive") {
        return None;
    }
    attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        .ok()
        .map(|paths| paths.into_iter().collect())
}

/// Whether `path` names the trait `name` (by its last segment: `::serde::Serialize`).
pub(crate) fn names_trait(path: &syn::Path, name: &str) -> bool {
    path.segments.last().is_some_and(|s| s.ident == name)
}

/// The names of the derives in `attrs`, by their last segment.
pub(crate) fn derived(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter_map(derive_paths)
        .flatten()
        .filter_map(|p| p.segments.last().map(|s| s.ident.to_string()))
        .collect()
}

/// Every `key` or `key = "value"` in the `#[serde(…)]` attributes of `attrs`; `None` when one
/// has another form (`key(…)`, a value that is no string).
pub(crate) fn serde_keys(attrs: &[syn::Attribute]) -> Option<Vec<(String, Option<String>)>> {
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

/// Drops the derive of `trait_name` from the item's derives and every serde attribute from
/// it, its fields and its variants (the impl it stood for is written out).
pub(crate) fn strip_derive(item: &mut syn::Item, trait_name: &str) {
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
            .filter(|p| !names_trait(p, trait_name))
            .collect();
        if kept.is_empty() {
            return false;
        }
        *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
        true
    });
}

/// An enum's unit variants and their wire values (a variant's name, or its `rename`); `None`
/// for an enum with data, discriminants or another serde attribute on a variant, and for one
/// without variants (no value to write or read: serde's derive says so).
pub(crate) fn unit_variants(item: &syn::ItemEnum) -> Option<(Vec<syn::Ident>, Vec<String>)> {
    let mut variants = Vec::new();
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
        variants.push(variant.ident.clone());
        wires.push(wire);
    }
    (!variants.is_empty()).then_some((variants, wires))
}

/// A field's `as "wire"` in `wire_object!` and `wire_object_de!`: its `rename`, or a raw
/// identifier's name as written (`r#type` is never its wire name); nothing when the wire
/// name is the field's own.
pub(crate) fn wire_as(
    ident: &syn::Ident,
    rename: Option<String>,
) -> Option<proc_macro2::TokenStream> {
    let wire = rename.or_else(|| {
        let own = ident.to_string();
        own.strip_prefix("r#").map(str::to_string)
    });
    wire.filter(|w| *ident != w.as_str())
        .map(|w| quote::quote!(as #w))
}

fn drop_derive(attrs: &mut [syn::Attribute], trait_name: &str) {
    for attr in attrs.iter_mut() {
        let Some(paths) = derive_paths(attr) else {
            continue;
        };
        let kept: Vec<&syn::Path> = paths
            .iter()
            .filter(|p| !names_trait(p, trait_name))
            .collect();
        // The type's `#[serde(…)]` attributes need one serde derive to stay valid (typify
        // writes some impls by hand and derives only the other direction).
        let serde_left = kept
            .iter()
            .any(|p| names_trait(p, "Serialize") || names_trait(p, "Deserialize"));
        if kept.len() != paths.len() && serde_left {
            *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
        }
    }
}

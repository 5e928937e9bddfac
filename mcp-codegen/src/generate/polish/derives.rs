//! Each generated type derives serde's traits for the direction it travels: types reachable
//! from `Input` (arguments, sent) derive `Serialize`, types reachable from `Output` (results,
//! received) derive `Deserialize`, types on both sides both. typify derives both on every
//! type, and `Deserialize` is most of what a bindings crate spends compiling; a derive nothing
//! uses is dropped here. `Settings::serde_both_ways` keeps both everywhere.

use std::collections::BTreeSet;

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

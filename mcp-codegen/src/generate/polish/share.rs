//! Types that several tools define identically are emitted once, in the client's `types`
//! module, and each tool module that had them re-exports them (`pub use super::types::{X, Y};`), so
//! `tool::X` still names the type. This is what makes a `$defs` shape that a server repeats in
//! every tool (OpenAPI-generated servers do) one type instead of one per tool, and typify's
//! conversion-error module one module per client.
//!
//! A type is shared only with everything it names: a group (an item and its impls) moves to
//! `types` when the same name has the same tokens in at least two tools and every type of its
//! tool that it mentions moves too. Anything else stays where it was, so sharing never changes
//! what a path means.

use std::collections::{BTreeMap, BTreeSet};

use crate::generate::polish::groups::{ModuleText, module_source};
use crate::generate::polish::prelude;
use crate::generate::polish::shared_names::shared_item;
use crate::generate::text::names::MARKER;

/// The module that holds the shared types; tool modules never take this name.
pub(crate) const SHARED_MODULE: &str = "types";

/// Items that belong to their tool whatever their tokens: the pending call, its marker and the
/// tool's name, and typify's `defaults` (its functions refer to `super`). `Input` and `Output` are
/// shared like any type: many servers give every tool the same output shape.
const OWN: &[&str] = &["NAME", "Call", MARKER, "defaults"];

/// Moves the groups that several tools share into one `types` module. `modules` are the tool
/// modules; returns them rewritten, as text, and the shared module, if anything is shared.
/// Deterministic: the shared module keeps first-appearance order.
pub(crate) fn share(mut tools: Vec<ModuleText>) -> (Vec<String>, Option<String>) {
    for tool in tools.iter_mut() {
        drop_unused_error_module(tool);
    }
    let shared = shared_groups(&tools);
    let users = users(&tools, &shared);
    let mut definitions: Vec<String> = Vec::new();
    let mut defined: BTreeSet<String> = BTreeSet::new();
    let mut rewritten = Vec::with_capacity(tools.len());
    for (index, tool) in tools.iter().enumerate() {
        let names = shared.get(&index).cloned().unwrap_or_default();
        let shared = Shared {
            names: &names,
            users: &users,
        };
        rewritten.push(rebuild(tool, shared, &mut definitions, &mut defined));
    }
    if definitions.is_empty() {
        return (rewritten, None);
    }
    let opening = quote::quote! {
        /// Types that more than one tool uses; each tool module re-exports the ones it uses.
        #[allow(dead_code, missing_docs, clippy::all)]
        pub mod types
    }
    .to_string();
    let shared_module = module_source(&opening, definitions.iter().map(String::as_str));
    (rewritten, Some(shared_module))
}

/// typify emits a conversion-error module in every type space; a tool that never names it
/// does not need it.
fn drop_unused_error_module(tool: &mut ModuleText) {
    let used = tool
        .groups
        .iter()
        .any(|(name, (_, idents))| name != "error" && idents.contains("error"));
    if !used && tool.groups.remove("error").is_some() {
        tool.items
            .retain(|(group, _)| group.as_deref() != Some("error"));
    }
}

/// Per tool index, the names of its groups that move to `types`.
fn shared_groups(tools: &[ModuleText]) -> BTreeMap<usize, BTreeSet<String>> {
    // For each name, the tokens most tools agree on (ties: the first seen).
    let mut variants: BTreeMap<&str, Vec<(&str, usize)>> = BTreeMap::new();
    for tool in tools {
        for (name, (text, _)) in &tool.groups {
            let seen = variants.entry(name).or_default();
            match seen.iter_mut().find(|(t, _)| t == text) {
                Some((_, count)) => *count += 1,
                None => seen.push((text, 1)),
            }
        }
    }
    let chosen: BTreeMap<&str, &str> = variants
        .into_iter()
        .filter(|(name, _)| !OWN.contains(name))
        // Paths were shortened to prelude names in each tool module that defines no such
        // name; `types` must define none either, or it would capture them.
        .filter(|(name, _)| !prelude::NAMES.contains(name))
        .filter_map(|(name, seen)| {
            let mut best: Option<(&str, usize)> = None;
            for (text, count) in seen {
                if best.is_none_or(|(_, b)| count > b) {
                    best = Some((text, count));
                }
            }
            best.filter(|(_, count)| *count >= 2)
                .map(|(text, _)| (name, text))
        })
        .collect();
    let mut shared: BTreeMap<usize, BTreeSet<String>> = tools
        .iter()
        .enumerate()
        .map(|(index, tool)| {
            let names = tool
                .groups
                .iter()
                .filter(|(name, (text, _))| chosen.get(name.as_str()) == Some(&text.as_str()))
                .map(|(name, _)| name.clone())
                .collect();
            (index, names)
        })
        .collect();
    settle(tools, &mut shared);
    shared
}

/// Drops shared groups that mention a group of their tool that stays, and names that end up
/// with a single user, until nothing changes.
fn settle(tools: &[ModuleText], shared: &mut BTreeMap<usize, BTreeSet<String>>) {
    loop {
        let mut changed = false;
        for (index, names) in shared.iter_mut() {
            let tool = &tools[*index];
            let staying =
                |ident: &String| tool.groups.contains_key(ident) && !names.contains(ident);
            let keep: BTreeSet<String> = names
                .iter()
                .filter(|name| {
                    !tool.groups[*name]
                        .1
                        .iter()
                        .any(|i| i != *name && staying(i))
                })
                .cloned()
                .collect();
            changed |= keep.len() != names.len();
            *names = keep;
        }
        let mut users: BTreeMap<String, usize> = BTreeMap::new();
        for name in shared.values().flatten() {
            *users.entry(name.clone()).or_default() += 1;
        }
        for names in shared.values_mut() {
            let before = names.len();
            names.retain(|name| users[name] >= 2);
            changed |= names.len() != before;
        }
        if !changed {
            return;
        }
    }
}

/// Per shared name, the tool modules that use it, in order.
fn users(
    tools: &[ModuleText],
    shared: &BTreeMap<usize, BTreeSet<String>>,
) -> BTreeMap<String, Vec<String>> {
    let mut users: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (index, names) in shared {
        let module = tools[*index]
            .opening
            .split_whitespace()
            .last()
            .unwrap_or_default();
        for name in names {
            users
                .entry(name.clone())
                .or_default()
                .push(module.to_string());
        }
    }
    users
}

/// A tool's shared groups, and every shared group's users.
struct Shared<'s> {
    names: &'s BTreeSet<String>,
    users: &'s BTreeMap<String, Vec<String>>,
}

/// The tool module's text with its shared groups replaced by re-exports; the first tool to
/// give a shared group adds its definition to `definitions`, named for what it is there.
fn rebuild(
    tool: &ModuleText,
    shared: Shared<'_>,
    definitions: &mut Vec<String>,
    defined: &mut BTreeSet<String>,
) -> String {
    let mut items: Vec<String> = Vec::with_capacity(tool.items.len());
    // One `use` for all of them, where the first shared item was: a line, not a line each.
    let mut exported: Vec<String> = Vec::new();
    let mut reexport_at = None;
    for (group, item) in &tool.items {
        match group.as_deref().filter(|name| shared.names.contains(*name)) {
            Some(name) => {
                reexport_at.get_or_insert(items.len());
                let users = shared.users.get(name).map_or(&[][..], Vec::as_slice);
                let group = tool.groups.get(name).map_or("", |(text, _)| text.as_str());
                let definition = shared_item(name, group, item, users);
                let export = match definition.name == name {
                    true => name.to_string(),
                    false => format!("{} as {name}", definition.name),
                };
                if !exported.contains(&export) {
                    exported.push(export);
                }
                if !defined.contains(name) {
                    definitions.push(definition.text);
                }
            }
            None => items.push(item.clone()),
        }
    }
    if let Some(at) = reexport_at {
        let names = exported.join(" , ");
        items.insert(
            at,
            format!("pub use super :: {SHARED_MODULE} :: {{ {names} }} ;"),
        );
    }
    defined.extend(
        tool.items
            .iter()
            .filter_map(|(group, _)| group.as_ref())
            .filter(|name| shared.names.contains(*name))
            .cloned(),
    );
    if tool.opening.is_empty() {
        return String::new();
    }
    module_source(&tool.opening, items.iter().map(String::as_str))
}

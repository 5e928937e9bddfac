//! A tool module's items grouped by the type they belong to — a type with its impls, or a
//! module — with what each group mentions. Sharing types across tools (`share.rs`) and giving
//! each type the serde derives of the direction it travels (`derives.rs`) both work on groups.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;

/// One tool module split into groups.
pub(crate) struct ToolGroups<'m> {
    /// The module's items, each tagged with the group it belongs to (`None`: stays as is).
    pub items: Vec<(Option<String>, &'m syn::Item)>,
    /// Per group: its tokens as text (empty: `tool_groups` does not make it), and every
    /// identifier it mentions.
    pub groups: BTreeMap<String, (String, BTreeSet<String>)>,
}

impl ToolGroups<'_> {
    /// The groups reachable from `start` through mentions (`start` included, if a group).
    pub fn reachable(&self, start: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.to_string()];
        while let Some(name) = stack.pop() {
            let Some((_, mentions)) = self.groups.get(&name) else {
                continue;
            };
            if seen.insert(name) {
                stack.extend(
                    mentions
                        .iter()
                        .filter(|m| self.groups.contains_key(*m))
                        .cloned(),
                );
            }
        }
        seen
    }
}

/// The groups of a tool module (a file holding one `pub mod`), or `None` when it is not one.
/// Groups have no text here, only what they mention: the text is what costs.
pub(crate) fn tool_groups(file: &syn::File) -> Option<ToolGroups<'_>> {
    let (items, groups) = grouped(file, false)?;
    Some(ToolGroups {
        items: items
            .into_iter()
            .map(|(group, item, _)| (group, item))
            .collect(),
        groups,
    })
}

/// A grouped item: its group, the item, its tokens as text (when asked for).
type GroupedItem<'m> = (Option<String>, &'m syn::Item, String);

/// The module's items with their groups (and texts, `with_text`), and the groups.
#[allow(clippy::type_complexity)]
fn grouped(
    file: &syn::File,
    with_text: bool,
) -> Option<(
    Vec<GroupedItem<'_>>,
    BTreeMap<String, (String, BTreeSet<String>)>,
)> {
    let [syn::Item::Mod(module)] = file.items.as_slice() else {
        return None;
    };
    let (_, content) = module.content.as_ref()?;
    let defined: BTreeSet<String> = content.iter().filter_map(defined_name).collect();
    let mut groups: BTreeMap<String, (String, BTreeSet<String>)> = BTreeMap::new();
    let items = content
        .iter()
        .map(|item| {
            let group = group_name(item, &defined);
            let stream = item.to_token_stream();
            let text = if with_text {
                stream.to_string()
            } else {
                String::new()
            };
            if let Some(name) = &group {
                let (group_text, mentioned) = groups.entry(name.clone()).or_default();
                if with_text {
                    if !group_text.is_empty() {
                        group_text.push(' ');
                    }
                    group_text.push_str(&text);
                }
                let mut idents = Vec::new();
                mentions(stream, &mut idents);
                mentioned.extend(idents);
            }
            (group, item, text)
        })
        .collect();
    Some((items, groups))
}

/// The name an item defines: a type or a module.
fn defined_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Type(t) => Some(t.ident.to_string()),
        syn::Item::Mod(m) if m.content.is_some() => Some(m.ident.to_string()),
        _ => None,
    }
}

/// The group an item belongs to: the type or module it defines, or for an impl the first of
/// the module's types it names — its self type, else a trait argument (`impl From<X> for
/// String` goes with `X`, or two tools sharing `X` would implement it twice); for a macro
/// that writes impls, the first type it names.
fn group_name(item: &syn::Item, defined: &BTreeSet<String>) -> Option<String> {
    if let Some(name) = defined_name(item) {
        return Some(name);
    }
    let mut named = Vec::new();
    match item {
        syn::Item::Impl(imp) => {
            mentions(imp.self_ty.to_token_stream(), &mut named);
            if let Some((path, _)) = &imp.trait_ {
                mentions(path.to_token_stream(), &mut named);
            }
        }
        // `wire_object!(Input { … })` and `wire_enum!`: impls of the type they name first.
        syn::Item::Macro(m) => mentions(m.mac.tokens.clone(), &mut named),
        _ => return None,
    }
    named.into_iter().find(|ident| defined.contains(ident))
}

/// Every identifier `stream` mentions, in order; paths in attribute strings (`default =
/// "defaults::x"`) count as mentions, words in doc comments do not (a description that says
/// "error" does not use the `error` module).
fn mentions(stream: TokenStream, into: &mut Vec<String>) {
    let mut tokens = stream.into_iter().peekable();
    while let Some(token) = tokens.next() {
        if let TokenTree::Punct(punct) = &token
            && punct.as_char() == '#'
            && tokens.peek().is_some_and(is_doc_attribute)
        {
            tokens.next();
            continue;
        }
        match token {
            TokenTree::Ident(ident) => into.push(ident.to_string()),
            TokenTree::Group(group) => mentions(group.stream(), into),
            TokenTree::Literal(literal) => into.extend(
                literal
                    .to_string()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|word| !word.is_empty())
                    .map(str::to_string),
            ),
            TokenTree::Punct(_) => {}
        }
    }
}

/// `[doc = "…"]`, the body of a doc comment's attribute.
fn is_doc_attribute(token: &TokenTree) -> bool {
    let TokenTree::Group(group) = token else {
        return false;
    };
    group.delimiter() == proc_macro2::Delimiter::Bracket
        && matches!(group.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc")
}

/// A tool module as text, in the parts sharing needs: what opens it (its attributes and
/// `pub mod name`), its items as text with the group each belongs to, and its groups. Worker
/// threads make it (proc_macro2's values cannot cross threads, text can), so the main thread
/// shares types without parsing any module again.
pub(crate) struct ModuleText {
    /// `#[…] pub mod name`, the tokens before the module's braces.
    pub opening: String,
    /// The module's items, each with its group (`None`: stays as is).
    pub items: Vec<(Option<String>, String)>,
    /// Per group: its tokens as text, and every identifier it mentions.
    pub groups: BTreeMap<String, (String, BTreeSet<String>)>,
}

impl ModuleText {
    /// No module at all (our own templates failed: the warning says so).
    pub fn empty() -> ModuleText {
        ModuleText {
            opening: String::new(),
            items: Vec::new(),
            groups: BTreeMap::new(),
        }
    }
}

/// `opening { items }` as text.
pub(crate) fn module_source<'a>(opening: &str, items: impl Iterator<Item = &'a str>) -> String {
    let mut text = format!("{opening} {{");
    for item in items {
        text.push(' ');
        text.push_str(item);
    }
    text.push_str(" }");
    text
}

/// The text form of a tool module (a file holding one `pub mod`), or `None` when it is not one.
pub(crate) fn module_text(file: &syn::File) -> Option<ModuleText> {
    let [syn::Item::Mod(module)] = file.items.as_slice() else {
        return None;
    };
    let (items, groups) = grouped(file, true)?;
    let (attrs, vis, ident) = (&module.attrs, &module.vis, &module.ident);
    Some(ModuleText {
        opening: quote::quote!(#(#attrs)* #vis mod #ident).to_string(),
        items: items
            .into_iter()
            .map(|(group, _, text)| (group, text))
            .collect(),
        groups,
    })
}

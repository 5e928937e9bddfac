//! What rustc would reject in typify's output that parsing does not: on odd schemas typify can
//! name two types alike, nest a type in itself without indirection, or wrap a type in a `Box`
//! of itself (whose `From` impl then clashes with std's). A failed check is a failed typify run:
//! the repair ladder in `mod.rs` makes the argument, then the side, a JSON value.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;

/// Wrappers that put their content behind a pointer: a type may contain itself through them.
const INDIRECT: &[&str] = &[
    "Box", "Vec", "HashMap", "BTreeMap", "HashSet", "BTreeSet", "Rc", "Arc",
];

/// Checks the items of one tool's types.
#[cfg(test)]
fn check(items: &TokenStream) -> Result<(), String> {
    let file: syn::File =
        syn::parse2(items.clone()).map_err(|e| format!("the generated types do not parse: {e}"))?;
    check_file(&file, items)
}

/// Checks the items of one tool's types, parsed (`file`) and as tokens (`items`).
pub(super) fn check_file(file: &syn::File, items: &TokenStream) -> Result<(), String> {
    let mut defined = BTreeSet::new();
    for item in &file.items {
        if let Some(name) = type_name(item)
            && !defined.insert(name.clone())
        {
            return Err(format!("typify named two types `{name}`"));
        }
    }
    for item in &file.items {
        if let syn::Item::Struct(s) = item {
            let mut fields = BTreeSet::new();
            for ident in s.fields.iter().filter_map(|f| f.ident.as_ref()) {
                if !fields.insert(ident.to_string()) {
                    return Err(format!(
                        "typify named two fields of `{}` `{ident}`",
                        s.ident
                    ));
                }
            }
        }
    }
    // A contradictory `allOf` (an object that must equal a number) leaves typify with a value
    // set of none, checked as `[].contains(&value)`: that needs `PartialEq` it did not derive.
    if items.to_string().contains("! [] . contains") {
        return Err("no value fits the schema (a contradictory `allOf` or `enum`)".into());
    }
    let flattens = flatten_edges(file, &defined);
    if let Some(name) = flattens.keys().find(|name| reaches_itself(name, &flattens)) {
        // serde would instantiate its flattening serializer without end.
        return Err(format!("type `{name}` flattens itself"));
    }
    let mut contains: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for item in &file.items {
        let Some(name) = type_name(item) else {
            continue;
        };
        if matches!(item, syn::Item::Enum(e) if e.ident == "Input" && e.variants.is_empty()) {
            return Err("the input schema matches no value".into());
        }
        let mut found = BTreeSet::new();
        for ty in field_types(item) {
            by_value(ty, &defined, &mut found);
            if only_itself(item, ty, &name) {
                return Err(format!("type `{name}` is nothing but itself"));
            }
        }
        contains.insert(name, found);
    }
    match contains.keys().find(|name| reaches_itself(name, &contains)) {
        Some(name) => Err(format!("type `{name}` contains itself without indirection")),
        None => Ok(()),
    }
}

/// Per struct, the module's types named (through any wrapper) by its `#[serde(flatten)]`
/// fields.
fn flatten_edges(
    file: &syn::File,
    defined: &BTreeSet<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges = BTreeMap::new();
    for item in &file.items {
        let syn::Item::Struct(s) = item else { continue };
        let mut named = BTreeSet::new();
        for field in s.fields.iter().filter(|f| is_flattened(f)) {
            types_in(&field.ty, defined, &[], &mut named);
        }
        edges.insert(s.ident.to_string(), named);
    }
    edges
}

fn is_flattened(field: &syn::Field) -> bool {
    field.attrs.iter().any(|attr| {
        attr.path().is_ident("serde")
            && quote::ToTokens::to_token_stream(&attr.meta)
                .to_string()
                .contains("flatten")
    })
}

fn type_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Type(t) => Some(t.ident.to_string()),
        _ => None,
    }
}

fn field_types(item: &syn::Item) -> Vec<&syn::Type> {
    match item {
        syn::Item::Struct(s) => s.fields.iter().map(|f| &f.ty).collect(),
        syn::Item::Enum(e) => e
            .variants
            .iter()
            .flat_map(|v| v.fields.iter().map(|f| &f.ty))
            .collect(),
        syn::Item::Type(t) => vec![&*t.ty],
        _ => Vec::new(),
    }
}

/// The module's types that `ty` holds by value (not behind a pointer).
fn by_value(ty: &syn::Type, defined: &BTreeSet<String>, into: &mut BTreeSet<String>) {
    types_in(ty, defined, INDIRECT, into);
}

/// The module's types `ty` names, not looking behind the wrappers in `opaque`: paths of one
/// segment, as typify writes its own types (`::serde_json::Value` is not the module's
/// `Value`).
fn types_in(
    ty: &syn::Type,
    defined: &BTreeSet<String>,
    opaque: &[&str],
    into: &mut BTreeSet<String>,
) {
    let recurse = |t: &syn::Type, into: &mut BTreeSet<String>| types_in(t, defined, opaque, into);
    match ty {
        syn::Type::Path(path) => {
            let Some(last) = path.path.segments.last() else {
                return;
            };
            let ident = last.ident.to_string();
            if opaque.contains(&ident.as_str()) {
                return;
            }
            if path.path.segments.len() == 1 && defined.contains(&ident) {
                into.insert(ident);
            }
            if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                for arg in &args.args {
                    if let syn::GenericArgument::Type(inner) = arg {
                        recurse(inner, into);
                    }
                }
            }
        }
        syn::Type::Tuple(tuple) => tuple.elems.iter().for_each(|t| recurse(t, into)),
        syn::Type::Array(array) => recurse(&array.elem, into),
        syn::Type::Paren(inner) => recurse(&inner.elem, into),
        _ => {}
    }
}

/// A one-field tuple struct whose field is itself under `Box`/`Option` wrappers only.
fn only_itself(item: &syn::Item, ty: &syn::Type, name: &str) -> bool {
    let syn::Item::Struct(s) = item else {
        return false;
    };
    if s.fields.len() != 1 || !matches!(s.fields, syn::Fields::Unnamed(_)) {
        return false;
    }
    let mut ty = ty;
    loop {
        let syn::Type::Path(path) = ty else {
            return false;
        };
        let Some(last) = path.path.segments.last() else {
            return false;
        };
        if path.path.segments.len() == 1 && last.ident == name {
            return true;
        }
        let wrapper = last.ident == "Box" || last.ident == "Option";
        match (&last.arguments, wrapper) {
            (syn::PathArguments::AngleBracketed(args), true) if args.args.len() == 1 => {
                let Some(syn::GenericArgument::Type(inner)) = args.args.first() else {
                    return false;
                };
                ty = inner;
            }
            _ => return false,
        }
    }
}

fn reaches_itself(start: &str, contains: &BTreeMap<String, BTreeSet<String>>) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&String> = contains.get(start).into_iter().flatten().collect();
    while let Some(next) = stack.pop() {
        if next == start {
            return true;
        }
        if seen.insert(next.clone()) {
            stack.extend(contains.get(next).into_iter().flatten());
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn what_rustc_would_reject_is_caught() {
        let twice = quote!(
            pub struct Input(pub Option<Input>);
            pub struct Input(f64);
        );
        assert!(check(&twice).unwrap_err().contains("two types"));
        let infinite = quote!(
            pub struct A {
                b: Option<B>,
            }
            pub struct B(A);
        );
        assert!(check(&infinite).unwrap_err().contains("contains itself"));
        let boxed_self = quote!(
            pub struct Output(pub ::std::boxed::Box<Output>);
        );
        assert!(
            check(&boxed_self)
                .unwrap_err()
                .contains("nothing but itself")
        );
        let never = quote!(
            pub enum Input {}
        );
        assert!(check(&never).is_err());
        let flat = quote!(
            pub struct Input {
                #[serde(flatten)]
                a: Option<Box<Input>>,
            }
        );
        assert!(check(&flat).unwrap_err().contains("flattens itself"));
    }

    #[test]
    fn recursion_through_a_pointer_is_fine() {
        let tree = quote!(
            pub struct Node {
                children: Vec<Node>,
                next: Option<Box<Node>>,
            }
            pub enum Expr {
                Not(Box<Expr>),
                Lit(String),
            }
        );
        assert_eq!(check(&tree), Ok(()));
    }
}

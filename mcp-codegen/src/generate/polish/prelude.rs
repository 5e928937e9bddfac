//! Standard types by their prelude names: `Option<String>`, not
//! `::std::option::Option<::std::string::String>`. typify and our templates spell every path
//! out so that no name of the schema's can capture it; here, module by module, a path becomes
//! its prelude name wherever the module defines or imports nothing of that name, so the
//! meaning never changes and the code reads as a person would write it. (Generated code
//! already relies on the prelude for derive names, see `tidy.rs`.) Only the prelude of every
//! edition counts: `TryFrom` stays spelt out for edition 2018 crates.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};

/// Full paths (after `::`) and the prelude name that means the same.
const PRELUDE: &[(&[&str], &str)] = &[
    (&["std", "string", "String"], "String"),
    (&["std", "option", "Option", "Some"], "Some"),
    (&["std", "option", "Option", "None"], "None"),
    (&["std", "option", "Option"], "Option"),
    (&["std", "result", "Result", "Ok"], "Ok"),
    (&["std", "result", "Result", "Err"], "Err"),
    (&["std", "result", "Result"], "Result"),
    (&["std", "vec", "Vec"], "Vec"),
    (&["std", "boxed", "Box"], "Box"),
    (&["std", "convert", "Into"], "Into"),
    (&["std", "convert", "From"], "From"),
    (&["std", "default", "Default"], "Default"),
    (&["std", "marker", "Send"], "Send"),
    (&["std", "marker", "Sync"], "Sync"),
];

/// The prelude names paths are shortened to.
pub(crate) const NAMES: &[&str] = &[
    "String", "Some", "None", "Option", "Ok", "Err", "Result", "Vec", "Box", "Into", "From",
    "Default", "Send", "Sync",
];

/// Shortens the paths in the type `tokens` for a scope whose names are `taken`; tokens that
/// are no type are returned as they were.
pub(crate) fn shorten_type(tokens: TokenStream, taken: &BTreeSet<String>) -> TokenStream {
    match syn::parse2::<syn::Type>(tokens.clone()) {
        Ok(mut ty) => {
            Shorten {
                taken: taken.clone(),
            }
            .visit_type_mut(&mut ty);
            ty.into_token_stream()
        }
        Err(_) => tokens,
    }
}

/// The prelude name `short` (`Into`, `Some`), or its full path when `taken` has that name.
pub(crate) fn std_path(short: &str, taken: &BTreeSet<String>) -> TokenStream {
    let ident = syn::Ident::new(short, proc_macro2::Span::call_site());
    let full = PRELUDE
        .iter()
        .find(|(_, s)| *s == short)
        .map(|(full, _)| full);
    match full {
        Some(full) if taken.contains(short) => {
            let segments = full
                .iter()
                .map(|s| syn::Ident::new(s, proc_macro2::Span::call_site()));
            quote::quote!(#(::#segments)*)
        }
        _ => quote::quote!(#ident),
    }
}

/// Shortens the paths of `items`, one module's items, and of the modules inside them;
/// `siblings` are names the module holds beside `items` (modules emitted apart).
pub(crate) fn shorten(items: &mut [syn::Item], siblings: &BTreeSet<String>) {
    let Some(mut taken) = scope_names(items) else {
        // A glob import may bring in any name: nothing is safe to shorten here.
        return;
    };
    taken.extend(siblings.iter().cloned());
    let mut visitor = Shorten { taken };
    for item in items {
        visitor.visit_item_mut(item);
    }
}

struct Shorten {
    /// Every name the module defines or imports.
    taken: BTreeSet<String>,
}

impl VisitMut for Shorten {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_some() {
            shorten_path(path, &self.taken);
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_item_macro_mut(&mut self, item: &mut syn::ItemMacro) {
        // `setters!` lists the setters' types as a struct lists its fields': shorten them too.
        let is_setters = item
            .mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "setters");
        let tokens = &item.mac.tokens;
        if is_setters
            && let Ok(mut body) = syn::parse2::<syn::ItemStruct>(quote::quote!(struct #tokens))
        {
            self.visit_item_struct_mut(&mut body);
            let syn::ItemStruct { ident, fields, .. } = body;
            item.mac.tokens = quote::quote!(#ident #fields);
        }
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        // A module is a scope of its own.
        if let Some((_, items)) = &mut module.content {
            shorten(items, &BTreeSet::new());
        }
    }
}

fn shorten_path(path: &mut syn::Path, taken: &BTreeSet<String>) {
    for (full, short) in PRELUDE {
        let n = full.len();
        if path.segments.len() < n || taken.contains(*short) {
            continue;
        }
        let matches = path
            .segments
            .iter()
            .take(n)
            .enumerate()
            .all(|(i, seg)| seg.ident == full[i] && (i + 1 == n || seg.arguments.is_none()));
        if matches {
            let rest: Vec<syn::PathSegment> = path.segments.iter().skip(n - 1).cloned().collect();
            let mut segments = syn::punctuated::Punctuated::new();
            for (i, mut seg) in rest.into_iter().enumerate() {
                if i == 0 {
                    seg.ident = syn::Ident::new(short, seg.ident.span());
                }
                segments.push(seg);
            }
            path.leading_colon = None;
            path.segments = segments;
            return;
        }
    }
}

/// The names `items` define or import, in any namespace; `None` if one is a glob import.
fn scope_names(items: &[syn::Item]) -> Option<BTreeSet<String>> {
    let mut names = BTreeSet::new();
    for item in items {
        let ident = match item {
            syn::Item::Struct(i) => &i.ident,
            syn::Item::Enum(i) => &i.ident,
            syn::Item::Union(i) => &i.ident,
            syn::Item::Type(i) => &i.ident,
            syn::Item::Fn(i) => &i.sig.ident,
            syn::Item::Const(i) => &i.ident,
            syn::Item::Static(i) => &i.ident,
            syn::Item::Trait(i) => &i.ident,
            syn::Item::Mod(i) => &i.ident,
            syn::Item::ExternCrate(i) => i.rename.as_ref().map_or(&i.ident, |(_, r)| r),
            syn::Item::Use(u) => {
                use_names(&u.tree, &mut names)?;
                continue;
            }
            syn::Item::Macro(m) => match &m.ident {
                Some(ident) => ident,
                None => continue,
            },
            _ => continue,
        };
        names.insert(ident.to_string());
    }
    Some(names)
}

fn use_names(tree: &syn::UseTree, names: &mut BTreeSet<String>) -> Option<()> {
    match tree {
        syn::UseTree::Path(p) => use_names(&p.tree, names),
        syn::UseTree::Name(n) => {
            names.insert(n.ident.to_string());
            Some(())
        }
        syn::UseTree::Rename(r) => {
            names.insert(r.rename.to_string());
            Some(())
        }
        syn::UseTree::Glob(_) => None,
        syn::UseTree::Group(g) => g.items.iter().try_for_each(|t| use_names(t, names)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shortened(code: &str) -> String {
        let mut file: syn::File = syn::parse_str(code).unwrap();
        shorten(&mut file.items, &BTreeSet::new());
        file.to_token_stream().to_string()
    }

    #[test]
    fn std_paths_become_prelude_names_unless_the_module_has_that_name() {
        let out = shortened(
            "pub struct A { pub x: ::std::option::Option<::std::string::String>, pub y: ::std::vec::Vec<i64> }
             fn f() -> ::std::result::Result<(), ()> { ::std::result::Result::Ok(()) }
             const N: ::std::option::Option<i64> = ::std::option::Option::None;",
        );
        assert!(out.contains("pub x : Option < String >"), "{out}");
        assert!(out.contains("pub y : Vec < i64 >"), "{out}");
        assert!(out.contains("-> Result < () , () > { Ok (()) }"), "{out}");
        assert!(out.contains("= None ;"), "{out}");

        let out = shortened(
            "pub struct String; pub use super::types::Vec; pub struct A { pub x: ::std::string::String, pub y: ::std::vec::Vec<i64>, pub z: ::std::option::Option<i64> }",
        );
        assert!(out.contains("pub x : :: std :: string :: String"), "{out}");
        assert!(
            out.contains("pub y : :: std :: vec :: Vec < i64 >"),
            "{out}"
        );
        assert!(out.contains("pub z : Option < i64 >"), "{out}");
    }

    #[test]
    fn modules_are_scopes_and_globs_stop_it() {
        let out = shortened(
            "pub mod a { pub struct Option; pub struct X(pub ::std::option::Option<i64>); }
             pub mod b { pub struct X(pub ::std::option::Option<i64>); }
             pub mod c { use super::*; pub struct X(pub ::std::option::Option<i64>); }",
        );
        assert_eq!(
            out.matches(":: std :: option :: Option").count(),
            2,
            "{out}"
        );
        assert!(
            out.contains("pub mod b { pub struct X (pub Option < i64 >) ; }"),
            "{out}"
        );
    }

    #[test]
    fn a_std_path_is_short_unless_taken() {
        let free = BTreeSet::new();
        assert_eq!(std_path("Into", &free).to_string(), "Into");
        let taken: BTreeSet<String> = ["Some".to_string()].into();
        assert_eq!(
            std_path("Some", &taken).to_string(),
            ":: std :: option :: Option :: Some"
        );
    }

    #[test]
    fn a_method_path_keeps_its_tail() {
        let out =
            shortened("fn f(x: &i64) -> bool { ::std::option::Option::is_none(&None::<i64>) }");
        assert!(out.contains("Option :: is_none"), "{out}");
    }
}

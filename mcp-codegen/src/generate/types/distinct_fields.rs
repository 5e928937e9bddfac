//! Distinct field names where typify gives two properties one: `Content-Type`, `content-type`
//! and `content_type` all snake-case to `content_type`. Each field keeps its wire name (its
//! serde rename, given one where it had none), so only the Rust names change: the first keeps
//! `content_type`, the others become `content_type_2`, `content_type_3` — as `Input`'s own
//! fields are made distinct at the top level. Struct
//! expressions typify writes for such a type (its `Default`) name the fields in the order the
//! struct declares them, and are renamed alike.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::Ident;
use quote::ToTokens;
use syn::visit_mut::VisitMut;

use crate::generate::text::names::Namer;

/// Names every struct's fields in `file` distinctly; `false` when they already were.
pub(super) fn distinct_fields(file: &mut syn::File) -> bool {
    let mut renames = BTreeMap::new();
    for item in &mut file.items {
        if let syn::Item::Struct(s) = item
            && let Some(names) = rename_duplicates(&mut s.fields)
        {
            renames.insert(s.ident.to_string(), names);
        }
    }
    if renames.is_empty() {
        return false;
    }
    Renamer {
        renames: &renames,
        current: None,
    }
    .visit_file_mut(file);
    true
}

/// Renames the second and later fields of one name (in the order the schema lists their
/// properties, as `Input`'s are); a renamed field without a serde rename gets one, so its
/// wire name stays. Returns every field's names (before, after) in order.
fn rename_duplicates(fields: &mut syn::Fields) -> Option<Vec<(String, Ident)>> {
    let syn::Fields::Named(named) = fields else {
        return None;
    };
    let names: Vec<String> = named
        .named
        .iter()
        .map(|f| f.ident.as_ref().map(Ident::to_string).unwrap_or_default())
        .collect();
    if names.iter().collect::<BTreeSet<_>>().len() == names.len() {
        return None;
    }
    let mut namer = Namer::taking(names.iter().cloned());
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for field in named.named.iter_mut() {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        let original = ident.to_string();
        if !seen.insert(original.clone()) {
            let fresh = namer.unique(original.clone());
            if !renamed_on_wire(field) {
                field
                    .attrs
                    .push(syn::parse_quote!(#[serde(rename = #original)]));
            }
            field.ident = Some(Ident::new(&fresh, ident.span()));
        }
        order.push((original, field.ident.clone().unwrap_or(ident)));
    }
    Some(order)
}

/// Whether a field's serde attributes give it a wire name of its own.
fn renamed_on_wire(field: &syn::Field) -> bool {
    field.attrs.iter().any(|attr| {
        attr.path().is_ident("serde")
            && attr
                .meta
                .to_token_stream()
                .into_iter()
                .any(|t| t.to_string().contains("rename"))
    })
}

/// Renames the fields of struct expressions of the renamed types, occurrence by occurrence.
struct Renamer<'a> {
    renames: &'a BTreeMap<String, Vec<(String, Ident)>>,
    /// The type an `impl` block is for, which `Self` stands for inside it.
    current: Option<String>,
}

impl VisitMut for Renamer<'_> {
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        let outer = self.current.take();
        if let syn::Type::Path(path) = &*item.self_ty {
            self.current = path.path.segments.last().map(|s| s.ident.to_string());
        }
        syn::visit_mut::visit_item_impl_mut(self, item);
        self.current = outer;
    }

    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        syn::visit_mut::visit_expr_struct_mut(self, expr);
        let Some(last) = expr.path.segments.last() else {
            return;
        };
        let name = match last.ident.to_string() {
            own if own == "Self" => self.current.clone(),
            other => Some(other),
        };
        let Some(order) = name.and_then(|n| self.renames.get(&n)) else {
            return;
        };
        let mut used = vec![false; order.len()];
        for field in expr.fields.iter_mut() {
            let syn::Member::Named(ident) = &field.member else {
                continue;
            };
            let original = ident.to_string();
            let slot = order
                .iter()
                .enumerate()
                .find(|(i, (name, _))| !used[*i] && *name == original);
            if let Some((i, (_, renamed))) = slot {
                used[i] = true;
                field.member = syn::Member::Named(renamed.clone());
                field.colon_token.get_or_insert_with(Default::default);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;
    use quote::quote;

    use super::*;

    /// `items` with distinct field names.
    fn distinct(items: TokenStream) -> TokenStream {
        let mut file: syn::File = syn::parse2(items).unwrap();
        distinct_fields(&mut file);
        file.into_token_stream()
    }

    #[test]
    fn later_fields_of_one_name_get_numbers_and_struct_expressions_follow() {
        let items = quote! {
            pub struct Headers {
                #[serde(rename = "Content-Type")]
                pub content_type: Option<String>,
                #[serde(rename = "content-type")]
                pub content_type: Option<i64>,
                pub content_type_2: Option<bool>,
            }
            impl Default for Headers {
                fn default() -> Self {
                    Self { content_type: None, content_type: Some(1), content_type_2: None }
                }
            }
        };
        let out = distinct(items).to_string();
        assert!(out.contains("pub content_type_3 : Option < i64 >"), "{out}");
        assert!(out.contains("content_type_3 : Some (1)"), "{out}");
        assert!(out.contains("rename = \"content-type\""), "{out}");
    }

    #[test]
    fn a_renamed_field_keeps_its_wire_name() {
        let items = quote! {
            pub struct H {
                #[serde(rename = "a-b")]
                pub a_b: String,
                pub a_b: Option<String>,
            }
        };
        let out = distinct(items).to_string();
        let renamed = "# [serde (rename = \"a_b\")] pub a_b_2 : Option < String >";
        assert!(out.contains(renamed), "{out}");
        assert!(out.contains("pub a_b : String"), "{out}");
    }

    #[test]
    fn distinct_fields_are_left_alone() {
        let items = quote! { pub struct A { pub a: i64, pub b: i64 } };
        assert_eq!(distinct(items.clone()).to_string(), items.to_string());
    }
}

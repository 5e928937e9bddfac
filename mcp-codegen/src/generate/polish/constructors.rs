//! Constrained values built through their public constructor. typify gives a schema's
//! constrained value (an integer `enum` with `null`, a string with `minLength`) a tuple struct
//! with a private field and a `TryFrom`, and builds its defaults with the private field
//! (`super::Interval(60_i64)` in the tool's `defaults` module, or in a `Default` impl). That
//! compiles only where the field is visible, and once the type moves to the shared `types`
//! module (`share.rs`) it is not. So every such construction becomes
//! `<Interval as TryFrom<_>>::try_from(60_i64)`, which compiles wherever the type lives; its
//! `expect` cannot fire, because `repairs/breaking_defaults.rs` left out every default the
//! type's checks would refuse.

use std::collections::BTreeSet;

use syn::visit_mut::{self, VisitMut};

/// Rewrites the constructions of `module`'s constrained newtypes (a file holding one tool
/// module) into calls of their `TryFrom`.
pub(crate) fn public_constructors(module: &mut syn::File) {
    let mut found = Newtypes::default();
    // syn's read-only visitor is a feature we do not build; this one only reads.
    found.visit_file_mut(module);
    let guarded: BTreeSet<String> = found
        .private
        .intersection(&found.try_from)
        .cloned()
        .collect();
    if !guarded.is_empty() {
        Rewrite { guarded }.visit_file_mut(module);
    }
}

/// Tuple structs with one private field, and the types with a `TryFrom` impl.
#[derive(Default)]
struct Newtypes {
    private: BTreeSet<String>,
    try_from: BTreeSet<String>,
}

impl VisitMut for Newtypes {
    fn visit_item_struct_mut(&mut self, item: &mut syn::ItemStruct) {
        if let syn::Fields::Unnamed(fields) = &item.fields
            && fields.unnamed.len() == 1
            && fields
                .unnamed
                .iter()
                .all(|f| matches!(f.vis, syn::Visibility::Inherited))
        {
            self.private.insert(item.ident.to_string());
        }
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        let is_try_from = item
            .trait_
            .as_ref()
            .and_then(|(path, _)| path.segments.last())
            .is_some_and(|segment| segment.ident == "TryFrom");
        if let (true, syn::Type::Path(ty)) = (is_try_from, &*item.self_ty)
            && let Some(last) = ty.path.segments.last()
        {
            self.try_from.insert(last.ident.to_string());
        }
        visit_mut::visit_item_impl_mut(self, item);
    }
}

struct Rewrite {
    guarded: BTreeSet<String>,
}

impl VisitMut for Rewrite {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        visit_mut::visit_expr_mut(self, expr);
        let syn::Expr::Call(call) = expr else { return };
        let syn::Expr::Path(func) = &*call.func else {
            return;
        };
        let guarded =
            func.path.segments.last().is_some_and(|s| {
                s.arguments.is_none() && self.guarded.contains(&s.ident.to_string())
            });
        if !guarded || call.args.len() != 1 {
            return;
        }
        let path = &func.path;
        let value = &call.args[0];
        *expr = syn::parse_quote! {
            <#path as ::std::convert::TryFrom<_>>::try_from(#value)
                .expect("a default that the schema's own checks accept")
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn a_private_field_construction_becomes_try_from() {
        let mut file: syn::File = syn::parse_quote! {
            pub mod tool {
                pub struct Interval(i64);
                impl ::std::convert::TryFrom<i64> for Interval {
                    type Error = ();
                    fn try_from(value: i64) -> Result<Self, ()> { Ok(Self(value)) }
                }
                pub struct Open(pub i64);
                pub mod defaults {
                    pub(super) fn interval() -> Option<super::Interval> {
                        Some(super::Interval(60_i64))
                    }
                    pub(super) fn open() -> super::Open { super::Open(1) }
                }
            }
        };
        public_constructors(&mut file);
        let text = file.to_token_stream().to_string();
        assert!(
            text.contains(
                "< super :: Interval as :: std :: convert :: TryFrom < _ > > :: try_from (60_i64)"
            ),
            "{text}"
        );
        assert!(text.contains("Ok (Self (value))"), "{text}");
        assert!(text.contains("super :: Open (1)"), "{text}");
    }
}

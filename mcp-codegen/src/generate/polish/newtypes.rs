//! typify's constrained string types, their routine impls folded into the runtime's
//! `string_newtype!`. For a schema string with a `minLength` or `maxLength` (a `pattern`
//! is dropped before typify sees it), typify writes `pub struct Name(String)`, a `FromStr` that checks the constraints, and five
//! impls that are the same for every such type (`Deref`, `From<Name> for String`, two
//! `TryFrom`s and a `Deserialize` through `FromStr`): forty lines a type. Only impls whose
//! tokens are exactly typify's are folded, so anything else typify writes stays as it is.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};

/// Folds the routine impls of every constrained string type in the tool module `module` (a
/// file holding one `pub mod`): the `string_newtype!` line takes the place of the first.
pub(crate) fn fold(module: &mut syn::File) {
    for item in &mut module.items {
        if let syn::Item::Mod(m) = item
            && let Some((_, items)) = &mut m.content
        {
            for name in string_newtypes(items) {
                fold_one(items, &name);
            }
        }
    }
}

fn fold_one(items: &mut Vec<syn::Item>, name: &Ident) {
    let routine: Vec<String> = routine_impls(name)
        .into_iter()
        .map(|tokens| tokens.to_string())
        .collect();
    let at: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| {
            matches!(item, syn::Item::Impl(_))
                && routine.contains(&item.to_token_stream().to_string())
        })
        .map(|(index, _)| index)
        .collect();
    if at.len() != routine.len() {
        return;
    }
    items[at[0]] = syn::parse_quote!(::mcp_runtime::__private::string_newtype!(#name););
    for index in at[1..].iter().rev() {
        items.remove(*index);
    }
}

/// The names of the module's `pub struct Name(String)` types.
fn string_newtypes(items: &[syn::Item]) -> Vec<Ident> {
    items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) => match &s.fields {
                syn::Fields::Unnamed(fields)
                    if fields.unnamed.len() == 1
                        && fields.unnamed[0].ty.to_token_stream().to_string()
                            == ":: std :: string :: String" =>
                {
                    Some(s.ident.clone())
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The five impls as typify writes them for `name` (every path spelt in full at this stage;
/// `prelude.rs` shortens them later), which `string_newtype!` writes alike.
fn routine_impls(name: &Ident) -> [TokenStream; 5] {
    let error = quote!(self::error::ConversionError);
    let serde = quote!(::mcp_runtime::export::serde);
    let string = quote!(::std::string::String);
    let result = quote!(::std::result::Result);
    [
        quote! {
            impl ::std::ops::Deref for #name {
                type Target = #string;
                fn deref(&self) -> &#string {
                    &self.0
                }
            }
        },
        quote! {
            impl ::std::convert::From<#name> for #string {
                fn from(value: #name) -> Self {
                    value.0
                }
            }
        },
        quote! {
            impl ::std::convert::TryFrom<&str> for #name {
                type Error = #error;
                fn try_from(value: &str) -> #result<Self, #error> {
                    value.parse()
                }
            }
        },
        quote! {
            impl ::std::convert::TryFrom<#string> for #name {
                type Error = #error;
                fn try_from(value: #string) -> #result<Self, #error> {
                    value.parse()
                }
            }
        },
        quote! {
            impl<'de> #serde::Deserialize<'de> for #name {
                fn deserialize<D>(deserializer: D,) -> #result<Self, D::Error>
                where
                    D: #serde::Deserializer<'de>,
                {
                    #string::deserialize(deserializer)?
                        .parse()
                        .map_err(|e: #error| {
                            <D::Error as #serde::de::Error>::custom(e.to_string(),)
                        })
                }
            }
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(impls: &[TokenStream]) -> syn::File {
        syn::parse_quote! {
            pub mod t {
                pub struct Url(::std::string::String);
                impl ::std::str::FromStr for Url {
                    type Err = self::error::ConversionError;
                    fn from_str(value: &str) -> ::std::result::Result<Self, Self::Err> {
                        Ok(Self(value.to_string()))
                    }
                }
                #(#impls)*
            }
        }
    }

    fn text(file: &syn::File) -> String {
        file.to_token_stream().to_string()
    }

    #[test]
    fn typifys_five_impls_become_one_line_and_from_str_stays() {
        let name = quote::format_ident!("Url");
        let mut file = module(&routine_impls(&name));
        fold(&mut file);
        let folded = text(&file);
        assert!(folded.contains("string_newtype ! (Url)"), "{folded}");
        assert!(folded.contains("FromStr for Url"), "{folded}");
        assert!(
            !folded.contains("Deref") && !folded.contains("TryFrom"),
            "{folded}"
        );
    }

    #[test]
    fn impls_that_differ_from_typifys_are_left_alone() {
        let name = quote::format_ident!("Url");
        let mut impls = routine_impls(&name);
        impls[0] = quote! {
            impl ::std::ops::Deref for Url {
                type Target = str;
                fn deref(&self) -> &str { &self.0 }
            }
        };
        let mut file = module(&impls);
        let before = text(&file);
        fold(&mut file);
        assert_eq!(text(&file), before);
    }
}

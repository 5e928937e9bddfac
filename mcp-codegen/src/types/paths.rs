//! Token rewriting, in one pass over a token stream: typify writes `::serde::…` and
//! `::serde_json::…`, and generated code must reach both through `::mcp_runtime::export`
//! (serde's derives are told so with `#[serde(crate = …)]`); types named relative to a tool
//! module are qualified with it when they appear outside (`Customer` → `create_order::Customer`).

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;

/// typify writes `::serde::…` and `::serde_json::…`; generated code reaches both through
/// `::mcp_runtime::export`, and serde's derives are told so with `#[serde(crate = …)]`.
pub(super) fn reroot(stream: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(group) => {
                let mut new = Group::new(group.delimiter(), reroot(group.stream()));
                new.set_span(group.span());
                out.push(TokenTree::Group(new));
                // `#[derive(… Serialize/Deserialize …)]` → add the serde crate path after it.
                if group.delimiter() == Delimiter::Bracket
                    && i > 0
                    && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '#')
                    && derives_serde(&group.stream())
                {
                    out.extend(quote!(#[serde(crate = "::mcp_runtime::export::serde")]));
                }
            }
            TokenTree::Ident(ident)
                if (ident == "serde" || ident == "serde_json") && after_leading_colons(&out) =>
            {
                out.extend(quote!(mcp_runtime::export::));
                out.push(TokenTree::Ident(Ident::new(
                    &ident.to_string(),
                    Span::call_site(),
                )));
            }
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn derives_serde(attr: &TokenStream) -> bool {
    let mut tokens = attr.clone().into_iter();
    let is_derive = matches!(tokens.next(), Some(TokenTree::Ident(i)) if i == "derive");
    is_derive
        && tokens.any(|t| match t {
            TokenTree::Group(g) => g.stream().into_iter().any(
                |t| matches!(t, TokenTree::Ident(i) if i == "Serialize" || i == "Deserialize"),
            ),
            _ => false,
        })
}

/// True when `out` ends in `::` that starts a path (nothing path-like before it).
fn after_leading_colons(out: &[TokenTree]) -> bool {
    let n = out.len();
    if n < 2 {
        return false;
    }
    let colons = matches!((&out[n - 2], &out[n - 1]), (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == ':' && b.as_char() == ':');
    // `Foo::serde` is someone else's path; `as ::serde::X`, `impl<'de> ::serde::X` start one.
    let before_is_path = n >= 3
        && match &out[n - 3] {
            TokenTree::Ident(i) => !matches!(
                i.to_string().as_str(),
                "as" | "dyn"
                    | "impl"
                    | "for"
                    | "where"
                    | "in"
                    | "mut"
                    | "ref"
                    | "return"
                    | "let"
                    | "pub"
                    | "type"
                    | "use"
                    | "fn"
            ),
            _ => false,
        };
    colons && !before_is_path
}

/// Prefixes the tool module to type names that typify wrote relative to it (`Customer` →
/// `create_order::Customer`), leaving absolute paths and primitives alone.
pub(crate) fn qualify(ty: &TokenStream, module: &syn::Ident) -> TokenStream {
    let tokens: Vec<TokenTree> = ty.clone().into_iter().collect();
    let mut out = TokenStream::new();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), qualify(&g.stream(), module));
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            TokenTree::Ident(ident) => {
                let after_colons =
                    i >= 1 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == ':');
                let starts_upper = ident
                    .to_string()
                    .starts_with(|c: char| c.is_ascii_uppercase());
                if !after_colons && starts_upper {
                    out.extend(quote!(#module::));
                }
                out.extend([token.clone()]);
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

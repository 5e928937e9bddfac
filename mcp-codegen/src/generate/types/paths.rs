//! Token rewriting, in one pass over a token stream: typify writes `::serde::…` and
//! `::serde_json::…`, and generated code must reach both through `::mcp_runtime::export`
//! (serde's derives are told so with `#[serde(crate = …)]`); types named relative to a tool
//! module are qualified with it when they appear outside (`Customer` → `create_order::Customer`).

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Span, TokenStream, TokenTree};
use quote::quote;

use crate::generate::text::docs::markdown;

/// typify writes `::serde::…` and `::serde_json::…`; generated code reaches both through
/// `::mcp_runtime::export` — in paths, in serde's string arguments (`skip_serializing_if =
/// "::serde_json::Map::is_empty"`), and for serde's derives through `#[serde(crate = …)]`.
/// Doc attributes on the way are rendered as safe Markdown ([`markdown`]).
pub(super) fn reroot(stream: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(group))) =
            (&tokens[i], tokens.get(i + 1))
            && hash.as_char() == '#'
            && group.delimiter() == Delimiter::Bracket
        {
            out.extend(attribute(hash, group));
            i += 2;
            continue;
        }
        match &tokens[i] {
            TokenTree::Group(group) if is_defaults_module(&tokens[..i]) => {
                // typify's `defaults` names replacement types (our enums) as it was told to,
                // unqualified; they live one level up.
                let mut body = quote!(
                    #[allow(unused_imports)]
                    use super::*;
                );
                body.extend(reroot(group.stream()));
                out.push(regroup(group, body));
            }
            TokenTree::Group(group) => out.push(regroup(group, reroot(group.stream()))),
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

/// True when `before` ends in `mod defaults`, typify's module of default values.
fn is_defaults_module(before: &[TokenTree]) -> bool {
    matches!(
        before,
        [.., TokenTree::Ident(m), TokenTree::Ident(name)] if m == "mod" && name == "defaults"
    )
}

fn regroup(group: &Group, stream: TokenStream) -> TokenTree {
    let mut new = Group::new(group.delimiter(), stream);
    new.set_span(group.span());
    TokenTree::Group(new)
}

/// One `#[…]` attribute, rewritten.
fn attribute(hash: &Punct, group: &Group) -> TokenStream {
    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
    if let Some(text) = doc_text(&inner) {
        if is_placeholder(&text) {
            return TokenStream::new();
        }
        // `/// text` arrives as " text": the space is the comment's, not the text's.
        return doc_attributes(text.strip_prefix(' ').unwrap_or(&text));
    }
    let is_serde = matches!(inner.first(), Some(TokenTree::Ident(i)) if i == "serde");
    let stream = if is_serde {
        inner
            .iter()
            .map(|t| match t {
                TokenTree::Group(g) => regroup(g, serde_arguments(g.stream())),
                other => other.clone(),
            })
            .collect()
    } else {
        reroot(group.stream())
    };
    let mut out: TokenStream = [TokenTree::Punct(hash.clone()), regroup(group, stream)]
        .into_iter()
        .collect();
    if derives_serde(&group.stream()) {
        out.extend(quote!(#[serde(crate = "::mcp_runtime::export::serde")]));
    }
    out
}

/// typify's doc for a type without a description is its own name in backticks ("`Output`"):
/// it says nothing, so it is left out.
fn is_placeholder(text: &str) -> bool {
    text.trim()
        .strip_prefix('`')
        .and_then(|rest| rest.strip_suffix('`'))
        .is_some_and(|name| {
            name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// The text of `doc = "…"`.
fn doc_text(inner: &[TokenTree]) -> Option<String> {
    match inner {
        [
            TokenTree::Ident(doc),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] if doc == "doc" && eq.as_char() == '=' => {
            syn::parse2::<syn::LitStr>(TokenTree::Literal(lit.clone()).into())
                .ok()
                .map(|s| s.value())
        }
        _ => None,
    }
}

/// A doc text as one `#[doc = " line"]` per line, none for an empty text.
pub(crate) fn doc_attributes(text: &str) -> TokenStream {
    let rendered = markdown(text);
    rendered
        .lines()
        .map(|line| {
            let line = if line.is_empty() {
                String::new()
            } else {
                format!(" {line}")
            };
            quote!(#[doc = #line])
        })
        .collect()
}

/// `:: a :: b` → `::a::b` for a string that is a path (other strings keep their spacing).
fn compact_path(text: String) -> String {
    if text.starts_with("::") && !text.contains(['<', ',']) {
        text.replace(' ', "")
    } else {
        text
    }
}

/// Serde's arguments with every string that holds a path rerooted (`default`, `with`,
/// `skip_serializing_if`, `bound`, …): any string whose tokens the rewrite changes.
fn serde_arguments(stream: TokenStream) -> TokenStream {
    stream
        .into_iter()
        .map(|token| match &token {
            TokenTree::Literal(lit) => {
                let Ok(text) = syn::parse2::<syn::LitStr>(token.clone().into()) else {
                    return token;
                };
                let Ok(tokens) = text.value().parse::<TokenStream>() else {
                    return token;
                };
                let rerooted = reroot(tokens.clone());
                if rerooted.to_string() == tokens.to_string() {
                    return token;
                }
                let mut new = Literal::string(&compact_path(rerooted.to_string()));
                new.set_span(lit.span());
                TokenTree::Literal(new)
            }
            TokenTree::Group(g) => regroup(g, serde_arguments(g.stream())),
            _ => token,
        })
        .collect()
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

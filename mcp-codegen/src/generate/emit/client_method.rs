//! A tool's method on the client: required arguments as parameters, docs from the server's
//! description, what it resolves to.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::output_type::output_type;
use crate::generate::polish::prelude;
use crate::generate::text::doc_indent::list_marker;
use crate::generate::types::{Field, InputShape, ToolTypes, doc_attributes, qualify};
use crate::snapshot::ToolDef;

/// Doc attributes for `text`, rendered as safe Markdown (server-written text included).
pub(crate) fn doc_lines(text: &str) -> Vec<TokenStream> {
    vec![doc_attributes(text)]
}

/// A client method's docs: the tool's title and description, then one paragraph saying what
/// it calls, what it resolves to and which optional arguments its call takes.
pub(crate) fn tool_docs(tool: &ToolDef, ret: &str, optional: &[String]) -> Vec<TokenStream> {
    let mut text = String::new();
    if let Some(title) = &tool.title {
        text.push_str(&format!("**{title}**\n\n"));
    }
    if let Some(description) = &tool.description {
        text.push_str(description.trim());
        text.push_str("\n\n");
    }
    text.push_str(&format!(
        "Calls the MCP tool `{}` and resolves to `{ret}`.",
        tool.name
    ));
    if !optional.is_empty() {
        text.push_str(&format!(" Optional arguments: {}.", optional.join(", ")));
    }
    doc_lines(&text)
}

pub(crate) fn notes_docs(notes: &[String]) -> Vec<TokenStream> {
    if notes.is_empty() {
        return Vec::new();
    }
    let mut text = String::from("\n**Generator notes:**\n");
    for note in notes {
        text.push_str(&format!("- {note}\n"));
    }
    doc_lines(&text)
}

pub(crate) fn client_method(
    tool: &ToolDef,
    module: &syn::Ident,
    method: &syn::Ident,
    types: &ToolTypes,
    notes: &[String],
    head_names: &BTreeSet<String>,
) -> TokenStream {
    let lints = method_lints(tool, types, notes);
    let notes = notes_docs(notes);
    let into = prelude::std_path("Into", head_names);
    let default = prelude::std_path("Default", head_names);
    let ret = output_type(types, module).to_string().replace(' ', "");
    match &types.input {
        InputShape::Fields(fields) => {
            let required: Vec<_> = fields.iter().filter(|f| f.required).collect();
            let params = required.iter().map(|f| {
                let ident = &f.ident;
                let ty = prelude::shorten_type(qualify(&f.ty, module), head_names);
                quote!(#ident: impl #into<#ty>)
            });
            let inits = fields.iter().map(|f| {
                let ident = &f.ident;
                if f.required {
                    quote!(#ident: #ident.into())
                } else {
                    quote!(#ident: #default::default())
                }
            });
            let optional: Vec<String> = fields
                .iter()
                .filter(|f| !f.required)
                .map(|f| format!("`.{}(…)`", f.ident))
                .collect();
            let docs = tool_docs(tool, &ret, &optional);
            // Without required arguments `Input` derives `Default`: one line instead of one
            // per argument.
            let input = match required.is_empty() {
                true => quote!(#default::default()),
                false => quote!(#module::Input { #(#inits),* }),
            };
            let body = call_body(input);
            quote! {
                #(#docs)*
                #(#notes)*
                #lints
                pub fn #method(&self, #(#params),*) -> #module::Call<'_> {
                    #body
                }
            }
        }
        InputShape::Whole => {
            let docs = tool_docs(tool, &ret, &[]);
            let body = call_body(quote!(input.into()));
            quote! {
                #(#docs)*
                #(#notes)*
                #lints
                pub fn #method(&self, input: impl #into<#module::Input>) -> #module::Call<'_> {
                    #body
                }
            }
        }
    }
}

/// The clippy lints one method allows, for what the server's text brings to it: more than
/// seven parameters, parameter names like `_2`, Markdown lists clippy would ask a person to
/// indent. Nothing when none applies.
fn method_lints(tool: &ToolDef, types: &ToolTypes, notes: &[String]) -> TokenStream {
    let mut lints = Vec::new();
    if let InputShape::Fields(fields) = &types.input {
        let required: Vec<_> = fields.iter().filter(|f| f.required).collect();
        // `&self` counts: clippy's limit is seven in all.
        if required.len() + 1 > 7 {
            lints.push(quote!(clippy::too_many_arguments));
        }
        let digits_only = |f: &&Field| {
            let name = f.ident.to_string();
            name.chars().all(|c| c == '_' || c.is_ascii_digit())
        };
        if required.iter().any(digits_only) {
            lints.push(quote!(clippy::just_underscores_and_digits));
        }
    }
    let texts = tool
        .description
        .iter()
        .chain(tool.title.iter())
        .chain(notes);
    let opens_item = |line: &str| list_marker(line.trim_start()).is_some();
    if texts.flat_map(|text| text.lines()).any(opens_item) {
        lints.push(quote!(clippy::doc_lazy_continuation));
    }
    match lints.is_empty() {
        true => TokenStream::new(),
        false => quote!(#[allow(#(#lints),*)]),
    }
}

/// A tool method's body: the client's generic `call`; the return type names the tool, its
/// arguments and what it resolves to.
pub(crate) fn call_body(input: TokenStream) -> TokenStream {
    quote!(self.call(#input))
}

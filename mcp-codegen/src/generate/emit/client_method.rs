//! A tool's method on the client: required arguments as parameters, docs from the server's
//! description, what it resolves to.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::output_type::output_type;
use crate::generate::polish::prelude;
use crate::generate::types::{InputShape, ToolTypes, doc_attributes, qualify};
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
            let body = call_body(module, types.has_output, input);
            quote! {
                #(#docs)*
                #(#notes)*
                pub fn #method(&self, #(#params),*) -> #module::Call<'_> {
                    #body
                }
            }
        }
        InputShape::Whole => {
            let docs = tool_docs(tool, &ret, &[]);
            let body = call_body(module, types.has_output, quote!(input.into()));
            quote! {
                #(#docs)*
                #(#notes)*
                pub fn #method(&self, input: impl #into<#module::Input>) -> #module::Call<'_> {
                    #body
                }
            }
        }
    }
}

/// A tool method's body: the client's generic `call` (the return type names the tool), or the
/// module's own `new` for a tool whose result is decoded into `Output`.
pub(crate) fn call_body(module: &syn::Ident, has_output: bool, input: TokenStream) -> TokenStream {
    match has_output {
        true => quote!(#module::Call::new(&self.client, #input)),
        false => quote!(self.call(#input)),
    }
}

//! A tool's module: its types, its `Call` with the optional arguments' setters, its docs.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::client_method::{doc_lines, notes_docs};
use super::pending_call;
use crate::generate::plan::NamedTool;
use crate::generate::types::{InputShape, ToolTypes};

/// The pending call's setters, one per optional argument: `doc field: Type`, for the
/// runtime's `setters!`.
pub(crate) fn setters(input: &InputShape) -> Vec<TokenStream> {
    match input {
        InputShape::Fields(fields) => fields
            .iter()
            .filter(|f| !f.required)
            .map(|f| {
                let ident = &f.ident;
                let ty = &f.ty;
                // A setter the schema says nothing of gets no doc that only repeats its name.
                let docs = f.description.as_deref().map(doc_lines).unwrap_or_default();
                quote!(#(#docs)* #ident: #ty)
            })
            .collect::<Vec<_>>(),
        InputShape::Whole => Vec::new(),
    }
}

pub(crate) fn tool_module(
    named: &NamedTool,
    module: &syn::Ident,
    types: &ToolTypes,
    notes: &[String],
) -> TokenStream {
    let name = named.tool.name.as_str();
    let items = &types.items;
    let module_doc = doc_lines(&format!(
        "Types and the pending call of the MCP tool `{name}`."
    ));
    let ret = if types.has_output {
        quote!(Output)
    } else {
        quote!(::mcp_runtime::ToolOutput)
    };
    let decode = if types.has_output {
        quote!(::mcp_runtime::ToolOutput::into_structured::<Output>)
    } else {
        quote!(::mcp_runtime::__private::raw_output)
    };
    let notes = notes_docs(notes);
    let call = pending_call::tool_call(pending_call::ToolCall {
        name,
        generic: &format_ident!("{}", named.generic_call),
        has_output: types.has_output,
        task_support: named.task.support(),
        setters: setters(&types.input),
        as_task: named.task.call_method(&ret),
    });
    let resume = named.task.resume_fn(&ret, &decode);
    quote! {
        #(#module_doc)*
        #(#notes)*
        #[allow(dead_code, missing_docs, clippy::all)]
        pub mod #module {
            #items

            #call

            #resume
        }
    }
}

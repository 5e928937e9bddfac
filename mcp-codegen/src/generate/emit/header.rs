//! The module's header: the client (written by the runtime's `typed_client!`), the catalog's
//! methods and items, the tool methods' impl, `TOOLS`, and the fake trait.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::client_method::doc_lines;
use super::doc_example::doc_example;
use super::{fake, pending_call};
use crate::generate::plan::Plan;
use crate::generate::polish::groups::module_source;
use crate::generate::types::doc_attributes;

/// The client (the runtime's `typed_client!`, which writes what every client has alike) with
/// its doc example calling `example` (`doc_example.rs`), the catalog's methods and items.
pub(crate) fn header(plan: &Plan, example: Option<&str>) -> TokenStream {
    let client = format_ident!("{}", plan.client_name);
    let generic = pending_call::generic_name(&plan.client_name);
    let server_line = doc_lines(&plan.server_line);
    let methods = plan.catalog.methods();
    let catalog = plan.catalog.items();
    let catalog_doc: Vec<TokenStream> = plan
        .catalog
        .client_doc()
        .iter()
        .map(|text| doc_attributes(text))
        .collect();
    let doc_example = plan
        .doc_path
        .as_deref()
        .map(|path| doc_example(path, &plan.client_name, example));
    let catalog_methods = (!methods.is_empty()).then(|| {
        quote! {
            #[allow(dead_code)]
            impl #client {
                #(#methods)*
            }
        }
    });
    quote! {
        ::mcp_runtime::typed_client! {
            #(#server_line)*
            ///
            /// One method per tool; each returns a call that you can `.await` directly, or first
            /// give optional arguments and a timeout.
            #(#catalog_doc)*
            #doc_example
            pub struct #client { tools: TOOLS, call: #generic }
        }

        #catalog_methods

        #catalog
    }
}

/// The tool methods' impl allows `dead_code`: a binary crate calls some tools only. A method
/// whose parameters or docs come with a lint of their own allows it itself.
pub(crate) fn method_lints() -> TokenStream {
    quote!(#[allow(dead_code)])
}

/// `impl Client { … }` holding one method per tool, from the methods' text.
pub(crate) fn tool_methods(plan: &Plan, methods: &[String]) -> String {
    let lints = method_lints();
    let client = format_ident!("{}", plan.client_name);
    let opening = quote!(#lints impl #client).to_string();
    module_source(&opening, methods.iter().map(String::as_str))
}

/// The `TOOLS` table, from its entries' text.
pub(crate) fn tools_table(entries: &[String]) -> String {
    let opening = quote! {
        /// The tools in the snapshot: names, schemas and fingerprints.
        #[allow(dead_code)]
        pub const TOOLS: &[::mcp_runtime::ToolInfo] =
    };
    format!("{opening} & [{}] ;", entries.join(" , "))
}

/// The fake trait and constructor, when fakes are on.
pub(crate) fn fake_items(plan: &Plan, fakes: Vec<(TokenStream, TokenStream)>) -> TokenStream {
    let Some(trait_name) = &plan.fake_trait else {
        return TokenStream::new();
    };
    let client = format_ident!("{}", plan.client_name);
    let (mut methods, mut registrations): (Vec<_>, Vec<_>) = fakes.into_iter().unzip();
    let (catalog_methods, catalog_registrations) = plan.catalog.fake_parts(trait_name);
    methods.extend(catalog_methods);
    registrations.extend(catalog_registrations);
    fake::items(
        &client,
        trait_name,
        &plan.server_name,
        &methods,
        &registrations,
    )
}

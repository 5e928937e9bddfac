//! The module's header: the client struct and its own methods, the catalog's, the generic
//! pending call, `TOOLS`, and the fake trait.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::client_method::doc_lines;
use super::{fake, pending_call};
use crate::generate::plan::Plan;
use crate::generate::polish::groups::module_source;
use crate::generate::types::doc_attributes;

/// The client struct with its own methods and the catalog's, the generic pending call and the
/// catalog's items.
pub(crate) fn header(plan: &Plan) -> TokenStream {
    let client = format_ident!("{}", plan.client_name);
    let generic_call = pending_call::generic_call(&plan.client_name);
    let generic = pending_call::generic_name(&plan.client_name);
    let server_line = doc_lines(&plan.server_line);
    let methods = plan.catalog.methods();
    let catalog = plan.catalog.items();
    let lints = method_lints();
    let catalog_doc: Vec<TokenStream> = plan
        .catalog
        .client_doc()
        .iter()
        .map(|text| doc_attributes(text))
        .collect();
    quote! {
        #(#server_line)*
        ///
        /// One method per tool; each returns a call that you can `.await` directly, or first
        /// give optional arguments and a timeout.
        #(#catalog_doc)*
        #[derive(Debug)]
        #[allow(dead_code)]
        pub struct #client {
            client: ::mcp_runtime::Client,
        }

        #lints
        impl #client {
            /// Connects to the server (stdio command or HTTP URL) and checks its tools against
            /// the snapshot: differences are logged (`DriftPolicy::Warn`).
            pub async fn connect(spec: impl ::std::convert::Into<::mcp_runtime::ServerSpec>) -> ::mcp_runtime::Result<Self> {
                Self::connect_with(spec, ::mcp_runtime::ConnectOptions::default()).await
            }
            /// Connects with explicit options (timeouts, drift policy, …).
            pub async fn connect_with(
                spec: impl ::std::convert::Into<::mcp_runtime::ServerSpec>,
                options: ::mcp_runtime::ConnectOptions,
            ) -> ::mcp_runtime::Result<Self> {
                let client = ::mcp_runtime::Client::connect_verified(spec, options, TOOLS).await?;
                ::std::result::Result::Ok(Self { client })
            }
            /// Compares the server's tools with the snapshot now; returns the classified changes
            /// (empty when nothing drifted) and does not log them.
            pub async fn verify(&self) -> ::mcp_runtime::Result<::std::vec::Vec<::mcp_runtime::schema::drift::Change>> {
                self.client.verify_tools(TOOLS, ::mcp_runtime::DriftPolicy::Off).await
            }
            /// Wraps a connected client.
            pub fn from_client(client: ::mcp_runtime::Client) -> Self {
                Self { client }
            }
            /// The untyped client underneath.
            pub fn client(&self) -> &::mcp_runtime::Client {
                &self.client
            }
            /// Gives back the untyped client.
            pub fn into_client(self) -> ::mcp_runtime::Client {
                self.client
            }
            /// The tools this client was generated for.
            pub fn tools() -> &'static [::mcp_runtime::ToolInfo] {
                TOOLS
            }
            /// Ends the session (and a stdio server).
            pub async fn close(&self) {
                self.client.close().await
            }
            /// A call of the tool `T`, which the tool method's return type names.
            fn call<T: ::mcp_runtime::ToolName, I: ::mcp_runtime::export::serde::Serialize>(&self, input: I) -> #generic<'_, T, I> {
                <#generic<'_, T, I>>::new(&self.client, input)
            }
            #(#methods)*
        }

        #generic_call

        #catalog
    }
}

/// The lints generated client methods allow: parameters and docs come from the server (many
/// arguments, names like `_2`, Markdown lists that clippy would ask a person to indent).
pub(crate) fn method_lints() -> TokenStream {
    quote!(#[allow(dead_code, clippy::too_many_arguments, clippy::just_underscores_and_digits, clippy::doc_lazy_continuation)])
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

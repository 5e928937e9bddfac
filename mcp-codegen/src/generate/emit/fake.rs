//! The typed fake of a client (`Settings::fakes`): a trait with one method per tool — its
//! `Input` in, its `Output` (or `ToolOutput`) out, answering "not implemented" by default —,
//! per prompt (arguments in, `PromptOutput` out) and per resource template (URI and variables
//! in, `ResourceOutput` out) —
//! and `Client::fake(impl Trait)`, which serves an implementation in-process through
//! `mcp_runtime::fake::FakeServer` and returns the generated client connected to it.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use super::output_type::output_type;
use crate::generate::types::ToolTypes;
use crate::snapshot::ToolDef;

/// The trait's method for one tool.
pub(crate) fn method(
    tool: &ToolDef,
    module: &Ident,
    method: &Ident,
    types: &ToolTypes,
    trait_name: &str,
) -> TokenStream {
    let ret = output_type(types, module);
    let doc = format!(
        "Answers the tool `{}` (`{module}::Input` in). Not implemented by default: the call fails naming this method.",
        tool.name
    );
    let path = format!("{trait_name}::{method}");
    quote! {
        #[doc = #doc]
        fn #method(&self, input: #module::Input) -> impl ::std::future::Future<Output = ::mcp_runtime::fake::FakeResult<#ret>> + ::std::marker::Send {
            let _ = input;
            async { ::std::result::Result::Err(::mcp_runtime::fake::FakeError::not_implemented(#path)) }
        }
    }
}

/// The registration of one tool's method with the fake server.
pub(crate) fn registration(
    tool: &ToolDef,
    module: &Ident,
    method: &Ident,
    types: &ToolTypes,
) -> TokenStream {
    let name = &tool.name;
    let register = match types.has_output {
        true => format_ident!("tool"),
        false => format_ident!("tool_output"),
    };
    quote! {
        let server = {
            let fake = fake.clone();
            server.#register(#name, move |input: #module::Input| {
                let fake = fake.clone();
                async move { fake.#method(input).await }
            })
        };
    }
}

/// A prompt's trait method (its arguments in, the rendering out) and registration.
pub(crate) fn prompt(name: &str, method: &str, trait_name: &str) -> (TokenStream, TokenStream) {
    let ident = format_ident!("{method}");
    let doc = format!(
        "Renders the prompt `{name}` (its arguments by name). Not implemented by default: rendering fails naming this method."
    );
    let path = format!("{trait_name}::{method}");
    let method = quote! {
        #[doc = #doc]
        fn #ident(&self, arguments: ::std::collections::BTreeMap<::std::string::String, ::std::string::String>) -> impl ::std::future::Future<Output = ::mcp_runtime::fake::FakeResult<::mcp_runtime::prompts::PromptOutput>> + ::std::marker::Send {
            let _ = arguments;
            async { ::std::result::Result::Err(::mcp_runtime::fake::FakeError::not_implemented(#path)) }
        }
    };
    let registration = quote! {
        let server = {
            let fake = fake.clone();
            server.prompt(#name, move |arguments| {
                let fake = fake.clone();
                async move { fake.#ident(arguments).await }
            })
        };
    };
    (method, registration)
}

/// A resource template's trait method (the URI read and its variables in) and registration.
pub(crate) fn template(name: &str, method: &str, trait_name: &str) -> (TokenStream, TokenStream) {
    let ident = format_ident!("{method}");
    let doc = format!(
        "Reads the resource template `{name}`: the URI read, and the values of its variables. Not implemented by default: reading fails naming this method."
    );
    let path = format!("{trait_name}::{method}");
    let method = quote! {
        #[doc = #doc]
        fn #ident(&self, uri: ::std::string::String, variables: ::std::collections::BTreeMap<::std::string::String, ::std::string::String>) -> impl ::std::future::Future<Output = ::mcp_runtime::fake::FakeResult<::mcp_runtime::resources::ResourceOutput>> + ::std::marker::Send {
            let _ = (uri, variables);
            async { ::std::result::Result::Err(::mcp_runtime::fake::FakeError::not_implemented(#path)) }
        }
    };
    let registration = quote! {
        let server = {
            let fake = fake.clone();
            server.resource(#name, move |uri, variables| {
                let fake = fake.clone();
                async move { fake.#ident(uri, variables).await }
            })
        };
    };
    (method, registration)
}

/// The trait and the client's `fake` constructor.
pub(crate) fn items(
    client: &Ident,
    trait_name: &str,
    server_name: &str,
    methods: &[TokenStream],
    registrations: &[TokenStream],
) -> TokenStream {
    let fake = format_ident!("{trait_name}");
    let trait_doc = format!(
        "A fake of the server `{server_name}` for tests: implement the tools a test needs, then `{client}::fake(..)` serves it in-process and returns a connected `{client}`. Results are checked against the snapshot's `outputSchema` before they are sent."
    );
    quote! {
        #[doc = #trait_doc]
        #[allow(unused_variables, clippy::manual_async_fn)]
        pub trait #fake: ::std::marker::Send + ::std::marker::Sync + 'static {
            #(#methods)*
        }

        #[allow(dead_code)]
        impl #client {
            /// Serves `fake` in-process (no process, no port) and connects to it.
            pub async fn fake(fake: impl #fake) -> ::mcp_runtime::Result<Self> {
                Self::fake_with(fake, ::mcp_runtime::ConnectOptions::default()).await
            }
            /// [`Self::fake`] with explicit options (timeouts, a recording, …).
            pub async fn fake_with(fake: impl #fake, options: ::mcp_runtime::ConnectOptions) -> ::mcp_runtime::Result<Self> {
                let fake = ::std::sync::Arc::new(fake);
                let server = ::mcp_runtime::fake::FakeServer::new(#server_name, TOOLS);
                #(#registrations)*
                let _ = &fake;
                ::std::result::Result::Ok(Self::from_client(server.connect_with(options).await?))
            }
        }
    }
}

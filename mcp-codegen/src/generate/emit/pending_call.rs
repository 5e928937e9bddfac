//! The pending call a tool method returns. What every tool's call does alike — a timeout,
//! progress, the arguments, sending, `.await` — is one generic type per client,
//! `{Client}Call<'a, T, I, O>`, emitted once, with its constructor `new`. Each tool module
//! names its instance `Call<'a>` and adds only what is its own: the setters of its optional
//! arguments, `as_task`, and for a tool with an `outputSchema` a `new` that decodes it. The
//! marker `T` is the module's `ThisTool`, an empty enum implementing the runtime's `ToolName`
//! (the tool's name, its task support): two tools whose arguments are the same shared type
//! still get two types, so their setters never collide.
//!
//! A wrapper struct of its own per tool repeated those methods in every module: about 40 lines
//! per tool that a user's compiler had to check again each time.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::generate::text::names::MARKER;

/// The generic pending call's name for `client`.
pub(crate) fn generic_name(client: &str) -> syn::Ident {
    format_ident!("{client}Call")
}

/// The client's generic pending call, once per generated module.
pub(crate) fn generic_call(client: &str) -> TokenStream {
    let name = generic_name(client);
    let doc = format!(
        " A pending call of one of [`{client}`]'s tools: set optional arguments (each tool's \
         `Call` has setters for its own) or a timeout, then `.await` it."
    );
    quote! {
        #[doc = #doc]
        #[must_use = "a call does nothing until it is awaited"]
        pub struct #name<'a, T, I, O = ::mcp_runtime::ToolOutput>(::mcp_runtime::PendingCall<'a, I, O>, ::std::marker::PhantomData<T>);

        #[allow(dead_code)]
        impl<'a, T, I: ::mcp_runtime::export::serde::Serialize, O> #name<'a, T, I, O> {
            /// Overrides the client's call timeout for this call.
            pub fn with_timeout(self, timeout: ::std::time::Duration) -> Self {
                Self(self.0.with_timeout(timeout), self.1)
            }
            /// Reports the server's progress notifications for this call to `callback`.
            pub fn on_progress(self, callback: impl Fn(::mcp_runtime::Progress) + ::std::marker::Send + ::std::marker::Sync + 'static) -> Self {
                Self(self.0.on_progress(callback), self.1)
            }
            /// The arguments as they will be sent.
            pub fn input(&self) -> &I {
                self.0.input()
            }
            /// A tool's call made of the runtime's.
            fn from_pending(call: ::mcp_runtime::PendingCall<'a, I, O>) -> Self {
                Self(call, ::std::marker::PhantomData)
            }
            /// Sends the call (what `.await` does).
            pub fn send(self) -> ::mcp_runtime::CallFuture<'a, O> {
                self.0.send()
            }
        }

        #[allow(dead_code)]
        impl<'a, T: ::mcp_runtime::ToolName, I: ::mcp_runtime::export::serde::Serialize> #name<'a, T, I> {
            /// A call of the tool `T` with these arguments.
            pub fn new(client: &'a ::mcp_runtime::Client, input: I) -> Self {
                Self::from_pending(::mcp_runtime::__private::call_tool::<T, I>(client, input))
            }
        }

        impl<'a, T, I: ::mcp_runtime::export::serde::Serialize, O> ::std::future::IntoFuture for #name<'a, T, I, O> {
            type Output = ::mcp_runtime::Result<O>;
            type IntoFuture = ::mcp_runtime::CallFuture<'a, O>;
            fn into_future(self) -> Self::IntoFuture {
                self.0.send()
            }
        }
    }
}

/// What a tool's own pending call is made of.
pub(crate) struct ToolCall<'t> {
    /// The generic pending call's name.
    pub generic: &'t syn::Ident,
    /// Whether the tool has an output schema (its result is `Output`, not `ToolOutput`).
    pub has_output: bool,
    /// `ToolName::TASK_SUPPORT`, when the listing says more than the default.
    pub task_support: Option<TokenStream>,
    /// The setters of the optional arguments.
    pub setters: Vec<TokenStream>,
    /// `as_task`, when the tool may run as a task.
    pub as_task: TokenStream,
}

/// The tool module's `ThisTool`, `Call<'a>` and the methods only this tool's call has.
pub(crate) fn tool_call(call: ToolCall<'_>) -> TokenStream {
    let ToolCall {
        generic,
        has_output,
        task_support,
        setters,
        as_task,
    } = call;
    let marker = format_ident!("{MARKER}");
    let task_const = task_support
        .as_ref()
        .map(|support| quote!(const TASK_SUPPORT: ::mcp_runtime::tasks::TaskSupport = #support;));
    // The generic's `new` is for results as they came, the generic's default `ToolOutput`: a
    // tool with an output schema decodes it in a `new` of its own.
    let set_support = task_support
        .as_ref()
        .map(|support| quote!(.task_support(#support)));
    let (ret, new) = match has_output {
        true => (
            quote!(, Output),
            quote! {
                /// A call with these arguments.
                pub fn new(client: &'a ::mcp_runtime::Client, input: Input) -> Self {
                    Self::from_pending(::mcp_runtime::__private::call_typed(client, NAME, input)#set_support)
                }
            },
        ),
        false => (TokenStream::new(), TokenStream::new()),
    };
    let own = (!new.is_empty() || !setters.is_empty() || !as_task.is_empty()).then(|| {
        quote! {
            impl<'a> Call<'a> {
                #new
                #(#setters)*
                #as_task
            }
        }
    });
    quote! {
        /// This tool, as a type: its name, and what keeps its call apart from other tools'.
        pub enum #marker {}

        impl ::mcp_runtime::ToolName for #marker {
            const NAME: &str = NAME;
            #task_const
        }

        /// A pending call: set optional arguments or a timeout, then `.await` it.
        pub type Call<'a> = super::#generic<'a, #marker, Input #ret>;

        #own
    }
}

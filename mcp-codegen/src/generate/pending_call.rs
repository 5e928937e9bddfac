//! The pending call a tool method returns. What every tool's call does alike — a timeout,
//! progress, the arguments, sending, `.await` — is one generic type per client,
//! `{Client}Call<'a, T, I, O>`, emitted once. Each tool module names its instance `Call<'a>`
//! and adds only what is its own: `new` (the tool's name and how its result is decoded), the
//! setters of its optional arguments and `as_task`. The marker `T` is the module's `ThisTool`,
//! an empty enum: two tools whose arguments are the same shared type still get two types, so
//! their `new` and setters never collide.
//!
//! A wrapper struct of its own per tool repeated those methods in every module: about 40 lines
//! per tool that a user's compiler had to check again each time.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The marker type in each tool module.
pub(crate) const MARKER: &str = "ThisTool";

/// The generic pending call's name for `client`.
pub(super) fn generic_name(client: &str) -> syn::Ident {
    format_ident!("{client}Call")
}

/// The client's generic pending call, once per generated module.
pub(super) fn generic_call(client: &str) -> TokenStream {
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
            /// A tool's call made of the runtime's (each tool's `Call::new` calls it).
            fn from_pending(call: ::mcp_runtime::PendingCall<'a, I, O>) -> Self {
                Self(call, ::std::marker::PhantomData)
            }
            /// Sends the call (what `.await` does).
            pub fn send(self) -> ::mcp_runtime::CallFuture<'a, O> {
                self.0.send()
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
pub(super) struct ToolCall<'t> {
    /// The generic pending call's name.
    pub generic: &'t syn::Ident,
    /// Whether the tool has an output schema (its result is `Output`, not `ToolOutput`).
    pub has_output: bool,
    /// What `new` adds to the runtime's pending call (task support).
    pub on_new: TokenStream,
    /// The setters of the optional arguments.
    pub setters: Vec<TokenStream>,
    /// `as_task`, when the tool may run as a task.
    pub as_task: TokenStream,
}

/// The tool module's `ThisTool`, `Call<'a>` and the methods only this tool's call has.
pub(super) fn tool_call(call: ToolCall<'_>) -> TokenStream {
    let ToolCall {
        generic,
        has_output,
        on_new,
        setters,
        as_task,
    } = call;
    let marker = format_ident!("{MARKER}");
    // The result type is the generic's default, `ToolOutput`, unless the tool has an output
    // schema: most tools' `Call` then fits on a line.
    let (ret, make) = if has_output {
        (quote!(, Output), quote!(call_typed))
    } else {
        (TokenStream::new(), quote!(call_raw))
    };
    quote! {
        /// This tool, as a type: it keeps its pending call apart from other tools'.
        pub enum #marker {}

        /// A pending call: set optional arguments or a timeout, then `.await` it.
        pub type Call<'a> = super::#generic<'a, #marker, Input #ret>;

        impl<'a> Call<'a> {
            /// A call with these arguments.
            pub fn new(client: &'a ::mcp_runtime::Client, input: Input) -> Self {
                Self::from_pending(::mcp_runtime::__private::#make(client, NAME, input)#on_new)
            }
            #(#setters)*
            #as_task
        }
    }
}

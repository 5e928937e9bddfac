//! The pending call a tool method returns. What every tool's call does alike — a timeout,
//! progress, the arguments, sending, `.await`, its constructor — is one generic type per
//! client, `{Client}Call<'a, T, I, O>`, which the runtime's `typed_client!` writes. Each tool
//! module names its instance `Call<'a>` and adds only what is its own: the setters of its
//! optional arguments and `as_task`. The marker `T` is the module's `ThisTool`, an empty enum
//! implementing the runtime's `ToolName` (the tool's name, its task support): two tools whose
//! arguments are the same shared type still get two types, so their setters never collide.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::generate::text::names::MARKER;

/// The generic pending call's name for `client`.
pub(crate) fn generic_name(client: &str) -> syn::Ident {
    format_ident!("{client}Call")
}

/// What a tool's own pending call is made of.
pub(crate) struct ToolCall<'t> {
    /// The tool's name on the server.
    pub name: &'t str,
    /// The generic pending call's name.
    pub generic: &'t syn::Ident,
    /// Whether the tool has an output schema (its result is `Output`, not `ToolOutput`).
    pub has_output: bool,
    /// `ToolName::TASK_SUPPORT`, when the listing says more than the default.
    pub task_support: Option<TokenStream>,
    /// The optional arguments, `doc field: Type` each, for the runtime's `setters!`.
    pub setters: Vec<TokenStream>,
    /// `as_task`, when the tool may run as a task.
    pub as_task: TokenStream,
}

/// The tool module's `NAME` and `ThisTool` (one `this_tool!` line), `Call<'a>` and the
/// methods only this tool's call has.
pub(crate) fn tool_call(call: ToolCall<'_>) -> TokenStream {
    let ToolCall {
        name,
        generic,
        has_output,
        task_support,
        setters,
        as_task,
    } = call;
    let marker = format_ident!("{MARKER}");
    let support = task_support.as_ref().map(|support| quote!(, #support));
    let ret = has_output.then(|| quote!(, Output));
    let setters = (!setters.is_empty())
        .then(|| quote!(::mcp_runtime::__private::setters! { Call { #(#setters),* } }));
    let own = (!as_task.is_empty()).then(|| {
        quote! {
            impl<'a> Call<'a> {
                #as_task
            }
        }
    });
    quote! {
        ::mcp_runtime::__private::this_tool!(#name #support);

        /// A pending call: set optional arguments or a timeout, then `.await` it.
        pub type Call<'a> = super::#generic<'a, #marker, Input #ret>;

        #setters

        #own
    }
}

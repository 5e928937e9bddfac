//! What a tool's call resolves to: its `Output` when the tool has an `outputSchema`, else the
//! runtime's `ToolOutput`. The client method, the `Call` and the fake all name it.

use proc_macro2::TokenStream;
use quote::quote;

use crate::generate::types::ToolTypes;

/// `Output` or `ToolOutput`, by whether the tool has an `outputSchema`.
pub(crate) fn output_type(types: &ToolTypes, module: &syn::Ident) -> TokenStream {
    if types.has_output {
        quote!(#module::Output)
    } else {
        quote!(::mcp_runtime::ToolOutput)
    }
}

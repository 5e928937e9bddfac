//! A tool's `TOOLS` entry: name, description, schemas, fingerprint, annotations, and whether
//! only an app may call it.

use proc_macro2::TokenStream;
use quote::quote;

use crate::snapshot::ToolDef;

pub(crate) fn table_entry(tool: &ToolDef) -> TokenStream {
    let name = tool.name.as_str();
    let description = tool.description.as_deref().unwrap_or("");
    let input = mcp_runtime::schema::sort_keys(&tool.input_schema).to_string();
    let fingerprint = tool.fingerprint();
    // Constructors keep an entry to a few lines; a struct literal took a line per field,
    // `None`s included, in tables of hundreds of tools.
    let output = tool.output_schema.as_ref().map(|schema| {
        let text = mcp_runtime::schema::sort_keys(schema).to_string();
        quote!(.with_output_schema(#text))
    });
    let made = match tool.raw.get("annotations").filter(|a| a.is_object()) {
        Some(annotations) => {
            let text = mcp_runtime::schema::sort_keys(annotations).to_string();
            quote!(annotated(#name, #description, #input, #text, #fingerprint))
        }
        None => quote!(new(#name, #description, #input, #fingerprint)),
    };
    let meta = tool.raw.get("_meta").and_then(|m| m.as_object());
    let app_only = mcp_runtime::schema::app_only(meta).then(|| quote!(.only_for_apps()));
    quote!(::mcp_runtime::ToolInfo::#made #output #app_only)
}

//! The client's doc example: connect, call a tool, close — compiled by `cargo test --doc` in
//! the crate that holds the bindings. It is written only when `Settings::doc_path` says where
//! the bindings are reachable from outside that crate (a doc test is another crate), and it
//! calls the first tool whose required arguments are all plain values, so the example is
//! always one a reader can copy.

use proc_macro2::TokenStream;
use quote::quote;

use crate::generate::types::{Field, InputShape, ToolTypes};

/// `method(args)` with a plain value for each required argument, when there are only such.
pub(crate) fn example_call(method: &syn::Ident, types: &ToolTypes) -> Option<String> {
    let InputShape::Fields(fields) = &types.input else {
        return None;
    };
    let args: Option<Vec<&str>> = fields
        .iter()
        .filter(|f| f.required)
        .map(plain_value)
        .collect();
    Some(format!("{method}({})", args?.join(", ")))
}

/// A value of `field`'s parameter type written as a literal, for the types that have one.
fn plain_value(field: &Field) -> Option<&'static str> {
    let ty = field.ty.to_string().replace(' ', "");
    let ty = ty.rsplit("::").next().unwrap_or_default();
    match ty {
        "String" => Some("\"…\""),
        "bool" => Some("false"),
        "f64" | "f32" => Some("0.0"),
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "isize" | "usize" => {
            Some("0")
        }
        _ => None,
    }
}

/// The example's doc lines, written as they are (they are ours, not the server's text).
pub(crate) fn doc_example(path: &str, client: &str, call: Option<&str>) -> TokenStream {
    let call = match call {
        Some(call) => format!("let output = client.{call}.await?;\nprintln!(\"{{output:?}}\");\n"),
        None => String::new(),
    };
    let text = format!(
        "\n# Example\n\n```no_run\n# async fn example() -> mcp_runtime::Result<()> {{\n\
         use {path}::{client};\n\n\
         // The command that starts the server (or `ServerSpec::http(url)`).\n\
         let spec = mcp_runtime::ServerSpec::stdio(\"the-server\");\n\
         let client = {client}::connect(spec).await?;\n\
         {call}client.close().await;\n# Ok(())\n# }}\n```"
    );
    let lines = text.lines().map(|line| match line.is_empty() {
        true => String::new(),
        false => format!(" {line}"),
    });
    quote!(#(#[doc = #lines])*)
}

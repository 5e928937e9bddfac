//! One tool's parts: its module (types, `Call`), its client method and `TOOLS` entry, and the
//! fake's method, built on a worker thread. The module is parsed here, so code that would not
//! compile (a typify bug) is replaced by JSON types before anyone sees it.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::format_ident;

use super::Warning;
use super::emit::client_method::client_method;
use super::emit::doc_example::example_call;
use super::emit::fake;
use super::emit::table_entry::table_entry;
use super::emit::tool_module::tool_module;
use super::plan::NamedTool;
use super::polish::derives::trim_derives;
use super::polish::{constructors, deserialize, newtypes, serialize, tidy};
use super::types::{ToolTypes, TypeOptions, fallback_types, tool_types};

pub(super) struct ToolParts {
    pub(super) module: syn::File,
    pub(super) method: TokenStream,
    pub(super) entry: TokenStream,
    /// The fake trait's method and its registration, when fakes are generated.
    pub(super) fake: Option<(TokenStream, TokenStream)>,
    /// A call of this tool for the client's doc example (`doc_example.rs`).
    pub(super) example: Option<String>,
    pub(super) warnings: Vec<Warning>,
}

/// One tool's module, client method and `TOOLS` entry. The module is parsed here, so code
/// that would not compile (a typify bug) is replaced by JSON types before anyone sees it.
/// `head_names` are the names of the generated module's top level, where the client method
/// and the `TOOLS` entry go: their paths are prelude names unless one of these takes it.
pub(super) fn tool_parts(
    named: &NamedTool,
    options: TypeOptions,
    fake_trait: Option<&str>,
    head_names: &BTreeSet<String>,
) -> ToolParts {
    let tool = &named.tool;
    let module = format_ident!("{}", named.module);
    let method = format_ident!("{}", named.method);
    let mut notes = Vec::new();
    if tool.input_schema_missing() {
        notes.push("the snapshot has no inputSchema; the tool takes no arguments".to_string());
    }
    let mut types = typed(named, options);
    let mut module_file = syn::parse2::<syn::File>(tool_module(
        named,
        &module,
        &types,
        &notes_with(&notes, &types),
    ));
    if let Err(err) = &module_file {
        types = fallback_types(tool.output_schema.as_ref(), &err.to_string());
        module_file = syn::parse2::<syn::File>(tool_module(
            named,
            &module,
            &types,
            &notes_with(&notes, &types),
        ));
    }
    let notes = notes_with(&notes, &types);
    // Both attempts failing would be a bug in our own templates; an empty module keeps the
    // rest of the client usable and the warning says what happened.
    let mut module_file = module_file.unwrap_or_else(|_| syn::parse_quote!());
    if !options.serde_both_ways {
        trim_derives(&mut module_file);
    }
    tidy::tidy(&mut module_file);
    constructors::public_constructors(&mut module_file);
    deserialize::write_out(&mut module_file);
    serialize::write_out(&mut module_file);
    newtypes::fold(&mut module_file);
    let fake = fake_trait.map(|name| {
        (
            fake::method(tool, &module, &method, &types, name),
            fake::registration(tool, &module, &method, &types),
        )
    });
    ToolParts {
        example: example_call(&method, &types),
        module: module_file,
        fake,
        method: client_method(tool, &module, &method, &types, &notes, head_names),
        entry: table_entry(tool),
        warnings: notes
            .into_iter()
            .map(|message| Warning {
                tool: tool.name.clone(),
                message,
            })
            .collect(),
    }
}

/// The tool's types, from its input schema with shared shapes moved into `$defs`; should that
/// need a fallback the server's own schema does not, from the server's schema.
pub(super) fn typed(named: &NamedTool, options: TypeOptions) -> ToolTypes {
    let tool = &named.tool;
    let output = tool.output_schema.as_ref();
    let Some(input) = &named.typed_input else {
        return tool_types(&tool.input_schema, output, options);
    };
    let types = tool_types(input, output, options);
    if types.notes.is_empty() {
        return types;
    }
    let plain = tool_types(&tool.input_schema, output, options);
    match plain.notes.len() < types.notes.len() {
        true => plain,
        false => types,
    }
}

/// The tool's notes and its types' notes, each once (both sides of a tool can bring one).
pub(super) fn notes_with(notes: &[String], types: &ToolTypes) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for note in notes.iter().chain(&types.notes) {
        if !all.contains(note) {
            all.push(note.clone());
        }
    }
    all
}

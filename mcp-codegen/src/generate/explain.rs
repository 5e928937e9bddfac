//! `Generator::explain`: what one tool's arguments and output become in Rust, and why an
//! argument is a JSON value when it is one — the generator's note for it, or "its schema
//! allows any value". `mcp-codegen generate SNAPSHOT --explain TOOL` prints it.

use std::fmt;

use proc_macro2::TokenTree;
use quote::ToTokens;

use super::Generator;
use crate::snapshot::Snapshot;
use crate::{Error, Result};

/// One tool, as the generator types it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The tool's name on the server.
    pub tool: String,
    /// Its module in the generated code.
    pub module: String,
    /// Its arguments, as the `Input` struct has them (none when `Input` is not a struct).
    pub arguments: Vec<Argument>,
    /// `Input` when it is not a struct of fields: its Rust type.
    pub whole_input: Option<String>,
    /// What a call resolves to: the tool's `Output`, or `ToolOutput` (content as the server
    /// sent it) when it has no output schema or it could not be typed.
    pub output: String,
    /// Every note the generator made for the tool (fallbacks and simplifications).
    pub notes: Vec<String>,
}

/// One argument.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Argument {
    /// The name on the wire.
    pub name: String,
    /// The Rust field.
    pub field: String,
    /// Its Rust type, paths shortened (`Option<Vec<String>>`).
    pub rust_type: String,
    /// Why it is a JSON value, when it is one.
    pub json_because: Option<String>,
}

impl Generator {
    /// What `tool` of `snapshot` becomes: each argument's Rust type, and for each one that is
    /// a JSON value, why.
    pub fn explain(&self, snapshot: &Snapshot, source: &str, tool: &str) -> Result<Explanation> {
        // The allow-list names the tool: an unknown one is refused there, with the known ones.
        let settings = self.settings.clone().tools([tool]);
        let generated = Generator::new(settings).generate(snapshot, source)?;
        let notes: Vec<String> = generated
            .warnings
            .iter()
            .filter(|w| w.tool == tool)
            .map(|w| w.message.clone())
            .collect();
        let file: syn::File = syn::parse2(generated.tokens)
            .map_err(|e| Error::Settings(format!("internal error: generated code: {e}")))?;
        let module = tool_module(&file, tool).ok_or_else(|| {
            Error::Settings(format!(
                "internal error: no module was generated for `{tool}`"
            ))
        })?;
        Ok(describe(tool, module, notes))
    }
}

/// The module whose `NAME` is `tool` (its `this_tool!("…")` line).
fn tool_module<'a>(file: &'a syn::File, tool: &str) -> Option<&'a syn::ItemMod> {
    file.items.iter().find_map(|item| match item {
        syn::Item::Mod(module) if names_tool(module, tool) => Some(module),
        _ => None,
    })
}

fn names_tool(module: &syn::ItemMod, tool: &str) -> bool {
    let Some((_, items)) = &module.content else {
        return false;
    };
    items.iter().any(|item| match item {
        syn::Item::Macro(call)
            if call
                .mac
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "this_tool") =>
        {
            let name = call.mac.parse_body_with(|input: syn::parse::ParseStream| {
                let name: syn::LitStr = input.parse()?;
                input.parse::<proc_macro2::TokenStream>()?;
                Ok(name)
            });
            name.is_ok_and(|name| name.value() == tool)
        }
        _ => false,
    })
}

fn describe(tool: &str, module: &syn::ItemMod, notes: Vec<String>) -> Explanation {
    let items = module
        .content
        .as_ref()
        .map(|(_, i)| i.as_slice())
        .unwrap_or_default();
    let input = items.iter().find_map(|item| match item {
        syn::Item::Struct(s) if s.ident == "Input" => Some(s),
        _ => None,
    });
    let written = written_wire_names(items);
    let arguments = input
        .map(|s| {
            s.fields
                .iter()
                .map(|f| argument(f, &written, &notes))
                .collect()
        })
        .unwrap_or_default();
    let whole_input = match input {
        Some(_) => None,
        None => items.iter().find_map(|item| match item {
            syn::Item::Type(t) if t.ident == "Input" => Some(short_type(&t.ty)),
            syn::Item::Enum(e) if e.ident == "Input" => Some("Input (an enum)".to_string()),
            _ => None,
        }),
    };
    let output = items
        .iter()
        .find_map(|item| match item {
            syn::Item::Type(t) if t.ident == "Call" => Some(&*t.ty),
            _ => None,
        })
        .and_then(result_generic)
        .map(|ty| match ty.as_str() {
            "Output" => format!("{}::Output", module.ident),
            other => other.to_string(),
        })
        .unwrap_or_else(|| "ToolOutput".to_string());
    Explanation {
        tool: tool.to_string(),
        module: module.ident.to_string(),
        arguments,
        whole_input,
        output,
        notes,
    }
}

/// The result type argument of a tool's `Call` (`DemoCall<'a, ThisTool, Input, Output>` →
/// `Output`), shortened; `None` when it takes the generic's default.
fn result_generic(ty: &syn::Type) -> Option<String> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let syn::PathArguments::AngleBracketed(args) = &path.path.segments.last()?.arguments else {
        return None;
    };
    // The marker, the arguments, then the result when it is not `ToolOutput`.
    args.args
        .iter()
        .filter_map(|arg| match arg {
            syn::GenericArgument::Type(ty) => Some(short_type(ty)),
            _ => None,
        })
        .nth(2)
}

fn argument(field: &syn::Field, written: &[(String, String)], notes: &[String]) -> Argument {
    let ident = field
        .ident
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let name = wire_name(field)
        .or_else(|| {
            let (_, wire) = written.iter().find(|(f, _)| *f == ident)?;
            Some(wire.clone())
        })
        .unwrap_or_else(|| ident.clone());
    let rust_type = short_type(&field.ty);
    let json_because = rust_type.contains("serde_json::Value").then(|| {
        let marker = format!("argument `{name}` ");
        notes
            .iter()
            .find(|n| n.starts_with(&marker))
            .cloned()
            .unwrap_or_else(|| "its schema allows any JSON value".to_string())
    });
    Argument {
        name,
        field: ident,
        rust_type,
        json_because,
    }
}

/// The field's `#[serde(rename = "…")]`, if it has one.
/// The fields of `Input` that `wire_object!` writes under another name (`opt(r#type as
/// "type")`), as (field, wire name).
fn written_wire_names(items: &[syn::Item]) -> Vec<(String, String)> {
    let Some(entries) = items.iter().find_map(|item| match item {
        syn::Item::Macro(m) if m.mac.path.segments.last()?.ident == "wire_object" => {
            let mut tokens = m.mac.tokens.clone().into_iter();
            let named_input = matches!(tokens.next(), Some(TokenTree::Ident(i)) if i == "Input");
            match tokens.next() {
                Some(TokenTree::Group(body)) if named_input => Some(body.stream()),
                _ => None,
            }
        }
        _ => None,
    }) else {
        return Vec::new();
    };
    entries
        .into_iter()
        .filter_map(|entry| {
            let TokenTree::Group(entry) = entry else {
                return None;
            };
            let mut parts = entry.stream().into_iter();
            let field = parts.next()?.to_string();
            let renamed = matches!(parts.next(), Some(TokenTree::Ident(a)) if a == "as");
            let wire: syn::LitStr = syn::parse2(parts.next()?.into_token_stream()).ok()?;
            renamed.then(|| (field, wire.value()))
        })
        .collect()
}

/// A field's wire name from its serde attributes (types that derive `Serialize`).
fn wire_name(field: &syn::Field) -> Option<String> {
    field.attrs.iter().find_map(|attr| {
        let mut found = None;
        if attr.path().is_ident("serde") {
            let _ = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("rename") {
                    found = Some(meta.value()?.parse::<syn::LitStr>()?.value());
                } else if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
                Ok(())
            });
        }
        found
    })
}

/// A type with its paths shortened: `::std::option::Option<::std::string::String>` →
/// `Option<String>`, `::mcp_runtime::export::serde_json::Value` → `serde_json::Value`.
fn short_type(ty: &syn::Type) -> String {
    let text = ty.to_token_stream().to_string().replace(' ', "");
    let mut out = text;
    for (long, short) in [
        ("::mcp_runtime::export::serde_json::", "serde_json::"),
        ("::std::option::", ""),
        ("::std::string::", ""),
        ("::std::vec::", ""),
        ("::std::boxed::", ""),
        ("::std::collections::", ""),
        ("::mcp_runtime::", ""),
    ] {
        out = out.replace(long, short);
    }
    out.replace(',', ", ")
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "tool `{}` (module `{}`)", self.tool, self.module)?;
        match &self.whole_input {
            Some(ty) => writeln!(f, "arguments: one value, {ty}")?,
            None if self.arguments.is_empty() => writeln!(f, "arguments: none")?,
            None => writeln!(f, "arguments:")?,
        }
        for arg in &self.arguments {
            let field = match arg.field == arg.name {
                true => String::new(),
                false => format!(" (field `{}`)", arg.field),
            };
            writeln!(f, "  {}{field}: {}", arg.name, arg.rust_type)?;
            if let Some(why) = &arg.json_because {
                writeln!(f, "    a JSON value: {why}")?;
            }
        }
        writeln!(f, "output: {}", self.output)?;
        if !self.notes.is_empty() {
            writeln!(f, "notes:")?;
            for note in &self.notes {
                writeln!(f, "  - {note}")?;
            }
        }
        Ok(())
    }
}

//! The printed module laid out as a person would write it: a blank line between items (in the
//! file, a module, an impl; never inside a function or a type's fields), and the calls of
//! `typed_client!` and `setters!` printed as the structs they read like. prettyplease prints
//! items back to back and leaves a macro's tokens as they came.

/// The macros whose calls read as a struct: `typed_client!` declares one, and `setters!` lists
/// a call's optional arguments as fields (`Call { sha: String }`).
const STRUCT_LIKE: &[&str] = &["typed_client", "setters"];

/// `file` printed by prettyplease, with every call of a [`STRUCT_LIKE`] macro (in the file or
/// a module) printed as the struct it reads like instead of as raw tokens.
pub(crate) fn print(mut file: syn::File) -> String {
    let mut calls = Vec::new();
    mark_calls(&mut file.items, &mut calls);
    let text = prettyplease::unparse(&file);
    if calls.is_empty() {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let trimmed = line.trim_start();
        let call = trimmed
            .strip_prefix("const __MCP_LAYOUT_")
            .and_then(|rest| rest.split(':').next())
            .and_then(|index| index.parse::<usize>().ok())
            .and_then(|index| calls.get(index));
        match call {
            Some(call) => {
                let indent = &line[..line.len() - trimmed.len()];
                for call_line in call.lines() {
                    if !call_line.is_empty() {
                        out.push_str(indent);
                    }
                    out.push_str(call_line);
                    out.push('\n');
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// Replaces each struct-like macro call in `items` (and in their modules) by a marker
/// constant, keeping its printed form in `calls`.
fn mark_calls(items: &mut [syn::Item], calls: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Macro(call) => {
                if let Some(text) = macro_call(call) {
                    let marker = quote::format_ident!("__MCP_LAYOUT_{}", calls.len());
                    *item = syn::parse_quote!(const #marker: () = (););
                    calls.push(text);
                }
            }
            syn::Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    mark_calls(items, calls);
                }
            }
            _ => {}
        }
    }
}

/// A struct-like macro call, its body printed as the struct it reads like; `None` for any
/// other macro.
pub(crate) fn macro_call(item: &syn::ItemMacro) -> Option<String> {
    let name = item.mac.path.segments.last()?.ident.to_string();
    if !STRUCT_LIKE.contains(&name.as_str()) {
        return None;
    }
    let tokens = &item.mac.tokens;
    // `setters!`'s body is a struct without the keyword.
    let (body, keyword): (syn::ItemStruct, bool) = match syn::parse2(tokens.clone()) {
        Ok(body) => (body, false),
        Err(_) => (syn::parse2(quote::quote!(struct #tokens)).ok()?, true),
    };
    let path = quote::ToTokens::to_token_stream(&item.mac.path)
        .to_string()
        .replace(' ', "");
    let file: syn::File = syn::parse_quote!(#body);
    let printed = prettyplease::unparse(&file);
    let mut text = format!("{path}! {{\n");
    for line in printed.lines() {
        let line = match keyword {
            true => line.strip_prefix("struct ").unwrap_or(line),
            false => line,
        };
        match line.is_empty() {
            true => text.push('\n'),
            false => text.push_str(&format!("    {line}\n")),
        }
    }
    text.push_str("}\n");
    Some(text)
}

/// `text` (prettyplease's output) with a blank line before every item that follows another
/// in the same file, module or impl.
pub(crate) fn space_items(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    // The indentation of the items in each open container (file, `mod`, `impl`, `trait`).
    let mut containers: Vec<usize> = vec![0];
    let mut header = String::new();
    let mut item_ended = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let inner = *containers.last().unwrap_or(&0);
        if trimmed.is_empty() {
            item_ended = false;
            out.push('\n');
            continue;
        }
        if indent + 4 == inner && trimmed.starts_with('}') && containers.len() > 1 {
            containers.pop();
            item_ended = true;
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if indent == inner {
            if item_ended && !trimmed.starts_with('}') {
                out.push('\n');
            }
            item_ended = false;
            if !trimmed.starts_with("//") {
                header.push_str(trimmed);
                header.push(' ');
                if trimmed.ends_with('{') && opens_container(&header) {
                    containers.push(inner + 4);
                    header.clear();
                } else if trimmed.ends_with('}') || trimmed.ends_with(';') {
                    item_ended = true;
                    header.clear();
                }
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether an item's first lines (attributes and docs left out) open a container of items.
fn opens_container(header: &str) -> bool {
    let mut rest = header.trim_start();
    while rest.starts_with("#[") {
        // An attribute may span lines; what follows its closing `]` is the item.
        let Some(end) = attribute_end(rest) else {
            return false;
        };
        rest = rest[end..].trim_start();
    }
    let words: Vec<&str> = rest.split_whitespace().take(3).collect();
    let keyword = words
        .iter()
        .find(|w| !w.starts_with("pub") && **w != "unsafe")
        .copied()
        .unwrap_or("");
    keyword == "mod" || keyword.starts_with("impl") || keyword == "trait"
}

/// The end of the attribute `#[…]` that `text` starts with.
fn attribute_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (index, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '[' if !in_string => depth += 1,
            ']' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return Some(index + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_get_a_blank_line_and_bodies_do_not() {
        let text = "\
pub const A: u8 = 1;
/// B.
pub struct B {
    pub x: u8,
    pub y: u8,
}
#[allow(dead_code)]
impl B {
    pub fn f(&self) -> u8 {
        let a = 1;
        let b = 2;
        a + b
    }
    pub fn g(
        &self,
    ) -> u8 {
        self.x
    }
}
pub mod m {
    pub const C: u8 = 3;
    pub use super::B;
}
";
        let expected = "\
pub const A: u8 = 1;

/// B.
pub struct B {
    pub x: u8,
    pub y: u8,
}

#[allow(dead_code)]
impl B {
    pub fn f(&self) -> u8 {
        let a = 1;
        let b = 2;
        a + b
    }

    pub fn g(
        &self,
    ) -> u8 {
        self.x
    }
}

pub mod m {
    pub const C: u8 = 3;

    pub use super::B;
}
";
        assert_eq!(space_items(text), expected);
    }

    #[test]
    fn a_blank_line_already_there_stays_one() {
        let text = "pub const A: u8 = 1;\n\npub const B: u8 = 2;\n";
        assert_eq!(space_items(text), text);
    }

    #[test]
    fn setters_print_as_fields_inside_their_module() {
        let file: syn::File = syn::parse_quote! {
            pub mod tool {
                pub type Call<'a> = super::C<'a>;
                ::mcp_runtime::__private::setters! { Call { #[doc = " The SHA."] sha: String, n: i64 } }
            }
        };
        let expected = "\
pub mod tool {
    pub type Call<'a> = super::C<'a>;
    ::mcp_runtime::__private::setters! {
        Call {
            /// The SHA.
            sha: String,
            n: i64,
        }
    }
}
";
        assert_eq!(print(file), expected);
    }

    #[test]
    fn the_macro_call_prints_as_its_struct() {
        let item: syn::ItemMacro = syn::parse_quote! {
            ::mcp_runtime::typed_client! {
                /// Docs.
                pub struct Time { tools: TOOLS, call: TimeCall }
            }
        };
        let text = macro_call(&item).unwrap();
        assert_eq!(
            text,
            "::mcp_runtime::typed_client! {\n    /// Docs.\n    pub struct Time {\n        \
             tools: TOOLS,\n        call: TimeCall,\n    }\n}\n"
        );
    }
}

//! A shared `Input` or `Output` named and documented for what it is. In a tool module the
//! tool's arguments are `Input` and its result `Output`; moved into `types` because several
//! tools define them alike, "the tool's arguments" no longer says which tool. An argument
//! object with no fields becomes `NoArguments`; any other keeps its name and its doc says
//! which tools take or give it. Each tool module still names it `Input` (`Output`), through
//! its re-export.

/// What a shared group becomes in `types`: its name there, and its definition.
pub(crate) struct SharedItem {
    pub name: String,
    pub text: String,
}

/// One item (`text`) of the shared group `name`, whose items together are `group`, used by
/// the tool modules `tools` (in order): its name in `types` and its definition there.
pub(crate) fn shared_item(name: &str, group: &str, text: &str, tools: &[String]) -> SharedItem {
    let (doc, renamed) = match name {
        "Input" if is_empty_struct(group) => (
            "The arguments of the tools that take none.".to_string(),
            Some("NoArguments"),
        ),
        "Input" => (
            format!("The arguments that {} take alike.", listed(tools)),
            None,
        ),
        "Output" => (
            format!("The structured result that {} give alike.", listed(tools)),
            None,
        ),
        _ => {
            return SharedItem {
                name: name.into(),
                text: text.into(),
            };
        }
    };
    let own_doc = match name {
        "Input" => "\" The tool's arguments.\"",
        _ => "\" The tool's structured result.\"",
    };
    let mut text = text.replacen(own_doc, &format!("{:?}", format!(" {doc}")), 1);
    let name = match renamed {
        Some(new) => {
            text = rename_ident(&text, name, new);
            new.to_string()
        }
        None => name.to_string(),
    };
    SharedItem { name, text }
}

/// `pub struct Input { }` (tokens as text), with nothing between the braces.
fn is_empty_struct(text: &str) -> bool {
    let compact: String = text.split_whitespace().collect();
    compact.contains("pubstructInput{}")
}

/// "the tools `a`, `b` and `c`", or "`a` and 4 other tools" past three.
fn listed(tools: &[String]) -> String {
    let quoted: Vec<String> = tools.iter().map(|t| format!("`{t}`")).collect();
    match quoted.as_slice() {
        [] => "several tools".into(),
        [one] => format!("the tool {one}"),
        [first, second, third] => format!("the tools {first}, {second} and {third}"),
        [first, rest @ ..] if rest.len() > 2 => format!("{first} and {} other tools", rest.len()),
        [init @ .., last] => format!("the tools {} and {last}", init.join(", ")),
    }
}

/// `text` with every whole identifier `from` (outside string literals) written `to`.
fn rename_ident(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            in_string = !in_string;
        }
        let at_word = !in_string
            && rest.starts_with(from)
            && !out.chars().last().is_some_and(is_ident_char)
            && !rest[from.len()..].chars().next().is_some_and(is_ident_char);
        if at_word {
            out.push_str(to);
            rest = &rest[from.len()..];
        } else {
            out.push(c);
            if c == '\\'
                && in_string
                && let Some(next) = rest[1..].chars().next()
            {
                out.push(next);
                rest = &rest[1 + next.len_utf8()..];
                continue;
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn an_empty_shared_input_is_no_arguments() {
        let text = "# [doc = \" The tool's arguments.\"] pub struct Input { } \
                    :: mcp_runtime :: __private :: wire_object ! (Input { }) ;";
        let item = shared_item("Input", text, text, &tools(&["a", "b"]));
        assert_eq!(item.name, "NoArguments");
        assert!(
            item.text.contains("pub struct NoArguments { }"),
            "{}",
            item.text
        );
        assert!(
            item.text.contains("wire_object ! (NoArguments { })"),
            "{}",
            item.text
        );
        assert!(
            item.text.contains("the tools that take none"),
            "{}",
            item.text
        );
    }

    #[test]
    fn a_shared_output_names_its_tools() {
        let text =
            "# [doc = \" The tool's structured result.\"] pub struct Output { pub ok : bool }";
        let item = shared_item("Output", text, text, &tools(&["a", "b", "c", "d"]));
        assert_eq!(item.name, "Output");
        assert!(
            item.text.contains("`a` and 3 other tools give alike"),
            "{}",
            item.text
        );
    }

    #[test]
    fn renaming_leaves_strings_and_longer_names_alone() {
        let renamed = rename_ident("Input InputKind \"Input\" (Input)", "Input", "X");
        assert_eq!(renamed, "X InputKind \"Input\" (X)");
    }
}

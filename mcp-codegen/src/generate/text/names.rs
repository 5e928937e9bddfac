//! Rust names from JSON names: snake_case / PascalCase, keywords, collisions.

use std::collections::HashSet;

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "union",
];

/// Splits on anything not alphanumeric and on lower→upper case boundaries.
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev = None;
            continue;
        }
        let boundary = match prev {
            Some(p) => (p.is_lowercase() || p.is_ascii_digit()) && c.is_uppercase(),
            None => false,
        };
        if boundary && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        current.push(c);
        prev = Some(c);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

fn ascii_only(s: String) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// `fooBar-baz` → `foo_bar_baz`; keywords get a trailing `_`; a leading digit a leading `_`.
pub fn snake(name: &str) -> String {
    let joined = ascii_only(
        words(name)
            .iter()
            .map(|w| w.to_lowercase())
            .collect::<Vec<_>>()
            .join("_"),
    );
    fix(joined, "value")
}

/// `foo-bar_baz` → `FooBarBaz`; the first letter is upper case even when the name's first
/// letters were not ASCII (`Ünïcode` → `Ncode`).
pub fn pascal(name: &str) -> String {
    let joined = upper_first(ascii_only(
        words(name)
            .iter()
            .map(|w| {
                let mut chars = w.chars();
                match chars.next() {
                    Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                    None => String::new(),
                }
            })
            .collect::<String>(),
    ));
    fix(joined, "Value")
}

fn upper_first(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => s,
    }
}

fn fix(mut ident: String, empty: &str) -> String {
    if ident.is_empty() {
        ident = empty.to_string();
    }
    if ident.starts_with(|c: char| c.is_ascii_digit()) {
        ident.insert(0, '_');
    }
    if KEYWORDS.contains(&ident.as_str()) {
        ident.push('_');
    }
    ident
}

/// Hands out names, never the same twice: a taken name gets `_2`, `_3`, ….
#[derive(Default)]
pub struct Namer {
    taken: HashSet<String>,
}

impl Namer {
    /// A namer that never hands out `reserved`.
    pub fn with_reserved(reserved: &[&str]) -> Self {
        Namer {
            taken: reserved.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// A namer that never hands out the names already in use.
    pub fn taking(names: impl IntoIterator<Item = String>) -> Self {
        Namer {
            taken: names.into_iter().collect(),
        }
    }

    /// A type name: `Base`, or `Base2`, `Base3`, … if taken (no underscore: types are
    /// CamelCase).
    pub fn unique_type(&mut self, base: String) -> String {
        let mut candidate = base.clone();
        let mut n = 2;
        while self.taken.contains(&candidate) {
            candidate = format!("{base}{n}");
            n += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }

    /// `base`, or `base_2`, `base_3`, … if taken (`self_` → `self_2`, never `self__2`).
    pub fn unique(&mut self, base: String) -> String {
        let mut candidate = base.clone();
        let stem = base.trim_end_matches('_');
        let mut n = 2;
        while self.taken.contains(&candidate) {
            candidate = format!("{stem}_{n}");
            n += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

/// The marker type in each tool module (`ThisTool`): it names the tool for the generic
/// pending call, so derives and sharing must leave it alone.
pub(crate) const MARKER: &str = "ThisTool";

/// Methods of the generated `Call` builder; argument setters must not take these names.
pub(crate) const CALL_METHODS: &[&str] = &[
    "new",
    "with_timeout",
    "on_progress",
    "input",
    "send",
    "into_future",
    "as_task",
    "from_pending",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(snake("fooBar"), "foo_bar");
        assert_eq!(snake("foo-bar"), "foo_bar");
        assert_eq!(snake("foo bar"), "foo_bar");
        assert_eq!(snake("get-current_time"), "get_current_time");
        assert_eq!(snake("HTTPServer"), "httpserver");
        assert_eq!(snake("type"), "type_");
        assert_eq!(snake("self"), "self_");
        assert_eq!(snake("123abc"), "_123abc");
        assert_eq!(snake("ünï"), "n");
        assert_eq!(snake("--"), "value");
        assert_eq!(pascal("mcp-toolset-demo"), "McpToolsetDemo");
        assert_eq!(pascal("self"), "Self_");
        assert_eq!(pascal("Ünïcode prompt"), "NcodePrompt");
        let mut types = Namer::default();
        assert_eq!(types.unique_type("Review".into()), "Review");
        assert_eq!(types.unique_type("Review".into()), "Review2");
        let mut namer = Namer::with_reserved(&["send"]);
        assert_eq!(namer.unique("send".into()), "send_2");
        assert_eq!(namer.unique("a".into()), "a");
        assert_eq!(namer.unique("a".into()), "a_2");
        assert_eq!(namer.unique("self_".into()), "self_");
        assert_eq!(namer.unique("self_".into()), "self_2");
    }
}

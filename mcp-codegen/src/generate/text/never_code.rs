//! The last word on server text in rustdoc: whether a line opens an indented code block (which
//! rustdoc compiles as a Rust doctest) depends on everything above it — lists, fences, block
//! quotes, lazy continuations — and a renderer that reasons line by line can be wrong about
//! it. So the rendered text is parsed with pulldown-cmark, the CommonMark parser rustdoc
//! itself uses, and what it would compile is made prose: each line of an indented code block
//! loses four columns of indentation, and a fenced block whose info string does not say
//! `text` is told so, until the parser finds nothing to compile.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag};

/// Passes after which the text's indentation is dropped altogether. Each pass takes four
/// columns from every line of every block found, so real text never needs more than two.
const PASSES: usize = 8;

/// `text` with nothing rustdoc would compile.
pub(super) fn never_code(text: String) -> String {
    // Without four columns of indentation or a fence marker there is no code block to find;
    // most descriptions are such, and they skip the parse.
    let may_hold_code = ["    ", "\t", "```", "~~~"]
        .iter()
        .any(|mark| text.contains(mark));
    if !may_hold_code {
        return text;
    }
    let mut text = text;
    for _ in 0..PASSES {
        let found = compiled_blocks(&text);
        if found.is_empty() {
            return text;
        }
        text = made_prose(&text, &found);
    }
    let flat: Vec<&str> = text.lines().map(str::trim_start).collect();
    flat.join("\n")
}

/// A block rustdoc would compile.
enum Compiled {
    /// An indented code block over these bytes.
    Indented(Range<usize>),
    /// A fenced block whose opening line starts at this byte.
    Fenced(usize),
}

fn compiled_blocks(text: &str) -> Vec<Compiled> {
    Parser::new_ext(text, Options::empty())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)) => {
                Some(Compiled::Indented(range))
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split([' ', ',']).next() != Some("text") =>
            {
                Some(Compiled::Fenced(range.start))
            }
            _ => None,
        })
        .collect()
}

/// `text` with each found block's lines made prose.
fn made_prose(text: &str, found: &[Compiled]) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.len();
        let touched = |range: &Range<usize>| range.start < end.max(start + 1) && start < range.end;
        let indented = found.iter().any(|block| match block {
            Compiled::Indented(range) => touched(range),
            Compiled::Fenced(_) => false,
        });
        let fence_at = found.iter().find_map(|block| match block {
            Compiled::Fenced(at) if (start..end).contains(at) => Some(at - start),
            _ => None,
        });
        match (indented, fence_at) {
            (true, _) => out.push_str(&dedented(line)),
            (false, Some(at)) => out.push_str(&told_text(line, at)),
            (false, None) => out.push_str(line),
        }
        start = end;
    }
    out
}

/// `line` with four columns less of indentation after any block-quote markers.
fn dedented(line: &str) -> String {
    let prefix = line
        .char_indices()
        .take_while(|(_, c)| matches!(c, ' ' | '\t' | '>'))
        .filter(|(_, c)| *c == '>')
        .last()
        .map_or(0, |(i, _)| i + 1);
    let (quote, rest) = line.split_at(prefix);
    let mut cut = 0;
    let mut bytes = 0;
    for c in rest.chars() {
        match c {
            ' ' if cut < 4 => cut += 1,
            '\t' if cut < 4 => cut = 4,
            _ => break,
        }
        bytes += c.len_utf8();
    }
    format!("{quote}{}", &rest[bytes..])
}

/// The fence opening `line` at byte `at`, its info string replaced by `text`.
fn told_text(line: &str, at: usize) -> String {
    let (before, fence) = line.split_at(at);
    let fence = fence.trim_start();
    let ch = fence.chars().next().unwrap_or('`');
    let run = fence.chars().take_while(|c| *c == ch).count();
    let newline = if line.ends_with('\n') { "\n" } else { "" };
    format!("{before}{}text{newline}", ch.to_string().repeat(run))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiled(text: &str) -> usize {
        compiled_blocks(text).len()
    }

    #[test]
    fn an_indented_block_after_a_list_and_a_fence_becomes_prose() {
        // A list item, a fence at column 0 (which ends the list), then text indented five.
        let text = "   - item\n```text\nx\n```\n\n     Common next action dimensions include:";
        assert_eq!(compiled(text), 1);
        let fixed = never_code(text.to_string());
        assert_eq!(compiled(&fixed), 0, "{fixed}");
        assert!(
            fixed.ends_with("\n\n Common next action dimensions include:"),
            "{fixed}"
        );
    }

    #[test]
    fn fences_that_would_be_rust_are_told_text() {
        let text = "> ```\n> fn main() {}\n> ```\n\n~~~rust\nlet x = 1;\n~~~";
        assert_eq!(compiled(text), 2);
        let fixed = never_code(text.to_string());
        assert_eq!(
            fixed,
            "> ```text\n> fn main() {}\n> ```\n\n~~~text\nlet x = 1;\n~~~"
        );
    }

    #[test]
    fn a_quoted_indented_block_loses_its_indentation_after_the_marker() {
        let text = ">\n>     code";
        assert_eq!(compiled(text), 1);
        let fixed = never_code(text.to_string());
        assert_eq!(compiled(&fixed), 0, "{fixed}");
        assert_eq!(fixed, ">\n> code");
    }

    #[test]
    fn prose_and_text_blocks_are_left_alone() {
        let text = "- a\n  - b\n\n  more\n```text\n    kept\n```";
        assert_eq!(never_code(text.to_string()), text);
    }
}

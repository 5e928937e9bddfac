//! How far a line of server text is indented in rustdoc. Four spaces would open an indented
//! code block (a doctest), so prose keeps at most three; and inside a list, a line that
//! continues an item is indented exactly to the item's content, as Markdown reads it and as
//! clippy's `doc_overindented_list_items` and `doc_lazy_continuation` lints want it (a
//! server's `   Examples:` under a `- ` item would be over-indented, an unindented line right
//! under one a lazy continuation).

/// The list the lines so far are in, if any.
#[derive(Default)]
pub(super) struct Indenter {
    /// Where the content of the current list item starts.
    content: Option<usize>,
    /// Whether the previous line was blank.
    after_blank: bool,
}

impl Indenter {
    /// The indentation to give `line` (a line of prose, not of a code block).
    pub(super) fn indent(&mut self, line: &str) -> usize {
        let body = line.trim_start();
        if body.is_empty() {
            self.after_blank = true;
            return 0;
        }
        let width = leading_width(line);
        let after_blank = std::mem::replace(&mut self.after_blank, false);
        if let Some(marker) = list_marker(body) {
            let indent = width.min(3);
            self.content = Some(indent + marker);
            return indent;
        }
        match self.content {
            Some(content) if width >= content || (width == 0 && !after_blank) => content,
            Some(_) if after_blank => {
                self.content = None;
                0
            }
            Some(content) => content,
            None => width.min(3),
        }
    }
}

/// The width of a list item's marker and the space after it (`- `, `* `, `+ `, `1. `,
/// `12) `), when `body` starts with one.
pub(crate) fn list_marker(body: &str) -> Option<usize> {
    let bytes = body.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let marker = match (digits, bytes.first()) {
        (0, Some(b'-' | b'*' | b'+')) => 1,
        (1..=9, _) if matches!(bytes.get(digits), Some(b'.' | b')')) => digits + 1,
        _ => return None,
    };
    match bytes.get(marker) {
        Some(b' ' | b'\t') => Some(marker + 1),
        _ => None,
    }
}

/// Width of the leading whitespace, a tab counting as four.
fn leading_width(line: &str) -> usize {
    line.chars()
        .take_while(|c| c.is_whitespace())
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indents(text: &str) -> Vec<usize> {
        let mut indenter = Indenter::default();
        text.lines().map(|line| indenter.indent(line)).collect()
    }

    #[test]
    fn a_paragraph_under_a_list_item_is_indented_to_its_content() {
        let text = "- a\n- b\n\n   Examples:\n   • one\n\nAfter.";
        assert_eq!(indents(text), [0, 0, 0, 2, 2, 0, 0]);
    }

    #[test]
    fn a_lazy_continuation_is_indented_and_numbered_items_count_their_digits() {
        assert_eq!(indents("10. first\nmore\n      deep"), [0, 4, 4]);
    }

    #[test]
    fn prose_keeps_at_most_three_spaces() {
        assert_eq!(indents("text\n\n        code-like\n\tx"), [0, 0, 3, 3]);
        assert_eq!(indents("-not a list\n  x"), [0, 2]);
    }
}

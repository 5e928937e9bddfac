//! Server-written text as rustdoc. Descriptions come from servers we do not control; in a
//! user's crate they must document, never run (a fenced block is a doctest), link (`[FILE]` is
//! an intra-doc link) or open HTML (`<id>` is a tag), so that `cargo test` and
//! `cargo doc -D warnings` pass whatever a server wrote.

use super::doc_indent::Indenter;
use super::never_code::never_code;

/// `text` as Markdown that rustdoc shows as written: fenced blocks become `text` blocks,
/// indentation that would open an indented code block is cut to three spaces and lines under
/// list items are indented to the item (`doc_indent.rs`), `[`, `]`, `<`
/// and `>` outside code are escaped, and bare URLs become code spans instead of links. Last,
/// whatever a CommonMark parser would still see as Rust code is made prose (`never_code.rs`).
pub(crate) fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut fence: Option<Fence> = None;
    let mut indenter = Indenter::default();
    for line in text.lines() {
        match &fence {
            Some(open) => {
                if open.closes(line) {
                    out.push_str(&open.marker());
                    fence = None;
                    // The fence is written at column 0, which ends any list it was in.
                    indenter = Indenter::default();
                } else {
                    out.push_str(line);
                }
            }
            None => match Fence::opens(line) {
                Some(open) => {
                    // The info string is the server's; ours says this is no Rust.
                    out.push_str(&open.marker());
                    out.push_str("text");
                    fence = Some(open);
                }
                None => out.push_str(&prose(line, indenter.indent(line))),
            },
        }
        out.push('\n');
    }
    if let Some(open) = fence {
        out.push_str(&open.marker());
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    never_code(out)
}

/// An open fenced block: its character and length.
struct Fence {
    ch: char,
    len: usize,
}

impl Fence {
    fn opens(line: &str) -> Option<Fence> {
        let trimmed = line.trim_start();
        let ch = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
        let len = trimmed.chars().take_while(|c| *c == ch).count();
        // A backtick fence's info string cannot hold backticks (that is inline code).
        let info_ok = ch == '~' || !trimmed[len..].contains('`');
        (len >= 3 && info_ok).then_some(Fence { ch, len })
    }

    fn closes(&self, line: &str) -> bool {
        let trimmed = line.trim();
        trimmed.chars().count() >= self.len && trimmed.chars().all(|c| c == self.ch)
    }

    fn marker(&self) -> String {
        std::iter::repeat_n(self.ch, self.len).collect()
    }
}

/// One line outside code blocks, indented by `indent`.
fn prose(line: &str, indent: usize) -> String {
    let body = line.trim_start();
    let mut out = " ".repeat(indent);
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '`' => i = copy_code_span(&chars, i, &mut out),
            '[' | ']' | '<' | '>' if !(chars[i] == '>' && i == 0) => {
                out.push('\\');
                out.push(chars[i]);
                i += 1;
            }
            '\\' => {
                // A backslash the server wrote stays a backslash.
                out.push_str("\\\\");
                i += 1;
            }
            'h' if starts_url(&chars[i..]) && (i == 0 || !chars[i - 1].is_alphanumeric()) => {
                i = copy_url(&chars, i, &mut out);
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Copies an inline code span starting at `start` verbatim (its content is literal in
/// Markdown); an unmatched run of backticks is copied as text. Returns the next index.
fn copy_code_span(chars: &[char], start: usize, out: &mut String) -> usize {
    let run = chars[start..].iter().take_while(|c| **c == '`').count();
    let mut j = start + run;
    while j < chars.len() {
        let closing = chars[j..].iter().take_while(|c| **c == '`').count();
        if closing == run {
            out.extend(&chars[start..j + run]);
            return j + run;
        }
        j += closing.max(1);
    }
    // No closing run: escaped, so rustdoc does not pair it with a later one.
    for _ in 0..run {
        out.push_str("\\`");
    }
    start + run
}

fn starts_url(chars: &[char]) -> bool {
    let text: String = chars.iter().take(8).collect();
    text.starts_with("http://") || text.starts_with("https://")
}

/// A bare URL as a code span: shown, not linked. Returns the next index.
fn copy_url(chars: &[char], start: usize, out: &mut String) -> usize {
    let mut end = start;
    while end < chars.len() && !chars[end].is_whitespace() && !"<>\"'`()[]{}".contains(chars[end]) {
        end += 1;
    }
    while end > start && ".,;:!?".contains(chars[end - 1]) {
        end -= 1;
    }
    out.push('`');
    out.extend(&chars[start..end]);
    out.push('`');
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_become_text_blocks() {
        let text = "Example:\n```js\nconst a = [1];\n```\nand\n~~~~\nx\n~~~~";
        assert_eq!(
            markdown(text),
            "Example:\n```text\nconst a = [1];\n```\nand\n~~~~text\nx\n~~~~"
        );
    }

    #[test]
    fn an_unclosed_fence_is_closed() {
        assert_eq!(markdown("```\nfn main() {}"), "```text\nfn main() {}\n```");
    }

    #[test]
    fn brackets_tags_and_urls_are_not_markup() {
        assert_eq!(
            markdown("Reads [FILE] from <path> at https://example.com/a?b=1."),
            "Reads \\[FILE\\] from \\<path\\> at `https://example.com/a?b=1`."
        );
    }

    #[test]
    fn code_spans_stay_literal() {
        assert_eq!(markdown("use `a[0] <b>` here"), "use `a[0] <b>` here");
        assert_eq!(markdown("a `` x ` y `` b"), "a `` x ` y `` b");
        assert_eq!(markdown("odd ` tick"), "odd \\` tick");
    }

    #[test]
    fn indentation_never_opens_a_code_block() {
        assert_eq!(
            markdown("text\n\n        let x = 1;"),
            "text\n\n   let x = 1;"
        );
        assert_eq!(markdown("\tcode"), "   code");
    }

    #[test]
    fn a_python_docstring_under_a_list_and_a_fence_stays_prose() {
        // A raw docstring: every line after the first indented four, as the function body.
        let text = "Dimensions.\n\n    - item one\n    ```\n    x = 1\n    ```\n\n     \
                    Common next action dimensions include:\n        ## Usage Tips";
        let rendered = markdown(text);
        assert!(
            rendered
                .lines()
                .all(|l| l.len() - l.trim_start().len() < 4 || l.starts_with("    x")),
            "{rendered}"
        );
    }

    #[test]
    fn quotes_and_backslashes_survive() {
        assert_eq!(markdown("> quoted\nC:\\path"), "> quoted\nC:\\\\path");
    }
}

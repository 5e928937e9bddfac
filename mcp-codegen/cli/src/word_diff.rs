//! A readable word diff of two texts, for people reviewing what a model will read: on a
//! terminal removed words are red and struck through, added ones green; elsewhere git's plain
//! `--word-diff` marks, `[-removed-]{+added+}`. Invisible characters are shown as `<U+XXXX>`,
//! so a change nobody could see on screen is seen here.

use mcp_codegen::audit::visible;
use similar::{ChangeTag, TextDiff};

/// `old` → `new`, word by word.
pub(crate) fn word_diff(old: &str, new: &str, color: bool) -> String {
    let (old, new) = (visible(old), visible(new));
    let diff = TextDiff::from_words(old.as_str(), new.as_str());
    // Runs of one kind, so a changed phrase is marked once, not word by word.
    let mut runs: Vec<(ChangeTag, String)> = Vec::new();
    for change in diff.iter_all_changes() {
        match runs.last_mut() {
            Some((tag, text)) if *tag == change.tag() => text.push_str(change.value()),
            _ => runs.push((change.tag(), change.value().to_string())),
        }
    }
    let marked: String = runs
        .iter()
        .map(|(tag, text)| mark(*tag, text, color))
        .collect();
    changed_lines(&marked, color)
}

/// Of a long text, the lines with a change and one line either side; `…` for the rest.
fn changed_lines(marked: &str, color: bool) -> String {
    let lines: Vec<&str> = marked.lines().collect();
    let changed = |line: &str| match color {
        true => line.contains("\x1b["),
        false => ["[-", "-]", "{+", "+}"].iter().any(|m| line.contains(m)),
    };
    let last = lines.len().saturating_sub(1);
    let mut out: Vec<&str> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let near = (i.saturating_sub(1)..=(i + 1).min(last)).any(|j| changed(lines[j]));
        match (near, out.last()) {
            (true, _) => out.push(line),
            (false, Some(&"…")) => {}
            (false, _) => out.push("…"),
        }
    }
    out.join("\n")
}

fn mark(tag: ChangeTag, text: &str, color: bool) -> String {
    match (tag, color) {
        (ChangeTag::Equal, _) => text.to_string(),
        (ChangeTag::Delete, true) => format!("\x1b[31;9m{text}\x1b[0m"),
        (ChangeTag::Insert, true) => format!("\x1b[32;1m{text}\x1b[0m"),
        (ChangeTag::Delete, false) => format!("[-{text}-]"),
        (ChangeTag::Insert, false) => format!("{{+{text}+}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_marks_show_removed_and_added_words() {
        let diff = word_diff("Reads a file.", "Reads a secret file.", false);
        assert_eq!(diff, "Reads a {+secret +}file.");
        let diff = word_diff("Adds two numbers.", "Adds numbers.", false);
        assert_eq!(diff, "Adds [-two -]numbers.");
    }

    #[test]
    fn long_texts_show_the_changed_lines_and_their_neighbours() {
        let old = (1..=9)
            .map(|i| format!("line {i}"))
            .collect::<Vec<_>>()
            .join("\n");
        let new = old.replace("line 5", "line 5 and more");
        assert_eq!(
            word_diff(&old, &new, false),
            "…\nline 4\nline 5{+ and more+}\nline 6\n…"
        );
    }

    #[test]
    fn invisible_characters_are_spelled_out() {
        let diff = word_diff("ok", "ok\u{200B}", false);
        assert!(diff.contains("<U+200B>"), "{diff}");
    }
}

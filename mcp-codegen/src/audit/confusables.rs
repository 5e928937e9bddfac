//! Tool names that look alike once rendered: `send_emaіl` (a Cyrillic `і`) beside
//! `send_email`. Two names are confusable when their skeletons, as Unicode's security
//! mechanisms define them (UTS #39, `unicode-security`), are equal once case is folded and
//! the ASCII letters a typosquat swaps are too (`i` for `l`: `flle_reader` beside
//! `file_reader`, `file_Reader` beside it); a model or a person picking a tool by its name
//! cannot tell them apart. None of the honest corpora's tool names meet another so; names
//! that differ only in their separators (`list-tables`, `list_tables`) are common to
//! unrelated servers and are left alone. Two more likenesses: a name one letter short of
//! another server's, the letter dropped inside a word (`send_emal` beside `send_email`; not
//! a word's first letter, `sadd` beside `add`, nor a plural's `s`), and a name that mixes
//! scripts as no language does (Latin with Cyrillic or Greek, UTS #39's restriction levels:
//! `rеad_file`), which imitates whatever it spells even alone.

use std::collections::BTreeMap;

use unicode_security::confusable_detection::skeleton;
use unicode_security::{RestrictionLevel, RestrictionLevelDetection};

/// How one name imitates another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Likeness {
    /// Equal once rendered.
    Rendered,
    /// The other with a letter dropped inside a word.
    LetterDropped,
    /// Latin mixed with a script it is confused with; `other` is what it looks like.
    ScriptsMixed,
}

/// One tool name that looks like another: (its snapshot, its name, the other snapshot, the
/// other name, how).
pub(crate) struct Confusable<'a> {
    pub file: &'a str,
    pub name: &'a str,
    pub other_file: &'a str,
    pub other: String,
    pub how: Likeness,
}

/// Every tool name, among `tools` (snapshot, name), that looks like a different one, or that
/// mixes scripts.
pub(crate) fn confusables<'a>(tools: &[(&'a str, &'a str)]) -> Vec<Confusable<'a>> {
    let mut found = rendered_alike(tools);
    found.extend(letters_dropped(tools));
    for &(file, name) in tools {
        if mixes_scripts(name) && !found.iter().any(|c| c.name == name) {
            found.push(Confusable {
                file,
                name,
                other_file: file,
                other: look(name),
                how: Likeness::ScriptsMixed,
            });
        }
    }
    found
}

/// Names whose renderings are equal.
fn rendered_alike<'a>(tools: &[(&'a str, &'a str)]) -> Vec<Confusable<'a>> {
    let mut by_skeleton: BTreeMap<String, Vec<(&str, &str)>> = BTreeMap::new();
    for &(file, name) in tools {
        by_skeleton
            .entry(look(name))
            .or_default()
            .push((file, name));
    }
    let mut found = Vec::new();
    for group in by_skeleton.values() {
        for &(file, name) in group {
            if let Some(&(other_file, other)) = group.iter().find(|(_, n)| *n != name) {
                found.push(Confusable {
                    file,
                    name,
                    other_file,
                    other: other.to_string(),
                    how: Likeness::Rendered,
                });
            }
        }
    }
    found
}

/// Pairs of names, on different servers, one a letter short of the other inside a word;
/// both are reported, as with names alike once rendered.
fn letters_dropped<'a>(tools: &[(&'a str, &'a str)]) -> Vec<Confusable<'a>> {
    let mut files: BTreeMap<&str, Vec<&'a str>> = BTreeMap::new();
    for &(file, name) in tools {
        files.entry(name).or_default().push(file);
    }
    let mut found = Vec::new();
    for &(file, name) in tools {
        for short in shortened(name) {
            let Some((&other, others)) = files.get_key_value(short.as_str()) else {
                continue;
            };
            for &other_file in others.iter().filter(|f| **f != file) {
                let pair = |file, name, other_file, other: &str| Confusable {
                    file,
                    name,
                    other_file,
                    other: other.to_string(),
                    how: Likeness::LetterDropped,
                };
                found.push(pair(file, name, other_file, other));
                found.push(pair(other_file, other, file, name));
            }
        }
    }
    found
}

/// `name` with one letter dropped from inside a word (not its first letter, nor a plural's
/// final `s`), for names long enough to be one server's (8 characters or more).
fn shortened(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() < 8 {
        return Vec::new();
    }
    let letter = |i: usize| chars.get(i).is_some_and(|c| c.is_alphabetic());
    (1..chars.len())
        .filter(|&i| letter(i) && letter(i - 1))
        .filter(|&i| chars[i] != 's' || letter(i + 1))
        .map(|i| chars[..i].iter().chain(&chars[i + 1..]).collect())
        .collect()
}

/// Whether `name`'s letters mix scripts as no language writes them (below UTS #39's
/// "moderately restrictive": Latin with Cyrillic or Greek). Latin with Han, kana or Hangul is
/// how Chinese, Japanese and Korean names are written.
fn mixes_scripts(name: &str) -> bool {
    let letters: String = name.chars().filter(|c| c.is_alphanumeric()).collect();
    letters.as_str().detect_restriction_level() > RestrictionLevel::ModeratelyRestrictive
}

/// What a name looks like: its skeleton, in lower case, with `i` read as `l` (which the
/// skeleton already does for `I`, `1` and `|`).
fn look(name: &str) -> String {
    skeleton(name)
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'i' { 'l' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_alike_once_rendered_are_found_and_merely_similar_ones_are_not() {
        let tools = [
            ("a.json", "send_email"),
            ("b.json", "send_ema\u{0456}l"),
            ("a.json", "send_emails"),
            ("b.json", "get_user"),
            ("a.json", "get_users"),
            ("a.json", "list_tables"),
            ("b.json", "list-tables"),
        ];
        let all = confusables(&tools);
        let found: Vec<(&str, &str)> = all.iter().map(|c| (c.name, c.other.as_str())).collect();
        assert_eq!(
            found,
            [
                ("send_email", "send_ema\u{0456}l"),
                ("send_ema\u{0456}l", "send_email")
            ]
        );
        // A typosquat's swapped letters and case.
        let squat = [
            ("a.json", "file_reader"),
            ("b.json", "flle_reader"),
            ("b.json", "file_Reader"),
        ];
        assert_eq!(confusables(&squat).len(), 3);
    }

    #[test]
    fn a_letter_dropped_inside_a_word_and_mixed_scripts_are_likenesses() {
        let dropped = [("a.json", "send_email"), ("b.json", "send_emal")];
        let found = confusables(&dropped);
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|c| c.how == Likeness::LetterDropped));
        // A word's first letter, a plural, short names and one server's own pair are not.
        for honest in [
            [
                ("a.json", "get_sobject_fields"),
                ("b.json", "get_object_fields"),
            ],
            [
                ("a.json", "list_tables_info"),
                ("b.json", "list_table_info"),
            ],
            [("a.json", "xadd"), ("b.json", "add")],
            [("a.json", "send_email"), ("a.json", "send_emal")],
        ] {
            assert!(confusables(&honest).is_empty(), "{honest:?}");
        }
        // Latin and Cyrillic in one name, alone; Latin with Han, and Cyrillic alone, are not.
        let mixed = confusables(&[("a.json", "r\u{0435}ad_file")]);
        assert_eq!(mixed.len(), 1);
        assert_eq!(
            (mixed[0].how, mixed[0].other.as_str()),
            (Likeness::ScriptsMixed, "read_flle")
        );
        for honest in [
            "获取_weather",
            "\u{0441}\u{043f}\u{0438}\u{0441}\u{043e}\u{043a}",
            "read_file",
        ] {
            assert!(confusables(&[("a.json", honest)]).is_empty(), "{honest}");
        }
    }
}

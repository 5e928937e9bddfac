//! Tool names that look alike once rendered: `send_emaіl` (a Cyrillic `і`) beside
//! `send_email`. Two names are confusable when their skeletons, as Unicode's security
//! mechanisms define them (UTS #39, `unicode-security`), are equal once case is folded and
//! the ASCII letters a typosquat swaps are too (`i` for `l`: `flle_reader` beside
//! `file_reader`, `file_Reader` beside it); a model or a person picking a tool by its name
//! cannot tell them apart. None of the honest corpora's tool names meet another so; names
//! that differ only in their separators (`list-tables`, `list_tables`) are common to
//! unrelated servers and are left alone.

use std::collections::BTreeMap;

use unicode_security::confusable_detection::skeleton;

/// One tool name that looks like another: (its snapshot, its name, the other snapshot, the
/// other name).
pub(crate) struct Confusable<'a> {
    pub file: &'a str,
    pub name: &'a str,
    pub other_file: &'a str,
    pub other: &'a str,
}

/// Every tool name, among `tools` (snapshot, name), that looks like a different one.
pub(crate) fn confusables<'a>(tools: &[(&'a str, &'a str)]) -> Vec<Confusable<'a>> {
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
                    other,
                });
            }
        }
    }
    found
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
        let found: Vec<(&str, &str)> = confusables(&tools)
            .iter()
            .map(|c| (c.name, c.other))
            .collect();
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
}

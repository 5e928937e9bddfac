//! Listings a server failed to give when the snapshot was taken. A server that offers
//! resources may still fail to list them — the reference Google Drive server asks Google at
//! listing time, and without credentials answers an error — and that must not cost the user
//! its tools. Such a section is recorded as `"unlisted": {"resources": "JSON-RPC error -32603"}`
//! (the code only: the server's message can change between runs or name a private path, and
//! the file must be deterministic and hold no secrets). Drift does not compare a section the
//! newer side could not list, and re-taking a snapshot over an older file keeps that file's entries
//! for it, so nothing approved is lost to a passing failure.

use std::path::Path;

use serde_json::{Map, Value};

use crate::Snapshot;

/// The catalog sections that may be unlisted: the tools never are (their failure fails the
/// snapshot).
pub const SECTIONS: [&str; 3] = ["prompts", "resources", "resourceTemplates"];

/// What the file records for a listing that failed with `message` (a runtime error's text):
/// its JSON-RPC code when it has one.
pub fn reason(message: &str) -> String {
    const MARK: &str = "JSON-RPC error ";
    let code = message.rfind(MARK).map(|at| {
        message[at + MARK.len()..]
            .chars()
            .take_while(|c| *c == '-' || c.is_ascii_digit())
            .collect::<String>()
    });
    match code.filter(|c| !c.is_empty()) {
        Some(code) => format!("{MARK}{code}"),
        None => "the server answered with an error".into(),
    }
}

/// The `unlisted` object as the file has it (unknown sections and non-string reasons are
/// dropped: they could only come from a hand edit).
pub(crate) fn read(root: &Map<String, Value>) -> std::collections::BTreeMap<String, String> {
    let Some(Value::Object(unlisted)) = root.get("unlisted") else {
        return Default::default();
    };
    unlisted
        .iter()
        .filter(|(section, _)| SECTIONS.contains(&section.as_str()))
        .filter_map(|(section, why)| Some((section.clone(), why.as_str()?.to_string())))
        .collect()
}

impl Snapshot {
    /// Gives each section this snapshot could not list the entries `earlier` holds for it
    /// (and its cache hint), and clears the mark: the entries are those approved before.
    /// Returns a line per section kept, for people.
    pub fn keep_unlisted_from(&mut self, earlier: &Snapshot) -> Vec<String> {
        let mut kept = Vec::new();
        for section in SECTIONS {
            if !self.unlisted.contains_key(section) || earlier.unlisted.contains_key(section) {
                continue;
            }
            let count = match section {
                "prompts" => keep(&mut self.prompts, &earlier.prompts),
                "resources" => keep(&mut self.resources, &earlier.resources),
                _ => keep(&mut self.resource_templates, &earlier.resource_templates),
            };
            let Some(count) = count else { continue };
            let why = self.unlisted.remove(section).unwrap_or_default();
            if let Some(hint) = earlier.cache.get(section) {
                self.cache.insert(section.to_string(), hint.clone());
            }
            kept.push(format!(
                "kept the {count} {section} of the earlier snapshot: the server failed to list them ({why})"
            ));
        }
        kept
    }

    /// [`Snapshot::keep_unlisted_from`] the snapshot at `path`, when there is one there that
    /// reads.
    pub fn keep_unlisted_from_file(&mut self, path: &Path) -> Vec<String> {
        if self.unlisted.is_empty() || !path.exists() {
            return Vec::new();
        }
        match Snapshot::load(path) {
            Ok(earlier) => self.keep_unlisted_from(&earlier),
            Err(_) => Vec::new(),
        }
    }

    /// What every caller that takes a snapshot to replace `earlier` does: keeps its entries
    /// for what this one could not list, then says what was kept and what is still missing,
    /// a line each, for people.
    pub fn settle_unlisted(&mut self, earlier: &Snapshot) -> Vec<String> {
        let mut lines = self.keep_unlisted_from(earlier);
        lines.extend(self.unlisted_lines());
        lines
    }

    /// [`Snapshot::settle_unlisted`] against the file at `path`, when there is one that reads.
    pub fn settle_unlisted_at(&mut self, path: &Path) -> Vec<String> {
        let mut lines = self.keep_unlisted_from_file(path);
        lines.extend(self.unlisted_lines());
        lines
    }

    /// A line per section the server failed to list, for people: what is missing and why.
    pub fn unlisted_lines(&self) -> Vec<String> {
        self.unlisted
            .iter()
            .map(|(section, why)| {
                format!(
                    "the server failed to list its {section} ({why}): recorded as unlisted, and left out of drift"
                )
            })
            .collect()
    }
}

/// Copies `earlier`'s section into `now` when it has one; its length.
fn keep<T: Clone>(now: &mut Option<Vec<T>>, earlier: &Option<Vec<T>>) -> Option<usize> {
    let entries = earlier.as_ref()?;
    *now = Some(entries.clone());
    Some(entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(text: &str) -> Snapshot {
        Snapshot::parse(text, "test").unwrap()
    }

    #[test]
    fn the_reason_is_the_code_alone() {
        let message = "Google says no for /home/me/creds.json (JSON-RPC error -32603)";
        assert_eq!(reason(message), "JSON-RPC error -32603");
        assert_eq!(reason("timed out"), "the server answered with an error");
    }

    #[test]
    fn an_unlisted_section_round_trips_and_is_filled_from_the_earlier_file() {
        let earlier = snapshot(
            r#"{"tools": [], "resources": [{"uri": "x://r", "name": "r"}],
                "cache": {"resources": {"ttlMs": 5}}}"#,
        );
        let mut now = snapshot(
            r#"{"tools": [], "prompts": [], "unlisted": {"resources": "JSON-RPC error -32603", "tools": "x"}}"#,
        );
        assert_eq!(now.unlisted.len(), 1, "only catalog sections are read");
        assert_eq!(snapshot(&now.to_json()), now);
        let kept = now.keep_unlisted_from(&earlier);
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert!(kept[0].contains("1 resources") && kept[0].contains("-32603"));
        assert!(now.unlisted.is_empty());
        assert_eq!(now.resources, earlier.resources);
        assert_eq!(now.cache.get("resources"), earlier.cache.get("resources"));
    }

    #[test]
    fn nothing_is_kept_from_a_file_that_never_listed_the_section() {
        let earlier = snapshot(r#"{"tools": []}"#);
        let mut now = snapshot(r#"{"tools": [], "unlisted": {"prompts": "JSON-RPC error -1"}}"#);
        assert!(now.keep_unlisted_from(&earlier).is_empty());
        assert_eq!(now.unlisted.len(), 1);
        assert_eq!(now.unlisted_lines().len(), 1);
    }
}

//! Tool search: BM25 (the `bm25` crate: English stemming and stop words) over each tool's
//! names, title, description and parameter names. Identifiers are split into words first —
//! `get_current_time`, `getCurrentTime` and `TwilioApiV2010--CreateMessage` would otherwise be
//! one token each and match nothing a person writes.

use bm25::{Document, Language, SearchEngine, SearchEngineBuilder};
use serde_json::Value;

/// What one tool is found by.
pub(super) struct Searchable<'a> {
    /// Its registry name (`mcp_github_create_issue`).
    pub name: &'a str,
    /// The server's and the tool's own names, and its title when it has one.
    pub labels: Vec<&'a str>,
    pub description: &'a str,
    pub input_schema: &'a Value,
}

/// The index over every tool of a registry.
pub(super) struct ToolIndex {
    engine: SearchEngine<String>,
}

impl ToolIndex {
    pub(super) fn new<'a>(tools: impl IntoIterator<Item = Searchable<'a>>) -> ToolIndex {
        let documents: Vec<Document<String>> = tools
            .into_iter()
            .map(|tool| Document::new(tool.name.to_string(), contents(&tool)))
            .collect();
        let engine =
            SearchEngineBuilder::<String>::with_documents(Language::English, documents).build();
        ToolIndex { engine }
    }

    /// The registry names of the best `limit` matches, best first; ties by name, so the same
    /// query always finds the same tools.
    pub(super) fn search(&self, query: &str, limit: usize) -> Vec<(String, f32)> {
        let mut found: Vec<(String, f32)> = self
            .engine
            .search(&words(query), None)
            .into_iter()
            .map(|hit| (hit.document.id, hit.score))
            .collect();
        found.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        found.truncate(limit);
        found
    }
}

/// A tool's document: its names twice (a name says more than a sentence of description),
/// then description and parameter names.
fn contents(tool: &Searchable<'_>) -> String {
    let names = tool
        .labels
        .iter()
        .map(|l| words(l))
        .collect::<Vec<_>>()
        .join(" ");
    let parameters = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(|k| words(k)).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    format!("{names}. {names}. {}. {parameters}", tool.description)
}

/// Identifiers split into words: separators become spaces, and a lower-to-upper or
/// letter-to-digit step starts a new word (`listWorkflowRuns2` → `list Workflow Runs 2`).
pub(super) fn words(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous: Option<char> = None;
    for c in text.chars() {
        let separator = matches!(c, '_' | '-' | '.' | '/' | ':');
        let step = previous.is_some_and(|p| {
            (p.is_lowercase() && c.is_uppercase())
                || (p.is_alphabetic() && c.is_ascii_digit())
                || (p.is_ascii_digit() && c.is_alphabetic())
        });
        if separator {
            out.push(' ');
        } else {
            if step {
                out.push(' ');
            }
            out.push(c);
        }
        previous = (!separator).then_some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn identifiers_become_words() {
        assert_eq!(words("get_current_time"), "get current time");
        assert_eq!(words("listWorkflowRuns2"), "list Workflow Runs 2");
        assert_eq!(
            words("TwilioApiV2010--CreateMessage"),
            "Twilio Api V 2010  Create Message"
        );
        assert_eq!(words("API-post-page"), "API post page");
    }

    #[test]
    fn finds_by_words_of_the_name_and_ranks_deterministically() {
        let schema = json!({"properties": {"timezone": {"type": "string"}}});
        let none = json!({});
        let tool = |name, labels, description, input_schema| Searchable {
            name,
            labels,
            description,
            input_schema,
        };
        let index = ToolIndex::new([
            tool(
                "mcp_time_get_current_time",
                vec!["time", "get_current_time"],
                "Current time",
                &schema,
            ),
            tool(
                "mcp_git_git_commit",
                vec!["git", "git_commit"],
                "Records changes",
                &none,
            ),
            tool(
                "mcp_fs_read_file",
                vec!["fs", "read_file"],
                "Reads a file",
                &none,
            ),
        ]);
        let found = index.search("what time is it in Tokyo (timezone)", 2);
        assert_eq!(found[0].0, "mcp_time_get_current_time");
        assert_eq!(
            index.search("commit my changes", 1)[0].0,
            "mcp_git_git_commit"
        );
        assert!(index.search("zebra", 5).is_empty());
    }
}

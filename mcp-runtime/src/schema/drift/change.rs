//! The vocabulary of drift: one [`Change`] at one path, its [`Severity`], and counts.

use std::fmt;

use serde::Serialize;

/// How much a change matters to code generated from the old schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// Descriptions, titles, annotation hints, ordering: nothing a program sees.
    Cosmetic,
    /// The server accepts more or sends more that old code can ignore.
    Compatible,
    /// Old code sends what the server now rejects, or cannot decode what it now sends.
    Breaking,
    /// What a model reads changed (descriptions, titles, icons, `x-mcp-header`), or a tool
    /// may now do more than was approved (an annotation widened): a person re-approves it.
    /// The most severe class: `--fail-on breaking` fails on it too.
    Security,
}

impl Severity {
    /// `security`, `breaking`, `compatible` or `cosmetic`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Cosmetic => "cosmetic",
            Severity::Compatible => "compatible",
            Severity::Breaking => "breaking",
            Severity::Security => "security",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Severity {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "security" => Ok(Severity::Security),
            "breaking" => Ok(Severity::Breaking),
            "compatible" => Ok(Severity::Compatible),
            "cosmetic" => Ok(Severity::Cosmetic),
            other => Err(format!(
                "`{other}` is not a severity (security, breaking, compatible, cosmetic)"
            )),
        }
    }
}

/// One change, at one JSON path of one tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The tool's name (empty for server-level changes).
    pub tool: String,
    /// JSON Pointer into the tool (`/inputSchema/properties/limit/maximum`), `` for the tool.
    pub path: String,
    /// Stable name of the rule, e.g. `required-property-added`.
    pub kind: &'static str,
    /// How much it matters.
    pub severity: Severity,
    /// One line saying what changed and why it matters.
    pub message: String,
}

/// Counts per severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Security changes.
    pub security: usize,
    /// Breaking changes.
    pub breaking: usize,
    /// Compatible changes.
    pub compatible: usize,
    /// Cosmetic changes.
    pub cosmetic: usize,
}

impl Summary {
    /// Counts `changes`.
    pub fn of(changes: &[Change]) -> Summary {
        let mut summary = Summary::default();
        for change in changes {
            match change.severity {
                Severity::Security => summary.security += 1,
                Severity::Breaking => summary.breaking += 1,
                Severity::Compatible => summary.compatible += 1,
                Severity::Cosmetic => summary.cosmetic += 1,
            }
        }
        summary
    }
}

/// The highest severity among `changes`, if any.
pub fn max_severity(changes: &[Change]) -> Option<Severity> {
    changes.iter().map(|c| c.severity).max()
}

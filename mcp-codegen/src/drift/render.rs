//! How `diff` and `check` print drift: grouped for people, JSON for tools, GitHub workflow
//! commands for pull requests, Markdown for a pull-request comment or a CHANGELOG entry.

use std::fmt::Write as _;

use mcp_runtime::schema::drift::{self, Change, Severity, Summary};

/// How a report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Grouped by tool, colored on a terminal.
    Human,
    /// `{"changes": [...], "summary": {...}}`.
    Json,
    /// GitHub Actions workflow commands (`::error` / `::warning` / `::notice`).
    Github,
    /// A Markdown section: the bindings' version bump, security changes called out, a table.
    Markdown,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "human" => Ok(Format::Human),
            "json" => Ok(Format::Json),
            "github" => Ok(Format::Github),
            "markdown" => Ok(Format::Markdown),
            other => Err(format!(
                "`{other}` is not a format (human, json, github, markdown)"
            )),
        }
    }
}

/// Renders `changes`. `file` is the snapshot they concern; `refresh` the command that brings
/// it up to date; `fail_on` the threshold the exit code uses.
pub fn render(
    changes: &[Change],
    format: Format,
    color: bool,
    file: &str,
    refresh: &str,
    fail_on: Severity,
) -> String {
    match format {
        Format::Json => {
            let body = serde_json::json!({
                "changes": changes,
                "summary": Summary::of(changes),
                "semver": super::Bump::of(changes).as_str(),
            });
            let mut text = serde_json::to_string_pretty(&body).unwrap_or_default();
            text.push('\n');
            text
        }
        Format::Github => {
            let mut out = String::new();
            for c in changes {
                let level = match c.severity {
                    Severity::Security | Severity::Breaking => "error",
                    Severity::Compatible => "warning",
                    Severity::Cosmetic => "notice",
                    // A class newer than this renderer is shown as the most severe.
                    _ => "error",
                };
                let title = if c.tool.is_empty() {
                    c.kind.to_string()
                } else {
                    format!("{}: {}", c.tool, c.kind)
                };
                let _ = writeln!(
                    out,
                    "::{level} file={},title={}::{} ({} {})",
                    gh_property(file),
                    gh_property(&title),
                    gh_data(&c.message),
                    c.severity,
                    gh_data(&c.path)
                );
            }
            let s = Summary::of(changes);
            let _ = writeln!(
                out,
                "{} security, {} breaking, {} compatible, {} cosmetic",
                s.security, s.breaking, s.compatible, s.cosmetic
            );
            out
        }
        Format::Markdown => super::markdown::markdown(changes, file, refresh),
        Format::Human => human(changes, color, file, refresh, fail_on),
    }
}

fn human(changes: &[Change], color: bool, file: &str, refresh: &str, fail_on: Severity) -> String {
    let paint = |code: &str, text: &str| {
        if color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    };
    let mut out = String::new();
    if changes.is_empty() {
        let _ = writeln!(out, "no changes: the server matches {file}");
        return out;
    }
    let mut current: Option<&str> = None;
    for c in changes {
        if current != Some(c.tool.as_str()) {
            current = Some(c.tool.as_str());
            let heading = if c.tool.is_empty() {
                "(server)".to_string()
            } else {
                c.tool.clone()
            };
            let _ = writeln!(out, "{}", paint("1", &heading));
        }
        let severity = match c.severity {
            Severity::Security => paint("35", "security  "),
            Severity::Breaking => paint("31", "breaking  "),
            Severity::Compatible => paint("33", "compatible"),
            Severity::Cosmetic => paint("36", "cosmetic  "),
            other => paint("31", &format!("{:<10}", other.as_str())),
        };
        let path = if c.path.is_empty() {
            "/".to_string()
        } else {
            c.path.clone()
        };
        let _ = writeln!(
            out,
            "  {severity} {} {}  {}",
            paint("2", &path),
            c.kind,
            c.message
        );
    }
    let s = Summary::of(changes);
    let failing = drift::max_severity(changes).is_some_and(|m| m >= fail_on);
    let _ = writeln!(
        out,
        "\n{} change(s): {} security, {} breaking, {} compatible, {} cosmetic; {} at --fail-on {fail_on}",
        changes.len(),
        s.security,
        s.breaking,
        s.compatible,
        s.cosmetic,
        if failing {
            paint("31", "failing")
        } else {
            "passing".to_string()
        }
    );
    let verb = match s.security {
        0 => "refresh the snapshot with",
        // Approving is a review: the command shows each changed text before rewriting.
        _ => "review the security changes and approve them with",
    };
    let _ = writeln!(out, "{verb}:\n  {refresh}");
    out
}

fn gh_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn gh_property(text: &str) -> String {
    gh_data(text).replace(':', "%3A").replace(',', "%2C")
}

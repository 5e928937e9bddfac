//! Drift between two snapshots, and how `diff` / `check` print it.

use std::fmt::Write as _;

use mcp_runtime::schema::drift::{self, Change, Severity, Summary, ToolSchemas};

use crate::Snapshot;

/// Every change from `old` to `new`: the tools' (classified by [`mcp_runtime::schema::drift`]),
/// the server's identity (cosmetic), and its prompts, resources and templates.
pub fn compare(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let tools = |s: &Snapshot| {
        s.tools
            .iter()
            .filter_map(|t| ToolSchemas::from_json(&t.raw))
            .collect::<Vec<_>>()
    };
    let mut changes = drift::diff(&tools(old), &tools(new));
    let server_field = |s: &Snapshot, f: fn(&crate::snapshot::ServerIdentity) -> &String| {
        s.server.as_ref().map(f).cloned()
    };
    let mut server_level = Vec::new();
    for (path, kind, a, b) in [
        (
            "/server/name",
            "server-name-changed",
            server_field(old, |s| &s.name),
            server_field(new, |s| &s.name),
        ),
        (
            "/server/version",
            "server-version-changed",
            server_field(old, |s| &s.version),
            server_field(new, |s| &s.version),
        ),
        (
            "/protocolVersion",
            "protocol-version-changed",
            old.protocol_version.clone(),
            new.protocol_version.clone(),
        ),
    ] {
        if a.is_some() && b.is_some() && a != b {
            server_level.push(Change {
                tool: String::new(),
                path: path.to_string(),
                kind,
                severity: Severity::Cosmetic,
                message: format!(
                    "{} changed from {} to {}",
                    &path[1..],
                    a.unwrap_or_default(),
                    b.unwrap_or_default()
                ),
            });
        }
    }
    server_level.append(&mut changes);
    server_level.extend(crate::catalog_drift::compare(old, new));
    server_level
}

/// How a report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grouped by tool, colored on a terminal.
    Human,
    /// `{"changes": [...], "summary": {...}}`.
    Json,
    /// GitHub Actions workflow commands (`::error` / `::warning` / `::notice`).
    Github,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "human" => Ok(Format::Human),
            "json" => Ok(Format::Json),
            "github" => Ok(Format::Github),
            other => Err(format!("`{other}` is not a format (human, json, github)")),
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
            let body = serde_json::json!({ "changes": changes, "summary": Summary::of(changes) });
            let mut text = serde_json::to_string_pretty(&body).unwrap_or_default();
            text.push('\n');
            text
        }
        Format::Github => {
            let mut out = String::new();
            for c in changes {
                let level = match c.severity {
                    Severity::Breaking => "error",
                    Severity::Compatible => "warning",
                    Severity::Cosmetic => "notice",
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
                "{} breaking, {} compatible, {} cosmetic",
                s.breaking, s.compatible, s.cosmetic
            );
            out
        }
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
            Severity::Breaking => paint("31", "breaking  "),
            Severity::Compatible => paint("33", "compatible"),
            Severity::Cosmetic => paint("36", "cosmetic  "),
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
        "\n{} change(s): {} breaking, {} compatible, {} cosmetic; {} at --fail-on {fail_on}",
        changes.len(),
        s.breaking,
        s.compatible,
        s.cosmetic,
        if failing {
            paint("31", "failing")
        } else {
            "passing".to_string()
        }
    );
    let _ = writeln!(out, "refresh the snapshot with:\n  {refresh}");
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

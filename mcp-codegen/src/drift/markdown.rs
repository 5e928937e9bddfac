//! Drift as Markdown, for a pull-request comment or a CHANGELOG entry: the bump the bindings
//! need, security changes called out for review, then one table row per change.

use std::fmt::Write as _;

use mcp_runtime::schema::drift::{Change, Summary};

use super::semver::Bump;

/// The Markdown report of `changes` to the snapshot `file`; `refresh` brings it up to date.
pub(super) fn markdown(changes: &[Change], file: &str, refresh: &str) -> String {
    let mut out = format!("### MCP drift in {}\n\n", code(file));
    if changes.is_empty() {
        let _ = writeln!(out, "No changes: the server matches {}.", code(file));
        return out;
    }
    let s = Summary::of(changes);
    let _ = writeln!(
        out,
        "**Bindings: {} release.** {} security, {} breaking, {} compatible, {} cosmetic.\n",
        Bump::of(changes),
        s.security,
        s.breaking,
        s.compatible,
        s.cosmetic
    );
    if s.security > 0 {
        let _ = writeln!(
            out,
            "> **Security:** {} change(s) to what a model reads. Review each before approving: {}\n",
            s.security,
            code(refresh)
        );
    }
    out.push_str("| severity | tool | where | change |\n|---|---|---|---|\n");
    for c in changes {
        let tool = match c.tool.is_empty() {
            true => "(server)".to_string(),
            false => code(&c.tool),
        };
        let path = match c.path.is_empty() {
            true => "/".to_string(),
            false => c.path.clone(),
        };
        let change = format!("{}: {}", c.kind, c.message);
        let _ = writeln!(
            out,
            "| {} | {tool} | {} | {} |",
            c.severity,
            code(&path),
            cell(&change)
        );
    }
    if s.security == 0 {
        let _ = writeln!(out, "\nTo bring the snapshot up to date: {}", code(refresh));
    }
    out
}

/// `text` as a code span, whatever backticks it holds (CommonMark: a longer fence).
fn code(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    cell(&format!("{fence}{pad}{text}{pad}{fence}"))
}

/// `text` inside a table cell: one line, pipes escaped.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use mcp_runtime::schema::drift::Severity;

    use super::*;

    fn change(severity: Severity, message: &str) -> Change {
        Change {
            tool: "add".into(),
            path: "/inputSchema/properties/a".into(),
            kind: "property-removed",
            severity,
            message: message.into(),
        }
    }

    #[test]
    fn a_report_names_the_bump_calls_out_security_and_keeps_cells_whole() {
        let text = markdown(
            &[
                change(Severity::Breaking, "a | b\nnext"),
                change(Severity::Security, "reworded"),
            ],
            "mcp/demo.json",
            "mcp-codegen approve mcp/demo.json",
        );
        assert!(
            text.starts_with("### MCP drift in `mcp/demo.json`\n"),
            "{text}"
        );
        assert!(
            text.contains("**Bindings: major release.** 1 security, 1 breaking"),
            "{text}"
        );
        assert!(text.contains("> **Security:** 1 change(s)"), "{text}");
        assert!(
            text.contains("| breaking | `add` | `/inputSchema/properties/a` | property-removed: a \\| b next |"),
            "{text}"
        );
    }

    #[test]
    fn no_changes_is_one_line_and_code_spans_survive_backticks() {
        assert!(markdown(&[], "s.json", "r").contains("No changes: the server matches `s.json`."));
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
    }
}

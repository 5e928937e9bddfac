//! `check` (a live server against the committed snapshot) and `diff` (two snapshots): the
//! library's drift, printed in the chosen format, exit 1 at or above `--fail-on` (3 when a
//! security change is among them).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use mcp_codegen::Snapshot;
use mcp_codegen::drift::{Bump, Format, Severity, Summary, compare, max_severity, render};
use mcp_runtime::schema::drift::Change;

use crate::auth::with_login;
use crate::source::{SourceArgs, shell_quote};

/// How drift is judged and printed.
#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// Fail when a change is at least this severe: security, breaking, compatible or cosmetic
    /// (any difference: the snapshot is stale). Exit 3 when a failing change is a security
    /// one (what a model reads changed: re-approve it), else 1.
    #[arg(long, default_value = "cosmetic", value_parser = |s: &str| s.parse::<Severity>())]
    fail_on: Severity,
    /// human (grouped, colored on a terminal), json, github (workflow commands), or markdown
    /// (a pull-request comment or CHANGELOG entry, with the bindings' version bump).
    #[arg(long, default_value = "human", value_parser = |s: &str| s.parse::<Format>())]
    format: Format,
    /// Print only the version bump bindings generated from the snapshot need: none, patch,
    /// minor or major. Security changes are text (a patch), counted on stderr for review.
    #[arg(long)]
    semver: bool,
}

impl ReportArgs {
    fn finish(&self, changes: &[Change], file: &str, refresh: &str) -> anyhow::Result<ExitCode> {
        use std::io::IsTerminal;
        let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        if self.semver {
            crate::stdout::line(format_args!("{}", Bump::of(changes)))?;
            let security = Summary::of(changes).security;
            if security > 0 {
                eprintln!(
                    "{security} security change(s): review them before releasing:\n  {refresh}"
                );
            }
        } else {
            crate::stdout::text(format_args!(
                "{}",
                render(changes, self.format, color, file, refresh, self.fail_on)
            ))?;
        }
        Ok(match max_severity(changes) {
            Some(Severity::Security) => ExitCode::from(3),
            Some(worst) if worst >= self.fail_on => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        })
    }
}

pub(crate) fn check(
    snapshot: &Path,
    source: &SourceArgs,
    report: &ReportArgs,
) -> anyhow::Result<ExitCode> {
    let committed = Snapshot::load(snapshot)?;
    let (spec, options) = source.connection()?;
    let target = spec.target();
    // Unreachable is an error (exit 2), not drift.
    let live = with_login(spec, &source.login, |spec| {
        mcp_codegen::snapshot::live::take_blocking(spec, options.clone())
    })
    .with_context(|| format!("checking {} against {target}", snapshot.display()))?;
    for line in live.unlisted_lines() {
        eprintln!("warning: {line}");
    }
    let changes = compare(&committed, &live);
    let next = match max_severity(&changes) {
        Some(Severity::Security) => source.approve_command(snapshot),
        _ => source.refresh_command(snapshot),
    };
    report.finish(&changes, &snapshot.display().to_string(), &next)
}

pub(crate) fn diff(old: &Path, new: &Path, report: &ReportArgs) -> anyhow::Result<ExitCode> {
    let (before, after) = (Snapshot::load(old)?, Snapshot::load(new)?);
    let changes = compare(&before, &after);
    let refresh = format!(
        "cp {} {}",
        shell_quote(&new.display().to_string()),
        shell_quote(&old.display().to_string())
    );
    report.finish(&changes, &old.display().to_string(), &refresh)
}

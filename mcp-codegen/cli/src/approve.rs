//! `approve SNAPSHOT <server>`: a person's review of what a model will read. It shows every
//! security change between the committed snapshot and the live server — each changed text as
//! a word diff — and the other drift in a line each; on confirmation (or `--yes`) it rewrites
//! the snapshot from the live server, which is then the approval record to commit. It never
//! approves in CI: approval is a review, not a build step.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use mcp_codegen::drift::{Severity, compare};
use mcp_codegen::{Snapshot, write_if_changed};
use mcp_runtime::schema::drift::Change;
use serde_json::Value;

use crate::auth::with_login;
use crate::source::SourceArgs;
use crate::word_diff::word_diff;

/// `mcp-codegen approve`.
#[derive(Debug, Args)]
pub(crate) struct ApproveArgs {
    /// The committed snapshot to review against, and to rewrite once approved.
    snapshot: PathBuf,
    /// Approve without asking (after reading the changes it prints). Refused in CI.
    #[arg(long)]
    yes: bool,
    #[command(flatten)]
    source: SourceArgs,
}

impl ApproveArgs {
    /// Exit 0 when approved (or nothing changed), 1 when not approved, 2 on an error.
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        if let Some(var) = ci_variable() {
            bail!(
                "approve does not run in CI (${var} is set): approving is a person's review. Run it on your machine, read the changes, and commit the snapshot it writes"
            );
        }
        let committed = Snapshot::load(&self.snapshot)?;
        let (spec, options) = self.source.connection()?;
        let target = spec.target();
        let mut live = with_login(spec, &self.source.login, |spec| {
            mcp_codegen::snapshot::live::take_blocking(spec, options.clone())
        })
        .with_context(|| format!("reading the live tools of {target}"))?;
        for line in live.settle_unlisted(&committed) {
            eprintln!("warning: {line}");
        }
        let changes = compare(&committed, &live);
        let file = self.snapshot.display();
        if changes.is_empty() {
            eprintln!("nothing to approve: {file} matches {target}");
            return Ok(ExitCode::SUCCESS);
        }
        let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        crate::stdout::text(format_args!(
            "{}",
            review(&committed, &live, &changes, color)
        ))?;
        crate::stdout::text(format_args!("{}", audited(&live, &changes)))?;
        if !self.confirmed()? {
            eprintln!("not approved: {file} is unchanged");
            return Ok(ExitCode::from(1));
        }
        write_if_changed(&self.snapshot, &live.to_json())?;
        eprintln!(
            "approved: wrote {file} ({}); commit it to record the approval",
            live.counts()
        );
        Ok(ExitCode::SUCCESS)
    }

    fn confirmed(&self) -> anyhow::Result<bool> {
        if self.yes {
            return Ok(true);
        }
        if !std::io::stdin().is_terminal() {
            bail!(
                "not approved: stdin is not a terminal to ask on. Read the changes above and pass --yes to approve them"
            );
        }
        eprint!(
            "Approve these changes and rewrite {}? [y/N] ",
            self.snapshot.display()
        );
        std::io::stderr().flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "Yes"))
    }
}

/// The CI variable that is set, if any (GitHub, GitLab, most others set `CI`).
fn ci_variable() -> Option<&'static str> {
    ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"]
        .into_iter()
        .find(|var| std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "false" && v != "0"))
}

/// The security changes with their texts, then the rest of the drift a line each.
fn review(old: &Snapshot, new: &Snapshot, changes: &[Change], color: bool) -> String {
    let (old_root, new_root) = (root(old), root(new));
    // A new tool is approved with the rest: its text is read like a changed one.
    let (security, other): (Vec<&Change>, Vec<&Change>) = changes
        .iter()
        .partition(|c| c.severity == Severity::Security || c.kind == "tool-added");
    let mut out = format!(
        "{} change(s) to review: what a model reads, or may let a tool do, differs from the approved snapshot\n",
        security.len()
    );
    for change in &security {
        let subject = match change.tool.as_str() {
            "" => "server".to_string(),
            tool if is_catalog(tool) => tool.to_string(),
            tool => format!("tool `{tool}`"),
        };
        out.push_str(&format!("\n{subject} {} ({})\n", change.path, change.kind));
        let before = locate(&old_root, change);
        let after = locate(&new_root, change);
        let text = match (change.kind, after) {
            ("tool-added", Some(tool)) => added(tool, color),
            _ => shown(before, after, color),
        };
        out.push_str(&indent(&text));
    }
    if !other.is_empty() {
        out.push_str(&format!(
            "\n{} other change(s), approved with them:\n",
            other.len()
        ));
        for change in other {
            let at = format!("{}{}", change.tool, change.path);
            out.push_str(&format!(
                "  {:<10} {at}: {}\n",
                change.severity, change.message
            ));
        }
    }
    out
}

/// Before and after: a word diff of two texts, else both values as JSON.
fn shown(before: Option<&Value>, after: Option<&Value>, color: bool) -> String {
    match (before, after) {
        (Some(Value::String(a)), Some(Value::String(b))) => word_diff(a, b, color),
        (None, Some(Value::String(b))) => word_diff("", b, color),
        (Some(Value::String(a)), None) => word_diff(a, "", color),
        (a, b) => {
            let json = |v: Option<&Value>| v.map_or("(absent)".to_string(), Value::to_string);
            format!("before: {}\nafter:  {}", json(a), json(b))
        }
    }
}

/// A new tool: its description and annotations, all of it new.
fn added(tool: &Value, color: bool) -> String {
    let description = tool.get("description").and_then(Value::as_str);
    let mut out = word_diff("", description.unwrap_or("(no description)"), color);
    if let Some(annotations) = tool.get("annotations") {
        out.push_str(&format!("\nannotations: {annotations}"));
    }
    out
}

/// What `audit` finds in the tools under review, so a poisoned change is seen as one.
fn audited(live: &Snapshot, changes: &[Change]) -> String {
    let reviewed = |tool: &Option<String>| {
        tool.as_ref().is_some_and(|t| {
            changes.iter().any(|c| {
                &c.tool == t && (c.severity == Severity::Security || c.kind == "tool-added")
            })
        })
    };
    let findings: Vec<_> = mcp_codegen::audit::audit(&[("live".into(), live.clone())])
        .into_iter()
        .filter(|f| reviewed(&f.tool))
        .collect();
    let mut out = String::new();
    if !findings.is_empty() {
        out.push_str(&format!(
            "\naudit: {} finding(s) in the text under review\n",
            findings.len()
        ));
    }
    for f in findings {
        out.push_str(&format!(
            "  {:<6}  {} {}  {} {}: {}\n",
            f.rule.level, f.rule.id, f.rule.name, f.subject, f.path, f.message
        ));
    }
    out
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

fn root(snapshot: &Snapshot) -> Value {
    serde_json::from_str(&snapshot.to_json()).unwrap_or_default()
}

fn is_catalog(subject: &str) -> bool {
    ["prompt ", "template ", "resource "]
        .iter()
        .any(|p| subject.starts_with(p))
}

/// The value a change's path points at in a snapshot: the server's own fields for an empty
/// subject, else inside the tool (or prompt, template, resource) it names.
fn locate<'a>(root: &'a Value, change: &Change) -> Option<&'a Value> {
    let entry = match change.tool.as_str() {
        "" => root,
        subject => entry(root, subject)?,
    };
    walk(entry, &change.path)
}

fn entry<'a>(root: &'a Value, subject: &str) -> Option<&'a Value> {
    let find = |section: &str, key: &str, value: &str| {
        root.get(section)?
            .as_array()?
            .iter()
            .find(|e| e.get(key).and_then(Value::as_str) == Some(value))
    };
    if let Some(tool) = find("tools", "name", subject) {
        return Some(tool);
    }
    let (what, key) = subject.split_once(' ')?;
    match what {
        "prompt" => find("prompts", "name", key),
        "template" => find("resourceTemplates", "name", key),
        "resource" => find("resources", "uri", key),
        _ => None,
    }
}

/// A JSON Pointer walk in which an array step may also be an element's `name`.
fn walk<'a>(mut value: &'a Value, path: &str) -> Option<&'a Value> {
    for step in path.split('/').skip(1) {
        let step = step.replace("~1", "/").replace("~0", "~");
        value = match value {
            Value::Object(map) => map.get(&step)?,
            Value::Array(items) => match step.parse::<usize>() {
                Ok(index) => items.get(index)?,
                Err(_) => items
                    .iter()
                    .find(|e| e.get("name").and_then(Value::as_str) == Some(step.as_str()))?,
            },
            _ => return None,
        };
    }
    Some(value)
}

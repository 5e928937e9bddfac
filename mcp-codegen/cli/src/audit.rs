//! `audit SNAPSHOT…`: the library's lint of model-visible text, printed for people, as JSON,
//! or as SARIF for code-scanning UIs; exit 1 when a finding is at or above `--deny`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use mcp_codegen::Snapshot;
use mcp_codegen::audit::{Finding, Level, RULES, Rule, audit, rule};

use crate::audit_report;

/// `mcp-codegen audit`.
#[derive(Debug, Args)]
pub(crate) struct AuditArgs {
    /// The snapshots to audit; audited together, a description that names another one's
    /// tool is shadowing.
    #[arg(required_unless_present_any = ["list_rules", "config"])]
    snapshots: Vec<PathBuf>,
    /// Audit a whole MCP config as the Manager reads it (any client's dialect): packages run
    /// without a version, remote servers over plain http://, secrets written inline, servers
    /// without a snapshot, and the toxic flow of its tools; the snapshots its entries pin
    /// (`"snapshot"`) are audited together.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// With --config: a directory of snapshots named NAME.json (as `snapshot --all
    /// --out-dir` writes them), for entries without a `"snapshot"`.
    #[arg(long, value_name = "DIR", requires = "config")]
    snapshot_dir: Option<PathBuf>,
    /// Fail (exit 1) on a finding at or above this level: high, medium or low.
    #[arg(long, default_value = "high", value_parser = |s: &str| s.parse::<Level>())]
    deny: Level,
    /// Leave out a rule's findings after reviewing them: `RULE` everywhere, `RULE:TOOL` in
    /// one tool (the rule by id or name; repeatable).
    #[arg(long, value_name = "RULE[:TOOL]")]
    ignore: Vec<String>,
    /// human, json, or sarif (SARIF 2.1.0, for GitHub code scanning and other UIs).
    #[arg(long, default_value = "human", value_parser = ["human", "json", "sarif"])]
    format: String,
    /// Print the rules (id, level, name, what each finds) and exit.
    #[arg(long)]
    list_rules: bool,
}

impl AuditArgs {
    pub(crate) fn run(&self) -> anyhow::Result<ExitCode> {
        if self.list_rules {
            for rule in RULES {
                crate::stdout::line(format_args!(
                    "{}  {:<6}  {:<22} {}",
                    rule.id, rule.level, rule.name, rule.summary
                ))?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        let ignored = self.ignored()?;
        let mut files = Vec::new();
        let mut snapshots = Vec::new();
        for path in &self.snapshots {
            let text = std::fs::read_to_string(path)
                .map_err(|err| anyhow::anyhow!("cannot read snapshot {}: {err}", path.display()))?;
            let name = path.display().to_string();
            snapshots.push((name.clone(), Snapshot::parse(&text, &name)?));
            files.push((name, text));
        }
        let mut all = audit(&snapshots);
        if let Some(config) = &self.config {
            let (found, read) = crate::audit_config::audit(config, self.snapshot_dir.as_deref())?;
            all.extend(found);
            files.extend(read);
        }
        let findings: Vec<Finding> = all
            .into_iter()
            .filter(|f| {
                !ignored.iter().any(|(rule, tool)| {
                    *rule == f.rule && tool.as_ref().is_none_or(|t| f.tool.as_ref() == Some(t))
                })
            })
            .collect();
        let report = match self.format.as_str() {
            "json" => audit_report::json(&findings, self.deny),
            "sarif" => audit_report::sarif(&findings, &files),
            _ => audit_report::human(&findings, files.len(), self.deny),
        };
        crate::stdout::text(format_args!("{report}"))?;
        let failing = findings.iter().any(|f| f.rule.level >= self.deny);
        Ok(if failing {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }

    /// `--ignore` read: each rule, and the tool it is limited to.
    fn ignored(&self) -> anyhow::Result<Vec<(&'static Rule, Option<String>)>> {
        self.ignore
            .iter()
            .map(|spec| {
                let (name, tool) = match spec.split_once(':') {
                    Some((name, tool)) => (name, Some(tool.to_string())),
                    None => (spec.as_str(), None),
                };
                let known = || RULES.iter().map(|r| r.name).collect::<Vec<_>>().join(", ");
                let rule = rule(name).ok_or_else(|| {
                    anyhow::anyhow!(
                        "--ignore {spec}: no rule `{name}` (the rules: {}; or their ids)",
                        known()
                    )
                })?;
                Ok((rule, tool))
            })
            .collect()
    }
}

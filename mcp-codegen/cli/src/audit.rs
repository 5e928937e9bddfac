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
    #[arg(required_unless_present = "list_rules")]
    snapshots: Vec<PathBuf>,
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
                println!(
                    "{}  {:<6}  {:<22} {}",
                    rule.id, rule.level, rule.name, rule.summary
                );
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
        let findings: Vec<Finding> = audit(&snapshots)
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
        print!("{report}");
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

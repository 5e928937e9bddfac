//! How `audit` prints: grouped for people, JSON, and SARIF 2.1.0 (the format GitHub code
//! scanning and other security UIs read; each rule with its level and a `security-severity`).

use serde_json::{Value, json};

use mcp_codegen::audit::{Finding, Level, RULES};

/// Grouped by file, a finding per block, and a summary line.
pub(crate) fn human(findings: &[Finding], files: usize, deny: Level) -> String {
    let mut out = String::new();
    let mut last = None;
    for f in findings {
        if last != Some(&f.file) {
            out.push_str(&format!("{}\n", f.file));
            last = Some(&f.file);
        }
        out.push_str(&format!(
            "  {:<6}  {} {}  {} {}\n          {}\n          {}\n",
            f.rule.level, f.rule.id, f.rule.name, f.subject, f.path, f.message, f.excerpt
        ));
    }
    if findings.is_empty() {
        out.push_str(&format!("no findings in {files} file(s)\n"));
        return out;
    }
    let count = |level| findings.iter().filter(|f| f.rule.level == level).count();
    let failing = findings.iter().filter(|f| f.rule.level >= deny).count();
    out.push_str(&format!(
        "{} finding(s) in {files} file(s): {} high, {} medium, {} low; {failing} at or above --deny {deny} (`--list-rules` lists the rules; docs/audit.md explains each)\n",
        findings.len(),
        count(Level::High),
        count(Level::Medium),
        count(Level::Low),
    ));
    out
}

/// `{"findings": [...], "summary": {...}}`.
pub(crate) fn json(findings: &[Finding], deny: Level) -> String {
    let count = |level| findings.iter().filter(|f| f.rule.level == level).count();
    let report = json!({
        "findings": findings,
        "summary": {"high": count(Level::High), "medium": count(Level::Medium), "low": count(Level::Low),
                     "deny": deny, "failed": findings.iter().any(|f| f.rule.level >= deny)},
    });
    format!(
        "{}\n",
        serde_json::to_string_pretty(&report).unwrap_or_default()
    )
}

/// SARIF 2.1.0: one run, every rule described, each finding at the line of its text.
pub(crate) fn sarif(findings: &[Finding], files: &[(String, String)]) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.id, "name": r.name,
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": r.explanation},
                "help": {"text": r.explanation},
                "defaultConfiguration": {"level": sarif_level(r.level)},
                "properties": {"security-severity": security_severity(r.level), "tags": ["security", "mcp"]},
            })
        })
        .collect();
    let results: Vec<Value> = findings.iter().map(|f| result(f, files)).collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "mcp-codegen audit", "version": env!("CARGO_PKG_VERSION"),
                                "informationUri": env!("CARGO_PKG_REPOSITORY"), "rules": rules}},
            "results": results,
        }],
    });
    format!(
        "{}\n",
        serde_json::to_string_pretty(&log).unwrap_or_default()
    )
}

fn result(f: &Finding, files: &[(String, String)]) -> Value {
    let index = RULES
        .iter()
        .position(|r| r.id == f.rule.id)
        .unwrap_or_default();
    let text = files
        .iter()
        .find(|(name, _)| *name == f.file)
        .map(|(_, t)| t.as_str());
    json!({
        "ruleId": f.rule.id,
        "ruleIndex": index,
        "level": sarif_level(f.rule.level),
        "message": {"text": format!("{} {}: {} — {}", f.subject, f.path, f.message, f.excerpt)},
        "locations": [{
            "physicalLocation": {"artifactLocation": {"uri": f.file}, "region": {"startLine": line(text, &f.text)}},
            "logicalLocations": [{"fullyQualifiedName": format!("{}{}", f.subject, f.path), "kind": "member"}],
        }],
    })
}

/// The 1-based line where `value` (as JSON) first appears in the file, else 1.
fn line(file: Option<&str>, value: &str) -> usize {
    let needle = serde_json::to_string(value).unwrap_or_default();
    file.and_then(|text| {
        text.find(&needle)
            .map(|at| text[..at].matches('\n').count() + 1)
    })
    .unwrap_or(1)
}

fn sarif_level(level: Level) -> &'static str {
    match level {
        Level::High => "error",
        Level::Medium => "warning",
        Level::Low => "note",
    }
}

/// GitHub's scale: 7.0 and over is high, 4.0 to 6.9 medium.
fn security_severity(level: Level) -> &'static str {
    match level {
        Level::High => "8.0",
        Level::Medium => "5.0",
        Level::Low => "2.0",
    }
}

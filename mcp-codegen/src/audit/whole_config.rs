//! The audit of a whole config — one agent's servers: each entry's own risks (`config.rs`,
//! `packages.rs`), entries without a snapshot, the snapshots audited together, and the
//! config's toxic flow (`flow.rs`) over the tools its filters let through.

use serde_json::{Map, Value};

use super::{Finding, audit, config, flow, rules};
use crate::Snapshot;

/// One server of the config, as the audit needs it.
pub struct ConfiguredServer<'a> {
    /// Its name in the config.
    pub name: &'a str,
    /// Its entry as written, in canonical keys (`${VAR}` unexpanded).
    pub fields: &'a Map<String, Value>,
    /// `false` for `"disabled": true` entries: their tools reach no model.
    pub enabled: bool,
    /// Its snapshot (the file's name for findings, and the snapshot), if it has one.
    pub snapshot: Option<(String, Snapshot)>,
    /// The config's tool filter for it: whether a tool reaches the model.
    pub allows: &'a dyn Fn(&str) -> bool,
}

/// Every finding of the config `file` with these `servers`.
pub fn audit_config(file: &str, servers: &[ConfiguredServer<'_>]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for server in servers {
        for problem in config::check_entry(server.fields) {
            findings.push(entry_finding(
                file,
                server.name,
                problem.rule,
                problem.path,
                problem.message,
                problem.excerpt,
            ));
        }
        if server.enabled && server.snapshot.is_none() {
            findings.push(entry_finding(
                file,
                server.name,
                &rules::NO_SNAPSHOT,
                "/snapshot".into(),
                "no snapshot: its tools are neither pinned nor audited".into(),
                format!("server `{}`", server.name),
            ));
        }
    }
    let snapshots: Vec<(String, Snapshot)> = servers
        .iter()
        .filter(|s| s.enabled)
        .filter_map(|s| s.snapshot.clone())
        .collect();
    findings.extend(toxic(file, servers));
    findings.extend(audit(&snapshots));
    findings
}

fn entry_finding(
    file: &str,
    server: &str,
    rule: &'static rules::Rule,
    path: String,
    message: String,
    excerpt: String,
) -> Finding {
    Finding {
        file: file.to_string(),
        subject: format!("server `{server}`"),
        tool: None,
        path,
        rule,
        message,
        excerpt,
        // The server's name locates the entry in the file (SARIF's line); never a value.
        text: server.to_string(),
    }
}

/// The toxic flow over the enabled servers' tools that pass their filters.
fn toxic(file: &str, servers: &[ConfiguredServer<'_>]) -> Option<Finding> {
    let tools: Vec<(&str, &crate::snapshot::ToolDef)> = servers
        .iter()
        .filter(|s| s.enabled)
        .filter_map(|s| s.snapshot.as_ref().map(|(_, snap)| (s, snap)))
        .flat_map(|(s, snap)| {
            snap.tools
                .iter()
                .filter(|t| (s.allows)(&t.name))
                .map(move |t| (s.name, t))
        })
        .collect();
    let found = flow::toxic_flow(&tools)?;
    let named = |t: &flow::FlowTool| format!("`{}` of {}", t.tool, t.server);
    let [p, u, s] = found.counts;
    Some(Finding {
        file: file.to_string(),
        subject: "config".into(),
        tool: None,
        path: String::new(),
        rule: &rules::TOXIC_FLOW,
        message: format!(
            "one agent reads private data with {}, takes in untrusted content with {}, and can send data out with {}: text in that content can have the model send the data out ({p} tool(s) read private data, {u} take in untrusted content, {s} send out)",
            named(&found.private),
            named(&found.untrusted),
            named(&found.sink)
        ),
        excerpt: format!(
            "private: {}/{}; untrusted: {}/{}; sink: {}/{}",
            found.private.server,
            found.private.tool,
            found.untrusted.server,
            found.untrusted.tool,
            found.sink.server,
            found.sink.tool
        ),
        text: found.sink.server.clone(),
    })
}

//! The drift guard of generated clients: compare the live server's tools with the fingerprints
//! embedded at generation time, and classify what differs.

use crate::schema::drift::{Change, Severity, ToolSchemas, diff, max_severity};
use std::collections::BTreeMap;

use crate::schema::{Withheld, fingerprint};
use crate::{Client, DriftPolicy, Error, Result, ToolInfo};

impl Client {
    /// Connects, then runs [`Client::verify_tools`] under `options.drift_policy` (skipped when
    /// `Off`); a failed check closes the connection. What generated clients' `connect` calls.
    pub async fn connect_verified(
        spec: impl Into<crate::ServerSpec>,
        options: crate::ConnectOptions,
        expected: &[ToolInfo],
    ) -> Result<Client> {
        let policy = options.drift_policy;
        let client = Client::connect_with(spec, options).await?;
        if policy != DriftPolicy::Off
            && let Err(err) = client.verify_tools(expected, policy).await
        {
            client.close().await;
            return Err(err);
        }
        Ok(client)
    }

    /// Compares the server's tools with `expected` (a generated `TOOLS` table): tools whose
    /// fingerprints match are skipped, the others are classified with [`crate::schema::drift`].
    /// Tools the server has beyond `expected` are ignored: the generated code cannot call them.
    pub async fn verify_tools(
        &self,
        expected: &[ToolInfo],
        policy: DriftPolicy,
    ) -> Result<Vec<Change>> {
        let live = self.list_tools().await?;
        let live: Vec<ToolSchemas> = live
            .iter()
            .filter_map(|tool| serde_json::to_value(tool).ok())
            .filter_map(|v| ToolSchemas::from_json(&v))
            .collect();
        let pinned = policy == DriftPolicy::Pinned;
        let mut old = Vec::new();
        let mut new = Vec::new();
        for info in expected {
            let current = live.iter().find(|t| t.name == info.name);
            // Fingerprints cover the schemas, not the text: a pinned check reads every tool.
            if !pinned
                && let Some(current) = current
                && fingerprint(&current.input_schema, current.output_schema.as_ref())
                    == info.fingerprint
            {
                continue;
            }
            old.push(ToolSchemas {
                name: info.name.to_string(),
                description: (!info.description.is_empty()).then(|| info.description.to_string()),
                input_schema: info.input_schema_json(),
                output_schema: info.output_schema_json(),
                annotations: info.annotations_json(),
                ..ToolSchemas::default()
            });
            if let Some(current) = current {
                // `TOOLS` keeps no title, icons or execution: compare like with like.
                new.push(ToolSchemas {
                    title: None,
                    icons: None,
                    execution: None,
                    ..current.clone()
                });
            }
        }
        let changes = diff(&old, &new);
        if policy == DriftPolicy::Off {
            return Ok(changes);
        }
        if pinned {
            self.withhold(&changes);
        }
        for change in &changes {
            match change.severity {
                Severity::Breaking | Severity::Security => tracing::warn!(
                    server = %self.target(), tool = %change.tool, path = %change.path, kind = change.kind,
                    "schema drift: {}", change.message
                ),
                _ => tracing::info!(
                    server = %self.target(), tool = %change.tool, path = %change.path, kind = change.kind,
                    severity = %change.severity, "schema drift: {}", change.message
                ),
            }
        }
        if policy == DriftPolicy::Error
            && max_severity(&changes).is_some_and(|worst| worst >= Severity::Breaking)
        {
            return Err(Error::Drift {
                target: self.target().to_string(),
                changes,
            });
        }
        Ok(changes)
    }

    /// Withholds each tool with a security change among `changes` (and no other).
    fn withhold(&self, changes: &[Change]) {
        let mut by_tool: BTreeMap<String, Vec<Change>> = BTreeMap::new();
        for change in changes.iter().filter(|c| c.severity == Severity::Security) {
            by_tool
                .entry(change.tool.clone())
                .or_default()
                .push(change.clone());
        }
        let withheld = by_tool
            .into_iter()
            .map(|(tool, changes)| (tool, Withheld::Changed(changes).reason()))
            .collect();
        *self.withheld.write().unwrap_or_else(|p| p.into_inner()) = withheld;
    }

    /// The server as `mcp-codegen` arguments: `--url URL` or `-- COMMAND`.
    fn approve_source(&self) -> String {
        match &self.spec {
            crate::ServerSpec::Stdio(_) => format!("-- {}", self.target().trim_matches('`')),
            crate::ServerSpec::Http(http) if http.legacy_sse => {
                format!("--url {} --sse", self.target())
            }
            crate::ServerSpec::Http(_) => format!("--url {}", self.target()),
            crate::ServerSpec::Replay(r) => format!("--replay {}", r.path.display()),
            crate::ServerSpec::InProcess(_) => "<the server>".to_string(),
        }
    }

    /// The tools a [`DriftPolicy::Pinned`] check withheld, with why, by name (empty when no
    /// pinned check ran or nothing changed).
    pub fn withheld_tools(&self) -> BTreeMap<String, String> {
        self.withheld
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// `Err(NotApproved)` when a pinned check withheld `tool`.
    pub(crate) fn not_withheld(&self, tool: &str) -> Result<()> {
        let withheld = self.withheld.read().unwrap_or_else(|p| p.into_inner());
        match withheld.get(tool) {
            None => Ok(()),
            Some(reason) => Err(Error::NotApproved {
                server: self.target().trim_matches('`').to_string(),
                tool: tool.to_string(),
                reason: reason.clone(),
                approve: format!(
                    "mcp-codegen approve SNAPSHOT {} (SNAPSHOT: the one this client was generated from; then generate it again)",
                    self.approve_source()
                ),
            }),
        }
    }
}

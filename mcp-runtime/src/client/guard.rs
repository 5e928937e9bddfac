//! The drift guard of generated clients: compare the live server's tools with the fingerprints
//! embedded at generation time, and classify what differs.

use crate::schema::drift::{Change, Severity, ToolSchemas, diff, max_severity};
use crate::schema::fingerprint;
use crate::{Client, Error, Result, ToolInfo};

/// What a generated client does when the live server's tools differ from its snapshot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum DriftPolicy {
    /// Connect does not compare (no extra `tools/list`); [`Client::verify_tools`] compares
    /// but neither logs nor fails.
    Off,
    /// Log each change with `tracing` (breaking ones at warn level) and carry on.
    #[default]
    Warn,
    /// Like `Warn`, but a breaking change is an [`Error::Drift`].
    Error,
}

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
        let mut old = Vec::new();
        let mut new = Vec::new();
        for info in expected {
            let current = live.iter().find(|t| t.name == info.name);
            if let Some(current) = current
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
                ..ToolSchemas::default()
            });
            if let Some(current) = current {
                // Only the schemas were fingerprinted; compare like with like.
                new.push(ToolSchemas {
                    title: None,
                    annotations: None,
                    ..current.clone()
                });
            }
        }
        let changes = diff(&old, &new);
        if policy == DriftPolicy::Off {
            return Ok(changes);
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
}

//! Snapshots taken from live servers.

use std::time::Duration;

use mcp_runtime::{Client, ConnectOptions, ServerSpec};

use crate::snapshot::{ServerIdentity, Snapshot};
use crate::{Error, Result};

/// Connects to `spec`, lists its tools and returns them as a snapshot (the connection is
/// closed, and a stdio server ended, before returning).
pub async fn take(spec: ServerSpec, options: ConnectOptions) -> Result<Snapshot> {
    let origin = spec.target();
    let client = Client::connect_with(spec, options).await?;
    let listed = client.list_tools().await;
    let server = client.server_info().map(|i| ServerIdentity {
        name: i.name.clone(),
        version: i.version.clone(),
    });
    let protocol_version = Some(client.protocol_version().to_string());
    client.close().await;
    let mut raw = Vec::new();
    for tool in listed? {
        raw.push(serde_json::to_value(&tool).map_err(|e| Error::snapshot(&origin, e.to_string()))?);
    }
    let mut snapshot = Snapshot::from_value(serde_json::json!({ "tools": raw }), &origin)?;
    snapshot.server = server;
    snapshot.protocol_version = protocol_version;
    Ok(snapshot)
}

/// [`take`] from synchronous code (build scripts, the CLI): runs its own small runtime.
pub fn take_blocking(spec: ServerSpec, options: ConnectOptions) -> Result<Snapshot> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Settings(format!("cannot start a tokio runtime: {e}")))?;
    runtime.block_on(take(spec, options))
}

/// Options for snapshotting: no call timeout matters, but slow starters (`npx` fetching a
/// package) get a generous connect timeout.
pub fn snapshot_options() -> ConnectOptions {
    ConnectOptions::default().connect_timeout(Duration::from_secs(120))
}

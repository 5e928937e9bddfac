//! Snapshots taken from live servers.

use std::time::Duration;

use mcp_runtime::{Client, ConnectOptions, ServerSpec};
use serde_json::{Map, Value};

use crate::snapshot::{ServerIdentity, Snapshot};
use crate::{Error, Result};

/// Connects to `spec`, lists its tools — and its prompts, resources and resource templates
/// when it offers them — and returns them as a snapshot (the connection is closed, and a
/// stdio server ended, before returning).
pub async fn take(spec: ServerSpec, options: ConnectOptions) -> Result<Snapshot> {
    let origin = spec.target();
    let client = Client::connect_with(spec, options).await?;
    let listed = list_all(&client).await;
    let server = client.server_info().map(|i| ServerIdentity {
        name: i.name.clone(),
        version: i.version.clone(),
    });
    let protocol_version = Some(client.protocol_version().to_string());
    client.close().await;
    let mut snapshot = Snapshot::from_value(Value::Object(listed?), &origin)?;
    snapshot.server = server;
    snapshot.protocol_version = protocol_version;
    Ok(snapshot)
}

/// `{"tools": [...], "prompts": [...], ...}` as the server lists them; a section is left out
/// when the server's capabilities do not offer it.
async fn list_all(client: &Client) -> Result<Map<String, Value>> {
    let capabilities = &client.peer_info().capabilities;
    let mut root = Map::new();
    root.insert("tools".into(), json_array(client.list_tools().await?)?);
    if capabilities.prompts.is_some() {
        root.insert("prompts".into(), json_array(client.list_prompts().await?)?);
    }
    if capabilities.resources.is_some() {
        root.insert(
            "resources".into(),
            json_array(client.list_resources().await?)?,
        );
        // Templates are optional even for servers with resources: a server that does not
        // know the method has none.
        match client.list_resource_templates().await {
            Ok(templates) => {
                root.insert("resourceTemplates".into(), json_array(templates)?);
            }
            Err(mcp_runtime::Error::Protocol { .. }) => {}
            Err(other) => return Err(other.into()),
        }
    }
    Ok(root)
}

fn json_array<T: serde::Serialize>(items: Vec<T>) -> Result<Value> {
    serde_json::to_value(items)
        .map_err(|e| Error::Settings(format!("cannot record a listing: {e}")))
}

/// [`take`] from synchronous code (build scripts, the CLI): runs its own small runtime.
pub fn take_blocking(spec: ServerSpec, options: ConnectOptions) -> Result<Snapshot> {
    block_on(take(spec, options))?
}

/// Runs `future` to completion on a small runtime of its own (for synchronous callers).
pub fn block_on<F: std::future::Future>(future: F) -> Result<F::Output> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::Settings(format!("cannot start a tokio runtime: {e}")))?;
    Ok(runtime.block_on(future))
}

/// Options for snapshotting: no call timeout matters, but slow starters (`npx` fetching a
/// package) get a generous connect timeout.
pub fn snapshot_options() -> ConnectOptions {
    ConnectOptions::default().connect_timeout(Duration::from_secs(120))
}

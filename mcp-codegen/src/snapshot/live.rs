//! Snapshots taken from live servers.

use std::time::Duration;

use std::collections::BTreeMap;

use mcp_runtime::listing::Listing;
use mcp_runtime::{Client, ConnectOptions, ServerSpec};
use serde_json::{Map, Value};

use crate::snapshot::{CacheHint, ServerIdentity, Snapshot, unlisted};
use crate::{Error, Result};

/// Connects to `spec`, lists its tools — and its prompts, resources, resource templates and
/// skills when it offers them — and returns them as a snapshot (the connection is closed, and a
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
    let instructions = client.peer_info().instructions.clone();
    let capabilities = serde_json::to_value(&client.peer_info().capabilities).ok();
    let skills = match client.offers_skills() {
        true => Some(client.list_skills().await),
        false => None,
    };
    client.close().await;
    let (mut listed, cache, unlisted) = listed?;
    // Skills as listed, with their files' digests; no file is read.
    if let Some(skills) = skills {
        let entries = skills?.into_iter().map(|skill| skill.raw).collect();
        listed.insert("skills".into(), Value::Array(entries));
    }
    let mut snapshot = Snapshot::from_value(Value::Object(listed), &origin)?;
    snapshot.cache = cache;
    snapshot.unlisted = unlisted;
    snapshot.server = server;
    snapshot.protocol_version = protocol_version;
    snapshot.instructions = instructions.filter(|text| !text.is_empty());
    snapshot.capabilities = capabilities.filter(Value::is_object);
    Ok(snapshot)
}

/// What [`list_all`] gives: the sections as the server sent them, each listing's cache hints,
/// and the catalog sections it failed to list, with why.
type Lists = (
    Map<String, Value>,
    BTreeMap<String, CacheHint>,
    BTreeMap<String, String>,
);

/// `{"tools": [...], "prompts": [...], ...}` as the server sent them (every field, those the
/// runtime's model does not know included), and each listing's cache hints; a section is
/// left out when the server's capabilities do not offer it. Only the tools must list: a
/// catalog listing the server fails is recorded as unlisted ([`crate::snapshot::unlisted`]).
async fn list_all(client: &Client) -> Result<Lists> {
    let mut root = Map::new();
    let mut cache = BTreeMap::new();
    let mut unlisted = BTreeMap::new();
    for (listing, section) in wanted(client) {
        let listed = match client.list_as_sent(listing).await {
            Ok(listed) => listed,
            Err(err) if listing == Listing::Tools => return Err(err.into()),
            // Templates are optional even for servers with resources: a server that does
            // not know the method has none. So has a server that offers prompts or resources
            // in its capabilities but answers their listing "method not found" (-32601).
            Err(mcp_runtime::Error::Protocol { message, .. })
                if listing == Listing::ResourceTemplates || message.contains("-32601") =>
            {
                continue;
            }
            Err(mcp_runtime::Error::Protocol { message, .. }) => {
                unlisted.insert(section.to_string(), unlisted::reason(&message));
                continue;
            }
            Err(mcp_runtime::Error::Timeout { .. }) => {
                unlisted.insert(section.to_string(), "no answer in time".to_string());
                continue;
            }
            Err(other) => return Err(other.into()),
        };
        if listed.ttl_ms.is_some() || listed.cache_scope.is_some() {
            let hint = CacheHint {
                ttl_ms: listed.ttl_ms,
                scope: listed.cache_scope,
            };
            cache.insert(section.to_string(), hint);
        }
        root.insert(section.into(), Value::Array(listed.entries));
    }
    Ok((root, cache, unlisted))
}

/// The listings the server's capabilities offer, with their sections' names.
fn wanted(client: &Client) -> Vec<(Listing, &'static str)> {
    let capabilities = &client.peer_info().capabilities;
    let mut wanted = vec![(Listing::Tools, "tools")];
    if capabilities.prompts.is_some() {
        wanted.push((Listing::Prompts, "prompts"));
    }
    if capabilities.resources.is_some() {
        wanted.extend([
            (Listing::Resources, "resources"),
            (Listing::ResourceTemplates, "resourceTemplates"),
        ]);
    }
    wanted
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

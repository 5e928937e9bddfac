//! `audit --config FILE`: the config read as the Manager reads it (entries, filters, pinned
//! snapshots) and as written (for secrets and versions), handed to the library's
//! `audit_config`. Entries the Manager would skip are reported on stderr.

use std::path::{Path, PathBuf};

use mcp_codegen::Snapshot;
use mcp_codegen::audit::{ConfiguredServer, Finding, audit_config};
use mcp_runtime::host::config::{Config, written_entries};

/// Files read, as (name, text): SARIF places findings on their lines.
type Files = Vec<(String, String)>;

/// Whether a tool passes a server's filter.
type Filter = Box<dyn Fn(&str) -> bool>;

/// The findings of the config at `path`, and the files read.
pub(crate) fn audit(
    path: &Path,
    snapshot_dir: Option<&Path>,
) -> anyhow::Result<(Vec<Finding>, Files)> {
    if !path.is_file() {
        anyhow::bail!(
            "no MCP config at {} (give the file your client reads, such as .mcp.json, .vscode/mcp.json or ~/.codex/config.toml)",
            path.display()
        );
    }
    let config = Config::load(path)?;
    for warning in &config.warnings {
        eprintln!("warning: {warning}");
    }
    // By name, whatever order the file (or the JSON map) gives: the report is deterministic.
    let mut written = written_entries(path)?;
    written.sort_by(|a, b| a.name.cmp(&b.name));
    let file = path.display().to_string();
    let mut files = vec![(file.clone(), std::fs::read_to_string(path)?)];
    let mut snapshots = Vec::new();
    for entry in &written {
        let snapshot = snapshot_of(&config, &entry.name, snapshot_dir)
            .map(|p| load(&p, &mut files))
            .transpose()?;
        snapshots.push(snapshot);
    }
    let filters: Vec<Filter> = written
        .iter()
        .map(|entry| {
            let filter = config.servers.get(&entry.name).map(|s| s.tools.clone());
            Box::new(move |tool: &str| filter.as_ref().is_none_or(|f| f.allows(tool))) as Filter
        })
        .collect();
    let servers: Vec<ConfiguredServer<'_>> = written
        .iter()
        .zip(snapshots)
        .zip(&filters)
        .map(|((entry, snapshot), allows)| ConfiguredServer {
            name: &entry.name,
            fields: &entry.fields,
            enabled: config.servers.get(&entry.name).is_none_or(|s| !s.disabled),
            snapshot,
            allows: allows.as_ref(),
        })
        .collect();
    Ok((audit_config(&file, &servers), files))
}

/// The entry's pinned snapshot, else `DIR/NAME.json` if there is one.
fn snapshot_of(config: &Config, name: &str, dir: Option<&Path>) -> Option<PathBuf> {
    let pinned = config
        .servers
        .get(name)
        .and_then(|s| s.pin.as_ref())
        .map(|pin| pin.snapshot.clone());
    pinned.or_else(|| {
        dir.map(|d| d.join(format!("{name}.json")))
            .filter(|p| p.is_file())
    })
}

fn load(path: &Path, files: &mut Files) -> anyhow::Result<(String, Snapshot)> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|err| anyhow::anyhow!("cannot read snapshot {name}: {err}"))?;
    let snapshot = Snapshot::parse(&text, &name)?;
    files.push((name.clone(), text));
    Ok((name, snapshot))
}

//! `snapshot --out FILE`: one live server's catalog, written only when it changed.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, bail};
use mcp_codegen::snapshot::live;
use mcp_codegen::write_if_changed;

use crate::auth::with_login;
use crate::source::{SourceArgs, load_config};

/// `snapshot --out FILE` (one server) or `snapshot --config F --all --out-dir DIR` (each).
pub(crate) fn run(
    out: Option<&Path>,
    all: bool,
    out_dir: Option<&Path>,
    source: &SourceArgs,
) -> anyhow::Result<ExitCode> {
    match (out, all, out_dir) {
        (_, true, Some(dir)) => {
            let path = source.config.as_deref().context("--all needs --config")?;
            crate::snapshot_all::snapshot_all(&load_config(path)?, dir)
        }
        (Some(out), false, _) => snapshot(out, source),
        _ => bail!("say where to write: --out FILE, or --all --out-dir DIR"),
    }
}

fn snapshot(out: &Path, source: &SourceArgs) -> anyhow::Result<ExitCode> {
    let (spec, options) = source.connection()?;
    let target = spec.target();
    let mut snapshot = with_login(spec, &source.login, |spec| {
        live::take_blocking(spec, options.clone())
    })
    .with_context(|| format!("taking a snapshot of {target}"))?;
    for line in snapshot.settle_unlisted_at(out) {
        eprintln!("warning: {}: {line}", out.display());
    }
    let changed = write_if_changed(out, &snapshot.to_json())?;
    let who = snapshot
        .server
        .as_ref()
        .map(|s| format!("{} {}", s.name, s.version).trim().to_string())
        .unwrap_or(target);
    let verb = if changed { "wrote" } else { "unchanged:" };
    eprintln!(
        "{verb} {} ({} from {who})",
        out.display(),
        snapshot.counts()
    );
    Ok(ExitCode::SUCCESS)
}

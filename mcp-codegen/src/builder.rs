//! The build.rs front door.
//!
//! ```no_run
//! // build.rs, in `fn main`:
//! mcp_codegen::Builder::new().snapshot("mcp/everything.json").generate().unwrap();
//! // src/lib.rs:  mod everything { mcp_runtime::include_client!("everything"); }
//! ```
//! Offline by default: the committed snapshot is the source of truth. With
//! `MCP_CODEGEN_REFRESH=1`, snapshots configured with [`Builder::refresh_from`] are first
//! re-taken from their live server (needs the `live` feature).

use std::path::{Path, PathBuf};

use mcp_runtime::ServerSpec;

use crate::write::write_if_changed;
use crate::{Error, Generator, Result, Settings, Snapshot};

/// Generates `$OUT_DIR/<snapshot stem>.rs` for each snapshot.
#[derive(Debug, Default)]
pub struct Builder {
    entries: Vec<Entry>,
    out_dir: Option<PathBuf>,
    refresh: Option<bool>,
}

#[derive(Debug)]
struct Entry {
    snapshot: PathBuf,
    settings: Settings,
    refresh: Option<ServerSpec>,
}

/// The environment variable that makes the Builder re-take snapshots from live servers.
pub(crate) const REFRESH_ENV: &str = "MCP_CODEGEN_REFRESH";

impl Builder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a snapshot (relative to the crate's `CARGO_MANIFEST_DIR`).
    pub fn snapshot(mut self, path: impl Into<PathBuf>) -> Self {
        self.entries.push(Entry {
            snapshot: path.into(),
            settings: Settings::default(),
            refresh: None,
        });
        self
    }

    /// Settings for the snapshot added last.
    pub fn settings(mut self, settings: Settings) -> Self {
        if let Some(entry) = self.entries.last_mut() {
            entry.settings = settings;
        }
        self
    }

    /// The live server the snapshot added last is re-taken from when `MCP_CODEGEN_REFRESH=1`.
    pub fn refresh_from(mut self, spec: impl Into<ServerSpec>) -> Self {
        if let Some(entry) = self.entries.last_mut() {
            entry.refresh = Some(spec.into());
        }
        self
    }

    /// Re-take snapshots from their live servers now (`true`) or never (`false`), instead of
    /// following `MCP_CODEGEN_REFRESH`.
    pub fn refresh(mut self, refresh: bool) -> Self {
        self.refresh = Some(refresh);
        self
    }

    /// Writes to this directory instead of `$OUT_DIR`.
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Generates every snapshot, writing only files whose content changed. Prints
    /// `cargo:rerun-if-changed` for each snapshot and `cargo:warning` for each fallback.
    /// Returns the files it manages.
    pub fn generate(self) -> Result<Vec<PathBuf>> {
        let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .unwrap_or_default();
        let out_dir = match self
            .out_dir
            .or_else(|| std::env::var_os("OUT_DIR").map(PathBuf::from))
        {
            Some(dir) => dir,
            None => return Err(Error::Settings(
                "OUT_DIR is not set: call Builder::generate from build.rs, or set Builder::out_dir"
                    .into(),
            )),
        };
        let refresh = self
            .refresh
            .unwrap_or_else(|| std::env::var(REFRESH_ENV).is_ok_and(|v| !v.is_empty() && v != "0"));
        println!("cargo:rerun-if-env-changed={REFRESH_ENV}");
        let mut written = Vec::new();
        for entry in self.entries {
            let path = manifest_dir.join(&entry.snapshot);
            println!("cargo:rerun-if-changed={}", path.display());
            if refresh && let Some(spec) = entry.refresh {
                refresh_snapshot(&path, spec)?;
            }
            let snapshot = Snapshot::load(&path)?;
            let label = entry.snapshot.display().to_string();
            let (code, warnings) =
                Generator::new(entry.settings).generate_source(&snapshot, &label)?;
            for warning in warnings {
                println!("cargo:warning={label}: {warning}");
            }
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("client");
            let target = out_dir.join(format!("{stem}.rs"));
            write_if_changed(&target, &code)?;
            written.push(target);
        }
        Ok(written)
    }
}

#[cfg(feature = "live")]
fn refresh_snapshot(path: &Path, spec: ServerSpec) -> Result<()> {
    let mut snapshot =
        crate::snapshot::live::take_blocking(spec, crate::snapshot::live::snapshot_options())?;
    for note in snapshot.settle_unlisted_at(path) {
        println!("cargo:warning={}: {note}", path.display());
    }
    write_if_changed(path, &snapshot.to_json())?;
    Ok(())
}

#[cfg(not(feature = "live"))]
fn refresh_snapshot(path: &Path, _spec: ServerSpec) -> Result<()> {
    Err(Error::Settings(format!(
        "{REFRESH_ENV} is set but mcp-codegen was built without its `live` feature, so {} cannot be re-taken",
        path.display()
    )))
}

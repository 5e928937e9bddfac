//! `"snapshot": "snapshots/fs.json"` in a server entry: the committed snapshot its tools are
//! pinned to. The Manager offers those tools as the snapshot has them and withholds any whose
//! model-visible text or annotations changed (`schema::Approved`); `allow_unapproved_tools`
//! lets tools the snapshot lacks through.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::schema::Approved;

/// A server's approved snapshot, loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct Pin {
    /// The snapshot file.
    pub snapshot: PathBuf,
    /// Its tools.
    pub approved: Arc<Approved>,
    /// Whether tools the snapshot does not have are offered (default: withheld).
    pub allow_new: bool,
    /// The command that reviews a withheld tool and rewrites the snapshot, for error messages.
    pub approve_command: String,
}

impl Pin {
    /// Loads `snapshot` (a file written by `mcp-codegen snapshot`).
    pub fn load(snapshot: impl Into<PathBuf>) -> Result<Pin, String> {
        let snapshot = snapshot.into();
        let approved = Approved::load(&snapshot)?;
        Ok(Pin {
            approve_command: format!(
                "mcp-codegen approve {} <the server: --config FILE --server NAME, --url URL or -- COMMAND>",
                quote(&snapshot)
            ),
            snapshot,
            approved: Arc::new(approved),
            allow_new: false,
        })
    }

    /// Sets [`Pin::allow_new`].
    pub fn allow_new(mut self, allow: bool) -> Pin {
        self.allow_new = allow;
        self
    }

    /// The pin of a config entry: `path` relative to the config's directory, and the approve
    /// command naming the config and the server.
    pub(super) fn from_entry(
        path: &str,
        base: Option<&Path>,
        config: &str,
        server: &str,
    ) -> Result<Pin, String> {
        let snapshot = match base {
            Some(dir) if Path::new(path).is_relative() => dir.join(path),
            _ => PathBuf::from(path),
        };
        let mut pin = Pin::load(&snapshot).map_err(|err| {
            format!(
                "`snapshot`: {err} (take it with `mcp-codegen snapshot --config {config} --server {server} --out {path}`)"
            )
        })?;
        pin.approve_command = format!(
            "mcp-codegen approve {} --config {} --server {}",
            quote(&snapshot),
            quote(Path::new(config)),
            quote(Path::new(server))
        );
        Ok(pin)
    }
}

/// A path as a shell word.
fn quote(path: &Path) -> String {
    let text = path.display().to_string();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@,+%".contains(c));
    match plain {
        true => text,
        false => format!("'{}'", text.replace('\'', r"'\''")),
    }
}

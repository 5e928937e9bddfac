//! A cassette served back in-process instead of a server: `ServerSpec::replay("cassette.json")`.

use std::path::PathBuf;

/// Where a recorded session is, and how its requests are matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplaySpec {
    /// The cassette (written by `ConnectOptions::record` or `mcp-codegen call --record`).
    pub path: PathBuf,
    /// JSON Pointers into a request's params that matching ignores (`/arguments/timestamp`):
    /// values that differ from run to run.
    pub ignore: Vec<String>,
}

impl ReplaySpec {
    /// Ignores the field at `pointer` (in the request's params) when matching.
    pub fn ignoring(mut self, pointer: impl Into<String>) -> Self {
        self.ignore.push(pointer.into());
        self
    }

    /// `replay of PATH`.
    pub fn target(&self) -> String {
        format!("replay of {}", self.path.display())
    }
}

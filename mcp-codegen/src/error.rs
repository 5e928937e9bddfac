//! The one error type of the generator.

use std::path::PathBuf;

/// Result alias used across `mcp-codegen`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What can stop generation or snapshotting. Messages name the file, the tool and the fix.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file could not be read or written.
    #[error("{action} {path}: {source}")]
    Io {
        /// `cannot read`, `cannot write`, …
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The snapshot is not usable; `problem` says what and how to fix it.
    #[error("snapshot {origin}: {problem}")]
    Snapshot {
        /// The file (or `<inline>`).
        origin: String,
        /// What is wrong.
        problem: String,
    },
    /// A setting is invalid (unknown tool in an allow-list, a bad client name, …).
    #[error("{0}")]
    Settings(String),
    /// Taking a snapshot from a live server failed.
    #[cfg(feature = "live")]
    #[error(transparent)]
    Live(#[from] mcp_runtime::Error),
}

impl Error {
    pub(crate) fn snapshot(origin: &str, problem: impl Into<String>) -> Self {
        Error::Snapshot {
            origin: origin.to_string(),
            problem: problem.into(),
        }
    }
}

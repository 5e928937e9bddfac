//! A test's own directory under the system's temp dir, removed when the test ends (a failing
//! test's too: the panic unwinds through it), so runs leave nothing in `/tmp`.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// An empty directory that lives as long as this value; it reads as its `Path`.
pub struct Scratch {
    _dir: tempfile::TempDir,
    /// Canonical: some tests compare it with paths a server or the runtime resolved.
    path: PathBuf,
}

/// A new empty directory named after `name` (with a random suffix, so parallel tests and
/// processes never share one).
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("mcp-{name}-"))
        .tempdir()
        .expect("create a directory under the system's temp dir");
    let path = dir
        .path()
        .canonicalize()
        .expect("a temp dir has a canonical path");
    Scratch { _dir: dir, path }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

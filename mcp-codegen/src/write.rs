//! Writing generated files without touching unchanged ones.

use std::path::Path;

use crate::{Error, Result};

/// Writes `contents` unless the file already holds exactly that (keeps mtimes, and so cargo's
/// and editors' caches, stable). Returns whether it wrote.
pub fn write_if_changed(path: &Path, contents: &str) -> Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == contents.as_bytes()) {
        return Ok(false);
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|source| Error::Io {
            action: "cannot create",
            path: parent.to_path_buf(),
            source,
        })?;
    }
    std::fs::write(path, contents).map_err(|source| Error::Io {
        action: "cannot write",
        path: path.to_path_buf(),
        source,
    })?;
    Ok(true)
}

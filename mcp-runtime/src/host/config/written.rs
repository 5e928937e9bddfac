//! A config's entries as the file wrote them, in our keys (`dialect.rs`) but with `${VAR}`
//! left unexpanded: what a lint needs to tell a secret written inline from a reference to the
//! environment. Nothing here reads the environment.

use std::fmt;
use std::path::Path;

use serde_json::{Map, Value};

use super::{ConfigError, dialect, formats};

/// One entry as written.
#[derive(Clone, PartialEq)]
pub struct WrittenEntry {
    /// Its name in the config.
    pub name: String,
    /// Its fields in canonical keys (`command`, `args`, `env`, `url`, `headers`, …), values
    /// as written: they may hold secrets.
    pub fields: Map<String, Value>,
}

/// Names the entry and its keys, never a value: the values may be secrets.
impl fmt::Debug for WrittenEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WrittenEntry")
            .field("name", &self.name)
            .field("keys", &self.fields.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The entries of the config at `path` as written; entries that cannot be read in our keys
/// are left out (`Config::load` warns about them).
pub fn written_entries(path: &Path) -> Result<Vec<WrittenEntry>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let origin = path.display().to_string();
    Ok(formats::entries(&text, &origin, Some(path))?
        .iter()
        .filter_map(|raw| {
            let (fields, _) = dialect::canonical(raw).ok()?;
            Some(WrittenEntry {
                name: raw.name.clone(),
                fields,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_stay_as_written_and_debug_shows_no_value() {
        let dir = std::env::temp_dir().join(format!("mcp-written-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mcp.json");
        std::fs::write(
            &path,
            r#"{"mcpServers": {"gh": {"type": "stdio", "command": "npx", "env": {"A": "${env:HOME}", "B": "s3cret"}}}}"#,
        )
        .unwrap();
        let entries = written_entries(&path).unwrap();
        assert_eq!(entries[0].fields["env"]["A"], "${env:HOME}");
        let debug = format!("{entries:?}");
        assert!(debug.contains("gh") && !debug.contains("s3cret"), "{debug}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

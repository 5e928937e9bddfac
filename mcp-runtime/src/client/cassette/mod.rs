//! Cassettes: a session recorded (`recorder.rs`, from `ConnectOptions::record`) and served
//! back in-process (`transport/replay.rs`, from `ServerSpec::replay`), matched by method and
//! params (`matching.rs`). The file is pretty, key-sorted JSON with a format version, meant to
//! be committed:
//!
//! ```json
//! {"format": 1, "interactions": [
//!   {"method": "initialize", "params": {…}, "result": {…}},
//!   {"method": "tools/call", "params": {"name": "add", "arguments": {"a": 1}}, "result": {…}},
//!   {"method": "tools/call", "params": {…}, "error": {"code": -32602, "message": "…"}}]}
//! ```
//! Requests keep their params without `_meta` (progress tokens differ between runs); env
//! values, header values and tokens of the server's spec are replaced by `<redacted>`. What a
//! server sends unasked (notifications) and asks of the client (sampling, elicitation) is not
//! recorded.

// Replaying runs on the in-process pipe of the stdio transport.
#[cfg(feature = "stdio")]
mod matching;
mod recorder;

#[cfg(feature = "stdio")]
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[cfg(feature = "stdio")]
pub(crate) use matching::Matcher;
pub(crate) use recorder::Recorder;

#[cfg(feature = "stdio")]
use crate::{Error, Result};

/// The newest cassette format this version reads and writes.
pub(crate) const FORMAT: u64 = 1;

/// A recorded session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Cassette {
    pub format: u64,
    pub interactions: Vec<Interaction>,
}

/// One request and its answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Interaction {
    pub method: String,
    #[serde(default)]
    pub params: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<Value>,
}

impl Cassette {
    /// Reads a cassette; errors name the file and what to do.
    #[cfg(feature = "stdio")]
    pub fn load(path: &Path, target: &str) -> Result<Cassette> {
        let fail = |reason: String| Error::Connect {
            target: target.to_string(),
            reason,
            stderr: Vec::new(),
        };
        let text = std::fs::read_to_string(path).map_err(|err| {
            fail(format!(
                "cannot read cassette {}: {err} (record one with `ConnectOptions::record` or `mcp-codegen call --record`)",
                path.display()
            ))
        })?;
        let cassette: Cassette = serde_json::from_str(&text)
            .map_err(|err| fail(format!("cassette {} is not valid: {err}", path.display())))?;
        if cassette.format == 0 || cassette.format > FORMAT {
            return Err(fail(format!(
                "cassette {} has format {} (this mcp-runtime reads 1 to {FORMAT}; upgrade it or record again)",
                path.display(),
                cassette.format
            )));
        }
        Ok(cassette)
    }

    /// The canonical text: keys sorted, pretty, trailing newline.
    pub fn to_json(&self) -> String {
        let value = serde_json::to_value(self).unwrap_or_default();
        let mut text =
            serde_json::to_string_pretty(&crate::schema::sort_keys(&value)).unwrap_or_default();
        text.push('\n');
        text
    }
}

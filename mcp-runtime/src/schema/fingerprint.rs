//! A tool's fingerprint: what generated clients embed and compare on connect.

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::canonical::{resolve_refs, sort_keys};

/// A tool's fingerprint: a hash of its canonical (ref-resolved, key-sorted) input and output
/// schemas. Descriptions inside the schemas count; the tool's own description does not.
pub fn fingerprint(input_schema: &Value, output_schema: Option<&Value>) -> String {
    let canonical = Value::Array(vec![
        sort_keys(&resolve_refs(input_schema)),
        output_schema
            .map(|s| sort_keys(&resolve_refs(s)))
            .unwrap_or(Value::Null),
    ]);
    short_hash(&canonical.to_string(), 16)
}

/// The first `bytes` bytes of the SHA-256 of `text`, in hex: a short stable suffix that tells
/// apart names cut or normalised to the same text.
pub fn short_hash(text: &str, bytes: usize) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..bytes.min(digest.len())]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

//! The schema toolkit: canonical JSON Schema, fingerprints, drift classification and the
//! `TOOLS`, `PROMPTS` and `RESOURCES` table entries of generated clients. Pure functions over `serde_json` values — no
//! tokio, no rmcp — so the generator and the proc macro use it without the client.

mod canonical;
mod catalog_info;
pub mod drift;
mod fingerprint;
mod json_kind;
pub mod pointer;
mod required;
mod tool_info;

pub use canonical::{resolve_refs, sort_keys};
pub use catalog_info::{PromptArgInfo, PromptInfo, ResourceInfo};
pub use fingerprint::{fingerprint, short_hash};
pub use json_kind::json_kind;
pub use required::required;
pub use tool_info::ToolInfo;

//! The schema toolkit: canonical JSON Schema, fingerprints, drift classification and the
//! `TOOLS`, `PROMPTS` and `RESOURCES` table entries of generated clients. Pure functions over `serde_json` values — no
//! tokio, no rmcp — so the generator and the proc macro use it without the client.

mod app_visibility;
mod approved;
mod canonical;
mod catalog_info;
pub mod drift;
mod fingerprint;
pub(crate) mod json_kind;
mod pinned_skill;
pub(crate) mod pointer;
pub(crate) mod required;
mod split_tool;
mod tool_info;

pub use app_visibility::app_only;
pub use approved::{Approved, Handshake, Verdict, Withheld};
pub use canonical::{resolve_refs, sort_keys};
pub use catalog_info::{PromptArgInfo, PromptInfo, ResourceInfo};
pub use fingerprint::{fingerprint, short_hash};
pub use pinned_skill::{PinnedFile, PinnedSkill};
pub(crate) use required::required;
pub use tool_info::ToolInfo;

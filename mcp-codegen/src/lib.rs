//! Typed Rust clients from MCP server snapshots: the library behind the `mcp_toolset!` macro,
//! the build.rs [`Builder`] and the `mcp-codegen` command line (crate `mcp-codegen-cli`).
//!
//! Three rooms:
//! - [`snapshot`]: the committed snapshot file (load, validate, canonical JSON) and, with the
//!   `live` feature, taking one from a running server;
//! - [`Generator`] (`generate/`): snapshot → one Rust module, with typify for the types;
//! - [`drift`]: what changed between two snapshots, classified and rendered;
//! - `audit` (feature `audit`): a lint of the text a model reads, for tool poisoning.
//!
//! No default features: a build script or the proc macro compiles generation only. `live`
//! adds the MCP client (rmcp, tokio) to take snapshots. See the repository README for the
//! snapshot format and the shape of the generated code.
#![deny(missing_docs)]

#[cfg(feature = "audit")]
pub mod audit;
mod builder;
pub mod drift;
mod error;
mod generate;
mod settings;
pub mod snapshot;
mod write;

pub use builder::Builder;
pub use error::{Error, Result};
pub use generate::{Argument, Explanation, Generated, Generator, Warning};
pub use mcp_runtime::ServerSpec;
pub use settings::Settings;
pub use snapshot::Snapshot;
pub use write::write_if_changed;

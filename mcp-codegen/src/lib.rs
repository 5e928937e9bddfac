//! Typed Rust clients from MCP `tools/list` snapshots.
//!
//! One [`Generator`] behind three front doors: the `mcp_toolset!` proc macro (`mcp-macros`),
//! the build.rs [`Builder`], and the `mcp-codegen` CLI. See the repository README for the
//! snapshot format and the shape of the generated code.
#![deny(missing_docs)]

mod builder;
mod catalog;
mod catalog_drift;
mod catalog_gen;
mod derives;
mod docs;
mod error;
mod generate;
mod groups;
#[cfg(feature = "live")]
pub mod live;
mod names;
pub mod report;
mod settings;
mod share;
pub mod snapshot;
mod types;

#[cfg(feature = "cli")]
mod auth_cmd;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod servers;
#[cfg(feature = "cli")]
mod snapshot_all;
mod write;

pub use builder::Builder;
#[cfg(feature = "cli")]
pub use cli::run_cli;
pub use error::{Error, Result};
pub use generate::{Generated, Generator, Warning};
pub use mcp_runtime::ServerSpec;
pub use settings::Settings;
pub use snapshot::Snapshot;

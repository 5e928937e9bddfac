//! The demo MCP server and helpers shared by the runnable examples.

#[cfg(feature = "conformance")]
pub mod conformance_client;
pub mod demo_asks;
pub mod demo_catalog;
#[cfg(feature = "http")]
pub mod demo_oauth;
pub mod demo_server;
pub mod demo_skills;
pub mod demo_stdio;
pub mod demo_tasks;

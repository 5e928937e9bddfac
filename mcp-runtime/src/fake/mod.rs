//! Typed fakes (feature `fake`): an MCP server in this process, made of a generated client's
//! `TOOLS` and the functions that answer them, connected over an in-memory pipe — no process,
//! no port — so code under test uses the very client type it uses in production.
//!
//! Generated code builds one from the `…Fake` trait it emits (`Settings::fakes`); by hand:
//!
//! ```no_run
//! # async fn demo(tools: &'static [mcp_runtime::ToolInfo]) -> mcp_runtime::Result<()> {
//! use mcp_runtime::fake::{FakeResult, FakeServer};
//! #[derive(serde::Deserialize)]
//! struct Add { a: f64, b: f64 }
//! let client = FakeServer::new("calculator", tools)
//!     .tool("add", |args: Add| async move { FakeResult::Ok(serde_json::json!({"sum": args.a + args.b})) })
//!     .connect()
//!     .await?;
//! # let _ = client; Ok(()) }
//! ```
//! Every result is checked against the tool's `outputSchema` before it is sent, so a fake
//! cannot drift from the snapshot unnoticed; a tool without an answer says which method to
//! implement. `server.rs` is the server; `error.rs` what a fake returns instead of a result.

mod catalog;
mod error;
mod server;

pub use error::{FakeError, FakeResult};
pub use server::FakeServer;

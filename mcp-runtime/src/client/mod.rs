//! The client room: one session with one MCP server.
//!
//! [`ServerSpec`](spec::ServerSpec) says where a server lives; `transport.rs` picks the file
//! that speaks to it (`stdio.rs`, `http.rs`, `sse.rs`, each behind its feature); `session.rs`
//! is the [`Client`](session::Client) every call goes through; `call.rs` is the pending call that
//! generated methods return; `guard.rs` compares a live server with a generated `TOOLS` table.
//!
//! Only `spec.rs` is compiled without a transport feature: the generator names servers too.

#[cfg(any(feature = "stdio", feature = "http"))]
pub mod call;
#[cfg(any(feature = "stdio", feature = "http"))]
#[cfg_attr(not(feature = "stdio"), allow(dead_code))]
mod child;
#[cfg(feature = "stdio")]
mod direct;
#[cfg(any(feature = "stdio", feature = "http"))]
pub(crate) mod error;
#[cfg(any(feature = "stdio", feature = "http"))]
mod guard;
#[cfg(any(feature = "stdio", feature = "http"))]
mod handler;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "http")]
mod http_limit;
#[cfg(any(feature = "stdio", feature = "http"))]
mod limit;
mod oauth_spec;
#[cfg(any(feature = "stdio", feature = "http"))]
mod options;
#[cfg(any(feature = "stdio", feature = "http"))]
mod output;
#[cfg(any(feature = "stdio", feature = "http"))]
mod pages;
#[cfg(feature = "stdio")]
mod pipe_writer;
#[cfg(any(feature = "stdio", feature = "http"))]
mod progress;
#[cfg(any(feature = "stdio", feature = "http"))]
mod progress_filter;
#[cfg(any(feature = "stdio", feature = "http"))]
mod prompts;
#[cfg(any(feature = "stdio", feature = "http"))]
mod resources;
#[cfg(any(feature = "stdio", feature = "http"))]
mod session;
pub(crate) mod spec;
#[cfg(feature = "http")]
mod sse;
#[cfg(feature = "stdio")]
mod stdio;
#[cfg(any(feature = "stdio", feature = "http"))]
mod transport;

#[cfg(any(feature = "stdio", feature = "http"))]
pub use call::PendingCall;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use error::{Error, Result};
#[cfg(any(feature = "stdio", feature = "http"))]
pub use guard::DriftPolicy;
pub use oauth_spec::OAuthSpec;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use options::ConnectOptions;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use output::{ToolOutput, resource_text};
#[cfg(any(feature = "stdio", feature = "http"))]
pub use progress::{Progress, ProgressFn};
#[cfg(any(feature = "stdio", feature = "http"))]
pub use prompts::{PendingPrompt, PromptFuture, PromptOutput};
#[cfg(any(feature = "stdio", feature = "http"))]
pub use resources::ResourceOutput;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use session::Client;
pub use spec::{HttpSpec, ServerSpec, StdioSpec};

//! The client room: one session with one MCP server (features `stdio`, `http`; compiled when
//! either is on).
//!
//! `session.rs` is the [`Client`](session::Client): connecting, what the server said about
//! itself, errors, closing. What a session does is one file per MCP concept: `tools.rs`,
//! `prompts.rs`, `resources.rs`, with `call.rs` the pending call that generated methods return
//! and `output.rs` what a call gives back. `asks/` answers servers that ask (elicitation,
//! sampling, roots) in both eras. `drift_guard.rs` compares a live server with a generated
//! `TOOLS` table. `transport/` is the wing that reaches a server.

mod asks;
pub mod call;
pub(crate) mod cassette;
mod completion;
mod custom_request;
mod drift_guard;
mod handler;
#[cfg_attr(not(feature = "host"), allow(dead_code))]
pub(crate) mod known_discovery;
mod listing;
mod options;

mod paging;
mod progress;
pub(crate) mod prompts;
mod protocol;
mod raw_tap;
mod resources;
mod round_trips;
mod scope_challenge;
mod session;
mod skill_check;
pub(crate) mod skills;
pub(crate) mod tasks;
mod telemetry;
mod tool_name;
mod tools;
#[cfg(feature = "host")]
pub(crate) use tools::ListedTools;
pub(crate) mod transport;

pub use asks::elicitation::{ElicitAnswer, Elicitation, ElicitationMode};
pub use asks::roots::Root;
pub use asks::sampling::{SamplingMessage, SamplingReply, SamplingRequest};
pub use call::PendingCall;
pub use completion::{Completing, Completion};

pub use listing::{Listed, Listing};
pub use options::{ConnectOptions, DriftPolicy};

pub use progress::{Progress, ProgressFn};
pub use prompts::{PendingPrompt, PromptFuture, PromptOutput};
pub use protocol::Protocol;
pub use resources::ResourceOutput;
pub use session::Client;
pub use tasks::{StartTask, Task, TaskState, TaskStatus, TaskSupport, TaskUpdateFn};
pub use tool_name::ToolName;
#[doc(hidden)]
pub use tool_name::call_tool;

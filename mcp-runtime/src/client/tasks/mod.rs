//! Tasks: tool calls that outlive a request. A server may run a call as a task — it answers
//! with a task id at once, and the client polls for the state, answers the server's questions,
//! and fetches the result when it is done — so long work survives call timeouts and dropped
//! connections.
//!
//! `wire.rs` speaks both forms (2025-11-25's core tasks, 2026-07-28's extension) and picks by
//! the session's revision; `state.rs` is a task's state in either; `follow.rs` the one loop
//! that follows a task to its end; `handle.rs` the [`Task`] an application holds; `support.rs`
//! which tools a 2025-11-25 server runs only as tasks.
//!
//! A plain call never needs to know: a server that turns it into a task is followed to the end
//! within the call's timeout, and dropping the call cancels the task. `.as_task()` is for
//! holding the task itself.

mod decide;
pub(crate) mod follow;
mod handle;
mod state;
pub(crate) mod support;
pub(crate) mod wire;

pub use follow::TaskUpdateFn;
pub use handle::{StartTask, Task};
pub use state::{TaskState, TaskStatus};
pub use support::TaskSupport;

use crate::client::call::raw_output;
use crate::{Client, ToolOutput};

impl Client {
    /// The task `id`, to follow it again — after a reconnect, or in another process — as the
    /// untyped [`ToolOutput`] (`.structured::<R>()` types it). Generated clients have the same
    /// typed, as `<tool>::resume(&client, id)`.
    ///
    /// ```no_run
    /// # async fn demo(client: &mcp_runtime::Client, saved_id: &str) -> mcp_runtime::Result<()> {
    /// let output = client.task(saved_id).result().await?;
    /// println!("{}", output.text());
    /// # Ok(())
    /// # }
    /// ```
    pub fn task(&self, id: &str) -> Task<'_, ToolOutput> {
        self.task_of("(resumed task)", id)
    }

    /// The task `id` of `tool`, untyped (errors name the tool).
    pub(crate) fn task_of(&self, tool: &str, id: &str) -> Task<'_, ToolOutput> {
        Task::resumed(self, tool, id, raw_output)
    }
}

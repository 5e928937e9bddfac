//! A tool of a generated client, as a type: what the client's one generic pending call needs
//! to know of each tool, so that no tool module writes a constructor of its own.

use serde::Serialize;

use super::call::{PendingCall, call_raw};
use super::tasks::TaskSupport;
use crate::{Client, ToolOutput};

/// One tool of a generated client: each tool module's `ThisTool` implements it. The generic
/// pending call's `new` reads the tool's name, and what its listing said about tasks, from it.
pub trait ToolName {
    /// The tool's name on the server.
    const NAME: &'static str;
    /// What the tool's listing said in `execution.taskSupport` (2025-11-25): `Required` runs
    /// a plain `.await` as a task.
    const TASK_SUPPORT: TaskSupport = TaskSupport::Forbidden;
}

/// A pending call of the tool `T` with `input`, resolving to its output as it came (a
/// generated tool without an `outputSchema`).
pub fn call_tool<'a, T: ToolName, I: Serialize>(
    client: &'a Client,
    input: I,
) -> PendingCall<'a, I, ToolOutput> {
    call_raw(client, T::NAME, input).task_support(T::TASK_SUPPORT)
}

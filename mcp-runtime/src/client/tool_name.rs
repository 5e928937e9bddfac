//! A tool of a generated client, as a type: what the client's one generic pending call needs
//! to know of each tool, so that no tool module writes a constructor of its own.

use serde::Serialize;

use super::call::PendingCall;
use super::tasks::TaskSupport;
use crate::Client;
use crate::output::decode::FromToolOutput;

/// One tool of a generated client: each tool module's `ThisTool` implements it. The generic
/// pending call's `new` reads the tool's name, and what its listing said about tasks, from it.
pub trait ToolName {
    /// The tool's name on the server.
    const NAME: &'static str;
    /// What the tool's listing said in `execution.taskSupport` (2025-11-25): `Required` runs
    /// a plain `.await` as a task.
    const TASK_SUPPORT: TaskSupport = TaskSupport::Forbidden;
}

/// A pending call of the tool `T` with `input`, resolving to its output as it came or to its
/// decoded structured result, as `O` says.
pub fn call_tool<'a, T: ToolName, I: Serialize, O: FromToolOutput>(
    client: &'a Client,
    input: I,
) -> PendingCall<'a, I, O> {
    PendingCall::new(client, T::NAME, input, O::from_tool_output).task_support(T::TASK_SUPPORT)
}

/// Declares a generated tool module's `NAME` and `ThisTool` (this module's [`ToolName`]) in one
/// line: `this_tool!("get_issue")`, or with the listing's task support,
/// `this_tool!("build", ::mcp_runtime::tasks::TaskSupport::Optional)`.
#[doc(hidden)]
#[macro_export]
macro_rules! __this_tool {
    ($name:literal $(, $support:expr)? $(,)?) => {
        /// The tool's name on the server.
        pub const NAME: &str = $name;

        /// This tool, as a type: its name, and what keeps its call apart from other tools'.
        pub enum ThisTool {}

        impl $crate::ToolName for ThisTool {
            const NAME: &'static str = NAME;
            $(const TASK_SUPPORT: $crate::tasks::TaskSupport = $support;)?
        }
    };
}

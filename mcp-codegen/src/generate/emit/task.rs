//! Tasks in generated code. A tool that may run as a task gets `Call::as_task()` (a typed
//! `Task`) and a module-level `resume(client, id)`; a tool that requires one is called as one
//! by a plain `.await`. Which tools: on 2025-11-25 those whose listing says
//! `execution.taskSupport` is `optional` or `required`; on 2026-07-28, where the server
//! decides per call, every tool; before 2025-11-25, none (that revision has no tasks).

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use crate::snapshot::ToolDef;

/// How a tool runs as a task, as its snapshot says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum TaskUse {
    /// Never: no task methods.
    #[default]
    None,
    /// The server decides per call (2026-07-28): `as_task()` and `resume`.
    ServerDecides,
    /// The listing says `optional`: those, and `as_task()` asks for a task (2025-11-25).
    Optional,
    /// The listing says `required`: those, and a plain call goes as a task too.
    Required,
}

impl TaskUse {
    /// What `tool` of a snapshot taken at `protocol` says.
    pub(crate) fn of(tool: &ToolDef, protocol: Option<&str>) -> TaskUse {
        match tool
            .raw
            .pointer("/execution/taskSupport")
            .and_then(Value::as_str)
        {
            Some("required") => return TaskUse::Required,
            Some("optional") => return TaskUse::Optional,
            _ => {}
        }
        // Revisions are dates: text order is time order.
        match protocol {
            Some(version) if version >= "2026-07-28" => TaskUse::ServerDecides,
            _ => TaskUse::None,
        }
    }

    /// The tool's `ToolName::TASK_SUPPORT`, when its listing says more than the default.
    pub(crate) fn support(self) -> Option<TokenStream> {
        match self {
            TaskUse::Required => Some(quote!(::mcp_runtime::tasks::TaskSupport::Required)),
            TaskUse::Optional => Some(quote!(::mcp_runtime::tasks::TaskSupport::Optional)),
            _ => None,
        }
    }

    /// `Call::as_task`, for the `impl Call` block.
    pub(crate) fn call_method(self, ret: &TokenStream) -> TokenStream {
        if self == TaskUse::None {
            return TokenStream::new();
        }
        quote! {
            /// Sends the call as a task and resolves once the server has taken it: a `Task` to
            /// poll, watch, cancel or resume by id, whose `result()` is typed like the call.
            pub fn as_task(self) -> ::mcp_runtime::tasks::StartTask<'a, #ret> {
                self.0.as_task()
            }
        }
    }

    /// The module-level `resume`.
    pub(crate) fn resume_fn(self, ret: &TokenStream, decode: &TokenStream) -> TokenStream {
        if self == TaskUse::None {
            return TokenStream::new();
        }
        quote! {
            /// The task `id` of this tool (from `Task::id`), followed again — after a
            /// reconnect, or in another process — its result typed like the call's.
            pub fn resume<'a>(client: &'a ::mcp_runtime::Client, id: &str) -> ::mcp_runtime::tasks::Task<'a, #ret> {
                ::mcp_runtime::__private::resume_task(client, NAME, id, #decode)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(raw: Value) -> ToolDef {
        ToolDef {
            name: "t".into(),
            title: None,
            description: None,
            input_schema: json!({"type": "object"}),
            output_schema: None,
            raw,
        }
    }

    #[test]
    fn the_listing_then_the_revision_decide() {
        let required = tool(json!({"execution": {"taskSupport": "required"}}));
        assert_eq!(
            TaskUse::of(&required, Some("2025-11-25")),
            TaskUse::Required
        );
        let forbidden = tool(json!({"execution": {"taskSupport": "forbidden"}}));
        assert_eq!(TaskUse::of(&forbidden, Some("2025-11-25")), TaskUse::None);
        let plain = tool(json!({}));
        assert_eq!(TaskUse::of(&plain, Some("2025-06-18")), TaskUse::None);
        assert_eq!(TaskUse::of(&plain, None), TaskUse::None);
        assert_eq!(
            TaskUse::of(&plain, Some("2026-07-28")),
            TaskUse::ServerDecides
        );
    }
}

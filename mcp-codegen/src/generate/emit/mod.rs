//! The generated module's items, one kind a file: the header (client and tables), the
//! client's doc example, a tool's module, its client method and `TOOLS` entry, its `Call`, the
//! catalog (prompts, resources), tasks, and the fake trait.

pub(crate) mod catalog;
pub(crate) mod client_method;
pub(crate) mod doc_example;
pub(crate) mod fake;
pub(crate) mod header;
pub(crate) mod output_type;
pub(crate) mod pending_call;
pub(crate) mod skills_table;
pub(crate) mod table_entry;
pub(crate) mod task;
pub(crate) mod tool_module;

//! Names and docs: Rust names from the server's (`names.rs`), and server text as rustdoc that
//! never runs, links or opens HTML (`docs.rs`, with `doc_indent.rs` for indentation).

pub(crate) mod doc_indent;
pub(crate) mod docs;
pub(crate) mod names;

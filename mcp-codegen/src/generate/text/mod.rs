//! Names and docs: Rust names from the server's (`names.rs`), and server text as rustdoc that
//! never runs, links or opens HTML (`docs.rs`, with `doc_indent.rs` for indentation and
//! `never_code.rs`, a CommonMark parser's check that nothing is left for rustdoc to compile).

pub(crate) mod doc_indent;
pub(crate) mod docs;
pub(crate) mod names;
pub(crate) mod never_code;

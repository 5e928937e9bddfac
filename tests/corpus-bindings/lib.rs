//! The bindings of every snapshot in `tests/corpus/`, compiled under `#![deny(warnings)]` in a
//! crate whose only dependencies for them are `mcp-runtime` (feature `stdio`) and `tokio`, in
//! edition 2024 (`mcp-toolset-corpus`) and 2021 (`mcp-toolset-corpus-2021`, generated with
//! typed fakes, so it needs `mcp-runtime`'s `fake` feature too). Their doc tests
//! run with `cargo test` and their docs build under `RUSTDOCFLAGS="-D warnings"`.
#![deny(warnings, missing_docs)]
// The 2021 crate (with fakes) is there for the edition and for the fakes to compile under
// `deny(warnings)`; clippy's lints run on the 2024 crate's bindings and on the e2e tests' demo
// fakes. Allowed here, rustc skips most of their work: clippy on this crate after a one-line
// change in mcp-runtime went from 71 s to 47 s (`cargo check` of it: 38 s).
#![cfg_attr(
    corpus_fakes,
    allow(clippy::all, clippy::dbg_macro, clippy::todo, clippy::unimplemented)
)]

include!(concat!(env!("OUT_DIR"), "/corpus_modules.rs"));

/// How many arbitrary tools the `arbitrary` module holds at least. A generator that dropped
/// tools would still compile, so the edition-2024 crate's doc test counts them (a doc test,
/// not a unit test: the crate's lib is built for doc tests anyway, and a test harness would
/// compile all of the bindings a second time):
///
/// ```
/// let names: std::collections::BTreeSet<&str> =
///     mcp_toolset_corpus::arbitrary::TOOLS.iter().map(|t| t.name).collect();
/// assert!(names.len() >= mcp_toolset_corpus::ARBITRARY_AT_LEAST, "{} tools", names.len());
/// ```
pub const ARBITRARY_AT_LEAST: usize = 200;

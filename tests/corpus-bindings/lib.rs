//! The bindings of every snapshot in `tests/corpus/`, compiled under `#![deny(warnings)]` in a
//! crate whose only dependencies for them are `mcp-runtime` (feature `stdio`) and `tokio`, in
//! edition 2024 (`mcp-toolset-corpus`) and 2021 (`mcp-toolset-corpus-2021`). Their doc tests
//! run with `cargo test` and their docs build under `RUSTDOCFLAGS="-D warnings"`.
#![deny(warnings)]

include!(concat!(env!("OUT_DIR"), "/corpus_modules.rs"));

//! The bindings of every snapshot in `tests/corpus/`, compiled under `#![deny(warnings)]` in a
//! crate whose only dependencies for them are `mcp-runtime` (feature `stdio`) and `tokio`, in
//! edition 2024 (`mcp-toolset-corpus`) and 2021 (`mcp-toolset-corpus-2021`, generated with
//! typed fakes, so it needs `mcp-runtime`'s `fake` feature too). Their doc tests
//! run with `cargo test` and their docs build under `RUSTDOCFLAGS="-D warnings"`.
#![deny(warnings, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/corpus_modules.rs"));

#[cfg(test)]
mod tests {
    /// The arbitrary-schema module really holds the tools it was asked for, each with a
    /// method: a generator that dropped tools would still compile.
    #[test]
    fn at_least_200_arbitrary_tools_are_compiled() {
        let names: std::collections::BTreeSet<&str> =
            super::arbitrary::TOOLS.iter().map(|t| t.name).collect();
        assert!(names.len() >= 200, "{} tools", names.len());
    }
}

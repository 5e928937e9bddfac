//! End-to-end tests live in `tests/`. This library holds the README and the guide in `docs/`
//! as doc modules, so that `cargo test --doc -p mcp-toolset-tests` compiles every Rust snippet
//! a reader copies (snapshot paths resolve against this crate's `mcp/`, which has them).

// A build script's snippet shows its `fn main`: that is what the reader writes.
#![allow(clippy::needless_doctest_main)]

#[doc = include_str!("../../README.md")]
pub mod readme {}

/// The published crates' READMEs (their crates.io pages).
pub mod crates {
    #[doc = include_str!("../../mcp-runtime/README.md")]
    pub mod mcp_runtime {}
    #[doc = include_str!("../../mcp-codegen/README.md")]
    pub mod mcp_codegen {}
    #[doc = include_str!("../../mcp-macros/README.md")]
    pub mod mcp_macros {}
    #[doc = include_str!("../../mcp-codegen/cli/README.md")]
    pub mod mcp_codegen_cli {}
}

/// The guide, one module a chapter.
pub mod guide {
    #[doc = include_str!("../../docs/typed-bindings.md")]
    pub mod typed_bindings {}
    #[doc = include_str!("../../docs/snapshot-format.md")]
    pub mod snapshot_format {}
    #[doc = include_str!("../../docs/drift.md")]
    pub mod drift {}
    #[doc = include_str!("../../docs/audit.md")]
    pub mod audit {}
    #[doc = include_str!("../../docs/runtime.md")]
    pub mod runtime {}
    #[doc = include_str!("../../docs/agent-apps.md")]
    pub mod agent_apps {}
    #[doc = include_str!("../../docs/oauth.md")]
    pub mod oauth {}
    #[doc = include_str!("../../docs/testing.md")]
    pub mod testing {}
    #[doc = include_str!("../../docs/cli.md")]
    pub mod cli {}
    #[doc = include_str!("../../docs/benchmarks.md")]
    pub mod benchmarks {}
}

//! This crate compiles every golden generated module
//! under `#![deny(warnings)]`, in a crate whose only dependencies for them are `mcp-runtime`
//! (and `tokio`).
#![deny(warnings, missing_docs)]

/// `tests/corpus/real/everything.json`.
pub mod everything {
    include!("everything.rs");
}
/// `tests/corpus/real/filesystem.json`.
pub mod filesystem {
    include!("filesystem.rs");
}
/// `tests/corpus/real/memory.json`.
pub mod memory {
    include!("memory.rs");
}
/// `tests/corpus/real/time.json`.
pub mod time {
    include!("time.rs");
}
/// `tests/corpus/hostile/hostile.json`.
pub mod hostile {
    include!("hostile.rs");
}
/// `examples/mcp/demo.json`.
pub mod demo {
    include!("demo.rs");
}

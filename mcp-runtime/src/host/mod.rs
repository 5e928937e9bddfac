//! The host room, for agent apps (feature `host`): many servers from the config files users
//! already have ([`config`]), connected concurrently and isolated from each other's failures
//! ([`manager`]; one configured server with its pool of sessions, retries and respawns lives
//! in `server/`, `status.rs`, `pool.rs` and `retry.rs`), behind a [`registry`] that hands an LLM tool
//! definitions and dispatches its calls, and a [`prompt_catalog`] of their prompts; [`blocking`] drives it all without async.

pub mod blocking;
pub mod config;
mod glob;
pub mod manager;
mod pool;
pub mod prompt_catalog;
pub mod registry;
mod retry;
mod server;
mod status;

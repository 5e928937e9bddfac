//! The host room, for agent apps (feature `host`): many servers from the config files users
//! already have ([`config`]), connected concurrently and isolated from each other's failures
//! ([`manager`]; one configured server with its pool of sessions, retries, status and respawns
//! lives in `server/`), behind a [`registry`] that hands an LLM tool
//! definitions and dispatches its calls, and a [`prompt_catalog`] of their prompts; [`blocking`] drives it all without async.

pub mod blocking;
pub mod config;
mod glob;
pub mod manager;
pub mod prompt_catalog;
pub mod registry;
mod server;

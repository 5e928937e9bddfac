//! The host room, for agent apps (feature `host`): many servers from the config files users
//! already have, connected concurrently and isolated from each other's failures
//! ([`manager`]), with retries ([`retry`](self)) and pools, behind a [`registry`] that hands
//! an LLM tool definitions and dispatches its calls; [`blocking`] drives it all without async.

pub mod blocking;
pub mod config;
mod glob;
pub mod manager;
pub mod registry;
mod retry;

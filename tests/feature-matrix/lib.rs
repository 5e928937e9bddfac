//! No items. `scripts/test.sh` checks this crate beside each feature set of `mcp-runtime` and
//! `mcp-codegen` so that the proc macros they build against (serde's derive, tokio's, …) see one
//! syn in every set: the sets then differ only in what they are there to check, the features
//! of our crates and of the libraries those features turn on.

//! What is done to each module once typify's items and our templates are in it: serde derives
//! trimmed to the direction a type travels, our one style (`tidy.rs`), `Deserialize` and
//! `Serialize` written out where a type's shape is plain, the routine impls of constrained
//! strings folded into one macro line (`newtypes.rs`), standard types by their prelude
//! names, and what tools define alike moved into one shared module (`groups.rs`, `share.rs`).

pub(crate) mod constructors;
pub(crate) mod derives;
pub(crate) mod deserialize;
pub(crate) mod groups;
pub(crate) mod layout;
pub(crate) mod newtypes;
pub(crate) mod prelude;
pub(crate) mod serialize;
pub(crate) mod share;
pub(crate) mod shared_names;
pub(crate) mod tidy;

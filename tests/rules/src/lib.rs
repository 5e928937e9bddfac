//! The layering rule of the workspace, as a check.
//!
//! Each crate's `src/` is read with syn: every path that names the crate's own items
//! (`crate::…`, `super::…`, `self::…`, a child module, or a name a `use` brought in) is resolved
//! to the file that defines the item, following re-exports, so `use crate::Error` is an edge to
//! `error.rs`, not to `lib.rs`. The file graph must then keep two rules:
//!
//! - **no circle**: no file reaches itself through other files.
//! - **no climb**: every file belongs to a layer of the order ARCHITECTURE.md states for its
//!   crate (a fenced block whose info string is `layers <crate>`, lowest layer first), and
//!   no edge runs to a higher layer than its own.
//!
//! A child file may use its own module file (`super::Settings`, an `impl` of its parent's
//! type): that edge is part of the module, in neither rule.

mod graph;
mod modules;
mod order;
mod resolve;

pub use modules::{CrateTree, Scope, SourceFile};
pub use order::{Layers, layers_from_markdown};
pub use resolve::described as edges;

use std::fmt;

/// One thing the check found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// Files that reach themselves: the files in the order of the circle, and one path each
    /// step is made of.
    Circle {
        files: Vec<String>,
        steps: Vec<String>,
    },
    /// An edge from a lower layer to a higher one.
    Climb {
        from: String,
        to: String,
        path: String,
        from_layer: String,
        to_layer: String,
    },
    /// A file no layer of the stated order covers.
    Unplaced { file: String },
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Circle { files, steps } => {
                write!(f, "import circle: {} -> {}", files.join(" -> "), files[0])?;
                write!(f, "\n    through: {}", steps.join(", "))?;
                write!(
                    f,
                    "\n    fix: move what both sides need below both, or pass it in"
                )
            }
            Finding::Climb {
                from,
                to,
                path,
                from_layer,
                to_layer,
            } => write!(
                f,
                "upward import: {from} (layer `{from_layer}`) names `{path}` in {to} (layer \
                 `{to_layer}`)\n    fix: move the item down, or have the upper layer hand it \
                 in (a boxed source, a variant the upper layer adds)"
            ),
            Finding::Unplaced { file } => write!(
                f,
                "{file} is in no layer: add its module to the crate's `layers` block in \
                 ARCHITECTURE.md"
            ),
        }
    }
}

/// Checks one crate's tree against its layer order.
pub fn check(tree: &CrateTree, layers: &Layers) -> Vec<Finding> {
    let edges = resolve::edges(tree);
    let mut findings = order::climbs(tree, &edges, layers);
    findings.extend(graph::circles(tree, &edges));
    findings
}

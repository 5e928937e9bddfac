//! The layer order ARCHITECTURE.md states, and the edges that climb against it.

use crate::resolve::Edges;
use crate::{CrateTree, Finding};

/// A crate's layers, lowest first; each layer a list of module paths (`client::transport`).
/// The crate root (`lib.rs`, `main.rs`) is above every layer: it names what it re-exports.
#[derive(Debug, Clone, Default)]
pub struct Layers {
    pub layers: Vec<Vec<Vec<String>>>,
}

/// Reads the fenced block whose info string is `layers <crate>`: one layer a line, lowest
/// first, module paths separated by spaces or commas (`#` starts a comment).
pub fn layers_from_markdown(markdown: &str, krate: &str) -> Option<Layers> {
    let opening = format!("```layers {krate}");
    let mut lines = markdown.lines().skip_while(|l| l.trim() != opening).skip(1);
    let mut layers = Layers::default();
    for line in lines.by_ref() {
        if line.trim_start().starts_with("```") {
            return Some(layers);
        }
        let line = line.split('#').next().unwrap_or("");
        let modules: Vec<Vec<String>> = line
            .split([' ', ','])
            .filter(|m| !m.is_empty())
            .map(|m| m.split("::").map(str::to_string).collect())
            .collect();
        if !modules.is_empty() {
            layers.layers.push(modules);
        }
    }
    None
}

impl Layers {
    /// The layer of a module, by the longest listed path it starts with; the root is above all.
    fn of(&self, module: &[String]) -> Option<(usize, String)> {
        if module.is_empty() || module == ["bin"] || module.first().is_some_and(|m| m == "bin") {
            return Some((usize::MAX, "crate root".into()));
        }
        let mut best: Option<(usize, usize, String)> = None;
        for (rank, layer) in self.layers.iter().enumerate() {
            for path in layer.iter().filter(|p| module.starts_with(p)) {
                if best.as_ref().is_none_or(|(len, _, _)| path.len() > *len) {
                    best = Some((path.len(), rank, path.join("::")));
                }
            }
        }
        best.map(|(_, rank, name)| (rank, name))
    }
}

/// Files outside every layer, and edges to a higher layer.
pub fn climbs(tree: &CrateTree, edges: &Edges, layers: &Layers) -> Vec<Finding> {
    let mut findings: Vec<Finding> = tree
        .files
        .iter()
        .filter(|f| layers.of(&f.module).is_none())
        .map(|f| Finding::Unplaced {
            file: f.name.clone(),
        })
        .collect();
    for (&(from, to), path) in edges {
        if crate::graph::is_own_module(tree, from, to) {
            continue;
        }
        let (Some((a, from_layer)), Some((b, to_layer))) = (
            layers.of(&tree.files[from].module),
            layers.of(&tree.files[to].module),
        ) else {
            continue;
        };
        if b > a {
            findings.push(Finding::Climb {
                from: tree.files[from].name.clone(),
                to: tree.files[to].name.clone(),
                path: path.clone(),
                from_layer,
                to_layer,
            });
        }
    }
    findings
}

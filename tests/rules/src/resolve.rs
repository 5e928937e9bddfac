//! From paths to files: which file defines what a path names, following re-exports.

use std::collections::BTreeMap;

use crate::CrateTree;

/// One file naming another: `(from, to)` file indices, and the first path that did.
pub type Edges = BTreeMap<(usize, usize), String>;

/// Every edge of the crate's file graph (a file naming itself is none).
pub fn edges(tree: &CrateTree) -> Edges {
    let mut edges = Edges::new();
    for (from, file) in tree.files.iter().enumerate() {
        for path in &file.references {
            let Some(to) = resolve(tree, path, 0) else {
                continue;
            };
            if to != from {
                edges
                    .entry((from, to))
                    .or_insert_with(|| format!("crate::{}", path.join("::")));
            }
        }
    }
    edges
}

/// The file that defines what the absolute `path` names; `None` for a module itself (a
/// module is no dependency until something in it is used) or a path that leaves the crate.
fn resolve(tree: &CrateTree, path: &[String], depth: usize) -> Option<usize> {
    if depth > 16 {
        return None;
    }
    let (file, scope, k) = (0..=path.len())
        .rev()
        .find_map(|k| tree.module(&path[..k]).map(|(f, s)| (f, s, k)))?;
    let name = path.get(k)?;
    if scope.defined.contains(name) {
        return Some(file);
    }
    if let Some((_, target)) = scope.imports.iter().find(|(alias, _)| alias == name) {
        // Another crate's name (`pub use rmcp::model::Tool`) is no edge of ours.
        let mut next = target.clone()?;
        next.extend(path[k + 1..].iter().cloned());
        return resolve(tree, &next, depth + 1).or(Some(file));
    }
    for (_, target) in scope.imports.iter().filter(|(alias, _)| alias == "*") {
        let Some(target) = target else { continue };
        let mut next = target.clone();
        next.extend(path[k..].iter().cloned());
        if let Some(found) = resolve(tree, &next, depth + 1)
            && defines(tree, found, &path[k..])
        {
            return Some(found);
        }
    }
    // `#[macro_export]` puts a macro at the root, wherever the file that defines it is.
    if path[..k].is_empty()
        && let Some(found) = tree.files.iter().position(|f| f.macros.contains(name))
    {
        return Some(found);
    }
    // Made by a macro, or a variant of a local enum: the file it was named in.
    Some(file)
}

/// Whether `file` itself defines the first name of `rest` (used to pick among globs).
fn defines(tree: &CrateTree, file: usize, rest: &[String]) -> bool {
    rest.first().is_some_and(|n| {
        tree.files[file]
            .scopes
            .values()
            .any(|s| s.defined.contains(n))
    })
}

/// The file graph in words, `(from, to, path)`, for looking at a crate by hand.
pub fn described(tree: &CrateTree) -> Vec<(String, String, String)> {
    edges(tree)
        .into_iter()
        .map(|((a, b), path)| (tree.files[a].name.clone(), tree.files[b].name.clone(), path))
        .collect()
}

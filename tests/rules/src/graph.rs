//! Circles in the file graph: strongly connected components (Tarjan), each with one cycle
//! spelled out.

use std::collections::BTreeMap;

use crate::resolve::Edges;
use crate::{CrateTree, Finding};

/// One finding per group of files that reach each other.
pub fn circles(tree: &CrateTree, edges: &Edges) -> Vec<Finding> {
    let mut next: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(from, to) in edges.keys() {
        if !is_own_module(tree, from, to) {
            next.entry(from).or_default().push(to);
        }
    }
    let mut t = Tarjan {
        next: &next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
        counter: 0,
    };
    for v in 0..tree.files.len() {
        if !t.index.contains_key(&v) {
            t.visit(v);
        }
    }
    t.groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|g| spell(tree, edges, &next, &g))
        .collect()
}

/// A child file naming its own module file (`super::Settings`): part of the module.
pub(crate) fn is_own_module(tree: &CrateTree, from: usize, to: usize) -> bool {
    let (child, parent) = (&tree.files[from].module, &tree.files[to].module);
    child.len() == parent.len() + 1 && child.starts_with(parent)
}

struct Tarjan<'a> {
    next: &'a BTreeMap<usize, Vec<usize>>,
    index: BTreeMap<usize, usize>,
    low: BTreeMap<usize, usize>,
    stack: Vec<usize>,
    groups: Vec<Vec<usize>>,
    counter: usize,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index.insert(v, self.counter);
        self.low.insert(v, self.counter);
        self.counter += 1;
        self.stack.push(v);
        for &w in self.next.get(&v).into_iter().flatten() {
            if !self.index.contains_key(&w) {
                self.visit(w);
                let low = self.low[&v].min(self.low[&w]);
                self.low.insert(v, low);
            } else if self.stack.contains(&w) {
                let low = self.low[&v].min(self.index[&w]);
                self.low.insert(v, low);
            }
        }
        if self.low[&v] == self.index[&v] {
            let mut group = Vec::new();
            while let Some(w) = self.stack.pop() {
                group.push(w);
                if w == v {
                    break;
                }
            }
            group.sort_unstable();
            self.groups.push(group);
        }
    }
}

/// One circle through the group's first file, by breadth-first search back to it.
fn spell(
    tree: &CrateTree,
    edges: &Edges,
    next: &BTreeMap<usize, Vec<usize>>,
    group: &[usize],
) -> Finding {
    let start = group[0];
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    'search: while let Some(v) = queue.pop_front() {
        for &w in next
            .get(&v)
            .into_iter()
            .flatten()
            .filter(|w| group.contains(w))
        {
            if w == start {
                came_from.insert(start, v);
                break 'search;
            }
            if let std::collections::btree_map::Entry::Vacant(e) = came_from.entry(w) {
                e.insert(v);
                queue.push_back(w);
            }
        }
    }
    let mut cycle = vec![start];
    let mut at = came_from[&start];
    while at != start {
        cycle.push(at);
        at = came_from[&at];
    }
    cycle.reverse();
    cycle.rotate_right(1);
    let steps = (0..cycle.len())
        .map(|i| {
            let (a, b) = (cycle[i], cycle[(i + 1) % cycle.len()]);
            format!("{} uses {}", tree.files[a].name, edges[&(a, b)])
        })
        .collect();
    Finding::Circle {
        files: cycle.iter().map(|&f| tree.files[f].name.clone()).collect(),
        steps,
    }
}

//! The import graph between a package's source files, and its loops (strongly connected
//! components of more than one file).

use super::modules::Tree;
use super::references::{Kind, references};
use std::collections::{BTreeMap, BTreeSet};

/// Which file's code names something defined in which other file.
pub struct FileGraph {
    /// Edges (from, to) between indices of [`Tree::files`], each with the first path that makes
    /// it, as written.
    pub edges: BTreeMap<(usize, usize), String>,
}

impl FileGraph {
    /// The edges of every module of `tree`.
    pub fn of(tree: &Tree) -> FileGraph {
        let mut edges = BTreeMap::new();
        for (m, module) in tree.modules.iter().enumerate() {
            for reference in references(&module.body) {
                let Some(target) = tree.resolve(m, &reference.path) else {
                    continue;
                };
                // A module imported by name is a dependency where its items are named.
                if target.whole && reference.kind != Kind::Glob {
                    continue;
                }
                let to = tree.modules[target.module].file;
                if to != module.file {
                    edges
                        .entry((module.file, to))
                        .or_insert_with(|| reference.path.join("::"));
                }
            }
        }
        FileGraph { edges }
    }

    /// The edges as lines `from → to (path)`.
    pub fn describe(&self, tree: &Tree, edges: &[(usize, usize)]) -> String {
        edges
            .iter()
            .map(|&(a, b)| {
                let via = &self.edges[&(a, b)];
                format!(
                    "    {} → {} ({via})\n",
                    tree.files[a].name, tree.files[b].name
                )
            })
            .collect()
    }

    /// The strongly connected components of more than one file (Tarjan's algorithm).
    pub fn loops(&self, files: usize) -> Vec<Vec<usize>> {
        let mut successors = vec![Vec::new(); files];
        for &(a, b) in self.edges.keys() {
            successors[a].push(b);
        }
        let mut tarjan = Tarjan {
            successors,
            index: vec![None; files],
            low: vec![0; files],
            stack: Vec::new(),
            on_stack: vec![false; files],
            next: 0,
            components: Vec::new(),
        };
        for v in 0..files {
            if tarjan.index[v].is_none() {
                tarjan.visit(v);
            }
        }
        tarjan.components.retain(|c| c.len() > 1);
        tarjan.components
    }

    /// The edges inside a set of files.
    pub fn edges_within(&self, files: &[usize]) -> Vec<(usize, usize)> {
        let set: BTreeSet<usize> = files.iter().copied().collect();
        self.edges
            .keys()
            .filter(|(a, b)| set.contains(a) && set.contains(b))
            .copied()
            .collect()
    }
}

struct Tarjan {
    successors: Vec<Vec<usize>>,
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: Vec<bool>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for w in self.successors[v].clone() {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            component.sort();
            self.components.push(component);
        }
    }
}

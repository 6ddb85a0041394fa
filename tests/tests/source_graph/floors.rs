//! The check of a crate's top-level modules against a table of floors: a module may use every
//! module on a lower floor, and those floor-mates its row lists.

use super::graph::FileGraph;
use super::modules::Tree;
use std::collections::{BTreeMap, BTreeSet};

/// One row of a rule table: (floor, top-level module, the floor-mates it may use).
pub type Floor = (u8, &'static str, &'static [&'static str]);

/// The breaches of `rule` by the file edges of `graph`: modules missing from the table or from
/// the crate, and uses of a module on the same floor (unless listed) or a higher one, each with
/// the file edges that make it.
pub fn floor_violations(rule: &[Floor], tree: &Tree, graph: &FileGraph) -> Vec<String> {
    let floors: BTreeMap<&str, (u8, &[&str])> =
        rule.iter().map(|&(f, m, mates)| (m, (f, mates))).collect();
    let present: BTreeSet<&str> = tree
        .files
        .iter()
        .filter_map(|f| f.unit.as_deref())
        .collect();
    let mut out: Vec<String> = present
        .iter()
        .filter(|m| !floors.contains_key(*m))
        .map(|m| format!("`{m}` is a top-level module missing from the rule table"))
        .collect();
    out.extend(
        floors
            .keys()
            .filter(|m| !present.contains(*m))
            .map(|m| format!("`{m}` is in the rule table but is no module of the crate")),
    );
    let mut breaches: BTreeMap<(&str, &str), Vec<(usize, usize)>> = BTreeMap::new();
    for &(a, b) in graph.edges.keys() {
        let (Some(from), Some(to)) = (unit(tree, a), unit(tree, b)) else {
            continue;
        };
        let (Some(&(fa, mates)), Some(&(fb, _))) = (floors.get(from), floors.get(to)) else {
            continue;
        };
        if from != to && !(fb < fa || fb == fa && mates.contains(&to)) {
            breaches.entry((from, to)).or_default().push((a, b));
        }
    }
    for ((from, to), edges) in breaches {
        let (fa, fb) = (floors[from].0, floors[to].0);
        out.push(format!(
            "`{from}` (floor {fa}) must not use `{to}` (floor {fb}):\n{}",
            graph.describe(tree, &edges)
        ));
    }
    out
}

/// The top-level module file `f` belongs to.
fn unit(tree: &Tree, f: usize) -> Option<&str> {
    tree.files[f].unit.as_deref()
}

//! The graph machinery on a small crate written for it: re-exports followed but not counted,
//! module imports counted where their items are named, a non-`mod.rs` parent's child directory,
//! `#[cfg(test)]` modules left out, loops found.

use super::graph::FileGraph;
use super::modules::Tree;
use std::collections::BTreeSet;

const FILES: [(&str, &str); 6] = [
    (
        "lib.rs",
        "mod draw;\nmod shapes;\npub use shapes::Circle;\n#[cfg(test)]\nmod tests;\n",
    ),
    (
        "shapes.rs",
        "mod circle;\npub use circle::Circle;\npub(crate) use circle::RADIUS;\n",
    ),
    (
        "shapes/circle.rs",
        "pub struct Circle;\npub const RADIUS: f64 = 1.0;\n",
    ),
    (
        "draw/mod.rs",
        "mod pen;\nuse crate::Circle;\n\
         pub fn draw(_: &Circle) -> f64 { pen::ink(1.0) }\n\
         fn scale() -> f64 { 2.0 }\n",
    ),
    (
        "draw/pen.rs",
        "use super::super::shapes;\n\
         pub fn ink(r: f64) -> f64 { assert!(r > 0.0, \"{}\", super::scale()); r * shapes::RADIUS }\n",
    ),
    ("tests.rs", "use crate::draw::draw;\n"),
];

#[test]
fn the_graph_of_a_small_crate() {
    let dir = tempfile::tempdir().expect("temporary directory");
    for (path, text) in FILES {
        let file = dir.path().join("src").join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("directory");
        std::fs::write(file, text).expect("written");
    }
    let tree = Tree::load(dir.path(), "src", "fixture");
    assert_eq!(tree.problems, Vec::<String>::new());
    let graph = FileGraph::of(&tree);
    let name = |f: usize| tree.files[f].name.clone();
    let edges: BTreeSet<(String, String)> = graph
        .edges
        .keys()
        .map(|&(a, b)| (name(a), name(b)))
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("src/draw/mod.rs", "src/shapes/circle.rs"),
        ("src/draw/mod.rs", "src/draw/pen.rs"),
        ("src/draw/pen.rs", "src/shapes/circle.rs"),
        ("src/draw/pen.rs", "src/draw/mod.rs"),
    ]
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .into();
    assert_eq!(edges, expected);
    let loops: Vec<Vec<String>> = (graph.loops(tree.files.len()).into_iter())
        .map(|l| l.into_iter().map(name).collect())
        .collect();
    assert_eq!(loops, [["src/draw/mod.rs", "src/draw/pen.rs"]]);
    let units: Vec<Option<&str>> = tree.files.iter().map(|f| f.unit.as_deref()).collect();
    assert_eq!(
        units,
        [
            None,
            Some("draw"),
            Some("draw"),
            Some("shapes"),
            Some("shapes")
        ]
    );
}

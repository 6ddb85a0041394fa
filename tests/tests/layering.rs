//! Layering of mbruntime and mbcompile, read from their sources.
//!
//! A file depends on another when its code names something defined there: a private `use`
//! (`crate::…`, `super::…`, `self::…`, a child module's path) or a path in its code, resolved
//! segment by segment into child modules and through re-exports to the file that defines the
//! name. Re-exports themselves (`pub use`, `pub(crate) use`, …) are not dependencies, and
//! `#[cfg(test)]` modules are left out.
//!
//! The rules:
//! - the top-level modules of each crate sit on floors (the tables below): a module may use
//!   every module on a lower floor, and those floor-mates its row lists; `lib.rs` is exempt;
//! - no files of a crate depend on each other in a loop.

mod source_graph;

use source_graph::floors::{Floor, floor_violations};
use source_graph::graph::FileGraph;
use source_graph::modules::Tree;
use std::path::Path;

/// mbruntime: (floor, top-level module, floor-mates it may use).
const MBRUNTIME_FLOORS: &[Floor] = &[
    // Taylor jets and dense linear algebra use nothing else of the crate.
    (0, "taylor", &[]),
    (0, "linalg", &[]),
    // The model contract.
    (1, "mechanism", &[]),
    // Complementarity: LCP solvers and the Coulomb cone problem built on them.
    (2, "lcp", &[]),
    (2, "cone", &["lcp"]),
    // The contact problem the integrators and the analyses decide with.
    (3, "contact_problem", &[]),
    // Integrators and analyses, independent of each other.
    (4, "timestepping", &[]),
    (4, "event", &[]),
    (4, "analysis", &[]),
    // Runs of many simulations.
    (5, "ensemble", &[]),
];

/// mbcompile: (floor, top-level module, floor-mates it may use); `main` is the binary's
/// `main.rs`, `cli` its modules.
const MBCOMPILE_FLOORS: &[Floor] = &[
    // The grammar (built without the symbolic engine, for mbmacros), the typed errors, the
    // templates and the CPU clock use nothing else of the crate.
    (0, "dsl", &[]),
    (0, "error", &[]),
    (0, "templates", &[]),
    (0, "cpu_time", &[]),
    // Derivation (dsl, error, templates), diagnostics of errors (error), new crates (templates).
    (1, "symbolic", &[]),
    (1, "diagnostic", &[]),
    (1, "scaffold", &[]),
    // Robot descriptions into blocks, validated by the grammar (dsl).
    (1, "import", &[]),
    // Code generation from derived expressions.
    (2, "codegen", &[]),
    // The stages together: sources → generated modules.
    (3, "pipeline", &[]),
    // The binary: its commands, then `main.rs`.
    (4, "cli", &[]),
    (5, "main", &[]),
];

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn mbruntime() -> Tree {
    Tree::load(workspace(), "mbruntime/src", "mbruntime")
}

fn mbcompile() -> Tree {
    Tree::load(workspace(), "mbcompile/src", "mbcompile")
}

fn assert_floors(crate_name: &str, tree: &Tree, rule: &[Floor]) {
    let violations = floor_violations(rule, tree, &FileGraph::of(tree));
    assert!(
        violations.is_empty(),
        "{crate_name}: the top-level modules break their floors:\n{}",
        violations.join("\n")
    );
}

fn assert_no_loops(crate_name: &str, tree: &Tree) {
    let graph = FileGraph::of(tree);
    let loops: Vec<String> = graph
        .loops(tree.files.len())
        .iter()
        .map(|files| {
            let names: Vec<&str> = files.iter().map(|&f| tree.files[f].name.as_str()).collect();
            let edges = graph.edges_within(files);
            format!(
                "loop of {}:\n{}",
                names.join(", "),
                graph.describe(tree, &edges)
            )
        })
        .collect();
    assert!(
        loops.is_empty(),
        "{crate_name}: source files import each other in loops:\n{}",
        loops.join("\n")
    );
}

#[test]
fn every_source_file_is_a_module_and_parses() {
    for (name, tree) in [("mbruntime", mbruntime()), ("mbcompile", mbcompile())] {
        assert!(
            tree.problems.is_empty(),
            "{name}:\n{}",
            tree.problems.join("\n")
        );
    }
}

#[test]
fn mbruntime_modules_keep_their_floors() {
    assert_floors("mbruntime", &mbruntime(), MBRUNTIME_FLOORS);
}

#[test]
fn mbcompile_modules_keep_their_floors() {
    assert_floors("mbcompile", &mbcompile(), MBCOMPILE_FLOORS);
}

#[test]
fn mbruntime_files_import_no_loops() {
    assert_no_loops("mbruntime", &mbruntime());
}

#[test]
fn mbcompile_files_import_no_loops() {
    assert_no_loops("mbcompile", &mbcompile());
}

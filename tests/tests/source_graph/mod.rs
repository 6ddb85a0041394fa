//! The import graph between the source files of a package, read with syn: module trees, the
//! paths each module names, their resolution to files, loops, and floors of top-level modules.

pub mod floors;
pub mod graph;
pub mod modules;
pub mod references;
pub mod resolve;
mod self_check;
pub mod uses;

//! Symbolic derivation with symbolica (one thread only: see the README's licence note).

pub mod algebra;
pub mod convert;
pub mod derive;
pub mod frames;
pub mod numeric;
pub mod print;
pub mod program;
pub mod rate;
pub mod rotation;
pub mod symbols;
pub mod tree;
pub mod vec3;

//! Symbolic derivation with symbolica (one thread only: see the README's licence note).

pub(crate) mod algebra;
pub(crate) mod convert;
pub mod derive;
pub(crate) mod frame_atoms;
pub(crate) mod frames;
pub mod numeric;
pub mod print;
pub mod program;
pub(crate) mod rate;
pub(crate) mod reverse;
pub(crate) mod rotation;
pub(crate) mod substitute;
pub mod symbols;
pub(crate) mod tree;
pub(crate) mod vec3;

//! Derived expressions → optimised straight-line Rust → formatted module source.

pub mod kernel;
pub mod module;

//! mbcompile: turns a `mechanism!` block into verified, allocation-free Rust.
//!
//! - [`dsl`]: the grammar of `mechanism!` (no symbolic engine needed);
//! - `symbolic`: derivation of M, h, constraint Jacobians, time derivatives and Hessians;
//! - `codegen`: optimised straight-line Rust from the derived expressions;
//! - `pipeline`: crate sources → generated modules (what the `mbcompile` command runs).

mod cpu_time;
pub mod diagnostic;
pub mod dsl;

pub use cpu_time::cpu_seconds;

#[cfg(feature = "symbolic")]
pub mod codegen;
#[cfg(feature = "symbolic")]
pub mod pipeline;
#[cfg(feature = "symbolic")]
pub mod symbolic;

//! mbcompile: turns a `mechanism!` block into verified, allocation-free Rust.
//!
//! - [`dsl`]: the grammar of `mechanism!`, validation and assembly (no symbolic engine needed);
//! - `symbolic`: derivation of M, h, constraint Jacobians, time derivatives, Hessians and the
//!   Jacobians of the dynamics;
//! - `codegen`: optimised straight-line Rust from the derived expressions;
//! - `pipeline`: crate sources → generated modules, stage by stage (parse → validate →
//!   assemble → derive → emit; what the `mbcompile` command runs);
//! - `error`: the typed errors of those stages.

mod cpu_time;
pub mod diagnostic;
pub mod dsl;

pub use cpu_time::cpu_seconds;

#[cfg(feature = "symbolic")]
pub mod codegen;
#[cfg(feature = "symbolic")]
pub mod error;
#[cfg(feature = "symbolic")]
pub mod pipeline;
#[cfg(feature = "symbolic")]
pub mod symbolic;

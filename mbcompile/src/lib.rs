//! mbcompile: turns a `mechanism!` block into verified, allocation-free Rust.
//!
//! - [`dsl`]: the grammar of `mechanism!`, validation and assembly (no symbolic engine needed);
//! - `symbolic`: derivation of M, h, constraint Jacobians, time derivatives, Hessians and the
//!   Jacobians of the dynamics;
//! - `codegen`: optimised straight-line Rust from the derived expressions;
//! - `pipeline`: crate sources → generated modules, stage by stage (parse → validate →
//!   assemble → derive → emit; what the `mbcompile` command runs);
//! - `templates`: the tera templates of everything written that is not an expression (a new
//!   crate's files, C file skeletons, equations reports), each overridable by a user's file;
//! - `scaffold`: `mbcompile new`, a ready crate around an example block with snapshot tests of
//!   its equations;
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
pub mod scaffold;
#[cfg(feature = "symbolic")]
pub mod symbolic;
#[cfg(feature = "symbolic")]
pub mod templates;

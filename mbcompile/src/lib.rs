//! mbcompile: turns a `mechanism!` block into verified, allocation-free Rust.
//!
//! The public API is what the `mbcompile` binary, `mbmacros` and the tests use; everything else
//! is internal to the crate.
//!
//! - [`dsl`]: a parsed block ([`dsl::Model`]), [`dsl::validate`], [`dsl::fingerprint`],
//!   [`dsl::assemble`], and [`dsl::source`]: the blocks of a source file and where their
//!   generated files go (no symbolic engine needed);
//! - `pipeline`: crate sources → generated modules, stage by stage (parse → validate →
//!   assemble → derive → emit; what the `mbcompile` command runs): `generate`, `emit` (one
//!   derivation, every target), `derive_model`, each also from a block validated already
//!   (`*_validated`), `find_crate_models` and `validate_found` (every block of a crate validated
//!   once, all errors together), `freshness`;
//! - `symbolic`: the derivation's result (`derive::Derived`), the equations reports (`print`),
//!   and derived atoms evaluated at a state (`numeric::value`, `Derived::program`'s
//!   `with_values`, `symbols::pool`);
//! - `codegen`: the targets behind one trait (`codegen::target`: the Rust module and its
//!   equations reports, the C99 header and source of `codegen::c`);
//! - `templates`: the tera templates of everything written that is not an expression (a new
//!   crate's files, C file skeletons, equations reports), each overridable by a user's file;
//! - `import`: robot descriptions (URDF) into validated blocks (`mbcompile import`);
//! - `scaffold`: `mbcompile new`, a ready crate around an example block with snapshot tests of
//!   its equations;
//! - `error`: the typed errors of those stages, located by [`diagnostic`];
//! - [`cpu_seconds`]: the thread CPU clock of `mbcompile gen --stats`.

#![deny(missing_docs)]

mod cpu_time;
pub mod diagnostic;
pub mod dsl;

pub use cpu_time::cpu_seconds;

#[cfg(feature = "symbolic")]
pub mod codegen;
#[cfg(feature = "symbolic")]
pub mod error;
#[cfg(feature = "symbolic")]
pub mod import;
#[cfg(feature = "symbolic")]
pub mod pipeline;
#[cfg(feature = "symbolic")]
pub mod scaffold;
#[cfg(feature = "symbolic")]
pub mod symbolic;
#[cfg(feature = "symbolic")]
pub mod templates;

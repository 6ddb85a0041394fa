//! The `mechanism!` language: grammar, name resolution, canonical form and fingerprint.
//!
//! This module needs no symbolic engine; `mbmacros` uses it with default features off.
//!
//! A block looks like this (see the README for the whole language):
//!
//! ```
//! let model: mbcompile::dsl::Model = syn::parse_str(r#"
//!     /// A simple pendulum.
//!     struct Pendulum;
//!     parameters { m: 1.0, l: 0.5, g: 9.81 }
//!     coordinates { theta }
//!     kinetic = 0.5 * m * l.powi(2) * dot(theta).powi(2);
//!     potential = -m * g * l * cos(theta);
//! "#).unwrap();
//! assert_eq!(model.module_name(), "pendulum");
//! ```

pub mod assemble;
pub mod ast;
pub mod canonical;
pub mod expr;
pub mod parse;
pub mod parse_kinematics;
pub mod resolve;
pub mod resolve_kinematics;
pub mod source;

pub use ast::{Contact, Expr, ExprKind, Function, Model, Name, Tangent};
pub use canonical::fingerprint;

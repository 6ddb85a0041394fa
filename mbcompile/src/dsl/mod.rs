//! The `mechanism!` language: grammar, name resolution and validation, assembly of kinematic
//! items into scalar form, canonical form and fingerprint.
//!
//! This module needs no symbolic engine; `mbmacros` uses it with default features off.
//!
//! A block is parsed (grammar only), then validated (names, dependencies, values at the parameter
//! defaults). It looks like this (see the README for the whole language):
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
//! mbcompile::dsl::validate(&model).unwrap();
//! assert_eq!(model.module_name(), "pendulum");
//! ```

pub mod assemble;
pub mod assemble_rolling;
pub mod ast;
pub mod body_frames;
pub mod build;
pub mod canonical;
pub mod components;
pub mod expr;
pub mod fields;
pub mod joints;
pub mod parse;
pub mod parse_body;
pub mod parse_kinematics;
pub mod parse_rolling;
pub mod places;
pub mod scope;
pub mod source;
pub mod tangent_basis;
pub mod validate;
pub mod validate_joints;
pub mod validate_kinematics;
pub mod validate_rolling;
pub mod values;
pub mod walk;

pub use ast::{Contact, Expr, ExprKind, Function, Model, Name, Tangent};
pub use canonical::fingerprint;
pub use validate::validate;

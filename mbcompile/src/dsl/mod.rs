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

pub(crate) mod assemble;
pub(crate) mod assemble_rolling;
pub(crate) mod assembled;
pub(crate) mod ast;
pub(crate) mod body_frames;
pub(crate) mod build;
pub(crate) mod canonical;
pub(crate) mod components;
pub(crate) mod default_values;
pub(crate) mod expr;
pub(crate) mod fields;
// The joint motions as expressions; only the symbolic derivation composes frames from them.
#[cfg(feature = "symbolic")]
pub(crate) mod joints;
pub(crate) mod parse;
pub(crate) mod parse_body;
pub(crate) mod parse_kinematics;
pub(crate) mod parse_rolling;
pub(crate) mod places;
pub(crate) mod scalar;
pub(crate) mod scope;
pub mod source;
pub(crate) mod tangent_basis;
pub(crate) mod validate;
pub(crate) mod validate_joints;
pub(crate) mod validate_kinematics;
pub(crate) mod validate_rolling;
pub(crate) mod values;
pub(crate) mod walk;

pub use assemble::assemble;
pub use assembled::Assembled;
pub use ast::Model;
pub use canonical::fingerprint;
pub use validate::{Validated, validate};

//! Derived expressions → optimised straight-line Rust → formatted module source (and, for the
//! C99 target, [`c`]: a header and a source from templates over the same kernels).
//!
//! [`functions`] lists the generated functions, [`outputs`] maps derived quantities to buffer
//! elements, [`kernel`] turns a quantity group into straight-line code, printed by the
//! [`language`] of the target, [`emit`] makes one
//! function of it, [`items`] the parameter struct and trait constants, and [`module`] the whole
//! formatted module.

pub mod c;
pub mod emit;
pub mod functions;
pub mod intermediates;
pub mod items;
pub mod kernel;
pub mod language;
pub mod module;
pub mod outputs;
pub mod tokens;

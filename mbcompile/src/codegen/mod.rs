//! Derived expressions → optimised straight-line Rust → formatted module source (and, for the
//! C99 target, [`c`]: a header and a source from templates over the same kernels).
//!
//! `functions` lists the generated functions, `outputs` maps derived quantities to buffer
//! elements, `kernel` turns a quantity group over its `input`s into straight-line code (the
//! `intermediates` it needs first, those several functions need from the helpers `shared` plans),
//! printed by the `language` of the target, `emit` makes one
//! function of it, `items` the parameter struct and trait constants, and `module` the whole
//! formatted module; `target` puts the Rust module and the C files behind one trait.

pub mod c;
pub(crate) mod emit;
pub(crate) mod functions;
pub(crate) mod input;
pub(crate) mod intermediates;
pub(crate) mod items;
pub(crate) mod kernel;
pub(crate) mod language;
pub(crate) mod module;
pub(crate) mod outputs;
pub(crate) mod rendering;
pub(crate) mod shared;
pub mod target;
pub mod target_error;
pub(crate) mod tokens;

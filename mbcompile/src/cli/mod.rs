//! The commands of the `mbcompile` binary, one file each (the binary's own modules; the library
//! holds the generator they drive).

pub mod check;
pub mod crate_models;
pub mod engine_lock;
pub mod files;
pub mod generate;
pub mod import;
pub mod new;
pub mod print;

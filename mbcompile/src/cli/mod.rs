//! The commands of the `mbcompile` binary that need more than a few lines (the binary's own
//! modules; the library holds the generator they drive).

pub mod files;
pub mod gen_c;
pub mod print;

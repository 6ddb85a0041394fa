//! The languages a derived model is emitted in, behind one trait: a [`Target`] turns one
//! derivation into the files of its language, so that `mbcompile gen --target rust,c` derives
//! each model once and hands the same [`Derived`] to every target.
//!
//! - [`RustTarget`]: the module `src/generated/<module>.rs` (functions built with `quote!` and
//!   formatted by prettyplease) and the equations reports it includes;
//! - [`CTarget`]: `<out>/<module>.h` and `<out>/<module>.c`, rendered by the tera templates of
//!   [`super::c`] (built in, or a user's).

use super::c::{TEMPLATES, c_sources};
pub use super::module::Stats;
use super::module::module;
pub use super::target_error::TargetError;
use crate::dsl::ast::Model;
use crate::dsl::source::{
    EQUATIONS_LATEX_EXTENSION, EQUATIONS_TEXT_EXTENSION, equations_path, generated_path,
};
use crate::symbolic::derive::Derived;
use crate::symbolic::print::{Format, report};
use crate::templates::{TemplateError, Templates};
use std::path::{Path, PathBuf};

/// One file a target writes.
pub struct EmittedFile {
    /// Where it goes.
    pub path: PathBuf,
    /// Its whole text.
    pub text: String,
}

/// What a target made of one model: its files, in the order they are to be written (a file
/// another includes comes first), and the operation counts of the Rust module.
pub struct Emission {
    /// The files.
    pub files: Vec<EmittedFile>,
    /// Operation counts per function (the Rust target).
    pub stats: Option<Stats>,
}

/// A language the generator writes a derived model in.
pub trait Target {
    /// The name the command line uses (`rust`, `c`).
    fn name(&self) -> &'static str;
    /// The files of one derived model.
    fn emit(&self, model: &Model, derived: &Derived) -> Result<Emission, TargetError>;
}

/// The Rust module of a model and its equations reports, in a crate's `src/generated/`.
pub struct RustTarget {
    /// The crate directory.
    pub crate_dir: PathBuf,
    /// Horner-scheme search iterations of the evaluator optimiser.
    pub horner: usize,
}

impl Target for RustTarget {
    fn name(&self) -> &'static str {
        "rust"
    }

    fn emit(&self, model: &Model, derived: &Derived) -> Result<Emission, TargetError> {
        let (source, stats) = module(model, derived, self.horner)?;
        let name = model.module_name();
        let dir = &self.crate_dir;
        let file = |path: PathBuf, text: String| EmittedFile { path, text };
        Ok(Emission {
            files: vec![
                file(
                    equations_path(dir, &name, EQUATIONS_TEXT_EXTENSION),
                    report(model, derived, Format::Text),
                ),
                file(
                    equations_path(dir, &name, EQUATIONS_LATEX_EXTENSION),
                    report(model, derived, Format::Latex),
                ),
                file(generated_path(dir, &name), source),
            ],
            stats: Some(stats),
        })
    }
}

/// A C99 header and source per model.
pub struct CTarget {
    /// Where the files go.
    pub out: PathBuf,
    /// Horner-scheme search iterations of the evaluator optimiser.
    pub horner: usize,
    templates: Templates,
}

impl CTarget {
    /// The C target writing into `out`, with the built-in templates or those of `user_dir`
    /// (loaded now, so that a broken template is reported before anything is derived).
    pub fn new(
        out: PathBuf,
        horner: usize,
        user_dir: Option<&Path>,
    ) -> Result<Self, TemplateError> {
        Ok(CTarget {
            out,
            horner,
            templates: Templates::load(TEMPLATES, user_dir)?,
        })
    }
}

impl Target for CTarget {
    fn name(&self) -> &'static str {
        "c"
    }

    fn emit(&self, model: &Model, derived: &Derived) -> Result<Emission, TargetError> {
        let sources = c_sources(model, derived, self.horner, &self.templates)?;
        let name = model.module_name();
        Ok(Emission {
            files: vec![
                EmittedFile {
                    path: self.out.join(format!("{name}.h")),
                    text: sources.header,
                },
                EmittedFile {
                    path: self.out.join(format!("{name}.c")),
                    text: sources.source,
                },
            ],
            stats: None,
        })
    }
}

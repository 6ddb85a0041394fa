//! The whole generator, one stage after the other:
//!
//! 1. **parse**: crate sources → `mechanism!` blocks → models (`pipeline::sources`, `dsl::parse`);
//! 2. **validate**: names, what each quantity may depend on, values at the parameter defaults
//!    (`dsl::validate`) → `Validated`, the block with its name tables (scope, places) built once;
//!    a command over a crate validates every block once ([`validate_found`]) and continues from
//!    there (`emit_validated`, `generate_validated`, `derive_validated`);
//! 3. **assemble**: points, bodies, gravity, springs, dampers, loads, torques and geometric
//!    contacts → T, V, Q and gap functions (`symbolic::rotation` checks hand-written rotations,
//!    `dsl::assemble` assembles) → `Assembled`, the scalar form with the validated block;
//! 4. **derive**: M, h, C, constraint kinematics, time derivatives, Hessians, the Jacobians of
//!    the dynamics (`symbolic::derive`) by the route `Route::of` chooses → `Derived`, which owns
//!    its program, each quantity within a size budget (`symbolic::derive::budget`);
//! 5. **emit**: derived expressions → the files of each target (`codegen::target`): the
//!    formatted Rust module (`codegen::module`) with the equations reports (text and LaTeX,
//!    `symbolic::print`) that it includes as `EQUATIONS` and `EQUATIONS_LATEX`, and the C99
//!    header and source (`codegen::c`). [`emit`] derives a model once for all targets.
//!
//! Each stage reports its errors as the matching variant of [`CompileError`].

mod freshness;
mod sources;

pub use freshness::{Freshness, freshness};
pub use sources::{Found, find_crate_models, validate_found};

use crate::codegen::module::{Stats, module};
use crate::codegen::target::{Emission, Target, TargetError};
use crate::dsl::assemble::assemble;
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::Model;
use crate::dsl::validate::{Validated, validate};
use crate::error::CompileError;
pub use crate::symbolic::derive::budget::DEFAULT_BUDGET;
use crate::symbolic::derive::budget::check as check_budget;
use crate::symbolic::derive::{Derived, Progress, Route, derive};
use crate::symbolic::print::{Format, report};
use crate::symbolic::rotation::check_rotations;
use crate::symbolic::symbols::check_capacity;

/// Default number of Horner-scheme search iterations in the evaluator optimiser.
pub const DEFAULT_HORNER_ITERATIONS: usize = 1;

/// The generated source of one model.
pub struct Generated {
    /// The formatted module source.
    pub source: String,
    /// The equations report in plain text (`report(model, derived, Format::Text)`), written
    /// beside the module and included by it as `EQUATIONS`.
    pub equations: String,
    /// The equations report in LaTeX, included by the module as `EQUATIONS_LATEX`.
    pub equations_latex: String,
    /// Operation counts per function.
    pub stats: Stats,
    /// The derivation (for printing).
    pub derived: Derived,
}

/// Stage 3: the scalar model (T, V, Q, gap functions) of a validated model.
fn assemble_model<'v>(validated: &'v Validated<'v>) -> Result<Assembled<'v>, CompileError> {
    let block = validated.model;
    let counts = [
        block.coordinates.len(),
        block.parameters.len(),
        block.constraints.len(),
        block.contacts.len(),
    ];
    check_capacity(&block.name, counts)?;
    check_rotations(validated)?;
    assemble(validated).map_err(|e| CompileError::Assembly(e.into()))
}

/// Stages 2 to 4: validate, assemble and derive one parsed model, within the default size
/// budget ([`DEFAULT_BUDGET`] expression nodes per derived quantity).
pub fn derive_model(model: &Model, progress: Progress) -> Result<Derived, CompileError> {
    derive_model_within(model, DEFAULT_BUDGET, progress)
}

/// Stages 2 to 4 with a size budget: a derived quantity over `budget` expression nodes (with the
/// intermediates it needs) is an error naming it, located at the mechanism's name.
pub fn derive_model_within(
    model: &Model,
    budget: usize,
    progress: Progress,
) -> Result<Derived, CompileError> {
    let validated = validate(model).map_err(CompileError::Validation)?;
    derive_validated(&validated, budget, progress)
}

/// Stages 3 and 4 of a model validated already (see [`derive_model_within`]).
pub fn derive_validated(
    validated: &Validated,
    budget: usize,
    progress: Progress,
) -> Result<Derived, CompileError> {
    let assembled = assemble_model(validated)?;
    let route = Route::of(&assembled);
    let derived = derive(&assembled, route, progress)?;
    check_budget(&derived, budget, validated.model.name.span)?;
    Ok(derived)
}

/// Stages 2 to 5: derives and emits one parsed model. Errors are located in the block.
pub fn generate(
    model: &Model,
    horner: usize,
    progress: Progress,
) -> Result<Generated, CompileError> {
    let validated = validate(model).map_err(CompileError::Validation)?;
    generate_validated(&validated, horner, progress)
}

/// Stages 3 to 5 of a model validated already (see [`generate`]).
pub fn generate_validated(
    validated: &Validated,
    horner: usize,
    progress: Progress,
) -> Result<Generated, CompileError> {
    let model = validated.model;
    let derived = derive_validated(validated, DEFAULT_BUDGET, progress)?;
    progress("code generation");
    let (source, stats) =
        module(model, &derived, horner).map_err(|source| CompileError::Emission {
            span: model.name.span,
            source,
        })?;
    let equations = report(model, &derived, Format::Text);
    let equations_latex = report(model, &derived, Format::Latex);
    Ok(Generated {
        source,
        equations,
        equations_latex,
        stats,
        derived,
    })
}

/// Stages 2 to 5 for several targets: derives one parsed model once (within `budget`, see
/// [`derive_model_within`]) and emits it in the language of each target (in order). A
/// derivation error is located in the block; a target's error is that target's.
pub fn emit(
    model: &Model,
    targets: &[&dyn Target],
    budget: usize,
    progress: Progress,
) -> Result<Vec<Result<Emission, TargetError>>, CompileError> {
    let validated = validate(model).map_err(CompileError::Validation)?;
    emit_validated(&validated, targets, budget, progress)
}

/// Stages 3 to 5 for several targets, of a model validated already (see [`emit`]).
pub fn emit_validated(
    validated: &Validated,
    targets: &[&dyn Target],
    budget: usize,
    progress: Progress,
) -> Result<Vec<Result<Emission, TargetError>>, CompileError> {
    let derived = derive_validated(validated, budget, progress)?;
    progress("code generation");
    Ok(targets
        .iter()
        .map(|t| t.emit(validated.model, &derived))
        .collect())
}

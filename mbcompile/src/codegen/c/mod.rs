//! The C99 target: `<module>.h` and `<module>.c` for a model, with the same functions as the
//! Rust module.
//!
//! Expression bodies come from the same optimised evaluator as the Rust code, printed in C by
//! `crate::codegen::language::Language::C` (`emit`, `parameters`); the files around them
//! (header, source, the skeleton of each function) come from tera templates (`templates/c/`),
//! which a user may override (`mbcompile gen --target c --templates <dir>`). Intermediates that
//! several functions need come from `static` helpers (`shared`), planned as for the Rust module.
//! The code allocates nothing and includes only `<math.h>`.

pub mod check;
mod emit;
mod function;
mod names;
mod parameters;
mod shared;

use emit::CEmitter;
use function::CFunction;
use names::{CNames, identifier};
use shared::CShared;

use crate::codegen::functions::FUNCTIONS;
use crate::codegen::language::Language;
use crate::codegen::module::GENERATOR;
use crate::codegen::shared::Plan;
use crate::codegen::target_error::TargetError;
use crate::dsl::ast::Model;
use crate::dsl::canonical::fingerprint;
use crate::error::EmissionError;
use crate::symbolic::derive::Derived;
use crate::templates::{Builtin, Templates};
use serde::Serialize;

/// The built-in templates of the C target: the header and the source.
pub const TEMPLATES: &[Builtin] = &[
    ("header.h", include_str!("../../../templates/c/header.h")),
    ("source.c", include_str!("../../../templates/c/source.c")),
];

/// The two files of a model.
pub struct CSources {
    /// `<module>.h`: sizes, the parameter struct, the prototypes.
    pub header: String,
    /// `<module>.c`: the definitions.
    pub source: String,
}

/// A size macro of the header.
#[derive(Serialize)]
struct CSize {
    name: String,
    value: usize,
    doc: &'static str,
}

/// A field of the parameter struct.
#[derive(Serialize)]
struct CParameterField {
    name: String,
    default: String,
    doc: Vec<String>,
}

/// What the templates see.
#[derive(Serialize)]
struct CContext {
    generator: &'static str,
    fingerprint: String,
    model: String,
    module: String,
    header: String,
    guard: String,
    parameters_type: String,
    contact_law_type: String,
    default_parameters: String,
    sizes: Vec<CSize>,
    coordinates: Vec<String>,
    parameters: Vec<CParameterField>,
    shared: Vec<CShared>,
    functions: Vec<CFunction>,
}

/// Every C function of `emitter`'s model, in the order of the Rust module.
fn functions_of(emitter: &mut CEmitter, d: &Derived) -> Result<Vec<CFunction>, EmissionError> {
    let mut functions = Vec::new();
    for spec in FUNCTIONS.iter().filter(|s| s.generated_for(d) && s.in_c()) {
        functions.push(emitter.function(spec)?);
    }
    if let Some(a) = &d.articulated {
        functions.push(emitter.articulated(a)?);
    }
    Ok(functions)
}

/// The helpers of shared intermediates and every C function of a model: a first pass records
/// what every kernel needs, from which the plan of shared intermediates follows
/// ([`crate::codegen::shared`], as for the Rust module); the second writes the functions, which
/// call the helpers.
fn c_functions(
    model: &Model,
    d: &Derived,
    horner: usize,
) -> Result<(Vec<CShared>, Vec<CFunction>), EmissionError> {
    let sites = {
        let mut recorder = CEmitter::recording(model, d);
        functions_of(&mut recorder, d)?;
        recorder.sites.map(|s| s.into_inner()).unwrap_or_default()
    };
    let plan = Plan::new(&d.program, &sites);
    let used = plan.used_by(&sites);
    let mut emitter = CEmitter::new(model, d, horner, Some(&plan));
    let functions = functions_of(&mut emitter, d)?;
    Ok((emitter.shared_helpers(&plan, &used)?, functions))
}

/// The header and source of a model, rendered by `templates` (see [`TEMPLATES`]).
pub fn c_sources(
    model: &Model,
    d: &Derived,
    horner: usize,
    templates: &Templates,
) -> Result<CSources, TargetError> {
    let names = CNames::new(model);
    let size = |name: &str, value: usize, doc: &'static str| CSize {
        name: names.size(name),
        value,
        doc,
    };
    let (shared, functions) = c_functions(model, d, horner)?;
    let context = CContext {
        generator: GENERATOR,
        fingerprint: fingerprint(model),
        model: model.name.text.clone(),
        module: names.prefix.clone(),
        header: format!("{}.h", names.prefix),
        guard: format!("{}_H", names.macro_prefix),
        parameters_type: names.parameters(),
        contact_law_type: names.contact_law(),
        default_parameters: names.function("default_parameters"),
        sizes: vec![
            size("NQ", d.nq, "generalized coordinates"),
            size("NB", d.nb, "bilateral constraints"),
            size("NU", d.nu, "unilateral contacts"),
            size("NP", d.np, "parameters"),
        ],
        coordinates: model.coordinates.iter().map(|c| c.text.clone()).collect(),
        parameters: model
            .parameters
            .iter()
            .map(|p| CParameterField {
                name: identifier(&p.name.text),
                default: Language::C.literal(p.default.value),
                doc: p.doc.iter().map(|l| l.trim().to_string()).collect(),
            })
            .collect(),
        shared,
        functions,
    };
    Ok(CSources {
        header: templates.render("header.h", &context)?,
        source: templates.render("source.c", &context)?,
    })
}

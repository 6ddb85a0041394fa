//! The scalar model as atoms: T, V, Q, the constraint and gap functions, and whether anything
//! depends on time explicitly.

use super::super::algebra::{trig_reduce, zero};
use super::super::convert::Converter;
use super::super::program::Program;
use super::super::symbols::{pool, vars};
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::Tangent;
use crate::error::DerivationError;
use proc_macro2::Span;
use symbolica::atom::{Atom, AtomCore};

/// The atoms every derivation stage starts from.
pub struct Scalar<'p> {
    /// The derivation's program: the atoms below are over its intermediates.
    pub prog: &'p Program,
    /// Coordinates.
    pub nq: usize,
    /// The velocities q̇ as atoms.
    pub qd: Vec<Atom>,
    /// T as written (the cheapest form to evaluate).
    pub kinetic_written: Atom,
    /// T expanded, with sin² reduced to 1 − cos².
    pub kinetic: Atom,
    /// Where T is written, for errors found in M.
    pub kinetic_span: Span,
    /// V, expanded.
    pub potential: Atom,
    /// Q per coordinate.
    pub generalised: Vec<Atom>,
    /// g, expanded (0 for a velocity constraint).
    pub bilateral: Vec<Atom>,
    /// γ = A q̇ + a of each velocity constraint: over the structured route's intermediates as
    /// converted (A and a are read off through the program, see `kinematics`), otherwise
    /// expanded with sin² reduced to 1 − cos² (`None` for a holonomic one).
    pub velocity_constraints: Vec<Option<Atom>>,
    /// g_N, expanded.
    pub gaps: Vec<Atom>,
    /// Whether anything depends on time explicitly.
    pub rheonomic: bool,
}

impl<'p> Scalar<'p> {
    /// Converts the scalar quantities of an assembled model; `kinetic` replaces the assembled T
    /// when the structured route has it in a cheaper form (½ q̇ᵀ p).
    pub fn convert(
        model: &Assembled,
        conv: &Converter<'p>,
        kinetic: Option<Atom>,
    ) -> Result<Scalar<'p>, DerivationError> {
        let p = pool();
        let prog = conv.program();
        let nq = model.coordinates().len();
        let kinetic_expr = model
            .kinetic
            .as_ref()
            .ok_or(DerivationError::NoKineticEnergy {
                span: model.block().name.span,
            })?;
        let kinetic_written = kinetic.unwrap_or_else(|| conv.atom(kinetic_expr));
        let kinetic = trig_reduce(&kinetic_written.expand());
        let potential = model
            .potential
            .as_ref()
            .map(|v| conv.atom(v).expand())
            .unwrap_or_else(zero);
        let mut generalised = vec![zero(); nq];
        for f in &model.forces {
            let k = model
                .coordinates()
                .iter()
                .position(|c| c.text == f.coordinate.text)
                .ok_or_else(|| {
                    syn::Error::new(
                        f.coordinate.span,
                        format!(
                            "`{}` is not a coordinate: forces are given per coordinate",
                            f.coordinate.text
                        ),
                    )
                })?;
            generalised[k] = conv.atom(&f.value);
        }
        let velocity_constraints: Vec<Option<Atom>> = model
            .constraints
            .iter()
            .map(|c| {
                c.velocity.then(|| {
                    let gamma = conv.atom(&c.value);
                    match prog.mentions_intermediates(&gamma) {
                        true => gamma.expand(),
                        false => trig_reduce(&gamma.expand()),
                    }
                })
            })
            .collect();
        let bilateral: Vec<Atom> = model
            .constraints
            .iter()
            .map(|c| match c.velocity {
                true => zero(),
                false => conv.atom(&c.value).expand(),
            })
            .collect();
        let gaps: Vec<Atom> = model
            .contacts
            .iter()
            .map(|c| conv.atom(&c.gap).expand())
            .collect();
        let rheonomic = [&kinetic, &potential]
            .into_iter()
            .chain(generalised.iter())
            .chain(bilateral.iter())
            .chain(velocity_constraints.iter().flatten())
            .chain(gaps.iter())
            .any(|a| prog.depends_on(a, p.t))
            || model
                .contacts
                .iter()
                .flat_map(|c| c.tangent.iter().flat_map(Tangent::directions))
                .any(|(e, _)| prog.depends_on(&conv.atom(e), p.t));
        Ok(Scalar {
            prog,
            nq,
            qd: vars(&p.qd, nq),
            kinetic_written,
            kinetic,
            kinetic_span: kinetic_expr.span,
            potential,
            generalised,
            bilateral,
            velocity_constraints,
            gaps,
            rheonomic,
        })
    }
}

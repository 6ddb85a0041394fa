//! Which route derives M and h of a model.
//!
//! - **Structured**: every body on a joint (a kinematic tree): recursions over the tree
//!   (`symbolic::tree`).
//! - **Expanded**: T written out and expanded in q, M read off its coefficients, C from M's
//!   Christoffel symbols, h by Lagrange's equations (`derive::mass`, `coriolis`, `forces`). For a
//!   small model this is the cheapest code and the most readable equations: expansion lets
//!   sin² + cos² = 1 and the orthogonality of rotations cancel terms. But the expansion grows by a
//!   factor of 3–4 per rotation composed, so a chain of bodies placed by hand is out of reach.
//! - **Program**: Lagrange's equations differentiated through the straight-line program of the
//!   written block, never expanding T (`derive::lagrange`): cost proportional to the size of the
//!   written block.
//!
//! A block may choose (`generate { expansion: full }` or `expansion: none`); otherwise a model
//! not on joints takes the expanded route unless it has a spatial body placed by hand (a
//! `rotation` list or matrix: the compositions whose expansion explodes) and its kinetic energy,
//! written out as one expression tree (each `let` counted at its size, a rate at three times the
//! size of what it differentiates), has more than [`PROGRAM_ROUTE_SIZE`] nodes. Planar chains
//! stay expanded: their expansion grows polynomially (a 64-link pendulum: 12.6 s, 795 MB and a
//! 249 683-line module expanded, against 12.4 s, 1.4 GB and 304 181 lines by the program
//! route).

use super::super::tree::structured;
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::{Expansion, Model, Orientation};
use crate::dsl::scalar::{Scalar, ScalarKind};
use std::collections::HashMap;

/// Above this written size of T (nodes) a model with spatial bodies placed by hand takes the
/// program route. The written sizes of the examples not on joints: the planar ones 78–1 711, the
/// tops and rolling bodies 750–871 (one body, expanded in 0.1 s; the HeavyTop's `dynamics` then
/// takes 42 operations against 984 by the program route), a 7-link arm placed by hand
/// (`Arm7Bodies`) 52 655 (its expansion took 62 s and made a 160 443-line module).
pub const PROGRAM_ROUTE_SIZE: usize = 20_000;

/// How M and h are derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// From T expanded in q (any model).
    Expanded,
    /// By recursions over the kinematic tree (bodies on joints: see `symbolic::tree`).
    Structured,
    /// By Lagrange's equations differentiated through the program of the written block, never
    /// expanding T (see `derive::lagrange`).
    Program,
}

impl Route {
    /// The route of a model, from the parsed block (joints, the block's choice) and its scalar
    /// form (the size of T written out).
    pub fn of(assembled: &Assembled) -> Route {
        let parsed = assembled.validated.model;
        match parsed.generate.as_ref().and_then(|g| g.expansion) {
            Some(Expansion::Full) => Route::Expanded,
            _ if structured(parsed) => Route::Structured,
            Some(Expansion::None) => Route::Program,
            None if rotates_by_hand(parsed) && written_size(assembled) > PROGRAM_ROUTE_SIZE => {
                Route::Program
            }
            None => Route::Expanded,
        }
    }
}

/// Whether a body not on a joint has a spatial rotation (a sequence of factors or a matrix).
fn rotates_by_hand(parsed: &Model) -> bool {
    parsed.bodies.iter().any(|b| {
        b.joint.is_none()
            && matches!(
                b.orientation,
                Some(Orientation::Sequence(..) | Orientation::Matrix(_))
            )
    })
}

/// The number of nodes of T written out as one tree (see the module documentation).
pub fn written_size(assembled: &Assembled) -> usize {
    let mut sizes: HashMap<&str, usize> = HashMap::new();
    for d in &assembled.block().definitions {
        let s = size(&Scalar::written(&d.value), &sizes);
        sizes.insert(d.name.text.as_str(), s);
    }
    assembled.kinetic.as_ref().map_or(0, |t| size(t, &sizes))
}

fn size(e: &Scalar, lets: &HashMap<&str, usize>) -> usize {
    let sum = |es: &[&Scalar]| {
        es.iter()
            .map(|e| size(e, lets))
            .fold(1, usize::saturating_add)
    };
    match &e.kind {
        ScalarKind::Name(n) => lets.get(n.as_str()).copied().unwrap_or(1),
        ScalarKind::Number(_) | ScalarKind::Dot(_) | ScalarKind::BodyRotation { .. } => 1,
        ScalarKind::Neg(a) | ScalarKind::Call(_, a) | ScalarKind::Powi(a, _) => sum(&[a]),
        ScalarKind::Partial(a, _) => sum(&[a]),
        ScalarKind::Binary(_, a, b) | ScalarKind::Powf(a, b) => sum(&[a, b]),
        ScalarKind::Rate(a) => size(a, lets).saturating_mul(3),
        ScalarKind::BodyPoint { local, .. } => local
            .iter()
            .map(|x| size(x, lets))
            .fold(4, usize::saturating_add),
    }
}

//! The size budget of a derivation: every derived quantity the generated module evaluates as
//! one function, measured as the expression nodes of its entries plus those of the intermediates
//! they need (what the evaluator optimiser and then rustc or cc must chew through), must stay
//! within a budget; a quantity over it is a typed error naming the quantity and its size, instead
//! of a module no compiler builds in reasonable time.

use super::super::reverse::program_size;
use super::Derived;
use crate::error::DerivationError;
use proc_macro2::Span;
use symbolica::atom::Atom;

/// The default budget in expression nodes per quantity: 3× the largest quantity of the examples
/// (the force Jacobians of `TreeMixExpanded`, 315 638 nodes, derived by expanding T; the largest
/// on the structured and program routes is the quadruped's Coriolis matrix, 63 542), and under
/// the 2 362 563 nodes of h of the 7-link arm placed by hand with its T expanded (`expansion:
/// full`: 62 s and 2.5 GB to derive, a 160 443-line module).
pub const DEFAULT_BUDGET: usize = 1_000_000;

/// Each quantity evaluated as one generated function, by name, with its entries.
fn quantities(d: &Derived) -> Vec<(&'static str, Vec<&Atom>)> {
    let k = &d.kinematics;
    let j = &d.jacobians;
    let s = &d.statics;
    let mut q: Vec<(&'static str, Vec<&Atom>)> = vec![
        ("the mass matrix M", d.mass.iter().flatten().collect()),
        ("the forces h", d.forces.iter().collect()),
        (
            "the Coriolis matrix C",
            d.coriolis.iter().flatten().collect(),
        ),
        (
            "the potential gradient ∇V",
            d.potential_gradient.iter().collect(),
        ),
    ];
    for (name, f) in [
        (
            "the bilateral constraints' Jacobian and drift",
            &k.bilateral,
        ),
        ("the gaps' Jacobian and drift", &k.gaps),
        ("the slips' Jacobian and drift", &k.slips),
        ("the second slips' Jacobian and drift", &k.second_slips),
    ] {
        let mut atoms: Vec<&Atom> = f.jacobian.iter().flatten().collect();
        atoms.extend(f.time.iter().chain(&f.drift));
        q.push((name, atoms));
    }
    q.extend([
        (
            "the residual of the motion (Rates)",
            d.rates.motion_residual.iter().collect(),
        ),
        (
            "the potential Hessian ∇²V",
            s.potential_hessian.iter().flatten().collect(),
        ),
        (
            "the Hessians of the bilateral constraints",
            s.bilateral_hessians.iter().flatten().flatten().collect(),
        ),
        (
            "the Hessians of the gaps",
            s.gap_hessians.iter().flatten().flatten().collect(),
        ),
        (
            "the force Jacobians ∂h/∂q, ∂h/∂q̇",
            j.forces_q.iter().chain(&j.forces_qd).flatten().collect(),
        ),
        (
            "the Jacobian ∂(M a)/∂q",
            j.mass_action_q.iter().flatten().collect(),
        ),
        (
            "the Jacobians of the bilateral drifts",
            j.bilateral_drift.iter().flatten().flatten().collect(),
        ),
        (
            "the Jacobians of the gap drifts",
            j.gap_drift.iter().flatten().flatten().collect(),
        ),
    ]);
    if let Some(a) = &d.articulated {
        q.push((
            "the articulated-body algorithm",
            a.acceleration.iter().collect(),
        ));
    }
    q
}

/// The largest quantity of a derivation and its size in expression nodes.
pub fn largest(d: &Derived) -> (&'static str, usize) {
    quantities(d)
        .into_iter()
        .map(|(name, atoms)| (name, program_size(&d.program, &atoms)))
        .max_by_key(|&(_, size)| size)
        .unwrap_or(("nothing", 0))
}

/// Every quantity within `budget` nodes, or the first one over it (located at `span`, the
/// mechanism's name).
pub fn check(d: &Derived, budget: usize, span: Span) -> Result<(), DerivationError> {
    for (quantity, atoms) in quantities(d) {
        let size = program_size(&d.program, &atoms);
        if size > budget {
            return Err(DerivationError::OverBudget {
                span,
                quantity: quantity.to_string(),
                size,
                budget,
            });
        }
    }
    Ok(())
}

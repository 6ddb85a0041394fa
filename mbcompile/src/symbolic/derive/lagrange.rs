//! The program route: M, h, C and ∇V by Lagrange's equations differentiated through the
//! straight-line program of a block whose bodies are placed by hand (positions and rotations
//! written out, see `Converter::lifting`), never expanding T in q.
//!
//! With p = ∂T/∂q̇ (one reverse sweep of T, or n forward tangents, whichever program is smaller:
//! `reverse::jacobian`):
//!
//! - M = ∂p/∂q̇, which must not depend on q̇ (T quadratic in q̇);
//! - h = ∂T/∂q − (∂p/∂q) q̇ − ∂p/∂t − ∂V/∂q + Q, the middle terms as one derivation of the
//!   program, D restricted to the coordinates and time (`Rates::positions`);
//! - C from the Christoffel symbols of ∂M/∂q, and M a, ∂(M a)/∂q from the same ∂M/∂q.
//!
//! Every derivative is a transformation of the program (forward or reverse mode), so a 7-link
//! arm placed by hand costs what the same arm on joints costs instead of an expansion that grows
//! by a factor of 3–4 per link.

// Index loops mirror the index notation of the formulas (M_ij, ∂M_ij/∂q_k).
#![allow(clippy::needless_range_loop)]

use super::super::algebra::{AtomMatrix, compact, uses_any, zero};
use super::super::program::Program;
use super::super::rate::Rates;
use super::super::reverse::jacobian;
use super::super::symbols::pool;
use super::coriolis::{Coriolis, MassPartials, christoffel};
use super::jacobians::mass_action_from_partials;
use super::mass::not_quadratic;
use super::scalar::Scalar;
use crate::dsl::assembled::Assembled;
use crate::error::DerivationError;
use symbolica::atom::{Atom, AtomCore};

/// What the program route derives for the dynamics.
pub struct Lagrange {
    /// M.
    pub mass: AtomMatrix,
    /// h.
    pub forces: Vec<Atom>,
    /// C and ∂M/∂q.
    pub coriolis: Coriolis,
    /// ∇V.
    pub potential_gradient: Vec<Atom>,
    /// M a and ∂(M a)/∂q.
    pub mass_action: (Vec<Atom>, AtomMatrix),
}

/// M, h, C, ∇V and M a of the scalar model over the program.
pub fn lagrange(model: &Assembled, s: &Scalar) -> Result<Lagrange, DerivationError> {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let kinetic = std::slice::from_ref(&s.kinetic_written);
    let momenta = jacobian(prog, kinetic, &p.qd[..nq]).swap_remove(0);
    let mass = mass_matrix(model, s, &momenta)?;
    let dm = mass_partials(prog, &mass);
    let potential = std::slice::from_ref(&s.potential);
    let potential_gradient: Vec<Atom> = jacobian(prog, potential, &p.q[..nq])
        .swap_remove(0)
        .iter()
        .map(|e| compact(prog, e))
        .collect();
    let kinetic_q = jacobian(prog, kinetic, &p.q[..nq]).swap_remove(0);
    let along = Rates::positions(prog, nq, s.rheonomic);
    let forces = (0..nq)
        .map(|i| &kinetic_q[i] - along.of(&momenta[i]) - &potential_gradient[i] + &s.generalised[i])
        .collect();
    let mass_action = mass_action_from_partials(&mass, &dm);
    Ok(Lagrange {
        coriolis: christoffel(dm, &s.qd),
        mass,
        forces,
        potential_gradient,
        mass_action,
    })
}

/// ∂M_ij/∂q_k as `[i][j][k]`: one Jacobian of the upper triangle, mirrored. (C regrouped as
/// ½(Ṁ + P − Pᵀ) with P = ∂(M q̇)/∂q needs n² derivatives instead of n³, but measured larger on
/// the 7-link arm: 33 942 operations against 23 547.)
fn mass_partials(prog: &Program, mass: &AtomMatrix) -> MassPartials {
    let nq = mass.len();
    let upper: Vec<Atom> = (0..nq)
        .flat_map(|i| (i..nq).map(move |j| (i, j)))
        .map(|(i, j)| mass[i][j].clone())
        .collect();
    let mut rows = jacobian(prog, &upper, &pool().q[..nq]).into_iter();
    let mut dm: MassPartials = vec![vec![vec![zero(); nq]; nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let row = rows.next().unwrap_or_default();
            dm[j][i].clone_from(&row);
            dm[i][j] = row;
        }
    }
    dm
}

/// M = ∂p/∂q̇ (the upper triangle, mirrored), with an entry that still depends on a velocity
/// reported. An entry whose program depends on q̇ only structurally (terms that cancel) is
/// decided exactly on its written-out form.
fn mass_matrix(
    model: &Assembled,
    s: &Scalar,
    momenta: &[Atom],
) -> Result<AtomMatrix, DerivationError> {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let full = jacobian(prog, momenta, &p.qd[..nq]);
    let mut mass = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let mut m = compact(prog, &full[i][j]);
            if p.qd[..nq].iter().any(|&v| prog.depends_on(&m, v)) {
                let written = compact(prog, &prog.inline(&m).expand());
                if let Some(k) = uses_any(prog, &written, &p.qd[..nq]) {
                    return Err(not_quadratic(model, s, [i, j, k]));
                }
                m = written;
            }
            mass[j][i] = m.clone();
            mass[i][j] = m;
        }
    }
    Ok(mass)
}

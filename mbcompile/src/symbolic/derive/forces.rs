//! The forces h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q (so M q̈ = h + W λ), and ∇V.

use super::super::algebra::{AtomMatrix, collect_velocities, compact, gradient, zero};
use super::super::symbols::pool;
use super::mass::momenta;
use super::scalar::Scalar;
use symbolica::atom::{Atom, AtomCore};

/// h and ∇V (the statics stage reuses it).
pub struct Forces {
    /// h.
    pub forces: Vec<Atom>,
    /// ∇V, compacted.
    pub potential_gradient: Vec<Atom>,
}

/// h of the scalar model; `momenta` is ∂T/∂q̇ where the mass stage computed it.
///
/// For T = ½ q̇ᵀ M(q) q̇ (no explicit time, no terms of degree 0 or 1 in q̇) the velocity part of
/// h is −C q̇ with the Christoffel matrix: this avoids differentiating the expanded T.
pub fn forces(
    s: &Scalar,
    lower_degree: bool,
    momenta_done: Option<Vec<Atom>>,
    coriolis: &AtomMatrix,
) -> Forces {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let potential_gradient: Vec<Atom> = gradient(prog, &s.potential, nq)
        .iter()
        .map(|e| compact(prog, e))
        .collect();
    let homogeneous = !lower_degree && !s.kinetic.contains_symbol(p.t);
    let dt_dqd = match (homogeneous, momenta_done) {
        (true, _) => Vec::new(),
        (false, Some(m)) => m,
        (false, None) => momenta(&s.kinetic, nq),
    };
    let mut forces = Vec::with_capacity(nq);
    for i in 0..nq {
        let velocity_part = if homogeneous {
            let mut cq = zero();
            for (cij, qdj) in coriolis[i].iter().zip(&s.qd) {
                if !cij.is_zero() {
                    cq -= cij * qdj;
                }
            }
            cq
        } else {
            let mut h = s.kinetic.derivative(p.q[i]);
            for (j, qdj) in s.qd.iter().enumerate() {
                if dt_dqd[i].contains_symbol(p.q[j]) {
                    h -= dt_dqd[i].derivative(p.q[j]) * qdj;
                }
            }
            if s.rheonomic {
                h -= dt_dqd[i].derivative(p.t);
            }
            collect_velocities(&h, &s.qd)
        };
        forces.push(velocity_part - &potential_gradient[i] + &s.generalised[i]);
    }
    Forces {
        forces,
        potential_gradient,
    }
}

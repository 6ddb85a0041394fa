//! The Coriolis matrix from the Christoffel symbols of M:
//! C_ij = Σ_k Γ_ijk q̇_k, Γ_ijk = ½(∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i), so Ṁ − 2C is
//! skew-symmetric.

// Index loops mirror the index notation of the formulas (M_ij, Γ_ijk).
#![allow(clippy::needless_range_loop)]

use super::super::algebra::{AtomMatrix, zero};
use super::super::symbols::pool;
use symbolica::atom::{Atom, AtomCore};

/// ∂M_ij/∂q_k stored as `[i][j][k]`.
pub type MassPartials = Vec<AtomMatrix>;

/// ∂M/∂q (Ṁ reuses it) and C.
pub struct Coriolis {
    /// ∂M_ij/∂q_k.
    pub partials: MassPartials,
    /// C.
    pub matrix: AtomMatrix,
}

/// ∂M/∂q and C of a symmetric M.
pub fn coriolis(mass: &AtomMatrix, qd: &[Atom]) -> Coriolis {
    let p = pool();
    let nq = mass.len();
    let mut dm = vec![vec![vec![zero(); nq]; nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            for k in 0..nq {
                if mass[i][j].contains_symbol(p.q[k]) {
                    let d = mass[i][j].derivative(p.q[k]);
                    dm[j][i][k] = d.clone();
                    dm[i][j][k] = d;
                }
            }
        }
    }
    christoffel(dm, qd)
}

/// C from ∂M/∂q (`partials[i][j][k]` = ∂M_ij/∂q_k, symmetric in i, j).
pub fn christoffel(dm: MassPartials, qd: &[Atom]) -> Coriolis {
    let nq = dm.len();
    let mut coriolis = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in 0..nq {
            let mut c = zero();
            for k in 0..nq {
                let g = &dm[i][j][k] + &dm[i][k][j] - &dm[j][k][i];
                if !g.is_zero() {
                    c += g * &qd[k];
                }
            }
            // Kept unexpanded: the factored ∂M/∂q stay compact and the evaluator shares them.
            coriolis[i][j] = c / Atom::num(2);
        }
    }
    Coriolis {
        partials: dm,
        matrix: coriolis,
    }
}

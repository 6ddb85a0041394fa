//! De Saxcé's modified velocity, the natural map of the cone complementarity problem and the
//! normalised residual that certifies a solution.

use super::projection::project_onto_cone;

/// De Saxcé's modified velocity `ũ = u + μ ‖u_T‖ e_N` (De Saxcé & Feng 1991, "New inequality
/// and functional for contact with friction: the implicit standard material approach").
#[inline]
pub fn modified_velocity(u: [f64; 3], mu: f64) -> [f64; 3] {
    [u[0] + mu * u[1].hypot(u[2]), u[1], u[2]]
}

/// Natural map of one contact, `r − proj_K(r − ũ)` (ρ = 1): zero exactly when
/// `K ∋ r ⊥ ũ ∈ K*` (Acary & Brogliato 2008, §13.3).
#[inline]
pub fn natural_map(r: [f64; 3], u: [f64; 3], mu: f64) -> [f64; 3] {
    let ut = modified_velocity(u, mu);
    let p = project_onto_cone([r[0] - ut[0], r[1] - ut[1], r[2] - ut[2]], mu);
    [r[0] - p[0], r[1] - p[1], r[2] - p[2]]
}

/// The normalised natural-map residual of a candidate reaction and the contact where the
/// natural map is largest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NaturalMapResidual {
    /// `‖r − proj_K(r − ũ)‖₂ / (1 + ‖q‖₂)` over all contacts (`+∞` if anything is non-finite).
    pub value: f64,
    /// Contact with the largest `‖r_i − proj_{K_i}(r_i − ũ_i)‖` (the first non-finite one if
    /// any; 0 when there is no contact).
    pub worst_contact: usize,
}

/// `‖r − proj_K(r − ũ)‖₂ / (1 + q_norm)` over the contacts of `r`, `u` (length `3 μ.len()`).
pub fn natural_map_residual(r: &[f64], u: &[f64], mu: &[f64], q_norm: f64) -> NaturalMapResidual {
    let mut sum = 0.0;
    let mut worst = (0, -1.0);
    for (i, &m) in mu.iter().enumerate() {
        let e = natural_map(contact(r, i), contact(u, i), m);
        let s = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
        if !s.is_finite() {
            return NaturalMapResidual {
                value: f64::INFINITY,
                worst_contact: i,
            };
        }
        if s > worst.1 {
            worst = (i, s);
        }
        sum += s;
    }
    NaturalMapResidual {
        value: sum.sqrt() / (1.0 + q_norm),
        worst_contact: worst.0,
    }
}

/// The three components of contact `i` in a stacked vector.
#[inline]
pub(crate) fn contact(x: &[f64], i: usize) -> [f64; 3] {
    [x[3 * i], x[3 * i + 1], x[3 * i + 2]]
}

/// State of a contact in a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactStatus {
    /// `r = 0`: the contact separates or is about to (`u ∈ K*`).
    Open,
    /// `r_N > 0`, `u_T = 0` (and `u_N = 0`): the reaction lies in the cone.
    Stick,
    /// `r_N > 0`, `u_T ≠ 0`, `r_T = −μ r_N u_T/‖u_T‖` on the boundary of the cone.
    Slip,
}

/// Classifies a solved contact: open if `r_N ≤ threshold`, otherwise stick if
/// `‖u_T‖ ≤ threshold`, otherwise slip.
#[inline]
pub(crate) fn contact_status(r: [f64; 3], u: [f64; 3], threshold: f64) -> ContactStatus {
    if r[0] <= threshold {
        ContactStatus::Open
    } else if u[1].hypot(u[2]) <= threshold {
        ContactStatus::Stick
    } else {
        ContactStatus::Slip
    }
}

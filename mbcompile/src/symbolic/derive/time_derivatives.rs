//! Time derivatives along a trajectory, for the event-driven integrator: D¹, …, D⁴ of gaps and
//! bilateral constraints, Ẇ = D(W) and Ẅ = D²(W) of their Jacobians, Ṁ = D(M), M̈ = D²(M),
//! ḣ = D(h), ḧ = D²(h) (Lötstedt 1982, Theorem 5.4, (5.10)–(5.13): the iteration up to its
//! second level differentiates M q̈ = h + Wλ and the constraints twice).

// Index loops mirror the index notation of the formulas (M_ij).
#![allow(clippy::needless_range_loop)]

use super::super::algebra::{AtomMatrix, total_derivative, zero};
use super::super::symbols::pool;
use super::coriolis::MassPartials;
use super::kinematics::ConstraintKinematics;
use super::scalar::Scalar;
use symbolica::atom::{Atom, AtomCore};

/// The time derivatives of one model.
#[derive(Default)]
pub struct TimeDerivatives {
    /// d^k g_N/dt^k, k = 1, …, 4, stored as `[c][k-1]`.
    pub gap_rates: AtomMatrix,
    /// d^k g/dt^k, k = 1, …, 4, stored as `[j][k-1]` (d^(k−1)γ/dt^(k−1) for a velocity
    /// constraint γ = 0).
    pub bilateral_rates: AtomMatrix,
    /// `[Ẇ_N column, Ẅ_N column]` per contact.
    pub gap_jacobian_rates: Vec<[Vec<Atom>; 2]>,
    /// `[Ġ column, G̈ column]` per bilateral constraint.
    pub bilateral_jacobian_rates: Vec<[Vec<Atom>; 2]>,
    /// Ṁ.
    pub mass_dot: AtomMatrix,
    /// M̈.
    pub mass_ddot: AtomMatrix,
    /// ḣ.
    pub forces_dot: Vec<Atom>,
    /// ḧ.
    pub forces_ddot: Vec<Atom>,
}

/// D¹, …, D⁴ of f, each expanded.
fn rates(f: &Atom, nq: usize, rheonomic: bool) -> Vec<Atom> {
    let d1 = total_derivative(f, nq, rheonomic).expand();
    let d2 = total_derivative(&d1, nq, rheonomic).expand();
    let d3 = total_derivative(&d2, nq, rheonomic).expand();
    let d4 = total_derivative(&d3, nq, rheonomic).expand();
    vec![d1, d2, d3, d4]
}

/// Ẇ = D(∇f) and Ẅ = D²(∇f) of a Jacobian column ∇f(q, t), entry by entry: `[Ẇ, Ẅ]`.
fn jacobian_rates(column: &[Atom], nq: usize, rheonomic: bool) -> [Vec<Atom>; 2] {
    let first: Vec<Atom> = column
        .iter()
        .map(|w| total_derivative(w, nq, rheonomic).expand())
        .collect();
    let second = first
        .iter()
        .map(|w| total_derivative(w, nq, rheonomic).expand())
        .collect();
    [first, second]
}

/// Ṁ = ∂M/∂t + Σ_k ∂M/∂q_k q̇_k from the partials the Coriolis stage computed.
pub fn mass_dot_from_partials(
    mass: &AtomMatrix,
    partials: &MassPartials,
    s: &Scalar,
) -> AtomMatrix {
    let p = pool();
    let nq = s.nq;
    let mut mass_dot = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let mut d = if s.rheonomic {
                mass[i][j].derivative(p.t)
            } else {
                zero()
            };
            for k in 0..nq {
                if !partials[i][j][k].is_zero() {
                    d += &partials[i][j][k] * &s.qd[k];
                }
            }
            mass_dot[i][j] = d.clone();
            mass_dot[j][i] = d;
        }
    }
    mass_dot
}

/// M̈ = D(Ṁ) of a symmetric Ṁ.
fn mass_ddot(mass_dot: &AtomMatrix, nq: usize, rheonomic: bool) -> AtomMatrix {
    let mut out = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let dd = total_derivative(&mass_dot[i][j], nq, rheonomic);
            out[i][j] = dd.clone();
            out[j][i] = dd;
        }
    }
    out
}

/// Every time derivative the event-driven integrator needs.
pub fn time_derivatives(
    s: &Scalar,
    k: &ConstraintKinematics,
    mass_dot: AtomMatrix,
    forces: &[Atom],
) -> TimeDerivatives {
    let (nq, rheonomic) = (s.nq, s.rheonomic);
    let each = |fs: &[Atom]| -> AtomMatrix { fs.iter().map(|g| rates(g, nq, rheonomic)).collect() };
    let columns = |cols: &AtomMatrix| -> Vec<[Vec<Atom>; 2]> {
        cols.iter()
            .map(|w| jacobian_rates(w, nq, rheonomic))
            .collect()
    };
    let gap_rates = each(&s.gaps);
    // A velocity constraint γ = 0 has no g: its column k−1 is D^(k−1)γ (what D^k g would be).
    let bilateral_rates = s
        .bilateral
        .iter()
        .zip(&s.velocity_constraints)
        .map(|(g, gamma)| match gamma {
            None => rates(g, nq, rheonomic),
            Some(gamma) => {
                let mut r = vec![gamma.clone()];
                r.extend(rates(gamma, nq, rheonomic).into_iter().take(3));
                r
            }
        })
        .collect();
    let gap_jacobian_rates = columns(&k.gaps.jacobian);
    let bilateral_jacobian_rates = columns(&k.bilateral.jacobian);
    let mass_ddot = mass_ddot(&mass_dot, nq, rheonomic);
    let forces_dot: Vec<Atom> = forces
        .iter()
        .map(|h| total_derivative(h, nq, rheonomic))
        .collect();
    let forces_ddot: Vec<Atom> = forces_dot
        .iter()
        .map(|h| total_derivative(h, nq, rheonomic))
        .collect();
    TimeDerivatives {
        gap_rates,
        bilateral_rates,
        gap_jacobian_rates,
        bilateral_jacobian_rates,
        mass_dot,
        mass_ddot,
        forces_dot,
        forces_ddot,
    }
}

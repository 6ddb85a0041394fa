//! First derivatives of the dynamics, for implicit integration and linearisation: ∂h/∂q,
//! ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q for a vector a, ∂h/∂p_k, ∂(M a)/∂p_k, the drift Jacobians of
//! bilateral constraints and gaps, and which parameters enter the constraints.
//!
//! Every entry is the derivative of an expression the earlier stages derived (h, the drifts, M
//! and its partials ∂M/∂q from the Coriolis stage), taken as it stands: nothing is expanded, the
//! evaluator of each generated function shares the common subexpressions. The parameter
//! derivatives are mostly one directional derivative ([`super::parameter_derivatives`]).

use super::super::algebra::{AtomMatrix, partial, zero};
use super::super::reverse::jacobian;
use super::super::symbols::{pool, vars};
use super::coriolis::MassPartials;
use super::kinematics::{ConstraintKinematics, Family};
use super::parameter_derivatives::ParameterDerivatives;
use super::scalar::Scalar;
use symbolica::atom::Atom;

/// The Jacobians of one model. Matrices are stored by rows: row i belongs to h_i, (M a)_i or
/// constraint i.
#[derive(Default)]
pub struct DynamicsJacobians {
    /// ∂h_i/∂q_j.
    pub forces_q: AtomMatrix,
    /// ∂h_i/∂q̇_j.
    pub forces_qd: AtomMatrix,
    /// ∂h_i/∂t.
    pub forces_t: Vec<Atom>,
    /// ∂(M a)_i/∂q_j = Σ_l ∂M_il/∂q_j a_l.
    pub mass_action_q: AtomMatrix,
    /// ∂h/∂p_k.
    pub forces_parameter: ParameterDerivatives,
    /// ∂(M a)/∂p_k = Σ_l ∂M_il/∂p_k a_l.
    pub mass_action_parameter: ParameterDerivatives,
    /// Whether p_k occurs in a bilateral constraint g (or γ of a velocity constraint), a gap g_N, or a tangential direction W_T,
    /// W_T2 or its offset ŵ_T, ŵ_T2 (all the runtime sees of a slip function or a tangential
    /// velocity).
    pub parameter_in_constraints: Vec<bool>,
    /// ∂d_i/∂q_j and ∂d_i/∂q̇_j of the bilateral drifts d = Ġᵀq̇ + d/dt ĝ.
    pub bilateral_drift: [AtomMatrix; 2],
    /// ∂d_i/∂q_j and ∂d_i/∂q̇_j of the gap drifts d = Ẇ_Nᵀq̇ + d/dt ŵ_N.
    pub gap_drift: [AtomMatrix; 2],
    /// ∂γ_i/∂q_j at fixed q̇ of the velocity-level constraint functions γ = Gᵀq̇ + ĝ.
    pub bilateral_velocity_q: AtomMatrix,
}

/// Σ_l m_il a_l for every i, skipping zero entries.
fn times_a(m: impl Iterator<Item = Vec<Atom>>, a: &[Atom]) -> Vec<Atom> {
    m.map(|row| {
        let mut s = zero();
        for (mil, al) in row.iter().zip(a) {
            if !mil.is_zero() {
                s += mil * al;
            }
        }
        s
    })
    .collect()
}

/// ∂d/∂q and ∂d/∂q̇ of the drifts of a constraint family.
fn drift_jacobians(family: &Family, s: &Scalar) -> [AtomMatrix; 2] {
    let prog = s.prog;
    let p = pool();
    [
        jacobian(prog, &family.drift, &p.q[..s.nq]),
        jacobian(prog, &family.drift, &p.qd[..s.nq]),
    ]
}

/// Whether parameter k occurs in the constraint kinematics the runtime uses.
fn parameters_in_constraints(s: &Scalar, k: &ConstraintKinematics, np: usize) -> Vec<bool> {
    let prog = s.prog;
    let p = pool();
    let atoms: Vec<&Atom> = s
        .bilateral
        .iter()
        .chain(s.velocity_constraints.iter().flatten())
        .chain(&s.gaps)
        .chain(k.slips.jacobian.iter().flatten())
        .chain(&k.slips.time)
        .chain(k.second_slips.jacobian.iter().flatten())
        .chain(&k.second_slips.time)
        .collect();
    (0..np)
        .map(|j| atoms.iter().any(|a| prog.depends_on(a, p.p[j])))
        .collect()
}

/// Every first derivative of the dynamics, from h, M, ∂M/∂q and the constraint kinematics.
pub fn jacobians(
    s: &Scalar,
    forces: &[Atom],
    mass_action: &[Atom],
    mass_action_q: AtomMatrix,
    k: &ConstraintKinematics,
    np: usize,
) -> DynamicsJacobians {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let forces_t = if s.rheonomic {
        forces.iter().map(|h| partial(prog, h, p.t)).collect()
    } else {
        vec![zero(); nq]
    };
    DynamicsJacobians {
        forces_q: jacobian(prog, forces, &p.q[..nq]),
        forces_qd: jacobian(prog, forces, &p.qd[..nq]),
        forces_t,
        mass_action_q,
        forces_parameter: ParameterDerivatives::of(prog, forces, np),
        mass_action_parameter: ParameterDerivatives::of(prog, mass_action, np),
        parameter_in_constraints: parameters_in_constraints(s, k, np),
        bilateral_drift: drift_jacobians(&k.bilateral, s),
        gap_drift: drift_jacobians(&k.gaps, s),
        bilateral_velocity_q: velocity_level_jacobian(&k.bilateral, s),
    }
}

/// ∂γ/∂q at fixed q̇ of γ = Wᵀq̇ + ŵ for each function of a family.
fn velocity_level_jacobian(family: &Family, s: &Scalar) -> AtomMatrix {
    let prog = s.prog;
    let p = pool();
    let gamma: Vec<Atom> = family
        .jacobian
        .iter()
        .zip(&family.time)
        .map(|(w, time)| {
            let mut g = time.clone();
            for (wi, qd) in w.iter().zip(&s.qd) {
                if !wi.is_zero() {
                    g += wi * qd;
                }
            }
            g
        })
        .collect();
    jacobian(prog, &gamma, &p.q[..s.nq])
}

/// M a and ∂(M a)/∂q from M and the partials ∂M/∂q the Coriolis stage computed:
/// ∂(M a)_i/∂q_j = Σ_l ∂M_il/∂q_j a_l (row i is M_i·'s partials, transposed).
pub fn mass_action_from_partials(
    mass: &AtomMatrix,
    mass_partials: &MassPartials,
) -> (Vec<Atom>, AtomMatrix) {
    let nq = mass.len();
    let a = vars(&pool().a, nq);
    let mass_action_q = (0..nq)
        .map(|i| times_a((0..nq).map(|j| column(&mass_partials[i], j)), &a))
        .collect();
    (times_a(mass.iter().cloned(), &a), mass_action_q)
}

/// (∂M_il/∂q_j)_l for fixed i and j, from `partials[i] = [l][j]`.
fn column(partials_i: &AtomMatrix, j: usize) -> Vec<Atom> {
    partials_i.iter().map(|l| l[j].clone()).collect()
}

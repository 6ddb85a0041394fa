//! What the model evaluates on Taylor jets for the event-driven integrator (`Rates`): the
//! residual of the equations of motion and the constraint functions. Their time derivatives of
//! every order are not derived here: the runtime gets them by running the programs of these
//! quantities on jets (Taylor-mode differentiation of the program), so the derivation is a
//! few sums over quantities that exist already.

use super::super::algebra::zero;
use super::super::symbols::{pool, vars};
use super::kinematics::ConstraintKinematics;
use symbolica::atom::Atom;

/// The quantities of the `Rates` functions.
#[derive(Default)]
pub struct RateJets {
    /// r = M a − h − G λ_B − W_N λ_N (a, λ_B, λ_N the symbols of the pool), per coordinate.
    pub motion_residual: Vec<Atom>,
    /// g of a holonomic constraint, γ = Aq̇ + a of a velocity constraint.
    pub bilateral: Vec<Atom>,
    /// g_N.
    pub gaps: Vec<Atom>,
}

/// The `Rates` quantities from M a (over the pool's a), h, the constraints and gaps, which rows
/// are holonomic, and the constraint kinematics (Jacobian columns and time partials).
pub fn rate_jets(
    mass_action: &[Atom],
    forces: &[Atom],
    bilateral: &[Atom],
    holonomic: &[bool],
    gaps: &[Atom],
    k: &ConstraintKinematics,
) -> RateJets {
    let p = pool();
    let nq = forces.len();
    let lambda_b = vars(&p.lambda_b, bilateral.len());
    let lambda_n = vars(&p.lambda_n, gaps.len());
    let motion_residual = (0..nq)
        .map(|i| {
            let mut r = &mass_action[i] - &forces[i];
            for (column, l) in k.bilateral.jacobian.iter().zip(&lambda_b) {
                if !column[i].is_zero() {
                    r -= &column[i] * l;
                }
            }
            for (column, l) in k.gaps.jacobian.iter().zip(&lambda_n) {
                if !column[i].is_zero() {
                    r -= &column[i] * l;
                }
            }
            r
        })
        .collect();
    let qd = vars(&p.qd, nq);
    let bilateral = bilateral
        .iter()
        .zip(holonomic)
        .enumerate()
        .map(|(j, (g, &holonomic))| {
            if holonomic {
                return g.clone();
            }
            let mut gamma = k.bilateral.time[j].clone();
            for (a, v) in k.bilateral.jacobian[j].iter().zip(&qd) {
                if !a.is_zero() {
                    gamma += a * v;
                }
            }
            gamma
        })
        .collect();
    RateJets {
        motion_residual,
        bilateral,
        gaps: gaps.to_vec(),
    }
}

/// M a over the pool's a, for a route that has no recursion for it.
pub fn mass_action(mass: &[Vec<Atom>]) -> Vec<Atom> {
    let a = vars(&pool().a, mass.len());
    mass.iter()
        .map(|row| {
            let mut s = zero();
            for (m, a) in row.iter().zip(&a) {
                if !m.is_zero() {
                    s += m * a;
                }
            }
            s
        })
        .collect()
}

//! The residuals γ = A(q, t) q̇ + a(q, t) of the velocity (nonholonomic) constraints, for the
//! initial-state check and the step record.
//!
//! Both schemes impose every bilateral row, holonomic or not, at velocity level in the step's
//! velocity update, Gᵀu_E + ĝ = 0 with G and ĝ at the scheme's evaluation point (q_M for
//! Moreau's midpoint rule, q_A for Moreau–Jean), so that γ vanishes there to round-off. At the
//! end state (q_E, u_E) the residual is γ(q_E, t_E, u_E) = (G(q_E) − G(q_eval))ᵀu_E + … = O(Δt):
//! it is not accumulated (every step imposes the constraint afresh) and is what
//! [`StepRecord::velocity_constraint_residual`](super::StepRecord::velocity_constraint_residual)
//! reports.

use super::error::TimeSteppingError;
use super::finite::check_finite;
use crate::mechanism::{Constraints, Matrix, Vector};

/// Whether `Model` has a velocity constraint.
pub(crate) fn has_velocity_constraints<Model, const NQ: usize, const NB: usize, const NU: usize>()
-> bool
where
    Model: Constraints<NQ, NB, NU>,
{
    Model::HOLONOMIC.contains(&false)
}

/// The velocity constraint with the largest |γ_i(q, t, u)| and that residual; `None` without
/// velocity constraints. Non-finite G or ĝ is an error.
pub(crate) fn largest_velocity_residual<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
    t: f64,
) -> Result<Option<(usize, f64)>, TimeSteppingError>
where
    Model: Constraints<NQ, NB, NU>,
{
    if !has_velocity_constraints::<Model, NQ, NB, NU>() {
        return Ok(None);
    }
    let mut jac = Matrix::<NQ, NB>::zeros();
    let mut g_hat = Vector::<NB>::zeros();
    model.bilateral_jacobian(q, t, &mut jac, &mut g_hat);
    check_finite(jac.as_slice(), t, "G")?;
    check_finite(g_hat.as_slice(), t, "G")?;
    let gamma = jac.tr_mul(u) + g_hat;
    let mut largest: Option<(usize, f64)> = None;
    for i in (0..NB).filter(|&i| !Model::HOLONOMIC[i]) {
        let r = gamma[i].abs();
        if largest.is_none_or(|(_, m)| r > m) {
            largest = Some((i, r));
        }
    }
    Ok(largest)
}

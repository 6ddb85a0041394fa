//! The smooth part of Moreau's midpoint rule (Glocker & Studer 2005, Sect. 5, (17)).
//!
//! Steps 1–3 of (17): midpoint t_M = t_A + ½Δt, q_M = q_A + ½Δt u_A; M(q_M, t_M) and
//! h(q_M, u_A, t_M); the iteration matrix is M itself (Cholesky, which also certifies M ≻ 0),
//! the smooth impulse is r = h Δt. Step 4 (the impact-contact problem) is shared with the
//! θ-method; step 5 is [`end_position`]: q_E = q_M + ½Δt u_E.

use super::error::TimeSteppingError;
use super::finite::check_finite;
use super::step_plan::{StepPlan, StepStart};
use super::velocity_operator::IterationFactor;
use crate::linalg::CholeskyMemo;
use crate::mechanism::{Constraints, Matrix, Vector};

/// Steps 1–3 of (17).
pub(crate) fn plan<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    start: &StepStart<NQ>,
    mass: &mut CholeskyMemo<NQ>,
) -> Result<StepPlan<NQ>, TimeSteppingError>
where
    Model: Constraints<NQ, NB, NU>,
{
    let dt = start.dt;
    let t_m = start.t_a + 0.5 * dt;
    let q_m = start.q_a + start.u_a * (0.5 * dt);
    let mut m = Matrix::<NQ, NQ>::zeros();
    let mut h = Vector::<NQ>::zeros();
    model.dynamics(&q_m, &start.u_a, t_m, &mut m, &mut h);
    check_finite(m.as_slice(), t_m, "M")?;
    check_finite(h.as_slice(), t_m, "h")?;
    let chol = mass
        .factor(&m)
        .map_err(|e| TimeSteppingError::mass_factor(e, t_m))?;
    Ok(StepPlan {
        t_eval: t_m,
        q_eval: q_m,
        t_gap: t_m,
        q_gap: q_m,
        factor: IterationFactor::Cholesky(chol),
        smooth_impulse: h * dt,
    })
}

/// Step 5 of (17): q_E = q_M + ½Δt u_E.
pub(crate) fn end_position<const NQ: usize>(
    q_m: &Vector<NQ>,
    u_e: &Vector<NQ>,
    dt: f64,
) -> Vector<NQ> {
    q_m + u_e * (0.5 * dt)
}

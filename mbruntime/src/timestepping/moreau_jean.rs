//! The smooth part of the Moreau–Jean θ-method (Jean 1999), linearised once per step.
//!
//! With f = h(q, u, t) and the tangents K = −∂f/∂q, C = −∂f/∂u at (q_A, u_A, t_A), the
//! θ-scheme M(u_E − u_A) = Δt f_θ + impulses, q_E = q_A + Δt u_θ, x_θ = (1−θ)x_A + θx_E,
//! linearised as f(q_E, u_E, t_E) ≈ f(q_A, u_A, t_E) − K(q_E − q_A) − C(u_E − u_A), gives
//!
//! ```text
//! Ŵ (u_E − u_A) = Δt[(1−θ) f(q_A, u_A, t_A) + θ f(q_A, u_A, t_E)] − Δt²θ K u_A + impulses,
//! Ŵ = M(q_A, t_A) + Δtθ C + Δt²θ² K,     q_E = q_A + Δt((1−θ) u_A + θ u_E).
//! ```
//!
//! This is the scheme of Siconos' `MoreauJeanOSI` for Lagrangian linear time-invariant systems
//! (where it is exact). K and C are the model's generated, exact Jacobians
//! ([`Jacobians::force_jacobians`](crate::Jacobians::force_jacobians)): one evaluation, no finite
//! differences, so stiff forces (K ~ 1e8) keep their full accuracy. Ŵ is factored by LU (it need
//! not be symmetric); M itself is still checked positive definite by a Cholesky factorisation,
//! which is also the iteration factor when K = C = 0 (then Ŵ = M).

use super::error::TimeSteppingError;
use super::finite::check_finite;
use super::step_plan::{StepPlan, StepStart};
use super::velocity_operator::IterationFactor;
use crate::linalg::CholeskyMemo;
use crate::linalg::{Lu, all_zero};
use crate::mechanism::{Constraints, Jacobians, Matrix, Vector};

/// The exact tangents ∂h/∂q, ∂h/∂u of a model, as a plain function so that the time-stepper
/// (bound on [`Constraints`] only) can hold it for models that implement [`Jacobians`].
pub(crate) type ForceTangents<Model, const NQ: usize> =
    fn(&Model, &Vector<NQ>, &Vector<NQ>, f64, &mut Matrix<NQ, NQ>, &mut Matrix<NQ, NQ>);

/// [`ForceTangents`] of a model with generated Jacobians.
pub(crate) fn force_tangents<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
    t: f64,
    dh_dq: &mut Matrix<NQ, NQ>,
    dh_du: &mut Matrix<NQ, NQ>,
) where
    Model: Jacobians<NQ, NB, NU>,
{
    model.force_jacobians(q, u, t, dh_dq, dh_du);
}

/// The linearised θ-step's iteration matrix and smooth impulse.
pub(crate) fn plan<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    start: &StepStart<NQ>,
    theta: f64,
    tangents: ForceTangents<Model, NQ>,
    mass_factor: &mut CholeskyMemo<NQ>,
) -> Result<StepPlan<NQ>, TimeSteppingError>
where
    Model: Constraints<NQ, NB, NU>,
{
    let (t_a, q_a, u_a, dt, t_e) = (start.t_a, &start.q_a, &start.u_a, start.dt, start.t_e);
    let mut m = Matrix::<NQ, NQ>::zeros();
    let mut f_a = Vector::<NQ>::zeros();
    model.dynamics(q_a, u_a, t_a, &mut m, &mut f_a);
    check_finite(m.as_slice(), t_a, "M")?;
    check_finite(f_a.as_slice(), t_a, "h")?;
    let mass = mass_factor
        .factor(&m)
        .map_err(|e| TimeSteppingError::mass_factor(e, t_a))?;
    let mut f_e = f_a;
    if Model::RHEONOMIC {
        model.forces(q_a, u_a, t_e, &mut f_e);
        check_finite(f_e.as_slice(), t_e, "h")?;
    }

    // Tangents K = −∂f/∂q, C = −∂f/∂u, exact.
    let mut dh_dq = Matrix::<NQ, NQ>::zeros();
    let mut dh_du = Matrix::<NQ, NQ>::zeros();
    tangents(model, q_a, u_a, t_a, &mut dh_dq, &mut dh_du);
    let smooth = (f_a * (1.0 - theta) + f_e * theta) * dt;
    let (t_gap, q_gap) = (t_a + 0.5 * dt, q_a + u_a * (0.5 * dt));
    // Without force tangents (constant forces: gravity, a constant load) Ŵ = M exactly, and its
    // Cholesky factor, computed above, is the iteration factor: no LU.
    if all_zero(dh_dq.as_slice()) && all_zero(dh_du.as_slice()) {
        return Ok(StepPlan {
            t_eval: t_a,
            q_eval: *q_a,
            t_gap,
            q_gap,
            factor: IterationFactor::Cholesky(mass),
            smooth_impulse: smooth,
        });
    }
    let k = -dh_dq;
    let c = -dh_du;
    check_finite(k.as_slice(), t_a, "∂h/∂q")?;
    check_finite(c.as_slice(), t_a, "∂h/∂u")?;
    let w_hat = m + c * (dt * theta) + k * (dt * dt * theta * theta);
    let lu = Lu::new(w_hat).map_err(|_| TimeSteppingError::SingularIterationMatrix { t: t_a })?;
    Ok(StepPlan {
        t_eval: t_a,
        q_eval: *q_a,
        t_gap,
        q_gap,
        factor: IterationFactor::Lu { lu, mass },
        smooth_impulse: smooth - k * u_a * (dt * dt * theta),
    })
}

/// q_E = q_A + Δt((1−θ) u_A + θ u_E).
pub(crate) fn end_position<const NQ: usize>(
    start: &StepStart<NQ>,
    u_e: &Vector<NQ>,
    theta: f64,
) -> Vector<NQ> {
    start.q_a + (start.u_a * (1.0 - theta) + u_e * theta) * start.dt
}

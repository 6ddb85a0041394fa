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
//! (where it is exact). K and C are formed by forward differences of `forces` with steps
//! δ_j = √ε · max(1, |x_j|) (2·NQ force evaluations; exact up to rounding for forces affine in
//! (q, u), such as the woodpecker's). Ŵ is factored by LU (it need not be symmetric); M itself is
//! still checked positive definite by a Cholesky factorisation.

use super::error::TimeSteppingError;
use super::projection::min_diagonal;
use super::small_lu::SmallLu;
use super::stepper::{StepPlan, check_finite};
use super::velocity_operator::IterationFactor;
use crate::mechanism::{Matrix, Mechanism, Vector};
use nalgebra::Cholesky;

/// The linearised θ-step's iteration matrix and smooth impulse.
pub(crate) fn plan<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    t_a: f64,
    q_a: &Vector<NQ>,
    u_a: &Vector<NQ>,
    dt: f64,
    theta: f64,
) -> Result<StepPlan<NQ>, TimeSteppingError>
where
    Model: Mechanism<NQ, NB, NU>,
{
    let mut m = Matrix::<NQ, NQ>::zeros();
    let mut f_a = Vector::<NQ>::zeros();
    model.dynamics(q_a, u_a, t_a, &mut m, &mut f_a);
    check_finite(m.as_slice(), t_a, "M")?;
    check_finite(f_a.as_slice(), t_a, "h")?;
    if Cholesky::new(m).is_none() {
        return Err(TimeSteppingError::MassMatrixNotPositiveDefinite {
            t: t_a,
            min_diagonal: min_diagonal(&m),
        });
    }
    let t_e = t_a + dt;
    let mut f_e = f_a;
    if Model::RHEONOMIC {
        model.forces(q_a, u_a, t_e, &mut f_e);
        check_finite(f_e.as_slice(), t_e, "h")?;
    }

    // Tangents K = −∂f/∂q, C = −∂f/∂u by forward differences.
    let mut k = Matrix::<NQ, NQ>::zeros();
    let mut c = Matrix::<NQ, NQ>::zeros();
    let mut f = Vector::<NQ>::zeros();
    let sqrt_eps = f64::EPSILON.sqrt();
    for j in 0..NQ {
        let mut q = *q_a;
        let dq = sqrt_eps * q[j].abs().max(1.0);
        q[j] += dq;
        model.forces(&q, u_a, t_a, &mut f);
        k.set_column(j, &((f_a - f) / dq));
        let mut u = *u_a;
        let du = sqrt_eps * u[j].abs().max(1.0);
        u[j] += du;
        model.forces(q_a, &u, t_a, &mut f);
        c.set_column(j, &((f_a - f) / du));
    }
    check_finite(k.as_slice(), t_a, "h")?;
    check_finite(c.as_slice(), t_a, "h")?;

    let w_hat = m + c * (dt * theta) + k * (dt * dt * theta * theta);
    let lu = SmallLu::new(w_hat);
    if !lu.is_invertible() {
        return Err(TimeSteppingError::SingularIterationMatrix { t: t_a });
    }
    let smooth_impulse = (f_a * (1.0 - theta) + f_e * theta) * dt - k * u_a * (dt * dt * theta);
    Ok(StepPlan {
        t_eval: t_a,
        q_eval: *q_a,
        t_gap: t_a + 0.5 * dt,
        q_gap: q_a + u_a * (0.5 * dt),
        factor: IterationFactor::Lu(lu),
        smooth_impulse,
    })
}

/// q_E = q_A + Δt((1−θ) u_A + θ u_E).
pub(crate) fn end_position<const NQ: usize>(
    q_a: &Vector<NQ>,
    u_a: &Vector<NQ>,
    u_e: &Vector<NQ>,
    dt: f64,
    theta: f64,
) -> Vector<NQ> {
    q_a + (u_a * (1.0 - theta) + u_e * theta) * dt
}

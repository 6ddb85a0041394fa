//! Position projection onto the bilateral constraint manifold after a step.
//!
//! The velocity update enforces Gᵀu + ĝ = 0 only; positions drift off g(q, t) = 0 at O(Δt²) per
//! step. After each step q_E is pulled back by Gauss–Newton iterations of the M-metric
//! projection
//!
//! ```text
//! min ½ ‖Δq‖²_M  s.t.  g(q) + Gᵀ(q) Δq = 0   ⇒   Δq = −M⁻¹ G (Gᵀ M⁻¹ G)⁻¹ g(q),
//! ```
//!
//! computed as the minimum-kinetic-norm correction of
//! [`ConstraintFactor::correction`](crate::linalg::ConstraintFactor::correction) (redundant
//! constraints are dropped rank-revealingly, Lötstedt 1982, Lemma 5.2, the policy of
//! [`crate::linalg::constrained_inverse`]), with M = M(q_E, t_E) factored once and G
//! re-evaluated at every iterate, until
//! ‖g‖_∞ ≤ tolerance or the iteration budget is spent. The drift thus stays at the level of
//! the tolerance (quadratic convergence) instead of growing with time; velocities are not
//! modified (they satisfy the velocity constraint at the step's evaluation point).

use super::error::TimeSteppingError;
use crate::linalg::{ConstraintFactor, DEPENDENCE_TOLERANCE};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Projects `q` onto g(q, t) = 0 in place; returns the final ‖g(q, t)‖_∞.
pub(crate) fn project_onto_constraints<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    q: &mut Vector<NQ>,
    t: f64,
    iterations: usize,
    tolerance: f64,
) -> Result<f64, TimeSteppingError>
where
    Model: Constraints<NQ, NB, NU>,
{
    let mut g = Vector::<NB>::zeros();
    model.bilateral(q, t, &mut g);
    let mut residual = g.amax();
    if NB == 0 || iterations == 0 || residual <= tolerance || !residual.is_finite() {
        return Ok(residual);
    }
    let mut m = Matrix::<NQ, NQ>::zeros();
    model.mass_matrix(q, t, &mut m);
    let mut metric = ConstraintFactor::<NQ, NB>::default();
    metric
        .set_mass(&m)
        .map_err(|e| TimeSteppingError::mass_factor(e, t))?;
    let mut jac = Matrix::<NQ, NB>::zeros();
    let mut g_hat = Vector::<NB>::zeros();
    for _ in 0..iterations {
        model.bilateral_jacobian(q, t, &mut jac, &mut g_hat);
        metric.clear_columns();
        metric
            .push_columns(0, &jac, DEPENDENCE_TOLERANCE)
            .map_err(|_| TimeSteppingError::DependentBilateralConstraints { t })?;
        let mut g_kept = Vector::<NB>::zeros();
        for k in 0..metric.rank() {
            g_kept[k] = g[metric.kept_tag(k)];
        }
        *q += metric.correction(&g_kept);
        model.bilateral(q, t, &mut g);
        residual = g.amax();
        if residual <= tolerance || !residual.is_finite() {
            break;
        }
    }
    Ok(residual)
}

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
//! with M = M(q_E, t_E) factored once and G re-evaluated at every iterate, until
//! ‖g‖_∞ ≤ tolerance or the iteration budget is spent. The drift thus stays at the level of
//! the tolerance (quadratic convergence) instead of growing with time; velocities are not
//! modified (they satisfy the velocity constraint at the step's evaluation point).

use super::error::TimeSteppingError;
use super::small_lu::SmallLu;
use crate::mechanism::{Matrix, Mechanism, Vector};
use nalgebra::Cholesky;

/// Projects `q` onto g(q, t) = 0 in place; returns the final ‖g(q, t)‖_∞.
pub(crate) fn project_onto_constraints<Model, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Model,
    q: &mut Vector<NQ>,
    t: f64,
    iterations: usize,
    tolerance: f64,
) -> Result<f64, TimeSteppingError>
where
    Model: Mechanism<NQ, NB, NU>,
{
    let mut g = Vector::<NB>::zeros();
    model.bilateral(q, t, &mut g);
    let mut residual = g.amax();
    if NB == 0 || iterations == 0 || residual <= tolerance || !residual.is_finite() {
        return Ok(residual);
    }
    let mut m = Matrix::<NQ, NQ>::zeros();
    model.mass_matrix(q, t, &mut m);
    let chol = Cholesky::new(m).ok_or(TimeSteppingError::MassMatrixNotPositiveDefinite {
        t,
        min_diagonal: min_diagonal(&m),
    })?;
    let mut jac = Matrix::<NQ, NB>::zeros();
    let mut g_hat = Vector::<NB>::zeros();
    for _ in 0..iterations {
        model.bilateral_jacobian(q, t, &mut jac, &mut g_hat);
        let mut minv_g = jac;
        chol.solve_mut(&mut minv_g);
        let lu = SmallLu::new(jac.transpose() * minv_g);
        let mut y = g;
        if !lu.solve_mut(&mut y) {
            return Err(TimeSteppingError::DependentBilateralConstraints { t });
        }
        *q -= minv_g * y;
        model.bilateral(q, t, &mut g);
        residual = g.amax();
        if residual <= tolerance || !residual.is_finite() {
            break;
        }
    }
    Ok(residual)
}

/// Smallest diagonal entry of a square matrix (for error messages).
pub(crate) fn min_diagonal<const N: usize>(m: &Matrix<N, N>) -> f64 {
    (0..N).fold(f64::INFINITY, |acc, i| acc.min(m[(i, i)]))
}

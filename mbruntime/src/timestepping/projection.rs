//! Position projection onto the holonomic constraint manifold after a step.
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
//!
//! Only the holonomic rows take part ([`Constraints::HOLONOMIC`]): a velocity (nonholonomic)
//! constraint A q̇ + a = 0 has no position-level value, and its column Aᵀ in G with a zero
//! residual would restrict the correction to A Δq = 0, which no position condition asks for.
//! The same holds for the gap projection (`gap_projection`), which uses
//! `push_holonomic_columns` too.

use super::error::TimeSteppingError;
use crate::linalg::{ColumnError, ConstraintFactor, DEPENDENCE_TOLERANCE};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Whether `Model` has a holonomic bilateral constraint.
pub(crate) fn has_holonomic<Model, const NQ: usize, const NB: usize, const NU: usize>() -> bool
where
    Model: Constraints<NQ, NB, NU>,
{
    Model::HOLONOMIC.contains(&true)
}

/// Pushes the holonomic columns of G into `factor` with their constraint index as tag, with the
/// policy of [`ConstraintFactor::push_columns`]: dependent columns are dropped, a vanishing or
/// non-finite one is an error (reported after all were tried). A model without velocity
/// constraints pushes exactly what `push_columns(0, g, …)` pushes.
pub(crate) fn push_holonomic_columns<Model, const NQ: usize, const NB: usize, const NU: usize>(
    factor: &mut ConstraintFactor<NQ, NB>,
    g: &Matrix<NQ, NB>,
) -> Result<(), ColumnError>
where
    Model: Constraints<NQ, NB, NU>,
{
    if !Model::HOLONOMIC.contains(&false) {
        return factor.push_columns(0, g, DEPENDENCE_TOLERANCE);
    }
    let mut failure = None;
    for j in (0..NB).filter(|&j| Model::HOLONOMIC[j]) {
        let col = g.column(j).into_owned();
        let norm = factor.whiten(&col).norm();
        if !norm.is_finite() {
            failure.get_or_insert(ColumnError::NonFinite { index: j, norm });
        } else if norm == 0.0 {
            failure.get_or_insert(ColumnError::Vanishing { index: j, rank: 0 });
        } else {
            factor.push_column(j, &col, DEPENDENCE_TOLERANCE);
        }
    }
    match failure {
        Some(ColumnError::Vanishing { index, .. }) => Err(ColumnError::Vanishing {
            index,
            rank: factor.rank(),
        }),
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// ‖g_H(q, t)‖_∞ over the holonomic rows H (velocity constraints have no position value).
fn holonomic_residual<Model, const NQ: usize, const NB: usize, const NU: usize>(
    g: &Vector<NB>,
) -> f64
where
    Model: Constraints<NQ, NB, NU>,
{
    if !Model::HOLONOMIC.contains(&false) {
        return g.amax();
    }
    (0..NB)
        .filter(|&i| Model::HOLONOMIC[i])
        .map(|i| g[i].abs())
        .fold(0.0, |acc: f64, r| if r.is_nan() { r } else { acc.max(r) })
}

/// Projects `q` onto the holonomic constraints g(q, t) = 0 in place; returns the final
/// ‖g(q, t)‖_∞ over the holonomic rows (0 without any).
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
    if !has_holonomic::<Model, NQ, NB, NU>() {
        return Ok(0.0);
    }
    let mut g = Vector::<NB>::zeros();
    model.bilateral(q, t, &mut g);
    let mut residual = holonomic_residual::<Model, NQ, NB, NU>(&g);
    if iterations == 0 || residual <= tolerance || !residual.is_finite() {
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
        push_holonomic_columns::<Model, NQ, NB, NU>(&mut metric, &jac)
            .map_err(|_| TimeSteppingError::DependentBilateralConstraints { t })?;
        let mut g_kept = Vector::<NB>::zeros();
        for k in 0..metric.rank() {
            g_kept[k] = g[metric.kept_tag(k)];
        }
        *q += metric.correction(&g_kept);
        model.bilateral(q, t, &mut g);
        residual = holonomic_residual::<Model, NQ, NB, NU>(&g);
        if residual <= tolerance || !residual.is_finite() {
            break;
        }
    }
    Ok(residual)
}

//! The unconstrained forward dynamics q̈ = M⁻¹ h of a model: by its generated
//! articulated-body algorithm where it has one (O(n), kinematic trees), otherwise by a Cholesky
//! factorisation of M.

use super::{Dynamics, Matrix, Vector};
use crate::linalg::{SpdError, cholesky, first_non_finite};

/// q̈ = M⁻¹ h(q, q̇, t) without constraint forces.
///
/// Uses [`Dynamics::articulated_acceleration`] when the model generates it and it succeeds
/// (every articulated pivot positive, q̈ finite); otherwise evaluates M and h and solves with
/// [`cholesky`], whose error (a mass matrix that is not positive definite, or non-finite
/// entries) is returned. Allocates nothing.
pub fn acceleration<const N: usize, Model: Dynamics<N> + ?Sized>(
    model: &Model,
    q: &Vector<N>,
    qd: &Vector<N>,
    t: f64,
    qdd: &mut Vector<N>,
) -> Result<(), SpdError> {
    if model.articulated_acceleration(q, qd, t, qdd) {
        return Ok(());
    }
    let mut m = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    model.dynamics(q, qd, t, &mut m, &mut h);
    if let Some(mut entry) = first_non_finite(h.iter()) {
        entry.index += N * N;
        return Err(SpdError::NonFinite { entry });
    }
    *qdd = cholesky(&m)?.solve(&h);
    Ok(())
}

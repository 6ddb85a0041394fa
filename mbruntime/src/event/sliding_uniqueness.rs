//! Uniqueness of the acceleration-level problem where contacts slide: A(μ) must be a P-matrix.
//!
//! The contacts that slide or start to slide (μ > 0, each with its unit slip direction ŝ, (σ, 0)
//! for planar friction) act through their effective columns f_j = W_N,j − μ_j(ŝ₁W_T1,j +
//! ŝ₂W_T2,j), so their normal forces solve an LCP with A(μ)_ij = W_N,iᵀ M_c⁻¹ f_j, which has a
//! unique solution for every right-hand side exactly when A(μ) is a P-matrix (Cottle, Pang &
//! Stone 1992, Thm 3.3.7; Pfeiffer & Glocker 1996, ch. 7 for the frictional contact problem).
//! Up to [`P_MATRIX_EXACT_MAX_N`] contacts A(μ) is screened here without allocating (every
//! scaled principal minor positive); a larger set, or a failed screen, is decided by the
//! allocating [`SlidingContactProblem`], which also gives the Painlevé bound of the contact
//! that limits μ most (`FrictionModeError::NonUnique`). The planar problem and the cone problem
//! of contacts with tangent planes both ask here.

use super::friction_modes::{
    FrictionModeError, FrictionalContactLcp, painleve_bound_in_directions,
};
use crate::contact_problem::{
    P_MATRIX_EXACT_MAX_N, P_MINOR_TOLERANCE, SlidingContactProblem, scaled_principal_minor,
};
use crate::mechanism::{Constraints, Matrix, Vector};

impl<const NQ: usize, const NU: usize> FrictionalContactLcp<NQ, NU> {
    /// Ok when A(μ) of the sliding set `set` (contact, unit direction) is a P-matrix, else
    /// [`FrictionModeError::NonUnique`] (or `Analysis` when the confirming problem cannot be
    /// built). `normal` holds the kinetic-metric normal rows zᵢ (zᵢ·zⱼ = W_N,iᵀ M_c⁻¹ W_N,j) and
    /// `column(j, ŝ)` the kinetic-metric effective column of contact j in direction ŝ.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_sliding_uniqueness<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        mu: &[f64; NU],
        t: f64,
        q: &Vector<NQ>,
        set: &[(usize, [f64; 2])],
        normal: &Matrix<NQ, NU>,
        column: impl Fn(usize, [f64; 2]) -> Vector<NQ>,
    ) -> Result<(), FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let ks = set.len();
        if ks == 0 {
            return Ok(());
        }
        if ks <= P_MATRIX_EXACT_MAX_N {
            let m = &mut self.sliding_matrix[..ks * ks];
            for (c, &(j, s)) in set.iter().enumerate() {
                let col = column(j, s);
                for (r, &(i, _)) in set.iter().enumerate() {
                    m[r + c * ks] = normal.column(i).dot(&col);
                }
            }
            if is_p_matrix(ks, m, &mut self.minor) {
                return Ok(());
            }
        }
        sliding_verdict(model, mu, t, q, set)
    }
}

/// The allocating decision of [`FrictionalContactLcp::check_sliding_uniqueness`]: A(μ) of `set`
/// assembled by [`SlidingContactProblem`] and judged by its P-matrix test.
pub(super) fn sliding_verdict<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    mu: &[f64; NU],
    t: f64,
    q: &Vector<NQ>,
    set: &[(usize, [f64; 2])],
) -> Result<(), FrictionModeError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let friction: Vec<f64> = set.iter().map(|&(i, _)| mu[i]).collect();
    let verdict = SlidingContactProblem::with_slip_directions(model, q, t, set)
        .and_then(|p| p.well_posedness(&friction));
    match verdict {
        Ok(v) if v.is_p_matrix() == Some(true) => Ok(()),
        Ok(verdict) => Err(FrictionModeError::NonUnique {
            culprit: painleve_bound_in_directions(model, mu, t, q, set),
            verdict,
        }),
        Err(source) => Err(FrictionModeError::Analysis { source }),
    }
}

/// Whether the k × k matrix `m` (column-major) is a P-matrix by the exact criterion of
/// [`crate::contact_problem::p_matrix_test`]: every principal minor det(A_αα) exceeds
/// [`P_MINOR_TOLERANCE`] · Π_{i∈α} ‖A_i,α‖_∞ (the same scaled minors). `buf` holds at least k²
/// entries; k ≤ [`P_MATRIX_EXACT_MAX_N`].
fn is_p_matrix(k: usize, m: &[f64], buf: &mut [f64]) -> bool {
    let mut perm = [0usize; P_MATRIX_EXACT_MAX_N];
    (1usize..(1 << k))
        .all(|mask| scaled_principal_minor(m, k, mask, buf, &mut perm) > P_MINOR_TOLERANCE)
}

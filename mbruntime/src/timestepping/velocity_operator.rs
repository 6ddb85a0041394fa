//! Velocity update of one step with bilateral constraints condensed out (KKT / Schur complement).
//!
//! A step of either scheme has the form (Glocker & Studer 2005, (17) and (19), with the
//! bilateral constraints added at velocity level)
//!
//! ```text
//! A (u^E − u^A) = r + W_N Λ_N + W_T Λ_T + G Λ_B,     Gᵀ u^E + ĝ = 0,
//! ```
//!
//! with the iteration matrix `A` (the mass matrix M for Moreau's midpoint rule, M + hθC + h²θ²K
//! for Moreau–Jean), the smooth impulse `r` and the bilateral impulses Λ_B free. With
//! `p = r + W_N Λ_N + W_T Λ_T` this is the KKT system `A x = p + G Λ_B`, `Gᵀ x = −(Gᵀ u^A + ĝ)`
//! for `x = u^E − u^A`, solved by [`ConstrainedInverse`]:
//!
//! ```text
//! u^E = u^A + P p − A⁻¹ G S⁻¹ (Gᵀ u^A + ĝ),   S = Gᵀ A⁻¹ G,
//! P  = A⁻¹ − A⁻¹ G S⁻¹ Gᵀ A⁻¹   (the constrained inverse M_c⁻¹, Brogliato 2013, (16)–(19)).
//! ```
//!
//! `P` is what the contact LCP needs: its Delassus matrix is `[W_N W_T]ᵀ P [W_N W_T]`, the
//! constrained Delassus matrix. Without bilateral constraints `P = A⁻¹`. Redundant bilateral
//! constraints are accepted (dropped rank-revealingly, Lötstedt 1982, Lemma 5.2; their Λ_B is
//! zero), a vanishing constraint gradient is rejected: the policy of
//! [`crate::linalg::constrained_inverse`]. Everything is fixed size; nothing allocates.

use crate::linalg::ConstrainedInverse;
pub(crate) use crate::linalg::IterationFactor;
use crate::mechanism::{Matrix, Vector};

/// `P`, the constrained inverse of the iteration matrix, with the constraint columns G.
#[derive(Debug, Clone)]
pub(crate) struct VelocityOperator<const NQ: usize, const NB: usize> {
    inverse: ConstrainedInverse<NQ, NB>,
    /// G (one column per bilateral constraint).
    g: Matrix<NQ, NB>,
}

impl<const NQ: usize, const NB: usize> VelocityOperator<NQ, NB> {
    /// Builds the operator from a factor of A and the bilateral Jacobian G; `None` if a column
    /// of G vanishes or is not finite, or (general A) G_Kᵀ A⁻¹ G_K is singular.
    #[inline(always)]
    pub(crate) fn new(factor: IterationFactor<NQ>, g: Matrix<NQ, NB>) -> Option<Self> {
        let inverse = ConstrainedInverse::new(factor, &g).ok()?;
        Some(Self { inverse, g })
    }

    /// b ← P b for every column of b.
    pub(crate) fn apply<const C: usize>(&self, b: &mut Matrix<NQ, C>) {
        self.inverse.apply(b);
    }

    /// Solves the step for a given total non-bilateral impulse `p`:
    /// returns (u^E, Λ_B) with u^E = u^A + A⁻¹(p + G Λ_B) and Gᵀ u^E + ĝ = 0.
    pub(crate) fn velocity(
        &self,
        u_a: &Vector<NQ>,
        p: &Vector<NQ>,
        g_hat: &Vector<NB>,
    ) -> (Vector<NQ>, Vector<NB>) {
        let c = -(g_hat + self.g.transpose() * u_a);
        let (x, lambda_b) = self.inverse.solve_kkt(p, &c);
        (u_a + x, lambda_b)
    }
}

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
//! for Moreau–Jean), the smooth impulse `r` and the bilateral impulses Λ_B free. Eliminating
//! Λ_B with the Schur complement `S = Gᵀ A⁻¹ G`:
//!
//! ```text
//! Λ_B = −S⁻¹ (Gᵀ u^A + ĝ + Gᵀ A⁻¹ p),     p = r + W_N Λ_N + W_T Λ_T,
//! u^E = u^A + A⁻¹ (p + G Λ_B) = u^A + P p − A⁻¹ G S⁻¹ (Gᵀ u^A + ĝ),
//! P  = A⁻¹ − A⁻¹ G S⁻¹ Gᵀ A⁻¹   (the constrained inverse M_c⁻¹, Brogliato 2013, (16)–(19)).
//! ```
//!
//! `P` is what the contact LCP needs: its Delassus matrix is `[W_N W_T]ᵀ P [W_N W_T]`, the
//! constrained Delassus matrix. Without bilateral constraints `P = A⁻¹`. Everything is fixed
//! size; nothing allocates.

use super::small_lu::SmallLu;
use crate::mechanism::{Matrix, Vector};
use nalgebra::{Cholesky, Const};

/// A factorisation of the iteration matrix A.
#[derive(Debug, Clone)]
pub(crate) enum IterationFactor<const NQ: usize> {
    /// A = L Lᵀ (symmetric positive definite A, Moreau's midpoint rule).
    Cholesky(Cholesky<f64, Const<NQ>>),
    /// A = P⁻¹ L U (general A, Moreau–Jean).
    Lu(SmallLu<NQ>),
}

impl<const NQ: usize> IterationFactor<NQ> {
    /// b ← A⁻¹ b, column by column.
    fn solve_in_place<const C: usize>(&self, b: &mut Matrix<NQ, C>) {
        match self {
            Self::Cholesky(c) => c.solve_mut(b),
            Self::Lu(lu) => {
                // Invertibility was checked when the operator was built.
                let _ = lu.solve_mut(b);
            }
        }
    }
}

/// `P`, the constrained inverse of the iteration matrix, ready to apply.
#[derive(Debug, Clone)]
pub(crate) struct VelocityOperator<const NQ: usize, const NB: usize> {
    factor: IterationFactor<NQ>,
    /// G (one column per bilateral constraint).
    g: Matrix<NQ, NB>,
    /// A⁻¹ G.
    ainv_g: Matrix<NQ, NB>,
    /// LU of S = Gᵀ A⁻¹ G (unused when NB = 0).
    schur: SmallLu<NB>,
}

impl<const NQ: usize, const NB: usize> VelocityOperator<NQ, NB> {
    /// Builds the operator from a factor of A and the bilateral Jacobian G; `None` if
    /// S = Gᵀ A⁻¹ G is singular (dependent constraints) or the LU factor of A is singular.
    pub(crate) fn new(factor: IterationFactor<NQ>, g: Matrix<NQ, NB>) -> Option<Self> {
        if let IterationFactor::Lu(lu) = &factor
            && !lu.is_invertible()
        {
            return None;
        }
        let mut ainv_g = g;
        factor.solve_in_place(&mut ainv_g);
        let s = g.transpose() * ainv_g;
        let schur = SmallLu::new(s);
        if NB > 0 && !schur.is_invertible() {
            return None;
        }
        Some(Self {
            factor,
            g,
            ainv_g,
            schur,
        })
    }

    /// b ← P b for every column of b.
    pub(crate) fn apply<const C: usize>(&self, b: &mut Matrix<NQ, C>) {
        self.factor.solve_in_place(b);
        if NB > 0 {
            let mut y: Matrix<NB, C> = self.g.transpose() * *b;
            let _ = self.schur.solve_mut(&mut y);
            *b -= self.ainv_g * y;
        }
    }

    /// Solves the step for a given total non-bilateral impulse `p`:
    /// returns (u^E, Λ_B) with u^E = u^A + A⁻¹(p + G Λ_B) and Gᵀ u^E + ĝ = 0.
    pub(crate) fn velocity(
        &self,
        u_a: &Vector<NQ>,
        p: &Vector<NQ>,
        g_hat: &Vector<NB>,
    ) -> (Vector<NQ>, Vector<NB>) {
        let mut ainv_p = *p;
        self.factor.solve_in_place(&mut ainv_p);
        let mut lambda_b = Vector::<NB>::zeros();
        if NB > 0 {
            let mut y = -(self.g.transpose() * (u_a + ainv_p) + g_hat);
            let _ = self.schur.solve_mut(&mut y);
            lambda_b = y;
        }
        (u_a + ainv_p + self.ainv_g * lambda_b, lambda_b)
    }
}

//! The mixed complementarity problem shared by the acceleration LCP (Lötstedt (2.5b)), the
//! derivative iteration ((5.12)) and the impact LCP ((2.11) with Newton's law (3.9)–(3.10);
//! Brogliato 2013 (71)–(77)).
//!
//! Given the factor of M and of the equality columns E (bilateral constraints, and contacts
//! already known to stay closed) from [`ConstraintFactor`], a "force" f, equality right-hand
//! sides c_E and unilateral columns wⱼ, j ∈ U, with offsets dⱼ, find x, λ_U, δ_U with
//!
//! ```text
//! M x = f + W_E μ + W_U λ_U,   W_Eᵀ x = c_E,
//! δ_U = W_Uᵀ x + d_U,   0 ≤ λ_U ⊥ δ_U ≥ 0.
//! ```
//!
//! Condensing the equality columns (Brogliato (72)–(73)): x = x₀ + M_c⁻¹ W_U λ_U with
//! x₀ the equality-constrained solution for λ_U = 0 and M_c⁻¹ = L⁻ᵀ(I − QQᵀ)L⁻¹, so the LCP is
//! δ_U = A_c λ_U + (W_Uᵀ x₀ + d_U) with the constrained Delassus matrix A_c = Zᵀ Z,
//! Z = (I − QQᵀ) L⁻¹ W_U (Brogliato (19), (77)). A_c is positive semidefinite (rank-deficient
//! for redundant contacts); Lemke's method solves it (Cottle–Pang–Stone: PSD ⊂ copositive-plus)
//! and δ_U, x are unique while λ_U need not be (Lötstedt Lemma 5.2).

use crate::lcp::{LcpError, Lemke};
use crate::linalg::ConstraintFactor;
use crate::mechanism::{Matrix, Vector};

/// Fixed-size workspace of the condensed LCP (allocated once: the Lemke tableau).
#[derive(Debug, Clone)]
pub struct MixedLcp<const NQ: usize, const NU: usize> {
    lemke: Lemke,
    a: Matrix<NU, NU>,
    b: Vector<NU>,
    z: Vector<NU>,
    w: Vector<NU>,
    zc: Matrix<NQ, NU>,
}

impl<const NQ: usize, const NU: usize> Default for MixedLcp<NQ, NU> {
    fn default() -> Self {
        Self {
            lemke: Lemke::with_capacity(NU),
            a: Matrix::zeros(),
            b: Vector::zeros(),
            z: Vector::zeros(),
            w: Vector::zeros(),
            zc: Matrix::zeros(),
        }
    }
}

impl<const NQ: usize, const NU: usize> MixedLcp<NQ, NU> {
    /// Solves the problem above. `unilateral[..n]` lists the contact indices in U (columns of
    /// `w`, entries of `d`); λ and δ are written at those indices (others untouched). Returns x.
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &mut self,
        factor: &ConstraintFactor<NQ>,
        f: &Vector<NQ>,
        c_kept: &Vector<NQ>,
        w: &Matrix<NQ, NU>,
        unilateral: &[usize],
        d: &Vector<NU>,
        lambda: &mut Vector<NU>,
        delta: &mut Vector<NU>,
    ) -> Result<Vector<NQ>, LcpError> {
        let n = unilateral.len();
        let (x0, _) = factor.solve_kkt(f, c_kept);
        if n == 0 {
            return Ok(x0);
        }
        for (j, &i) in unilateral.iter().enumerate() {
            let col = factor.project_out(&factor.whiten(&w.column(i).into_owned()));
            self.zc.set_column(j, &col);
            self.b[j] = w.column(i).dot(&x0) + d[i];
        }
        {
            let a = self.a.as_mut_slice();
            for c in 0..n {
                for r in 0..n {
                    a[c * n + r] = self.zc.column(r).dot(&self.zc.column(c));
                }
            }
        }
        self.lemke.solve(
            n,
            &self.a.as_slice()[..n * n],
            &self.b.as_slice()[..n],
            &mut self.z.as_mut_slice()[..n],
            &mut self.w.as_mut_slice()[..n],
        )?;
        let mut y = Vector::<NQ>::zeros();
        for (j, &i) in unilateral.iter().enumerate() {
            lambda[i] = self.z[j];
            delta[i] = self.w[j];
            y.axpy(self.z[j], &self.zc.column(j), 1.0);
        }
        Ok(x0 + factor.unwhiten(&y))
    }
}

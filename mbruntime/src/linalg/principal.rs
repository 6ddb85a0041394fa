//! Refined solve of a principal subsystem `A_αα z_α = −b_α`: the basic solution of a
//! complementary basis α of LCP(A, b) (Cottle, Pang & Stone 1992, Sect. 1.1).
//!
//! Used by Lemke's method to polish its final basis, by the warm start to evaluate a guessed
//! basis and by the enumerative oracle. The block `A_αα` (gathered from the column-major
//! `n × n` matrix `A`) is factored by the crate's one [LU](super::lu) (partial pivoting, its
//! singularity policy), the solution is improved by **one step of iterative refinement**
//! (`r = −b_α − A_αα x` on the original data, `x ← x + A_αα⁻¹ r`), which removes most of the
//! forward error that rounding in the factorisation left, and `z` is zero off α.

use super::lu::{LuError, LuWorkspace};

/// Workspace of the refined principal solve for problems up to a fixed size (allocated once;
/// solving never allocates).
#[derive(Debug, Clone)]
pub struct PrincipalSolve {
    lu: LuWorkspace,
    alpha: Vec<usize>,
    x: Vec<f64>,
    residual: Vec<f64>,
}

impl PrincipalSolve {
    /// Room for `n × n` problems.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            lu: LuWorkspace::with_capacity(n),
            alpha: vec![0; n],
            x: vec![0.0; n],
            residual: vec![0.0; n],
        }
    }

    /// Largest `n` accepted.
    pub fn capacity(&self) -> usize {
        self.lu.capacity()
    }

    /// The LU storage, for callers that need an `n × n` factorisation of their own between
    /// principal solves (Lemke's refactorisation of the basis matrix); it is overwritten by
    /// the next [`PrincipalSolve::solve`].
    pub fn lu_workspace(&mut self) -> &mut LuWorkspace {
        &mut self.lu
    }

    /// Writes into `z` (length ≥ `n`) the basic solution of the index set `alpha` (distinct
    /// indices `< n`): `A_αα z_α = −b_α` with one refinement step, `z_j = 0` for `j ∉ α`.
    /// `a` is `A` column-major (`n·n` entries), `b` has `n` entries.
    ///
    /// Errors: the [LU singularity policy](super::lu) for `A_αα` (then `z` is unspecified).
    /// Panics if `n` exceeds the capacity (callers check sizes first).
    pub fn solve(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        alpha: impl IntoIterator<Item = usize>,
        z: &mut [f64],
    ) -> Result<(), LuError> {
        let mut k = 0;
        for j in alpha {
            self.alpha[k] = j;
            k += 1;
        }
        let idx = &self.alpha[..k];
        self.lu.factor(k, |p, q| a[idx[p] + idx[q] * n])?;
        let x = &mut self.x[..k];
        for (xp, &i) in x.iter_mut().zip(idx) {
            *xp = -b[i];
        }
        self.lu.solve(x);
        let res = &mut self.residual[..k];
        for (p, rp) in res.iter_mut().enumerate() {
            let mut s = -b[idx[p]];
            for (q, xq) in x.iter().enumerate() {
                s -= a[idx[p] + idx[q] * n] * xq;
            }
            *rp = s;
        }
        self.lu.solve(res);
        z[..n].fill(0.0);
        for p in 0..k {
            z[idx[p]] = x[p] + res[p];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The basic solution against a hand-computed case and a residual bound on the block,
    //! ‖A_αα z_α + b_α‖ ≤ c·k·ε·‖A_αα‖‖z_α‖ (backward stability of LU with refinement, Higham
    //! 2002, *Accuracy and Stability of Numerical Algorithms*, Sect. 12.1), and the rejection of
    //! a singular block.

    use super::*;

    #[test]
    fn basic_solution_of_a_hand_computed_basis() {
        // A = [[2, 1, 0], [1, 2, 5], [7, 1, 3]] (column-major below), b = (−5, −6, 9),
        // α = {0, 1}: [[2, 1], [1, 2]] z = (5, 6) gives z = (4/3, 7/3), z₂ = 0.
        let a = [2.0, 1.0, 7.0, 1.0, 2.0, 1.0, 0.0, 5.0, 3.0];
        let b = [-5.0, -6.0, 9.0];
        let mut ps = PrincipalSolve::with_capacity(3);
        let mut z = [f64::NAN; 3];
        ps.solve(3, &a, &b, [0, 1], &mut z).unwrap();
        assert!((z[0] - 4.0 / 3.0).abs() <= 2.0 * f64::EPSILON);
        assert!((z[1] - 7.0 / 3.0).abs() <= 4.0 * f64::EPSILON);
        assert_eq!(z[2], 0.0);
        // The empty basis gives z = 0.
        ps.solve(3, &a, &b, [], &mut z).unwrap();
        assert_eq!(z, [0.0; 3]);
    }

    #[test]
    fn residual_on_an_ill_conditioned_block_is_at_rounding_level() {
        // Hilbert block of order 8 (κ₂ ≈ 1.5·10¹⁰) inside a 10 × 10 matrix.
        let n = 10;
        let a: Vec<f64> = (0..n * n)
            .map(|e| 1.0 / ((e % n) + (e / n) + 1) as f64)
            .collect();
        let b: Vec<f64> = (0..n).map(|i| -((i % 3) as f64) - 1.0).collect();
        let alpha = [0, 1, 2, 3, 4, 5, 6, 7];
        let mut ps = PrincipalSolve::with_capacity(n);
        let mut z = vec![0.0; n];
        ps.solve(n, &a, &b, alpha, &mut z).unwrap();
        let zmax = z.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        for &i in &alpha {
            let r: f64 = b[i] + alpha.iter().map(|&j| a[i + j * n] * z[j]).sum::<f64>();
            assert!(r.abs() <= 8.0 * 8.0 * f64::EPSILON * zmax, "row {i}: {r:e}");
        }
        assert!(z[8] == 0.0 && z[9] == 0.0);
    }

    #[test]
    fn singular_block_is_rejected() {
        // Columns 0 and 1 identical on rows {0, 1}.
        let a = [1.0, 1.0, 1.0, 1.0, 1.0, 4.0, 5.0, 6.0, 7.0];
        let mut ps = PrincipalSolve::with_capacity(3);
        let mut z = [0.0; 3];
        assert!(matches!(
            ps.solve(3, &a, &[-1.0, -1.0, -1.0], [0, 1], &mut z),
            Err(LuError::Singular { .. })
        ));
    }
}

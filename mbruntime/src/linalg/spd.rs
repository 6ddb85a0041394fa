//! Cholesky factorisation of a symmetric positive definite matrix (the mass matrix M) with a
//! failure report that carries the smallest eigenvalue.
//!
//! `M = L Lᵀ` is nalgebra's `Cholesky` (only the lower triangle of M is read). When it fails,
//! the error reports `λ_min((M + Mᵀ)/2)`, computed without allocation by Jacobi rotations
//! ([`leading_block_eigen`]): unlike a diagonal entry, λ_min ≤ 0 is the actual reason a
//! symmetric matrix has no Cholesky factor (every diagonal entry can be positive while
//! λ_min < 0, e.g. [[1, 2], [2, 1]] with λ_min = −1), and its size tells how far M is from
//! being admissible. Every "M is not positive definite" error of the crate reports this number.

use super::finite::{NonFiniteEntry, all_finite, first_non_finite};
use nalgebra::{Cholesky, Const};

use super::Matrix;
use super::symmetric_eigen::leading_block_eigen;

/// Why a matrix has no usable Cholesky factor.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum SpdError {
    /// An entry of the matrix (or of its factor, after overflow) is NaN or infinite.
    #[error("matrix has a non-finite entry: {entry}")]
    NonFinite {
        /// The first such entry: of the matrix (column-major), else of its factor L; for
        /// `mechanism::acceleration`, of h after the N² entries of M.
        entry: NonFiniteEntry,
    },
    /// The matrix is not (numerically) positive definite.
    #[error("matrix is not positive definite (smallest eigenvalue {smallest_eigenvalue:e})")]
    NotPositiveDefinite {
        /// Smallest eigenvalue of the symmetric part (M + Mᵀ)/2.
        smallest_eigenvalue: f64,
    },
}

/// Smallest eigenvalue of the symmetric part `(M + Mᵀ)/2` (`+∞` for `N = 0`). No allocation.
pub fn smallest_eigenvalue<const N: usize>(m: &Matrix<N, N>) -> f64 {
    if N == 0 {
        return f64::INFINITY;
    }
    leading_block_eigen(m, N).0[0]
}

/// [`SpdError::NonFinite`] naming the first non-finite entry of `values` (a scan found one).
fn non_finite(values: &[f64]) -> SpdError {
    let entry = first_non_finite(values).unwrap_or(NonFiniteEntry {
        index: 0,
        value: f64::NAN,
    });
    SpdError::NonFinite { entry }
}

/// `M = L Lᵀ`; [`SpdError`] with the smallest eigenvalue when M is not positive definite.
pub fn cholesky<const N: usize>(m: &Matrix<N, N>) -> Result<Cholesky<f64, Const<N>>, SpdError> {
    if !all_finite(m.as_slice()) {
        return Err(non_finite(m.as_slice()));
    }
    match Cholesky::new(*m) {
        Some(c) if all_finite(c.l_dirty().as_slice()) => Ok(c),
        Some(c) => Err(non_finite(c.l_dirty().as_slice())),
        None => Err(SpdError::NotPositiveDefinite {
            smallest_eigenvalue: smallest_eigenvalue(m),
        }),
    }
}

/// `M⁻¹` by Cholesky; errors as [`cholesky`].
pub fn spd_inverse<const N: usize>(m: &Matrix<N, N>) -> Result<Matrix<N, N>, SpdError> {
    cholesky(m).map(|c| c.inverse())
}

#[cfg(test)]
mod tests {
    //! Cholesky reconstruction `L Lᵀ = M` to `c·n·ε·‖M‖`, `M M⁻¹ = I`, and the reported smallest
    //! eigenvalue against closed forms: for [[a, b], [b, c]] it is
    //! (a + c)/2 − √(((a − c)/2)² + b²), and for tridiag(−1, 2, −1) − sI of order n it is
    //! 2 − 2cos(π/(n+1)) − s (Golub & Van Loan 2013, *Matrix Computations*, Sect. 4.8.3).

    use super::*;
    use std::f64::consts::PI;

    fn second_difference<const N: usize>(shift: f64) -> Matrix<N, N> {
        Matrix::<N, N>::from_fn(|i, j| match i.abs_diff(j) {
            0 => 2.0 - shift,
            1 => -1.0,
            _ => 0.0,
        })
    }

    #[test]
    fn cholesky_reconstructs_the_matrix_and_inverts_it() {
        let b = Matrix::<4, 4>::from_fn(|i, j| ((3 * i + 5 * j) % 7) as f64 - 3.0);
        let m = b * b.transpose() + Matrix::<4, 4>::identity() * 0.5;
        let c = cholesky(&m).unwrap();
        let l = c.l();
        let err = (l * l.transpose() - m).amax();
        assert!(
            err <= 4.0 * 4.0 * f64::EPSILON * m.amax(),
            "‖LLᵀ − M‖ = {err:e}"
        );
        let inv = spd_inverse(&m).unwrap();
        assert!((m * inv - Matrix::<4, 4>::identity()).amax() <= 1e-12);
    }

    #[test]
    fn indefinite_two_by_two_reports_the_closed_form_eigenvalue() {
        // Positive diagonal, indefinite: λ = 1 ± 2. The other cases: generic indefinite,
        // negative diagonal entry, nearly singular off-diagonal dominance.
        for (a, b, c) in [
            (1.0, 2.0, 1.0),
            (3.0, 2.5, 1.0),
            (-2.0, 0.0, 5.0),
            (1e-3, 1.0, 1e-3),
        ] {
            let m = Matrix::<2, 2>::new(a, b, b, c);
            let exact = 0.5 * (a + c) - (0.25 * (a - c) * (a - c) + b * b).sqrt();
            match cholesky(&m) {
                Err(SpdError::NotPositiveDefinite {
                    smallest_eigenvalue,
                }) => assert!(
                    (smallest_eigenvalue - exact).abs() <= 8.0 * f64::EPSILON * m.amax(),
                    "{smallest_eigenvalue} vs {exact}"
                ),
                other => panic!("expected NotPositiveDefinite, got {other:?}"),
            }
        }
    }

    #[test]
    fn shifted_second_difference_matrix_reports_its_smallest_eigenvalue() {
        // n = 6: λ_min(tridiag(−1, 2, −1)) = 2 − 2cos(π/7) ≈ 0.198; shift by 0.5 → ≈ −0.302.
        let m = second_difference::<6>(0.5);
        let exact = 2.0 - 2.0 * (PI / 7.0).cos() - 0.5;
        match cholesky(&m) {
            Err(SpdError::NotPositiveDefinite {
                smallest_eigenvalue,
            }) => {
                assert!((smallest_eigenvalue - exact).abs() <= 1e-14)
            }
            other => panic!("expected NotPositiveDefinite, got {other:?}"),
        }
        // Unshifted it is positive definite.
        assert!(cholesky(&second_difference::<6>(0.0)).is_ok());
        assert!((smallest_eigenvalue(&second_difference::<6>(0.0)) - exact - 0.5).abs() <= 1e-14);
    }

    #[test]
    fn non_finite_input_is_not_reported_as_an_eigenvalue() {
        let mut m = Matrix::<2, 2>::identity();
        m[(0, 1)] = f64::NAN;
        let e = cholesky(&m).err();
        assert!(
            matches!(e, Some(SpdError::NonFinite { entry }) if entry.index == 2 && entry.value.is_nan()),
            "{e:?}"
        );
        assert_eq!(smallest_eigenvalue(&Matrix::<0, 0>::zeros()), f64::INFINITY);
    }
}

//! Small dense linear-algebra helpers shared by the analysis tools: symmetric spectra with a
//! documented numerical rank, Cholesky inverses with typed failures.

use nalgebra::{DMatrix, SMatrix, SymmetricEigen};

use super::error::AnalysisError;

/// Relative tolerance of every numerical rank in this module: an eigenvalue λ of a symmetric
/// positive semidefinite matrix A ∈ ℝⁿˣⁿ counts as zero when `|λ| ≤ RANK_RELATIVE_TOLERANCE · n ·
/// max|λ|` (and a singular value σ of a general matrix when `σ ≤ RANK_RELATIVE_TOLERANCE ·
/// max(rows, cols) · σ_max`). Rounding in forming Wᵀ M⁻¹ W perturbs eigenvalues by about
/// n ε ‖A‖ with ε ≈ 2.2·10⁻¹⁶, so 10⁻¹² leaves a margin of 4 decades above rounding.
pub const RANK_RELATIVE_TOLERANCE: f64 = 1e-12;

/// Eigenvalues (ascending) of a symmetric matrix with its numerical rank.
#[derive(Debug, Clone, PartialEq)]
pub struct SymmetricSpectrum {
    /// Eigenvalues in ascending order.
    pub eigenvalues: Vec<f64>,
    /// Number of eigenvalues whose magnitude exceeds [`SymmetricSpectrum::tolerance`].
    pub rank: usize,
    /// Absolute zero threshold used for `rank`: `RANK_RELATIVE_TOLERANCE · n · max|λ|`.
    pub tolerance: f64,
}

impl SymmetricSpectrum {
    /// Spectrum of the symmetric part of `a` (any square size; allocates the eigenvalue list).
    pub fn of<const N: usize>(a: &SMatrix<f64, N, N>) -> Result<Self, AnalysisError> {
        Self::of_dynamic(&DMatrix::from_column_slice(N, N, a.as_slice()))
    }

    /// Spectrum of the symmetric part of a dynamically sized square matrix.
    pub fn of_dynamic(a: &DMatrix<f64>) -> Result<Self, AnalysisError> {
        if a.iter().any(|x| !x.is_finite()) {
            return Err(AnalysisError::NonFinite {
                what: "matrix entry",
            });
        }
        if a.nrows() == 0 {
            return Ok(Self::from_eigenvalues(Vec::new()));
        }
        let sym = (a + a.transpose()) * 0.5;
        Ok(Self::from_eigenvalues(
            SymmetricEigen::new(sym)
                .eigenvalues
                .iter()
                .copied()
                .collect(),
        ))
    }

    fn from_eigenvalues(mut eigenvalues: Vec<f64>) -> Self {
        eigenvalues.sort_by(f64::total_cmp);
        let n = eigenvalues.len();
        let scale = eigenvalues.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let tolerance = RANK_RELATIVE_TOLERANCE * n as f64 * scale;
        let rank = eigenvalues.iter().filter(|x| x.abs() > tolerance).count();
        Self {
            eigenvalues,
            rank,
            tolerance,
        }
    }

    /// Smallest eigenvalue (`+∞` for an empty matrix).
    pub fn min(&self) -> f64 {
        self.eigenvalues.first().copied().unwrap_or(f64::INFINITY)
    }

    /// Largest eigenvalue (`−∞` for an empty matrix).
    pub fn max(&self) -> f64 {
        self.eigenvalues
            .last()
            .copied()
            .unwrap_or(f64::NEG_INFINITY)
    }

    /// Counts (positive, negative, zero) eigenvalues with the rank tolerance: the inertia.
    pub fn inertia(&self) -> (usize, usize, usize) {
        let pos = self
            .eigenvalues
            .iter()
            .filter(|&&x| x > self.tolerance)
            .count();
        let neg = self
            .eigenvalues
            .iter()
            .filter(|&&x| x < -self.tolerance)
            .count();
        (pos, neg, self.eigenvalues.len() - pos - neg)
    }
}

/// Numerical rank of a general matrix from its singular values (see [`RANK_RELATIVE_TOLERANCE`]).
pub fn numerical_rank(a: &DMatrix<f64>) -> usize {
    if a.nrows() == 0 || a.ncols() == 0 {
        return 0;
    }
    let sv = a.clone().svd(false, false).singular_values;
    let smax = sv.iter().fold(0.0_f64, |m, x| m.max(*x));
    let tol = RANK_RELATIVE_TOLERANCE * a.nrows().max(a.ncols()) as f64 * smax;
    sv.iter().filter(|&&s| s > tol).count()
}

/// Inverse of a symmetric positive definite matrix by Cholesky; a typed error with the smallest
/// eigenvalue otherwise.
pub fn spd_inverse<const N: usize>(
    a: &SMatrix<f64, N, N>,
) -> Result<SMatrix<f64, N, N>, SMatrix<f64, N, N>> {
    match a.cholesky() {
        Some(c) => Ok(c.inverse()),
        None => Err(*a),
    }
}

/// 2-norm (largest singular value) of a dynamically sized matrix.
pub fn spectral_norm(a: &DMatrix<f64>) -> f64 {
    if a.nrows() == 0 || a.ncols() == 0 {
        return 0.0;
    }
    a.clone()
        .svd(false, false)
        .singular_values
        .iter()
        .fold(0.0_f64, |m, x| m.max(*x))
}

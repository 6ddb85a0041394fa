//! Eigenvalue-based quantities with one documented numerical rank: symmetric spectra and
//! inertia, the numerical rank of a general matrix from its singular values, the spectral norm.
//!
//! These allocate (nalgebra's dense `SymmetricEigen` and `SVD` on `DMatrix`) and serve the
//! analysis tools, not per-step paths; the allocation-free inertia of a fixed-size block is
//! [`leading_inertia`] (with [`leading_block_eigen`](super::leading_block_eigen)).

use super::finite::{NonFiniteEntry, first_non_finite};
use nalgebra::{DMatrix, SMatrix, SVector, SymmetricEigen};

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
    pub fn of<const N: usize>(a: &SMatrix<f64, N, N>) -> Result<Self, NonFiniteEntry> {
        Self::of_dynamic(&DMatrix::from_column_slice(N, N, a.as_slice()))
    }

    /// Spectrum of the symmetric part of a dynamically sized square matrix.
    pub fn of_dynamic(a: &DMatrix<f64>) -> Result<Self, NonFiniteEntry> {
        if let Some(entry) = first_non_finite(a.iter()) {
            return Err(entry);
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
        inertia_of(&self.eigenvalues, self.tolerance)
    }
}

/// (positive, negative, zero) counts of `values` with the zero threshold `tolerance`.
fn inertia_of(values: &[f64], tolerance: f64) -> (usize, usize, usize) {
    let pos = values.iter().filter(|&&x| x > tolerance).count();
    let neg = values.iter().filter(|&&x| x < -tolerance).count();
    (pos, neg, values.len() - pos - neg)
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

/// Inertia (positive, negative, zero counts) of the first `r` eigenvalues `d[0..r]`, with the
/// zero threshold `RANK_RELATIVE_TOLERANCE · r · max|dᵢ|` of [`SymmetricSpectrum::inertia`]:
/// the number of negative ones is the degree of instability (Schulz & Pellegrino (5.9)).
/// No allocation.
pub fn leading_inertia<const N: usize>(d: &SVector<f64, N>, r: usize) -> (usize, usize, usize) {
    let r = r.min(N);
    let values = &d.as_slice()[..r];
    let scale = values.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    inertia_of(values, RANK_RELATIVE_TOLERANCE * r as f64 * scale)
}

#[cfg(test)]
mod tests {
    //! Ranks, inertia and norms against matrices built with known spectra: Q diag(λ) Qᵀ with a
    //! Householder reflector Q = I − 2vvᵀ/vᵀv (orthogonal, symmetric), outer products of rank
    //! one, and [[3, 0], [4, 5]] whose singular values are √45 and √5 (AᵀA = [[25, 20], [20, 25]]).

    use super::*;

    fn with_spectrum(lambda: &[f64]) -> DMatrix<f64> {
        let n = lambda.len();
        let v = DMatrix::from_fn(n, 1, |i, _| (i + 1) as f64);
        let q = DMatrix::identity(n, n) - &v * v.transpose() * (2.0 / v.norm_squared());
        &q * DMatrix::from_diagonal(&nalgebra::DVector::from_column_slice(lambda)) * q.transpose()
    }

    #[test]
    fn spectrum_rank_and_inertia_match_the_construction() {
        let s =
            SymmetricSpectrum::of_dynamic(&with_spectrum(&[3.0, -2.0, 0.0, 1e-20, 5.0])).unwrap();
        for (got, want) in s.eigenvalues.iter().zip([-2.0, 0.0, 0.0, 3.0, 5.0]) {
            assert!((got - want).abs() <= 1e-14 * 5.0, "{got} vs {want}");
        }
        assert_eq!(s.rank, 3);
        assert_eq!(s.inertia(), (2, 1, 2));
        assert!((s.min() + 2.0).abs() <= 1e-13 && (s.max() - 5.0).abs() <= 1e-13);
        let empty = SymmetricSpectrum::of(&SMatrix::<f64, 0, 0>::zeros()).unwrap();
        assert_eq!(
            (empty.rank, empty.min(), empty.max()),
            (0, f64::INFINITY, f64::NEG_INFINITY)
        );
        let mut bad = SMatrix::<f64, 2, 2>::identity();
        bad[(0, 1)] = f64::INFINITY;
        assert_eq!(
            SymmetricSpectrum::of(&bad),
            Err(NonFiniteEntry {
                index: 2,
                value: f64::INFINITY
            })
        );
    }

    #[test]
    fn numerical_rank_and_spectral_norm_match_closed_forms() {
        let u = DMatrix::from_column_slice(4, 1, &[1.0, -2.0, 0.5, 3.0]);
        let w = DMatrix::from_column_slice(3, 1, &[2.0, 1.0, -1.0]);
        let outer = &u * w.transpose();
        assert_eq!(numerical_rank(&outer), 1);
        // ‖u wᵀ‖₂ = ‖u‖ ‖w‖.
        assert!((spectral_norm(&outer) - u.norm() * w.norm()).abs() <= 1e-14 * 20.0);
        let a = DMatrix::from_row_slice(2, 2, &[3.0, 0.0, 4.0, 5.0]);
        assert!((spectral_norm(&a) - 45f64.sqrt()).abs() <= 1e-14 * 7.0);
        assert_eq!(numerical_rank(&a), 2);
        assert_eq!(numerical_rank(&DMatrix::zeros(0, 3)), 0);
    }

    #[test]
    fn leading_inertia_ignores_entries_beyond_the_block() {
        let d = SVector::<f64, 4>::new(-1.0, 1e-15, 2.0, -7.0);
        assert_eq!(leading_inertia(&d, 3), (1, 1, 1));
        assert_eq!(leading_inertia(&d, 4), (1, 2, 1));
    }
}

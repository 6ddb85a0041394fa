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

/// Eigen-decomposition of the symmetric part of the leading `r × r` block of `a` by cyclic
/// Jacobi rotations, without allocation (the reduced Hessians H_+ = T_+ᵀ ∇²𝓛 T_+ of the path
/// tracer live in the leading block of a fixed `N × N` buffer, Schulz & Pellegrino (3.14)).
///
/// Returns `(d, W)`: `d[0..r]` are the eigenvalues in ascending order and column `i < r` of `W`
/// the matching unit eigenvector (zero outside the leading `r` rows), so that
/// `Wᵀ H W = diag(d)` as in (2.18). Entries beyond `r` are zero. `r` is clamped to `N`.
pub fn leading_block_eigen<const N: usize>(
    a: &SMatrix<f64, N, N>,
    r: usize,
) -> (nalgebra::SVector<f64, N>, SMatrix<f64, N, N>) {
    let r = r.min(N);
    let mut b = SMatrix::<f64, N, N>::zeros();
    let mut v = SMatrix::<f64, N, N>::zeros();
    for i in 0..r {
        v[(i, i)] = 1.0;
        for j in 0..r {
            b[(i, j)] = 0.5 * (a[(i, j)] + a[(j, i)]);
        }
    }
    let frob2: f64 = (0..r)
        .flat_map(|i| (0..r).map(move |j| (i, j)))
        .map(|(i, j)| b[(i, j)] * b[(i, j)])
        .sum();
    for _sweep in 0..64 {
        let mut off = 0.0;
        for p in 0..r {
            for q in p + 1..r {
                off += b[(p, q)] * b[(p, q)];
            }
        }
        if off <= 1e-32 * frob2 || !off.is_finite() {
            break;
        }
        for p in 0..r {
            for q in p + 1..r {
                let bpq = b[(p, q)];
                if bpq == 0.0 {
                    continue;
                }
                let theta = (b[(q, q)] - b[(p, p)]) / (2.0 * bpq);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..r {
                    let (bkp, bkq) = (b[(k, p)], b[(k, q)]);
                    b[(k, p)] = c * bkp - s * bkq;
                    b[(k, q)] = s * bkp + c * bkq;
                }
                for k in 0..r {
                    let (bpk, bqk) = (b[(p, k)], b[(q, k)]);
                    b[(p, k)] = c * bpk - s * bqk;
                    b[(q, k)] = s * bpk + c * bqk;
                }
                for k in 0..r {
                    let (vkp, vkq) = (v[(k, p)], v[(k, q)]);
                    v[(k, p)] = c * vkp - s * vkq;
                    v[(k, q)] = s * vkp + c * vkq;
                }
            }
        }
    }
    let mut d = nalgebra::SVector::<f64, N>::zeros();
    for i in 0..r {
        d[i] = b[(i, i)];
    }
    // Selection sort, ascending, carrying the eigenvectors along.
    for i in 0..r {
        let mut m = i;
        for j in i + 1..r {
            if d[j] < d[m] {
                m = j;
            }
        }
        if m != i {
            d.swap_rows(i, m);
            v.swap_columns(i, m);
        }
    }
    (d, v)
}

/// Inertia (positive, negative, zero counts) of the first `r` eigenvalues `d[0..r]`, with the
/// zero threshold `RANK_RELATIVE_TOLERANCE · r · max|dᵢ|` of [`SymmetricSpectrum::inertia`]:
/// the number of negative ones is the degree of instability (Schulz & Pellegrino (5.9)).
pub fn leading_inertia<const N: usize>(
    d: &nalgebra::SVector<f64, N>,
    r: usize,
) -> (usize, usize, usize) {
    let r = r.min(N);
    let scale = (0..r).fold(0.0_f64, |m, i| m.max(d[i].abs()));
    let tol = RANK_RELATIVE_TOLERANCE * r as f64 * scale;
    let pos = (0..r).filter(|&i| d[i] > tol).count();
    let neg = (0..r).filter(|&i| d[i] < -tol).count();
    (pos, neg, r - pos - neg)
}

/// Solves A x = b in place by Gaussian elimination with partial pivoting, without allocation:
/// `a` is `n × n` column-major and is overwritten by its factors, `b` (length `n`) by x.
/// Returns |det A| (the product of the pivots' magnitudes), or `None` if a pivot is exactly
/// zero or x is not finite (A singular or overflow).
pub(crate) fn solve_in_place(n: usize, a: &mut [f64], b: &mut [f64]) -> Option<f64> {
    debug_assert!(a.len() >= n * n && b.len() >= n);
    let mut det = 1.0;
    for k in 0..n {
        let mut piv = k;
        let mut best = a[k + k * n].abs();
        for i in k + 1..n {
            let v = a[i + k * n].abs();
            if v > best {
                best = v;
                piv = i;
            }
        }
        if best == 0.0 || !best.is_finite() {
            return None;
        }
        det *= best;
        if piv != k {
            for c in 0..n {
                a.swap(k + c * n, piv + c * n);
            }
            b.swap(k, piv);
        }
        let pivot = a[k + k * n];
        for i in k + 1..n {
            let f = a[i + k * n] / pivot;
            if f == 0.0 {
                continue;
            }
            a[i + k * n] = f;
            for c in k + 1..n {
                a[i + c * n] -= f * a[k + c * n];
            }
            b[i] -= f * b[k];
        }
    }
    for k in (0..n).rev() {
        let mut s = b[k];
        for c in k + 1..n {
            s -= a[k + c * n] * b[c];
        }
        b[k] = s / a[k + k * n];
    }
    b[..n].iter().all(|x| x.is_finite()).then_some(det)
}

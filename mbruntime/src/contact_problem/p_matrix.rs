//! P-matrix test: does LCP(A, b) have exactly one solution for every b?
//!
//! A ∈ ℝⁿˣⁿ is a P-matrix iff every principal minor det(A_αα), α ⊆ {1..n}, is positive, iff
//! LCP(A, b): w = Az + b, 0 ≤ z ⟂ w ≥ 0 has a unique solution for every b (Cottle, Pang &
//! Stone 1992, Thm 3.3.7; recalled in Brogliato 2013, Sect. 1 and Blumentals et al. 2016,
//! App. A). Two tests:
//!
//! * **exact** for n ≤ [`P_MATRIX_EXACT_MAX_N`]: all 2ⁿ − 1 principal minors by LU with partial
//!   pivoting. A minor counts as positive when `det(A_αα) > P_MINOR_TOLERANCE · Π_{i∈α} ‖A_i,α‖_∞`
//!   (each minor is compared with the Hadamard-type scale of its rows, so the test is invariant
//!   under positive row scaling, which preserves the P property);
//! * **sufficient** for larger n: the symmetric part (A + Aᵀ)/2 positive definite ⇒ A positive
//!   definite ⇒ P-matrix. Its smallest eigenvalue is λ_min((A + Aᵀ)/2) = min_x xᵀAx/xᵀx, and by
//!   Weyl's inequality for singular values, every A' with ‖A' − A‖₂ < λ_min stays positive
//!   definite (Blumentals et al. 2016, App. D, Corollary 3). Failing it leaves the question open.

use nalgebra::DMatrix;

use super::error::AnalysisError;
use crate::linalg::{SymmetricSpectrum, first_non_finite};

/// Largest size for which [`p_matrix_test`] enumerates all principal minors (2¹⁴ − 1 minors).
pub const P_MATRIX_EXACT_MAX_N: usize = 14;

/// Relative threshold below which a principal minor counts as non-positive (see module docs).
pub const P_MINOR_TOLERANCE: f64 = 1e-12;

/// Outcome of [`p_matrix_test`].
#[derive(Debug, Clone, PartialEq)]
pub enum PMatrixVerdict {
    /// Exact test: every principal minor is positive. `smallest_scaled_minor` is the smallest
    /// det(A_αα) / Π‖A_i,α‖_∞ (its margin above [`P_MINOR_TOLERANCE`]).
    PMatrix {
        /// Smallest scaled principal minor.
        smallest_scaled_minor: f64,
    },
    /// Exact test: the principal minor on `index_set` is not positive, so some b gives no or
    /// several solutions.
    NotPMatrix {
        /// Its scaled value det(A_αα) / Π‖A_i,α‖_∞.
        scaled_minor: f64,
        /// α (0-based, ascending).
        index_set: Vec<usize>,
    },
    /// Sufficient test (large n): the symmetric part is positive definite, so A is a P-matrix.
    PositiveDefinite {
        /// λ_min((A + Aᵀ)/2) > 0.
        symmetric_part_min_eigenvalue: f64,
    },
    /// Sufficient test inconclusive (large n, symmetric part not positive definite).
    Undecided {
        /// λ_min((A + Aᵀ)/2) ≤ 0.
        symmetric_part_min_eigenvalue: f64,
    },
}

impl PMatrixVerdict {
    /// `Some(true)` for a P-matrix, `Some(false)` for a proven non-P-matrix, `None` if undecided.
    pub fn is_p_matrix(&self) -> Option<bool> {
        match self {
            PMatrixVerdict::PMatrix { .. } | PMatrixVerdict::PositiveDefinite { .. } => Some(true),
            PMatrixVerdict::NotPMatrix { .. } => Some(false),
            PMatrixVerdict::Undecided { .. } => None,
        }
    }
}

/// Scaled principal minor det(A_αα) / Π_{i∈α} ‖A_i,α‖_∞ of the index set `mask` (bit i: i ∈ α)
/// of the n × n column-major matrix `a`. A zero row in A_αα gives 0. Uses `buf` (≥ k² entries)
/// and `perm` (≥ k) as workspace; allocates nothing (the event integrator's frictional contact
/// problem screens its sliding set with it at every solve).
pub(crate) fn scaled_principal_minor(
    a: &[f64],
    n: usize,
    mask: usize,
    buf: &mut [f64],
    perm: &mut [usize],
) -> f64 {
    let mut idx = [0usize; 64];
    let mut k = 0;
    for i in 0..n {
        if mask & (1 << i) != 0 {
            idx[k] = i;
            k += 1;
        }
    }
    let mut scale = 1.0;
    for p in 0..k {
        let mut row = 0.0_f64;
        for q in 0..k {
            let v = a[idx[p] + idx[q] * n];
            buf[p + q * k] = v;
            row = row.max(v.abs());
        }
        if row == 0.0 {
            return 0.0;
        }
        scale *= row;
    }
    // LU with partial pivoting; the determinant is the signed product of the pivots.
    let m = &mut buf[..k * k];
    let mut det = 1.0;
    for c in 0..k {
        let mut p = c;
        for r in c + 1..k {
            if m[r + c * k].abs() > m[p + c * k].abs() {
                p = r;
            }
        }
        perm[c] = p;
        if m[p + c * k] == 0.0 {
            return 0.0;
        }
        if p != c {
            for j in 0..k {
                m.swap(c + j * k, p + j * k);
            }
            det = -det;
        }
        let d = m[c + c * k];
        det *= d;
        for r in c + 1..k {
            m[r + c * k] /= d;
        }
        for j in c + 1..k {
            let f = m[c + j * k];
            for r in c + 1..k {
                m[r + j * k] -= m[r + c * k] * f;
            }
        }
    }
    det / scale
}

/// Decides whether `a` is a P-matrix: exactly (all principal minors) for
/// n ≤ [`P_MATRIX_EXACT_MAX_N`], by the sufficient positive-definiteness test otherwise.
///
/// Errors: non-square or non-finite input. An empty matrix is (vacuously) a P-matrix.
pub fn p_matrix_test(a: &DMatrix<f64>) -> Result<PMatrixVerdict, AnalysisError> {
    let n = a.nrows();
    if a.ncols() != n {
        return Err(AnalysisError::Dimension {
            what: "P-matrix test input (columns)",
            expected: n,
            got: a.ncols(),
        });
    }
    if let Some(entry) = first_non_finite(a.iter()) {
        return Err(AnalysisError::NonFinite {
            what: "matrix (column-major)",
            entry,
        });
    }
    if n > P_MATRIX_EXACT_MAX_N {
        let lmin = SymmetricSpectrum::of_dynamic(a)?.min();
        return Ok(if lmin > 0.0 {
            PMatrixVerdict::PositiveDefinite {
                symmetric_part_min_eigenvalue: lmin,
            }
        } else {
            PMatrixVerdict::Undecided {
                symmetric_part_min_eigenvalue: lmin,
            }
        });
    }
    let mut buf = vec![0.0; n * n];
    let mut perm = vec![0usize; n];
    let mut smallest = f64::INFINITY;
    for mask in 1usize..(1 << n) {
        let minor = scaled_principal_minor(a.as_slice(), n, mask, &mut buf, &mut perm);
        if minor <= P_MINOR_TOLERANCE {
            return Ok(PMatrixVerdict::NotPMatrix {
                scaled_minor: minor,
                index_set: (0..n).filter(|i| mask & (1 << i) != 0).collect(),
            });
        }
        smallest = smallest.min(minor);
    }
    Ok(PMatrixVerdict::PMatrix {
        smallest_scaled_minor: smallest,
    })
}

//! Eigenvalues, eigenvectors and the stability verdict of a state matrix A.

use nalgebra::{Complex, DMatrix, DVector, SVD, Schur};

use super::error::LinearisationError;
use crate::linalg::first_non_finite;

/// Relative tolerance of the stability verdict and of eigenvalue clusters: a real part counts as
/// zero when |Re λ| ≤ 10⁻⁶ ‖A‖_F. This sits well above the perturbation of a defective
/// (Jordan-block) eigenvalue by rounding, ~√ε ‖A‖ ≈ 1.5·10⁻⁸ ‖A‖ (for a double zero eigenvalue
/// of a cyclic or free coordinate), and far below the real parts of any physically meaningful
/// growth or decay rate in the units of A.
pub const SPECTRAL_TOLERANCE: f64 = 1e-6;

/// What the eigenvalues of A say about the operating point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stability {
    /// Every eigenvalue has Re λ < −tolerance: the linearisation decides (Lyapunov's indirect
    /// method), the operating point is asymptotically stable. (Vacuously so for a model without
    /// degrees of freedom.)
    AsymptoticallyStable,
    /// Some eigenvalue has Re λ > tolerance: the operating point is unstable.
    Unstable,
    /// No eigenvalue has Re λ > tolerance but some has |Re λ| ≤ tolerance (purely imaginary or
    /// zero, e.g. an undamped oscillation or a neighbouring steady motion): spectrally stable,
    /// but the linear analysis does not decide stability.
    Marginal,
}

/// One eigenvalue with a unit eigenvector.
#[derive(Debug, Clone, PartialEq)]
pub struct Eigenmode {
    /// λ.
    pub value: Complex<f64>,
    /// v with ‖v‖₂ = 1 and its largest component real and positive.
    pub vector: DVector<Complex<f64>>,
    /// ‖(A − λI) v‖₂ / max(‖A‖_F, 1): rounding-sized for a genuine eigenvector; of order one
    /// for the second and further vectors of a defective eigenvalue (which has fewer
    /// eigenvectors than its multiplicity: such a vector is only the best approximation).
    pub residual: f64,
}

/// The spectrum of A with its stability verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct EigenAnalysis {
    /// Eigenmodes by decreasing real part.
    pub modes: Vec<Eigenmode>,
    /// Absolute tolerance of the verdict: [`SPECTRAL_TOLERANCE`] · ‖A‖_F.
    pub tolerance: f64,
    /// The verdict.
    pub stability: Stability,
}

impl EigenAnalysis {
    /// Eigenvalues of A from its real Schur form (nalgebra's `Schur`), eigenvectors as the
    /// right singular vectors of the smallest singular values of A − λI (complex SVD), one per
    /// member of a cluster of equal eigenvalues.
    pub fn of(a: &DMatrix<f64>) -> Result<Self, LinearisationError> {
        if let Some(entry) = first_non_finite(a.iter()) {
            return Err(LinearisationError::NonFinite {
                what: "state matrix A (column-major)",
                entry,
            });
        }
        let n = a.nrows();
        let norm = a.norm();
        let tolerance = SPECTRAL_TOLERANCE * norm;
        let values: Vec<Complex<f64>> = if n == 0 {
            Vec::new()
        } else {
            schur_eigenvalues(a).ok_or(LinearisationError::EigenvaluesDidNotConverge { size: n })?
        };
        let mut modes = eigenvectors(a, &values, tolerance.max(f64::EPSILON))?;
        modes.sort_by(|x, y| y.value.re.total_cmp(&x.value.re));
        let stability = if modes.iter().any(|m| m.value.re > tolerance) {
            Stability::Unstable
        } else if modes.iter().all(|m| m.value.re < -tolerance) {
            Stability::AsymptoticallyStable
        } else {
            Stability::Marginal
        };
        Ok(Self {
            modes,
            tolerance,
            stability,
        })
    }

    /// The eigenvalues, by decreasing real part.
    pub fn eigenvalues(&self) -> Vec<Complex<f64>> {
        self.modes.iter().map(|m| m.value).collect()
    }
}

/// The eigenvalues of A from its real Schur form. nalgebra's QR iteration can stall on
/// matrices with exact zero structure (e.g. [[0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, b],
/// [c, 0, d, 0]], a linearised rolling disk): then it is retried on H A H for a few fixed
/// Householder reflections H = I − 2wwᵀ/wᵀw (orthogonal and symmetric, so H A H has the same
/// eigenvalues) that break the structure.
fn schur_eigenvalues(a: &DMatrix<f64>) -> Option<Vec<Complex<f64>>> {
    let n = a.nrows();
    let eigenvalues = |m: DMatrix<f64>| {
        Schur::try_new(m, f64::EPSILON, 1000 * n)
            .map(|s| s.complex_eigenvalues().iter().copied().collect::<Vec<_>>())
    };
    if let Some(values) = eigenvalues(a.clone()) {
        return Some(values);
    }
    [0.37, 0.61, 0.83].into_iter().find_map(|seed: f64| {
        let w = DVector::<f64>::from_fn(n, |i, _| 1.0 + seed * (i as f64 + 1.0).sqrt());
        let h = DMatrix::<f64>::identity(n, n) - (&w * w.transpose()) * (2.0 / w.norm_squared());
        eigenvalues(&h * a * &h)
    })
}

/// One mode per eigenvalue; eigenvalues within `cluster` of each other share one SVD.
fn eigenvectors(
    a: &DMatrix<f64>,
    values: &[Complex<f64>],
    cluster: f64,
) -> Result<Vec<Eigenmode>, LinearisationError> {
    let n = a.nrows();
    let scale = a.norm().max(1.0);
    let complex_a = a.map(|x| Complex::new(x, 0.0));
    let mut assigned = vec![false; values.len()];
    let mut modes = Vec::with_capacity(values.len());
    for i in 0..values.len() {
        if assigned[i] {
            continue;
        }
        let members: Vec<usize> = (i..values.len())
            .filter(|&j| !assigned[j] && (values[j] - values[i]).norm() <= cluster)
            .collect();
        let centre =
            members.iter().map(|&j| values[j]).sum::<Complex<f64>>() / members.len() as f64;
        let shifted = &complex_a - DMatrix::from_diagonal_element(n, n, centre);
        let v_t = SVD::try_new(shifted, false, true, f64::EPSILON, 1000 * n)
            .and_then(|svd| svd.v_t)
            .ok_or(LinearisationError::EigenvaluesDidNotConverge { size: n })?;
        for (m, &j) in members.iter().enumerate() {
            assigned[j] = true;
            let row = n - 1 - m;
            let vector = normalised_phase(v_t.row(row).adjoint());
            let residual_vector = &complex_a * &vector - &vector * values[j];
            modes.push(Eigenmode {
                value: values[j],
                residual: residual_vector.norm() / scale,
                vector,
            });
        }
    }
    Ok(modes)
}

/// v scaled to unit norm with its largest component real and positive.
fn normalised_phase(v: DVector<Complex<f64>>) -> DVector<Complex<f64>> {
    let norm = v.norm();
    let largest = v.iter().fold(Complex::new(0.0, 0.0), |best, &c| {
        if c.norm() > best.norm() { c } else { best }
    });
    if norm == 0.0 || largest.norm() == 0.0 {
        return v;
    }
    let phase = largest.conj() / largest.norm();
    v * (phase / norm)
}

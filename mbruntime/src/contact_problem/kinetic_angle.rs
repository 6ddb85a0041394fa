//! Kinetic angles between constraints (Brogliato 2013, Sect. 3, eq. (9)).
//!
//! The kinetic angle between the manifolds f₁(q) = 0 and f₂(q) = 0 is measured in the metric of
//! the inverse mass matrix:
//!
//! ```text
//! θ₁₂ = π − arccos( ∇f₁ᵀ M⁻¹ ∇f₂ / (√(∇f₁ᵀ M⁻¹ ∇f₁) √(∇f₂ᵀ M⁻¹ ∇f₂)) )          (9)
//! ```
//!
//! θ₁₂ = π/2 exactly when the constraints are orthogonal in the kinetic metric
//! (∇f₁ᵀ M⁻¹ ∇f₂ = 0): they are dynamically decoupled, an impact on one induces no percussion in
//! the other (Proposition 16). θ₁₂ = π for dependent constraints (∇f₁ = α∇f₂, α > 0).

use super::error::{AnalysisError, ConstraintRef};
use crate::linalg::first_non_finite;
use crate::mechanism::{Matrix, Vector};

/// Tolerance of the orthogonality test: the constraints count as kinetically orthogonal when the
/// cosine in (9) has magnitude at most this (|θ − π/2| ≲ 10⁻¹⁰ rad).
pub const ORTHOGONALITY_TOLERANCE: f64 = 1e-10;

/// A kinetic angle with its cosine and the π/2 test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KineticAngle {
    /// θ ∈ [0, π] from (9).
    pub angle: f64,
    /// The normalised kinetic inner product c = ⟨∇f₁, ∇f₂⟩_M⁻¹ / (‖∇f₁‖ ‖∇f₂‖), so θ = π − arccos c.
    pub cosine: f64,
    /// Whether |c| ≤ [`ORTHOGONALITY_TOLERANCE`], i.e. θ = π/2: dynamically decoupled constraints.
    pub orthogonal: bool,
}

impl KineticAngle {
    /// Kinetic angle (9) between two gradients in the metric `mass_inverse` = M⁻¹.
    ///
    /// Errors: [`AnalysisError::ZeroGradient`] if either gradient has zero kinetic norm,
    /// [`AnalysisError::NonFinite`] for non-finite input.
    pub fn between<const N: usize>(
        mass_inverse: &Matrix<N, N>,
        a: (ConstraintRef, &Vector<N>),
        b: (ConstraintRef, &Vector<N>),
    ) -> Result<Self, AnalysisError> {
        if let Some(entry) = first_non_finite(a.1.iter().chain(b.1.iter())) {
            return Err(AnalysisError::NonFinite {
                what: "constraint gradient (the first's entries, then the second's)",
                entry,
            });
        }
        let na = a.1.dot(&(mass_inverse * a.1)).max(0.0).sqrt();
        let nb = b.1.dot(&(mass_inverse * b.1)).max(0.0).sqrt();
        let scale = mass_inverse.amax();
        for (c, n, g) in [(a.0, na, a.1), (b.0, nb, b.1)] {
            if !(n > 1e-300 && n * n > 1e-14 * scale * g.norm_squared()) {
                return Err(AnalysisError::ZeroGradient {
                    constraint: c,
                    norm: n,
                });
            }
        }
        let cosine = (a.1.dot(&(mass_inverse * b.1)) / (na * nb)).clamp(-1.0, 1.0);
        Ok(Self {
            angle: std::f64::consts::PI - cosine.acos(),
            cosine,
            orthogonal: cosine.abs() <= ORTHOGONALITY_TOLERANCE,
        })
    }
}

//! Classification of a weakly active point with singular reduced Hessian H_+
//! (Schulz & Pellegrino 2000, Sect. 7, (7.1)–(7.9), Fig. 7).
//!
//! With one weakly active constraint (gradient E₀) and H_+ = T_+ᵀ ∇²𝓛 T_+ having exactly one
//! zero eigenvalue d₁₁ = 0 (eigenvectors w₁, …, w_r, Wᵀ H_+ W = diag(d), (2.18)), the
//! first-order equations (3.16) in the coordinates x = W y read
//!
//! ```text
//! c₁ ṗ − c₂ λ̇₀ = 0                                            (7.2)
//! yᵢ = (1/dᵢᵢ) wᵢᵀ T_+ᵀ (E₀ λ̇₀ − ṗ ∇U'),  i = 2, …, r            (7.3)
//! c₁ = w₁ᵀ T_+ᵀ ∇U'   (7.4),      c₂ = E₀ᵀ T_+ w₁   (7.5)
//! ```
//!
//! and ġ₀ = E₀ᵀ T_+ x = c₂ y₁ + Σᵢ₌₂ (E₀ᵀ T_+ wᵢ) yᵢ (3.18), with 0 ≤ λ̇₀ ⟂ ġ₀ ≥ 0 (3.17).
//!
//! * c₁ = 0 (7.6): **bifurcation** is possible (ṗ and λ̇₀ decouple from the critical mode).
//! * c₁ ≠ 0, c₂ = 0: **common limit point**: ṗ = 0, the path is smooth along T_+ w₁ and the
//!   weakly active constraint does not change state.
//! * c₁ ≠ 0, c₂ ≠ 0: **corner limit point** with two directions: (i) ṗ = 0, λ̇₀ = 0, q̇ = T_+ w₁ y₁
//!   with c₂ y₁ > 0 (the constraint opens along the critical mode); (ii) λ̇₀ > 0, ġ₀ = 0,
//!   ṗ = (c₂/c₁) λ̇₀, and, with v = E₀ − (c₂/c₁) ∇U',
//!
//!   ```text
//!   c₃ = W_+ᵀ T_+ᵀ v                 (7.7),   W_+ = [w₂/√d₂₂ … w_r/√d_rr]   (7.9)
//!   c₄ = E₀ᵀ T_+ W_+ c₃ = Σᵢ₌₂ (E₀ᵀ T_+ wᵢ)(wᵢᵀ T_+ᵀ v)/dᵢᵢ        (7.8)
//!   y₁ = −(c₄/c₂) λ̇₀,   yᵢ = (wᵢᵀ T_+ᵀ v / dᵢᵢ) λ̇₀  (i ≥ 2)
//!   ```
//!
//!   so c₄ is the coefficient of λ̇₀ in ġ₀ and fixes the critical-mode component of branch (ii):
//!   Fig. 7 (a) c₃ ≠ 0, c₄ > 0; (b) c₃ ≠ 0, c₄ < 0; (c) c₃ ≠ 0, c₄ = 0 (branch (ii) orthogonal
//!   to the critical mode); (d) c₃ = 0 (then c₄ = 0 and q̇ = 0 on branch (ii): only p moves).
//!
//! The paper writes (7.8) as E₀ᵀ W_+ c₃; T_+ is needed for the dimensions to agree, and is
//! inserted here. For dᵢᵢ < 0 the square roots of (7.9) are imaginary; W_+ uses √|dᵢᵢ| for c₃
//! and c₄ keeps the real form Σ (…)(…)/dᵢᵢ above, which is what ġ₀ needs. The sign of c₃'s
//! components depends on the (arbitrary) signs of the eigenvectors, so only ‖c₃‖ is reported.
//! w₁ is oriented so that c₂ > 0 (or, when c₂ = 0, so that c₁ ≥ 0).

use crate::linalg::leading_block_eigen;
use crate::mechanism::{Matrix, Vector};

/// Shape of the path at a corner limit point with singular H_+ (Fig. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CornerShape {
    /// Fig. 7(a): c₃ ≠ 0, c₄ > 0.
    PositiveC4,
    /// Fig. 7(b): c₃ ≠ 0, c₄ < 0.
    NegativeC4,
    /// Fig. 7(c): c₃ ≠ 0, c₄ = 0.
    ZeroC4,
    /// Fig. 7(d): c₃ = 0.
    ZeroC3,
}

/// Outcome of the Sect. 7 analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SingularWeakOutcome {
    /// c₁ = 0 (7.6): bifurcation point (higher-order analysis needed).
    BifurcationPoint,
    /// c₁ ≠ 0, c₂ = 0: common limit point, the constraint does not change state.
    CommonLimitPoint,
    /// c₁ ≠ 0, c₂ ≠ 0: corner limit point of the given shape.
    CornerLimitPoint(CornerShape),
}

/// Coefficients (7.4)–(7.8) at a weakly active point with singular H_+ and their meaning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SingularWeaklyActive<const NQ: usize> {
    /// c₁ = w₁ᵀ T_+ᵀ ∇U' (7.4).
    pub c1: f64,
    /// c₂ = E₀ᵀ T_+ w₁ (7.5), ≥ 0 by the orientation of w₁.
    pub c2: f64,
    /// ‖c₃‖ with c₃ = W_+ᵀ T_+ᵀ (E₀ − (c₂/c₁) ∇U') (7.7), (7.9); 0 unless a corner.
    pub c3_norm: f64,
    /// c₄ = E₀ᵀ T_+ W_+ c₃ (7.8); 0 unless a corner.
    pub c4: f64,
    /// The classification.
    pub outcome: SingularWeakOutcome,
    /// The critical mode T_+ w₁ (unit, in q-space): the path direction with ṗ = 0.
    pub critical_direction: Vector<NQ>,
    /// At a corner: the tangent (q̇, ṗ) of branch (ii) on which the constraint stays active,
    /// scaled to λ̇₀ = 1: ṗ = c₂/c₁, q̇ = T_+ (w₁ y₁ + Σ wᵢ yᵢ).
    pub active_branch: Option<(Vector<NQ>, f64)>,
}

/// Why the Sect. 7 analysis does not apply.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum SingularClassificationError {
    /// H_+ must have exactly one zero eigenvalue ((7.2) assumes it).
    #[error("H₊ has {zero_eigenvalues} zero eigenvalues (of {dim}); Sect. 7 needs exactly one")]
    NotSimplySingular {
        /// Number of eigenvalues with |d| ≤ tolerance · max|d|.
        zero_eigenvalues: usize,
        /// Dimension of H_+.
        dim: usize,
    },
    /// A non-finite input.
    #[error("non-finite input to the singular-H₊ classification")]
    NonFinite,
}

/// Classifies a weakly active point with singular H_+ by (7.2)–(7.9).
///
/// `hessian` holds H_+ in its leading `dim × dim` block and `basis` holds T_+ (orthonormal,
/// n × dim) in its first `dim` columns; `e0` is the gradient E₀ of the one weakly active
/// constraint and `grad_p` is ∇U' = ∂∇V/∂p, both in q-space. `tolerance` is relative: an
/// eigenvalue is zero if |d| ≤ tolerance · max|d|; c₁ and c₂ are zero if below tolerance times
/// ‖T_+ᵀ∇U'‖ resp. ‖T_+ᵀE₀‖; c₃ if ‖T_+ᵀ v‖ ≤ tolerance (‖T_+ᵀE₀‖ + |c₂/c₁| ‖T_+ᵀ∇U'‖); c₄ if
/// |c₄| ≤ tolerance · Σ |(E₀ᵀT_+wᵢ)(wᵢᵀT_+ᵀv)/dᵢᵢ|.
pub fn classify_singular_weakly_active<const NQ: usize>(
    hessian: &Matrix<NQ, NQ>,
    basis: &Matrix<NQ, NQ>,
    dim: usize,
    e0: &Vector<NQ>,
    grad_p: &Vector<NQ>,
    tolerance: f64,
) -> Result<SingularWeaklyActive<NQ>, SingularClassificationError> {
    let dim = dim.min(NQ);
    let finite = hessian
        .iter()
        .chain(basis.iter())
        .chain(e0.iter())
        .all(|x| x.is_finite())
        && grad_p.iter().all(|x| x.is_finite())
        && tolerance.is_finite();
    if !finite {
        return Err(SingularClassificationError::NonFinite);
    }
    let (d, w) = leading_block_eigen(hessian, dim);
    let scale = (0..dim).fold(0.0_f64, |m, i| m.max(d[i].abs()));
    let is_zero = |x: f64| x.abs() <= tolerance * scale;
    let zeros = (0..dim).filter(|&i| is_zero(d[i])).count();
    if zeros != 1 {
        return Err(SingularClassificationError::NotSimplySingular {
            zero_eigenvalues: zeros,
            dim,
        });
    }
    let k0 = (0..dim).find(|&i| is_zero(d[i])).unwrap_or(0);
    // Reduced vectors T_+ᵀ E₀ and T_+ᵀ ∇U' (first dim entries).
    let e_red = basis.transpose() * e0;
    let u_red = basis.transpose() * grad_p;
    let e_norm = e_red.norm();
    let u_norm = u_red.norm();
    let mut w1 = w.column(k0).into_owned();
    let mut c1 = w1.dot(&u_red);
    let mut c2 = w1.dot(&e_red);
    let c2_zero = c2.abs() <= tolerance * e_norm;
    if (!c2_zero && c2 < 0.0) || (c2_zero && c1 < 0.0) {
        w1 = -w1;
        c1 = -c1;
        c2 = -c2;
    }
    let critical_direction = basis * w1;
    let c1_zero = c1.abs() <= tolerance * u_norm;
    let mut out = SingularWeaklyActive {
        c1,
        c2,
        c3_norm: 0.0,
        c4: 0.0,
        outcome: SingularWeakOutcome::BifurcationPoint,
        critical_direction,
        active_branch: None,
    };
    if c1_zero {
        return Ok(out);
    }
    if c2_zero {
        out.outcome = SingularWeakOutcome::CommonLimitPoint;
        return Ok(out);
    }
    let ratio = c2 / c1;
    let v_red = e_red - u_red * ratio;
    let mut c3_sq = 0.0;
    let mut c4 = 0.0;
    let mut c4_scale = 0.0;
    let mut x = Vector::<NQ>::zeros();
    for i in (0..dim).filter(|&i| i != k0) {
        let wi = w.column(i);
        let a = wi.dot(&e_red);
        let b = wi.dot(&v_red);
        c3_sq += b * b / d[i].abs();
        c4 += a * b / d[i];
        c4_scale += (a * b / d[i]).abs();
        x += wi * (b / d[i]);
    }
    let c3_zero = v_red.norm() <= tolerance * (e_norm + ratio.abs() * u_norm);
    let c4_zero = c4.abs() <= tolerance * c4_scale || c3_zero;
    let y1 = -c4 / c2;
    x += w1 * y1;
    out.c3_norm = c3_sq.sqrt();
    out.c4 = c4;
    out.outcome = SingularWeakOutcome::CornerLimitPoint(if c3_zero {
        CornerShape::ZeroC3
    } else if c4_zero {
        CornerShape::ZeroC4
    } else if c4 > 0.0 {
        CornerShape::PositiveC4
    } else {
        CornerShape::NegativeC4
    });
    out.active_branch = Some((basis * x, ratio));
    Ok(out)
}

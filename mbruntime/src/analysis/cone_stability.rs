//! Stability at a weakly active point: the reduced Hessian positive on the cone of admissible
//! directions, not on a subspace (Schulz & Pellegrino 2000, (3.19)–(3.20)).
//!
//! With T_+ an orthonormal basis of Ker E_+ᵀ (bilateral and strongly active constraints) and
//! H_+ = T_+ᵀ ∇²𝓛 T_+, the equilibrium is stable when yᵀ H_+ y > 0 for every y ≠ 0 with
//! A y ≥ 0, A = E₀ᵀ T_+ the weakly active constraints' normals in those coordinates: H_+
//! strictly copositive on the polyhedral cone {A y ≥ 0}. The inertia of H_+ alone asks for
//! positivity on the whole space (too strict: H_+ = [[1, 2], [2, 1]] is indefinite, yet
//! y₁² + 4y₁y₂ + y₂² > 0 on y ≥ 0), and the inertia over Ker [E_+ E₀]ᵀ asks it only on the
//! cone's apex face (too lax: it misses a descent leaving the contact).
//!
//! When A has full row rank m, every y is y = B x + N z with x = A y, B = Aᵀ(AAᵀ)⁻¹ and N an
//! orthonormal basis of Ker A, and the cone is x ≥ 0 with z free. Then (minimising over z)
//! strict copositivity holds if and only if Q_zz = Nᵀ H_+ N is positive definite (the directions
//! with x = 0 lie in the cone) and the Schur complement S = BᵀH_+B − BᵀH_+N Q_zz⁻¹ NᵀH_+B is
//! strictly copositive on x ≥ 0, which Kaplan's test decides: a symmetric S is strictly
//! copositive if and only if no principal submatrix has an eigenvector with all components
//! positive whose eigenvalue is ≤ 0 (W. Kaplan 2000, "A test for copositive matrices", Linear
//! Algebra Appl. 313, Theorem 2). A with dependent rows (more weakly active constraints than the
//! cone's dimension, or dependent normals) is not decided here: `None`.
//!
//! Fixed-size, allocation-free: every matrix is N × N with its block in the leading rows and
//! columns and zeros elsewhere; 2^m principal submatrices are examined (m ≤
//! [`MAX_ENUMERATED_WEAK`]).

use super::path_lcp::MAX_ENUMERATED_WEAK;
use crate::linalg::{
    RANK_RELATIVE_TOLERANCE, for_each_principal_eigen, leading_block_eigen, one_signed,
};
use crate::mechanism::Matrix;
use std::ops::ControlFlow;

/// Whether the symmetric `h` (leading r × r block) is strictly copositive on {y : A y ≥ 0},
/// `a` holding A in its leading m × r block; `None` when A's rows are dependent or m is too
/// large to enumerate.
pub(crate) fn stable_on_cone<const N: usize>(
    h: &Matrix<N, N>,
    r: usize,
    a: &Matrix<N, N>,
    m: usize,
) -> Option<bool> {
    if m == 0 {
        let (d, _) = leading_block_eigen(h, r);
        return Some(positive_definite(&d, r));
    }
    if m > r || m > MAX_ENUMERATED_WEAK {
        return None;
    }
    let aat = a * a.transpose();
    let aat_inv = inverse(&aat, m)?;
    let b = a.transpose() * aat_inv;
    let (d, w) = leading_block_eigen(&(a.transpose() * a), r);
    let tol = RANK_RELATIVE_TOLERANCE * r as f64 * d.amax();
    let free = (0..r).filter(|&i| d[i] <= tol).count();
    if free != r - m {
        return None;
    }
    // N: the eigenvectors of AᵀA with zero eigenvalue (the first `free`, ascending order).
    let n = Matrix::<N, N>::from_fn(|i, j| if j < free { w[(i, j)] } else { 0.0 });
    let hn = h * n;
    let q_zz = n.transpose() * hn;
    let mut s = b.transpose() * h * b;
    if free > 0 {
        let (dz, _) = leading_block_eigen(&q_zz, free);
        if !positive_definite(&dz, free) {
            return Some(false);
        }
        let q_inv = inverse(&q_zz, free)?;
        let bhn = b.transpose() * hn;
        s -= bhn * q_inv * bhn.transpose();
    }
    Some(strictly_copositive(&s, m))
}

/// Every one of the first `r` eigenvalues positive beyond the rank tolerance.
fn positive_definite<const N: usize>(d: &crate::mechanism::Vector<N>, r: usize) -> bool {
    let scale = (0..r).fold(0.0_f64, |x, i| x.max(d[i].abs()));
    (0..r).all(|i| d[i] > RANK_RELATIVE_TOLERANCE * r as f64 * scale)
}

/// The inverse of the leading k × k block of a symmetric matrix (zero elsewhere), or `None` if
/// that block is singular.
fn inverse<const N: usize>(a: &Matrix<N, N>, k: usize) -> Option<Matrix<N, N>> {
    let (d, w) = leading_block_eigen(a, k);
    let scale = (0..k).fold(0.0_f64, |x, i| x.max(d[i].abs()));
    if (0..k).any(|i| d[i].abs() <= RANK_RELATIVE_TOLERANCE * k as f64 * scale) {
        return None;
    }
    let mut inv = Matrix::<N, N>::zeros();
    for i in 0..k {
        let v = w.column(i);
        inv += v * v.transpose() / d[i];
    }
    Some(inv)
}

/// Kaplan's test on the leading m × m block of the symmetric `s`: no principal submatrix has an
/// eigenvector with all components of one strict sign and an eigenvalue ≤ 0.
fn strictly_copositive<const N: usize>(s: &Matrix<N, N>, m: usize) -> bool {
    let tol = RANK_RELATIVE_TOLERANCE * m as f64 * s.amax().max(f64::MIN_POSITIVE);
    let used: [bool; N] = std::array::from_fn(|i| i < m);
    let found = for_each_principal_eigen(s, &used, |alpha, d, w| {
        let k = alpha.len();
        match (0..k).any(|e| d[e] <= tol && one_signed(w, e, k, 0.0).is_some()) {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    });
    found.is_continue()
}

#[cfg(test)]
mod tests {
    //! Against closed forms: quadratic forms on quadrants and half-planes whose minima are known.

    use super::*;

    fn m2(a: f64, b: f64, c: f64, d: f64) -> Matrix<2, 2> {
        Matrix::<2, 2>::new(a, b, c, d)
    }

    #[test]
    fn an_indefinite_hessian_can_be_stable_on_the_quadrant() {
        // y₁² + 4y₁y₂ + y₂² > 0 for y ≥ 0, y ≠ 0, though the eigenvalues are 3 and −1: the
        // inertia says one unstable direction, (3.19)–(3.20) say stable.
        let h = m2(1.0, 2.0, 2.0, 1.0);
        let (d, _) = leading_block_eigen(&h, 2);
        assert!(d[0] < 0.0, "indefinite");
        assert_eq!(
            stable_on_cone(&h, 2, &Matrix::<2, 2>::identity(), 2),
            Some(true)
        );
        // On the quadrant y₁ ≥ 0, −y₂ ≥ 0 the form is y₁² − 4y₁|y₂| + y₂², negative at (1, −1).
        assert_eq!(
            stable_on_cone(&h, 2, &m2(1.0, 0.0, 0.0, -1.0), 2),
            Some(false)
        );
    }

    #[test]
    fn a_half_plane_needs_positivity_along_its_edge_and_inside() {
        // H = diag(1, −1), cone y₂ ≥ 0: (0, 1) is admissible with yᵀHy = −1.
        let h = m2(1.0, 0.0, 0.0, -1.0);
        let a = m2(0.0, 1.0, 0.0, 0.0);
        assert_eq!(stable_on_cone(&h, 2, &a, 1), Some(false));
        // H = diag(−1, 1), cone y₂ ≥ 0: the edge direction (1, 0) has yᵀHy = −1.
        assert_eq!(
            stable_on_cone(&m2(-1.0, 0.0, 0.0, 1.0), 2, &a, 1),
            Some(false)
        );
        // H positive definite: stable on any cone.
        assert_eq!(
            stable_on_cone(&m2(2.0, 1.0, 1.0, 2.0), 2, &a, 1),
            Some(true)
        );
    }

    #[test]
    fn a_pointed_cone_in_one_dimension_and_dependent_rows() {
        // r = 1, H = −1, cone y ≥ 0: y = 1 gives −1.
        let h = Matrix::<2, 2>::new(-1.0, 0.0, 0.0, 0.0);
        let a = Matrix::<2, 2>::new(1.0, 0.0, 0.0, 0.0);
        assert_eq!(stable_on_cone(&h, 1, &a, 1), Some(false));
        // Two rows in a one-dimensional space are dependent: not decided.
        let a2 = Matrix::<2, 2>::new(1.0, 0.0, 2.0, 0.0);
        assert_eq!(stable_on_cone(&h, 1, &a2, 2), None);
        // No weakly active constraint: positive definiteness.
        assert_eq!(
            stable_on_cone(&m2(1.0, 0.0, 0.0, 3.0), 2, &a, 0),
            Some(true)
        );
    }
}

//! Path derivatives at a weakly active point whose reduced Hessian H_+ is singular, with two or
//! more weakly active constraints (Schulz & Pellegrino 2000, Sect. 3, (3.16)–(3.18), Fig. 1).
//!
//! The path LCP (4.1) needs H_+⁻¹; without it the first-order equations (3.16)–(3.17) are
//! solved directly, by enumerating which weakly active constraints J stay closed (ġ_J = 0, λ̇_J
//! free) while the others open (λ̇ = 0, ġ ≥ 0). With J closed, q̇ lies in the null space of the
//! active gradients (bilateral, strongly active and J), spanned by the orthonormal T_J of the
//! reduced Hessian H_J = T_Jᵀ∇²𝓛T_J, and (3.16) reads H_J y = −T_Jᵀ∇U' ṗ with q̇ = T_J y:
//!
//! * H_J regular: one q̇ for each sign of ṗ; the multipliers follow from
//!   ∇²𝓛 q̇ + ∇U' ṗ = G λ̇_B + E_+ λ̇_+ + E_J λ̇_J (least squares on the active columns); the
//!   solution is a branch when λ̇_J ≥ 0 and ġ_j = ∇g_jᵀq̇ ≥ 0 for the opening constraints;
//! * H_J singular and T_Jᵀ∇U' orthogonal to its kernel: a whole affine family of solutions for
//!   ṗ ≠ 0 — if its least-norm member is a branch, the path derivative is not unique (Fig. 1b,
//!   where every point of a segment is an equilibrium);
//! * H_J singular: kernel vectors with ṗ = 0 that satisfy the sign conditions are horizontal
//!   tangents, which only a higher-order analysis can follow (Sect. 4(b)).
//!
//! Fig. 1c, where the path derivative is unique with λ̇₀ > 0 although H_+ is singular, then
//! counts one branch for each sign of ṗ, and the tracer continues as at a regular change of
//! contact state. Everything is fixed-size; nothing allocates.

use super::path_system::{Evaluation, PathSystem};
use crate::linalg::gram_pseudo_inverse;
use crate::mechanism::{Constraints, Matrix, Statics, Vector};

/// Relative threshold of the zero eigenvalues of H_J (as for H_+ in the tracer).
const SINGULAR: f64 = 1e-10;

/// What the enumeration found besides the branches it reported.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct SingularEnumeration {
    /// Some closed set J admits a family of path derivatives for ṗ ≠ 0.
    pub non_unique: bool,
    /// Solutions with ṗ = 0 (horizontal tangents).
    pub horizontal: usize,
}

/// One path derivative: (q̇, ṗ, λ̇, ġ) with λ̇ and ġ over the contacts.
pub(crate) struct PathDerivative<const NQ: usize, const NU: usize> {
    pub q_dot: Vector<NQ>,
    pub p_dot: f64,
    pub lambda_dot: Vector<NU>,
    pub g_dot: Vector<NU>,
}

/// Enumerates the path derivatives at a weakly active point (module docs), calling `found` for
/// each with ṗ = ±1; `strong` are the strongly active contacts, `weak` the weakly active ones
/// (at most [`super::path_lcp::MAX_ENUMERATED_WEAK`]), `u_p` = ∇U', `tol` the relative
/// feasibility tolerance.
pub(crate) fn for_each_singular_branch<M, const NQ: usize, const NB: usize, const NU: usize>(
    e: &Evaluation<NQ, NB, NU>,
    strong: &[bool; NU],
    weak: &[bool; NU],
    u_p: &Vector<NQ>,
    tol: f64,
    mut found: impl FnMut(&PathDerivative<NQ, NU>),
) -> SingularEnumeration
where
    M: Constraints<NQ, NB, NU> + Statics<NQ>,
{
    let mut out = SingularEnumeration::default();
    let n_weak = weak.iter().filter(|w| **w).count();
    for mask in 0usize..(1 << n_weak) {
        let mut closed = *strong;
        let mut in_j = [false; NU];
        for (bit, j) in (0..NU).filter(|&j| weak[j]).enumerate() {
            if mask & (1 << bit) != 0 {
                closed[j] = true;
                in_j[j] = true;
            }
        }
        let rh = PathSystem::<M, NQ, NB, NU>::reduced_hessian(e, &closed);
        let hmax = (0..rh.dim).fold(0.0_f64, |m, i| m.max(rh.eigenvalues[i].abs()));
        let zero = |i: usize| rh.eigenvalues[i].abs() <= SINGULAR * hmax.max(1e-300);
        let forcing = rh.basis.transpose() * u_p;
        let mut consistent = true;
        let mut y = Vector::<NQ>::zeros();
        for i in 0..rh.dim {
            let w = rh.eigenvectors.column(i);
            let component = w.dot(&forcing);
            if zero(i) {
                consistent &= component.abs() <= tol * (1.0 + forcing.amax());
                // ṗ = 0: a kernel direction, either sign.
                for sign in [1.0, -1.0] {
                    let q_dot = rh.basis * w * sign;
                    if derivative(e, &closed, &in_j, weak, &q_dot, u_p, 0.0, tol).is_some() {
                        out.horizontal += 1;
                    }
                }
            } else {
                y += w * (-component / rh.eigenvalues[i]);
            }
        }
        let singular = (0..rh.dim).any(zero);
        if singular && !consistent {
            continue;
        }
        for s in [1.0, -1.0] {
            let q_dot = rh.basis * y * s;
            if let Some(d) = derivative(e, &closed, &in_j, weak, &q_dot, u_p, s, tol) {
                if singular {
                    out.non_unique = true;
                } else {
                    found(&d);
                }
            }
        }
    }
    out
}

/// The path derivative with tangent `q_dot` and ṗ = `s` on the closed set (`closed`: strong and
/// J), if its multipliers on J are non-negative and the opening weak constraints open.
#[allow(clippy::too_many_arguments)]
fn derivative<const NQ: usize, const NB: usize, const NU: usize>(
    e: &Evaluation<NQ, NB, NU>,
    closed: &[bool; NU],
    in_j: &[bool; NU],
    weak: &[bool; NU],
    q_dot: &Vector<NQ>,
    u_p: &Vector<NQ>,
    s: f64,
    tol: f64,
) -> Option<PathDerivative<NQ, NU>> {
    // The active columns (bilateral, then closed contacts) in a padded NQ × NQ matrix.
    let mut a = Matrix::<NQ, NQ>::zeros();
    let mut owner = [usize::MAX; NQ];
    let mut m = 0;
    let columns = (0..NB)
        .map(|k| (usize::MAX, e.g_jac.column(k).into_owned()))
        .chain(
            (0..NU)
                .filter(|&j| closed[j])
                .map(|j| (j, e.w_n.column(j).into_owned())),
        );
    for (j, col) in columns {
        if m == NQ {
            return None;
        }
        a.set_column(m, &col);
        owner[m] = j;
        m += 1;
    }
    let r = e.hess_lagrangian * q_dot + u_p * s;
    // Least squares on the active columns (the padding columns are zero and drop out).
    let mu = gram_pseudo_inverse(&a) * (a.transpose() * r);
    let scale = 1.0 + r.amax() + q_dot.amax();
    let mut lambda_dot = Vector::<NU>::zeros();
    let mut g_dot = Vector::<NU>::zeros();
    for k in 0..m {
        let j = owner[k];
        if j != usize::MAX && in_j[j] {
            if mu[k] < -tol * scale {
                return None;
            }
            lambda_dot[j] = mu[k].max(0.0);
        }
    }
    for j in (0..NU).filter(|&j| weak[j] && !in_j[j]) {
        let gd = e.w_n.column(j).dot(q_dot);
        if gd < -tol * scale {
            return None;
        }
        g_dot[j] = gd.max(0.0);
    }
    Some(PathDerivative {
        q_dot: *q_dot,
        p_dot: s,
        lambda_dot,
        g_dot,
    })
}

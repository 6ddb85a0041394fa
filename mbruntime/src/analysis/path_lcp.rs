//! All solutions of the small path-derivative LCP (4.1)–(4.2) of Schulz & Pellegrino (2000),
//! ġ₀ = G λ̇₀ + ṗ ĝ, 0 ≤ λ̇₀ ⟂ ġ₀ ≥ 0, by enumeration of complementary bases: the number of
//! solutions for ṗ = ±1 classifies a weakly active point (Sect. 4). Fixed-size, allocation-free.

use crate::linalg::lu::solve_once;
use crate::linalg::{for_each_principal_eigen, one_signed};
use crate::mechanism::{Matrix, Vector};
use std::ops::ControlFlow;

/// Largest number of simultaneously weakly active contacts whose path LCP is enumerated.
pub(crate) const MAX_ENUMERATED_WEAK: usize = 16;

/// Enumerates all solutions of LCP(A, b) restricted to the indices in `used` (A, b fixed size;
/// the other components are zero), calling `found(z, w)` for each; complementary bases whose
/// principal minor is numerically singular are skipped; `tol` is the feasibility tolerance.
/// Sub-systems are solved as the padded matrix [A_αα 0; 0 I], so nothing allocates.
pub(crate) fn for_each_lcp_solution<const NU: usize>(
    a: &Matrix<NU, NU>,
    b: &Vector<NU>,
    used: &[bool; NU],
    tol: f64,
    mut found: impl FnMut(&Vector<NU>, &Vector<NU>),
) {
    let idx_count = used.iter().filter(|u| **u).count();
    if idx_count > MAX_ENUMERATED_WEAK {
        return;
    }
    let amax = a.amax();
    for mask in 0usize..(1 << idx_count) {
        // Map bit r of mask to the r-th used index.
        let mut sel = [false; NU];
        let mut r = 0;
        for (i, s) in sel.iter_mut().enumerate() {
            if used[i] {
                *s = mask & (1 << r) != 0;
                r += 1;
            }
        }
        let k = sel.iter().filter(|s| **s).count();
        let padded = Matrix::<NU, NU>::from_fn(|r, c| {
            if sel[r] && sel[c] {
                a[(r, c)]
            } else if r == c {
                1.0
            } else {
                0.0
            }
        });
        let rhs = Vector::<NU>::from_fn(|r, _| if sel[r] { -b[r] } else { 0.0 });
        let mut z = rhs;
        if k > 0 {
            let mut m = padded;
            match solve_once(NU, m.as_mut_slice(), z.as_mut_slice()) {
                Ok(det) if det > 1e-14 * (1.0 + amax).powi(k as i32) => {}
                _ => continue,
            }
        }
        let mut w = a * z + b;
        for i in 0..NU {
            if !used[i] {
                w[i] = 0.0;
            }
        }
        let bmax = (0..NU)
            .filter(|&i| used[i])
            .fold(0.0_f64, |m, i| m.max(b[i].abs()));
        let scale = tol * (1.0 + bmax + z.amax());
        if z.iter().all(|x| *x >= -scale) && w.iter().all(|x| *x >= -scale) {
            let z = z.map(|x| x.max(0.0));
            let w = w.map(|x| if x.abs() <= scale { 0.0 } else { x.max(0.0) });
            found(&z, &w);
        }
    }
}

/// Enumerates the solutions of the path LCP with ṗ = 0 (Schulz & Pellegrino 2000, Sect. 4(b)):
/// λ̇₀ ≥ 0, λ̇₀ ≠ 0 (normalised to unit length), ġ₀ = G λ̇₀ ≥ 0, λ̇₀ ⟂ ġ₀, over the indices in
/// `used`. Such a λ̇₀ is, on its support α, a kernel vector of G_αα with every component
/// positive; each support whose G_αα has a simple zero eigenvalue (|d| ≤ `tol` · max|G|) with a
/// positive eigenvector gives one, kept if ġ₀ ≥ 0 off α. These are branches with a horizontal
/// tangent, which the counts for ṗ = ±1 do not see (for a regular G every principal minor would
/// have to vanish for one). Calls `found(λ̇₀, ġ₀)` for each; returns without calling it when more
/// than [`MAX_ENUMERATED_WEAK`] indices are used. Nothing allocates.
pub(crate) fn for_each_horizontal_solution<const NU: usize>(
    g: &Matrix<NU, NU>,
    used: &[bool; NU],
    tol: f64,
    mut found: impl FnMut(&Vector<NU>, &Vector<NU>),
) {
    if used.iter().filter(|u| **u).count() > MAX_ENUMERATED_WEAK {
        return;
    }
    let zero = tol * g.amax().max(f64::MIN_POSITIVE);
    let _ = for_each_principal_eigen(g, used, |alpha, d, w| {
        let k = alpha.len();
        let mut zeros = (0..k).filter(|&i| d[i].abs() <= zero);
        let (Some(z), None) = (zeros.next(), zeros.next()) else {
            return ControlFlow::Continue(());
        };
        let Some(sign) = one_signed(w, z, k, tol.sqrt()) else {
            return ControlFlow::Continue(());
        };
        let mut lambda = Vector::<NU>::zeros();
        for (r, &i) in alpha.iter().enumerate() {
            lambda[i] = sign * w[(r, z)];
        }
        let mut rate = g * lambda;
        for i in 0..NU {
            if !used[i] || alpha.contains(&i) {
                rate[i] = 0.0;
            }
        }
        if rate.iter().all(|x| *x >= -zero) {
            found(&lambda, &rate.map(|x| x.max(0.0)));
        }
        ControlFlow::Continue(())
    });
}

#[cfg(test)]
mod tests {
    //! The solutions with ṗ = 0 of small path LCPs, against their closed forms: λ̇ ≥ 0, λ̇ ≠ 0,
    //! ġ = G λ̇ ≥ 0, λ̇ ⟂ ġ (Schulz & Pellegrino 2000, (4.1)–(4.2) with ṗ = 0).

    use super::*;

    fn horizontal<const N: usize>(g: Matrix<N, N>) -> Vec<(Vector<N>, Vector<N>)> {
        let mut out = Vec::new();
        for_each_horizontal_solution(&g, &[true; N], 1e-9, |l, r| out.push((*l, *r)));
        out
    }

    #[test]
    fn one_weak_constraint_with_g_zero_has_one_horizontal_branch() {
        let found = horizontal(Matrix::<1, 1>::zeros());
        assert_eq!(found.len(), 1);
        assert!((found[0].0[0] - 1.0).abs() < 1e-15 && found[0].1[0] == 0.0);
        assert!(
            horizontal(Matrix::<1, 1>::new(0.5)).is_empty(),
            "G ≠ 0: none"
        );
    }

    #[test]
    fn two_stops_with_a_zero_diagonal_entry_have_the_branch_on_that_stop() {
        // G = [[0, 1], [1, 1]]: λ̇ = (1, 0) gives ġ = (0, 1) ≥ 0; the support {1} has G₁₁ = 1,
        // the support {0, 1} is regular (det −1).
        let found = horizontal(Matrix::<2, 2>::new(0.0, 1.0, 1.0, 1.0));
        assert_eq!(found.len(), 1);
        let (l, r) = found[0];
        assert!((l - Vector::<2>::new(1.0, 0.0)).amax() < 1e-15, "{l}");
        assert!((r - Vector::<2>::new(0.0, 1.0)).amax() < 1e-15, "{r}");
        // With G₁₀ < 0 the same support gives ġ₁ = −1 < 0: no branch.
        assert!(horizontal(Matrix::<2, 2>::new(0.0, -1.0, -1.0, 1.0)).is_empty());
    }

    #[test]
    fn a_kernel_vector_of_mixed_sign_is_no_branch_and_a_positive_one_is() {
        // G = [[1, 1], [1, 1]]: kernel (1, −1)/√2 has mixed signs, so no λ̇ ≥ 0 solves it.
        assert!(horizontal(Matrix::<2, 2>::new(1.0, 1.0, 1.0, 1.0)).is_empty());
        // G = [[1, −1], [−1, 1]]: kernel (1, 1)/√2 > 0, ġ = 0.
        let found = horizontal(Matrix::<2, 2>::new(1.0, -1.0, -1.0, 1.0));
        assert_eq!(found.len(), 1);
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert!((found[0].0 - Vector::<2>::new(h, h)).amax() < 1e-14);
        assert!(found[0].1.amax() == 0.0);
        // The identity has no kernel at all.
        assert!(horizontal(Matrix::<2, 2>::identity()).is_empty());
    }
}

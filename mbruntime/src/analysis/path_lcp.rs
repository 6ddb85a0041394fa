//! All solutions of the small path-derivative LCP (4.1)–(4.2) of Schulz & Pellegrino (2000),
//! ġ₀ = G λ̇₀ + ṗ ĝ, 0 ≤ λ̇₀ ⟂ ġ₀ ≥ 0, by enumeration of complementary bases: the number of
//! solutions for ṗ = ±1 classifies a weakly active point (Sect. 4). Fixed-size, allocation-free.

use crate::linalg::lu::solve_once;
use crate::mechanism::{Matrix, Vector};

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

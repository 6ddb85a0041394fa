//! Brute-force LCP oracle: enumeration of all complementary bases.
//!
//! For every index set `α ⊆ {0..n}` (bit `j` of the mask: `z_j` basic) it solves
//! `A_αα z_α = −b_α` by LU with partial pivoting on the stack, sets `z_ᾱ = 0`, evaluates
//! `w = A z + b` and the [`Certificate`]. Among the
//! bases whose candidate certifies to [`CERTIFICATE_TOLERANCE`] it
//! returns the one with the smallest relative error, the lowest mask on ties, so the choice is
//! deterministic. Bases with a numerically singular `A_αα` (pivot ≤ `1e-13 · max(1, ‖A‖_max)`)
//! are skipped; for PSD matrices with redundant rows a solution with a nonsingular `A_αα`
//! always exists (Lötstedt 1982, Lemma 5.2). Cost `O(2ⁿ n³)`: meant as a test oracle only.

use super::{CERTIFICATE_TOLERANCE, Certificate, LcpError, LcpSolution, certificate, validate};
use crate::lcp::certificate::finish;
use crate::lcp::dense::{lu_factor, lu_solve};

/// Largest `n` accepted by [`solve_enumerative`] (its work arrays live on the stack).
pub const ENUMERATIVE_MAX_N: usize = 12;

/// Solves LCP(A, b) by trying all `2ⁿ` complementary bases (`n ≤` [`ENUMERATIVE_MAX_N`]).
///
/// Writes the selected solution into `z`, `w`; `pivots` in the result is the number of bases
/// examined (`2ⁿ`). Errors: [`LcpError::Dimension`], [`LcpError::NonFinite`],
/// [`LcpError::CapacityExceeded`] for `n > 12`, and [`LcpError::RayTermination`] when no basis
/// yields a certified solution. Does not allocate.
///
/// ```
/// use mbruntime::lcp::solve_enumerative;
/// let a = [2.0, 1.0, 1.0, 2.0]; // column-major [[2, 1], [1, 2]]
/// let b = [-3.0, 1.0];
/// let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
/// solve_enumerative(2, &a, &b, &mut z, &mut w).unwrap();
/// assert_eq!(z, [1.5, 0.0]);
/// assert_eq!(w, [0.0, 2.5]);
/// ```
pub fn solve_enumerative(
    n: usize,
    a: &[f64],
    b: &[f64],
    z: &mut [f64],
    w: &mut [f64],
) -> Result<LcpSolution, LcpError> {
    if n > ENUMERATIVE_MAX_N {
        return Err(LcpError::CapacityExceeded {
            n,
            capacity: ENUMERATIVE_MAX_N,
        });
    }
    let amax = validate(n, a, b, z, w)?;
    const N: usize = ENUMERATIVE_MAX_N;
    let tol = 1e-13 * amax.max(1.0);
    let mut best: Option<(Certificate, [f64; N], [f64; N])> = None;
    let bases = 1usize << n;
    for mask in 0..bases {
        let mut idx = [0usize; N];
        let mut k = 0;
        for j in 0..n {
            if mask & (1 << j) != 0 {
                idx[k] = j;
                k += 1;
            }
        }
        let mut m = [0.0; N * N];
        let mut perm = [0usize; N];
        let mut x = [0.0; N];
        for p in 0..k {
            x[p] = -b[idx[p]];
            for q in 0..k {
                m[p + q * k] = a[idx[p] + idx[q] * n];
            }
        }
        if !lu_factor(k, &mut m, &mut perm, tol) {
            continue;
        }
        lu_solve(k, &m, &perm, &mut x);
        let mut zc = [0.0; N];
        let mut wc = [0.0; N];
        for p in 0..k {
            zc[idx[p]] = x[p];
        }
        let cert = finish(n, a, b, amax, &mut zc, &mut wc);
        let err = cert.relative_error();
        if err <= CERTIFICATE_TOLERANCE
            && best
                .as_ref()
                .is_none_or(|(c, _, _)| err < c.relative_error())
        {
            best = Some((cert, zc, wc));
        }
    }
    match best {
        Some((_, zc, wc)) => {
            z.copy_from_slice(&zc[..n]);
            w.copy_from_slice(&wc[..n]);
            Ok(LcpSolution {
                pivots: bases,
                certificate: certificate(n, a, b, z, w),
            })
        }
        None => Err(LcpError::RayTermination { pivots: bases }),
    }
}

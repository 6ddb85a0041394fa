//! Brute-force LCP oracle: enumeration of all complementary bases.
//!
//! For every index set `α ⊆ {0..n}` (bit `j` of the mask: `z_j` basic) it solves
//! `A_αα z_α = −b_α` by the refined principal solve of [`crate::linalg::principal`] (the one
//! Lemke's method and the warm start use), sets `z_ᾱ = 0`, evaluates
//! `w = A z + b` and the [`Certificate`]. Among the
//! bases whose candidate certifies to [`CERTIFICATE_TOLERANCE`] it
//! returns the one of smallest scale (`max(1, ‖b‖, ‖A‖ ‖z‖) · max(1, ‖z‖)`, so the smallest
//! `z`), then of smallest relative error, the lowest mask on ties, so the choice is
//! deterministic. With a singular `A` (a PSD matrix of redundant rows) a nearly singular
//! `A_αα` can pass the LU policy and certify with an enormous `z` whose `w = A z + b` has lost
//! its digits to cancellation; its relative error is small because its scale is large, so the
//! smallest `z` is preferred over the smallest relative error. Bases with a singular `A_αα` (by the LU policy of [`crate::linalg::lu`]) are
//! skipped; for PSD matrices with redundant rows a solution with a nonsingular `A_αα`
//! always exists (Lötstedt 1982, Lemma 5.2). Cost `O(2ⁿ n³)`: meant as a test oracle only.

use super::{CERTIFICATE_TOLERANCE, Certificate, LcpError, LcpSolution, certificate, validate};
use crate::lcp::certificate::finish;
use crate::linalg::PrincipalSolve;

/// Largest `n` accepted by [`solve_enumerative`] (its work arrays live on the stack).
pub const ENUMERATIVE_MAX_N: usize = 12;

/// Solves LCP(A, b) by trying all `2ⁿ` complementary bases (`n ≤` [`ENUMERATIVE_MAX_N`]).
///
/// Writes the selected solution into `z`, `w`; `pivots` in the result is the number of bases
/// examined (`2ⁿ`). Errors: [`LcpError::Dimension`], [`LcpError::NonFinite`],
/// [`LcpError::CapacityExceeded`] for `n > 12`, and [`LcpError::RayTermination`] when no basis
/// yields a certified solution. Allocates one `n × n` workspace per call (a test oracle, not a
/// per-step routine).
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
    let amax = validate(n, ENUMERATIVE_MAX_N, a, b, z, w)?;
    const N: usize = ENUMERATIVE_MAX_N;
    let mut principal = PrincipalSolve::with_capacity(n);
    let mut best: Option<(Certificate, [f64; N], [f64; N])> = None;
    let bases = 1usize << n;
    for mask in 0..bases {
        let mut zc = [0.0; N];
        let mut wc = [0.0; N];
        let basic = (0..n).filter(|j| mask & (1 << j) != 0);
        if principal.solve(n, a, b, basic, &mut zc).is_err() {
            continue;
        }
        let cert = finish(n, a, b, amax, &mut zc, &mut wc);
        let err = cert.relative_error();
        if err <= CERTIFICATE_TOLERANCE
            && best
                .as_ref()
                .is_none_or(|(c, _, _)| (cert.scale, err) < (c.scale, c.relative_error()))
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

//! Linear complementarity problems.
//!
//! # The problem
//!
//! Given `A ∈ ℝⁿˣⁿ` (column-major slice of `n·n` entries, so `nalgebra`'s `SMatrix::as_slice()`
//! and `DMatrix::as_slice()` can be passed directly) and `b ∈ ℝⁿ`, the LCP(A, b) asks for
//! `z, w ∈ ℝⁿ` with
//!
//! ```text
//! w = A z + b,    z ≥ 0,    w ≥ 0,    zᵀ w = 0   (componentwise z_i w_i = 0).
//! ```
//!
//! In contact mechanics `z` collects impulses (Λ_N, Λ_R, ξ_L) and `w` relative velocities
//! (ξ_N, ξ_R, Λ_L) in the arrangement of Glocker & Studer (2005), Sect. 6, eqs (27) and (33):
//! for `k` planar Coulomb contacts the 3k-dimensional matrix
//!
//! ```text
//!     ⎡ W_Nᵀ M⁻¹ (W_N − W_T μ)   W_Nᵀ M⁻¹ W_T   0 ⎤
//! A = ⎢ W_Tᵀ M⁻¹ (W_N − W_T μ)   W_Tᵀ M⁻¹ W_T   E ⎥
//!     ⎣ 2μ                       −E             0 ⎦
//! ```
//!
//! is non-symmetric; with `Λ_T = Λ_R − μΛ_N` one finds
//! `zᵀAz = (Λ_N, Λ_T)ᵀ Q (Λ_N, Λ_T) + 2 ξ_Lᵀ μ Λ_N`, `Q = G + [[μ G_TN, μ G_TT], [0, 0]]`,
//! `G = [W_N W_T]ᵀ M⁻¹ [W_N W_T]`, so `A` is copositive whenever `Q + Qᵀ ≻ 0` (small μ, away from Painlevé-type
//! configurations) and its only isotropic directions `(0, 0, ξ_L)` are orthogonal to `b`, whose
//! third block vanishes; Lemke's method then processes it. Frictionless and redundant contact
//! sets give symmetric positive semidefinite `A = Wᵀ M⁻¹ W` with dependent rows, where `w`
//! (hence the velocity) is unique although `z` need not be (Lötstedt 1982, Lemma 5.2).
//!
//! # Solvers
//!
//! * [`Lemke`]: Lemke's complementary pivoting method with covering vector `d = 1`, an
//!   artificial variable `z₀`, and the lexicographic minimum-ratio test, so degenerate problems
//!   cannot cycle and termination after finitely many pivots is guaranteed. It processes every
//!   copositive-plus matrix (P-matrices, PSD matrices): for such `A` termination on a secondary
//!   ray (confirmed on a freshly factorised basis) proves that the LCP is infeasible (Cottle,
//!   Pang & Stone 1992, Sect. 4.4). Round-off zeros of the basic values are recognised relative
//!   to the rows of `B⁻¹`, and the basis is refactorised periodically, so problem sizes of a few
//!   hundred are handled. The solution is re-evaluated on the
//!   original data and [certified](Certificate); an uncertifiable answer is an error, never a silent result.
//!   The implementation is written here from scratch: no crate offers an allocation-free,
//!   certified Lemke solver.
//! * [`WarmStart`]: solves the basic system of a guessed complementary basis ([`BasisGuess`],
//!   e.g. the previous time step's) with one refined principal solve
//!   ([`crate::linalg::principal`], the same as Lemke's polishing step) and accepts it only if
//!   feasible and certified; otherwise the caller falls back to [`Lemke`].
//! * [`solve_enumerative`]: a brute-force oracle for `n ≤ 12` that tries all `2ⁿ` complementary
//!   bases; used to test [`Lemke`].

pub(crate) mod certificate;
pub(crate) mod enumerate;
pub(crate) mod lemke;
pub(crate) mod warm_start;

pub use certificate::{CLAMP_TOLERANCE, Certificate, certificate};
pub use enumerate::{ENUMERATIVE_MAX_N, solve_enumerative};
pub use lemke::{DEFAULT_LIMIT_PER_ROW, Lemke};
pub use warm_start::{BasisGuess, WARM_START_TOLERANCE, WarmStart};

/// Relative error above which a computed solution is rejected with
/// [`LcpError::CertificateFailed`] (see [`Certificate::relative_error`]).
pub const CERTIFICATE_TOLERANCE: f64 = 1e-9;

/// Why an LCP could not be solved.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum LcpError {
    /// An input entry is NaN or infinite. `index` counts the entries of `A` first
    /// (`0..n·n`, column-major) and then those of `b` (`n·n..n·n + n`).
    #[error("non-finite LCP input at entry {index} (A column-major first, then b): {value}")]
    NonFinite {
        /// Position of the offending entry.
        index: usize,
        /// The entry: NaN, inf or -inf.
        value: f64,
    },
    /// A slice has the wrong length (`A` must hold `n·n` entries, `b`, `z`, `w` hold `n`).
    #[error("LCP slice has length {got}, expected {expected}")]
    Dimension {
        /// Required length.
        expected: usize,
        /// Length given.
        got: usize,
    },
    /// The problem is larger than the workspace (or the enumerative oracle's fixed size).
    #[error("LCP of size {n} exceeds the workspace capacity {capacity}")]
    CapacityExceeded {
        /// Problem size.
        n: usize,
        /// Capacity of the solver.
        capacity: usize,
    },
    /// Lemke's method ended on a secondary ray (no admissible pivot row), or the enumeration
    /// found no complementary solution: for copositive-plus `A` the LCP is infeasible; for other
    /// matrices Lemke's method cannot decide it.
    #[error("no LCP solution found: ray termination after {pivots} pivots")]
    RayTermination {
        /// Pivots performed (bases tried, for the enumerative oracle).
        pivots: usize,
    },
    /// The pivot limit was reached (see [`Lemke::set_iteration_limit`]).
    #[error("LCP pivot limit {limit} reached after {pivots} pivots")]
    IterationLimit {
        /// Pivots performed.
        pivots: usize,
        /// The limit in force.
        limit: usize,
    },
    /// The best candidate solution violates the LCP by more than [`CERTIFICATE_TOLERANCE`]
    /// (relative, see [`Certificate::relative_error`]); `z`, `w` hold that candidate.
    #[error("LCP solution failed its certificate: relative error {relative_error:e}")]
    CertificateFailed {
        /// The rejected candidate's relative error.
        relative_error: f64,
    },
}

/// A certified LCP solution (the vectors themselves are written into the caller's `z`, `w`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LcpSolution {
    /// Pivots performed by [`Lemke::solve`] (including the initial pivot that brings `z₀` into
    /// the basis and the final one that drives it out; 0 for the trivial case `b ≥ 0`), or the
    /// number of complementary bases examined by [`solve_enumerative`].
    pub pivots: usize,
    /// Accuracy certificate of the returned `(z, w)`, evaluated on the original data.
    pub certificate: Certificate,
}

/// Checks the size against the solver's capacity, slice lengths and finiteness; returns
/// `‖A‖_max`.
pub(crate) fn validate(
    n: usize,
    capacity: usize,
    a: &[f64],
    b: &[f64],
    z: &[f64],
    w: &[f64],
) -> Result<f64, LcpError> {
    if n > capacity {
        return Err(LcpError::CapacityExceeded { n, capacity });
    }
    let nn = n.checked_mul(n).ok_or(LcpError::Dimension {
        expected: usize::MAX,
        got: a.len(),
    })?;
    if a.len() != nn {
        return Err(LcpError::Dimension {
            expected: nn,
            got: a.len(),
        });
    }
    for len in [b.len(), z.len(), w.len()] {
        if len != n {
            return Err(LcpError::Dimension {
                expected: n,
                got: len,
            });
        }
    }
    let mut amax = 0.0_f64;
    for (index, &x) in a.iter().chain(b.iter()).enumerate() {
        if !x.is_finite() {
            return Err(LcpError::NonFinite { index, value: x });
        }
        if index < nn {
            amax = amax.max(x.abs());
        }
    }
    Ok(amax)
}

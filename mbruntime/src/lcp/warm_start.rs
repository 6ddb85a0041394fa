//! Warm start of an LCP from a guessed complementary basis.
//!
//! # Method
//!
//! A complementary basis of LCP(A, b) (see the [parent module](super)) is an index set
//! `α ⊆ {0, …, n−1}`: `z_j` is basic for `j ∈ α`, `w_j` for `j ∉ α`. Its basic solution is
//!
//! ```text
//! A_αα z_α = −b_α,   z_j = 0 (j ∉ α),   w = A z + b   (so w_α = 0),
//! ```
//!
//! which is complementary by construction; it solves the LCP iff `z_α ≥ 0` and `w ≥ 0`
//! (Cottle, Pang & Stone 1992, Sect. 1.1: a solution is a feasible complementary basic
//! solution). In time-stepping the LCPs of consecutive steps with the same closed-contact
//! pattern differ by O(Δt) in `A` and `b`, so the basis that solved the previous step
//! ("sticking", "sliding to the left", …) usually solves the next one: then one LU of the
//! `|α| × |α|` block replaces Lemke's pivoting.
//!
//! [`WarmStart::solve_with_basis`] computes that basic solution (the refined principal solve of
//! [`crate::linalg::principal`]: LU with partial pivoting and one step of iterative
//! refinement, the same as Lemke's polishing step), clamps round-off as Lemke's method does (see
//! [`CLAMP_TOLERANCE`](super::CLAMP_TOLERANCE)), recomputes `w` from the original data and
//! accepts the result only if `z ≥ 0`, `w ≥ 0` hold exactly after clamping **and** its
//! [`Certificate`](super::Certificate) has relative error ≤ [`WARM_START_TOLERANCE`] (ten times
//! stricter than the [`CERTIFICATE_TOLERANCE`](super::CERTIFICATE_TOLERANCE) of
//! [`Lemke`](super::Lemke)). Otherwise it returns `Ok(None)` and the caller falls back to
//! [`Lemke::solve`](super::Lemke::solve). A rejected guess costs one small LU; an accepted one
//! is as trustworthy as a Lemke result.
//!
//! For a P-matrix the solution is unique, so an accepted warm start equals Lemke's answer; for
//! PSD or copositive `A` it is *a* certified solution (the `w` of PSD problems is unique,
//! Lötstedt 1982, Lemma 5.2).

use super::certificate::finish;
use super::{LcpError, LcpSolution, validate};
use crate::linalg::PrincipalSolve;

/// Relative certificate error up to which a warm-started solution is accepted.
pub const WARM_START_TOLERANCE: f64 = 1e-10;

/// A guessed complementary basis: `basic_z[j]` is true iff `z_j` is basic (`j ∈ α`).
///
/// Allocated once with [`BasisGuess::with_capacity`]; [`BasisGuess::record`] overwrites it
/// from a solution without allocating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BasisGuess {
    basic_z: Vec<bool>,
    len: usize,
}

impl BasisGuess {
    /// An empty guess (dimension 0) with room for problems of size up to `n`.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            basic_z: vec![false; n],
            len: 0,
        }
    }

    /// Dimension of the recorded basis (0 if none was recorded).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no basis has been recorded.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets the recorded basis.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Records the basis of a solution `z`: `α = {j : z_j > 0}` (a degenerate pair
    /// `z_j = w_j = 0` is assigned to `w`). Returns false (and records nothing) if
    /// `z.len()` exceeds the capacity.
    pub fn record(&mut self, z: &[f64]) -> bool {
        if z.len() > self.basic_z.len() {
            return false;
        }
        for (flag, &x) in self.basic_z.iter_mut().zip(z) {
            *flag = x > 0.0;
        }
        self.len = z.len();
        true
    }

    /// Records a basis given as flags (`basic_z[j]` true iff `z_j` is basic), e.g. the final
    /// basis of [`crate::lcp::Lemke`] from [`crate::lcp::Lemke::basic_z`]. Returns false (and
    /// records nothing) if `n` exceeds the capacity or the flags.
    pub fn record_basis(&mut self, n: usize, lemke: &crate::lcp::Lemke) -> bool {
        if n > self.basic_z.len() {
            return false;
        }
        lemke.basic_z(n, &mut self.basic_z[..n]);
        self.len = n;
        true
    }

    /// The flags `basic_z[0..len]`.
    pub fn basic_z(&self) -> &[bool] {
        &self.basic_z[..self.len]
    }
}

/// Workspace of [`WarmStart::solve_with_basis`] (allocated once; solving never allocates).
#[derive(Debug, Clone)]
pub struct WarmStart {
    principal: PrincipalSolve,
}

impl WarmStart {
    /// Allocates a workspace for problems of size up to `n`.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            principal: PrincipalSolve::with_capacity(n),
        }
    }

    /// Largest problem size this workspace accepts.
    pub fn capacity(&self) -> usize {
        self.principal.capacity()
    }

    /// Tries the complementary basis `guess` on LCP(A, b) (`A` column-major, as for
    /// [`Lemke::solve`](super::Lemke::solve)); see the [module documentation](self).
    ///
    /// Returns `Ok(Some(solution))` with `z`, `w` written (`pivots = 0`) if the basic solution
    /// is feasible and certified to [`WARM_START_TOLERANCE`], `Ok(None)` if the guess does not
    /// give a solution (wrong dimension, singular `A_αα`, a negative entry, or a failed
    /// certificate; `z`, `w` then hold the rejected candidate or are unspecified). Never
    /// allocates.
    ///
    /// Errors (invalid input only): [`LcpError::Dimension`], [`LcpError::CapacityExceeded`],
    /// [`LcpError::NonFinite`].
    ///
    /// ```
    /// use mbruntime::lcp::{BasisGuess, Lemke, WarmStart};
    /// use nalgebra::{Matrix2, Vector2};
    ///
    /// let a = Matrix2::new(2.0, 1.0, 1.0, 2.0);
    /// let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
    /// let mut lemke = Lemke::with_capacity(2);
    /// lemke.solve(2, a.as_slice(), &[-5.0, -6.0], &mut z, &mut w).unwrap();
    /// let mut guess = BasisGuess::with_capacity(2);
    /// guess.record(&z); // both z basic
    /// // A nearby problem: the same basis solves it, A z = −b gives z = (1, 2).
    /// let mut warm = WarmStart::with_capacity(2);
    /// let b = Vector2::new(-4.0, -5.0);
    /// let sol = warm.solve_with_basis(2, a.as_slice(), b.as_slice(), &guess, &mut z, &mut w);
    /// assert!(sol.unwrap().is_some());
    /// assert!((z[0] - 1.0).abs() < 1e-14 && (z[1] - 2.0).abs() < 1e-14);
    /// // A problem the guess does not solve (b ≥ 0 needs z = 0): rejected.
    /// let sol = warm.solve_with_basis(2, a.as_slice(), &[1.0, 1.0], &guess, &mut z, &mut w);
    /// assert!(sol.unwrap().is_none());
    /// ```
    pub fn solve_with_basis(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        guess: &BasisGuess,
        z: &mut [f64],
        w: &mut [f64],
    ) -> Result<Option<LcpSolution>, LcpError> {
        let amax = validate(n, self.capacity(), a, b, z, w)?;
        if guess.len() != n {
            return Ok(None);
        }
        let basic = guess
            .basic_z()
            .iter()
            .enumerate()
            .filter(|&(_, &basic)| basic)
            .map(|(j, _)| j);
        if self.principal.solve(n, a, b, basic, z).is_err() {
            return Ok(None);
        }
        let certificate = finish(n, a, b, amax, z, w);
        let feasible = certificate.min_z >= 0.0 && certificate.min_w >= 0.0;
        if feasible && certificate.relative_error() <= WARM_START_TOLERANCE {
            Ok(Some(LcpSolution {
                pivots: 0,
                certificate,
            }))
        } else {
            Ok(None)
        }
    }
}

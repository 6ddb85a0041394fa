//! Lemke's complementary pivoting method with the lexicographic ratio test.
//!
//! # Method
//!
//! With the covering vector `d = 1 = (1, …, 1)ᵀ` and an artificial variable `z₀ ≥ 0`, the
//! augmented system
//!
//! ```text
//! w − A z − d z₀ = b,    w, z, z₀ ≥ 0,    w_i z_i = 0
//! ```
//!
//! is kept in a dense simplex tableau `B⁻¹ [I | −A | −d | b]` (columns `w`, `z`, `z₀`,
//! right-hand side). If `b ≥ 0`, `z = 0, w = b` solves the LCP with no pivot. Otherwise `z₀`
//! enters at the row of the (lexicographically) most negative `b_i`, which makes the basis
//! feasible; from then on the complement of the variable that just left the basis enters, the
//! leaving row being chosen by the **lexicographic minimum-ratio test**: among rows `i` with
//! pivot entry `t_i > 0` minimise `(β_i, (B⁻¹)_{i,·}) / t_i` lexicographically, where `β` is the
//! current right-hand side. The `w`-columns of the tableau are exactly `B⁻¹`, whose rows are
//! linearly independent, so the minimiser is unique, every basis is lexicographically
//! feasible, no basis repeats and the method terminates (Cottle, Pang & Stone 1992, Sect. 4.4).
//! If `z₀`'s row ties for the minimum ratio it is chosen, ending the run. Termination is either
//!
//! * `z₀` leaves: the basis is complementary and gives a solution, or
//! * no row has a positive pivot entry (a secondary ray): [`LcpError::RayTermination`].
//!   For copositive-plus `A` (P-matrices, PSD matrices) this proves the LCP infeasible
//!   (Cottle, Pang & Stone 1992, Sect. 4.4); the friction matrices of Glocker & Studer (2005),
//!   eq. (33), are covered when copositive (see the [parent module](super)).
//!
//! Floating-point safeguards: the data are scaled internally to `‖A‖_max = ‖b‖_∞ = 1`
//! (a positive rescaling of `A` and `b` maps LCP solutions onto each other). With
//! `ρ_i = max(1, ‖(B⁻¹)_{i,·}‖_∞)` (the round-off in row `i` of the tableau is of order `ε ρ_i`):
//!
//! * an entry `t_i` is a pivot candidate only if `t_i > 1e-11 · ρ_i`;
//! * a basic value `β_i ≤ 1e-12 · ρ_i` (including round-off negatives) counts as **zero** in the
//!   first key of the ratio test, so degenerate rows tie at ratio 0 and the row of `z₀` wins
//!   the tie; ratios within `1e-12 · max(1, |min|)` of the minimum count as ties for the next
//!   lexicographic key;
//! * if `z₀`'s own value falls to round-off level (`β ≤ 1e-12 ρ`), dropping `z₀` leaves a
//!   complementary basic solution of the LCP itself; it is extracted and accepted when it
//!   certifies (otherwise the pivoting continues);
//! * the tableau is recomputed from the original data and the basis by a fresh LU
//!   factorisation of `B` (refactorisation) every `max(n, 16)` pivots and **before a secondary
//!   ray is reported**: a ray is only returned if the entering column of the freshly
//!   factorised tableau has no admissible entry.
//!
//! The cause of the former spurious [`LcpError::RayTermination`] on friction LCPs with
//! k ≳ 20 contacts: `z₀` reached zero up to round-off (≈ 1e-17) while other rows carried
//! round-off negatives (≈ −1e-15) in `β`; the ratio test then preferred a "negative ratio" of a
//! noisy row over `z₀`'s row, the method stepped past the solution and ended on the ray
//! `(0, 0, ξ_L)` of the slack pair, which exists only because `z₀ = 0` there. With the
//! round-off zero rule above `z₀` leaves at that point (the tests `large_instances` of
//! `tests/lcp_random.rs` certify friction LCPs up to n = 300).
//!
//! Meaning of a secondary ray (Cottle, Pang & Stone 1992, Sect. 4.4): along a ray
//! `(z̄ + θz*, z̄₀ + θz₀*)`, `θ ≥ 0`, complementarity for all `θ` gives `z*ᵀ(Az* + 1 z₀*) = 0`; for
//! copositive `A` both terms vanish, so `z₀* = 0`, `z*ᵀAz* = 0`, `Az* ≥ 0` and (since `z*`
//! minimises `xᵀAx` on `x ≥ 0`) `(A + Aᵀ) z* ≥ 0`; with `z̄ᵀAz* = z̄ᵀw* = 0` this gives
//! `z*ᵀA z̄ ≥ 0`, and `z*ᵀw̄ = 0`, `w̄ = A z̄ + b + 1 z̄₀` give `z*ᵀb = −z*ᵀA z̄ − z̄₀ 1ᵀz* < 0`
//! (on a secondary ray `z* ≠ 0` and `z̄₀ > 0`).
//! Hence (i) for copositive `A` with `b ∈ SOL(0, A)*` (`zᵀb ≥ 0` whenever `z ≥ 0`, `Az ≥ 0`,
//! `zᵀAz = 0`; the friction matrices of the [parent module](super)) no secondary ray exists
//! and Lemke's method always ends with a solution; (ii) for copositive-plus `A` (P-matrices,
//! PSD matrices) a genuine secondary ray certifies that the LCP is infeasible. Because the
//! ray is reported only after the fresh-basis check above, a [`LcpError::RayTermination`] is
//! such a certificate up to the round-off of one LU factorisation of `B`.
//!
//! After termination the complementary basis `α = {j : z_j basic}` is **polished**: `z_α` is
//! recomputed from `A_αα z_α = −b_α` on the original data by the refined principal solve of
//! [`crate::linalg::principal`] (LU with partial pivoting, one step of iterative refinement). For both the tableau's `z` and the polished one, round-off
//! negatives are clamped (see [`CLAMP_TOLERANCE`](super::CLAMP_TOLERANCE)),
//! `w = A z + b` is recomputed from the original data and the [`Certificate`] is evaluated; the
//! better candidate is returned, or [`LcpError::CertificateFailed`] if its relative error
//! exceeds [`CERTIFICATE_TOLERANCE`]. Results are never returned uncertified.
//!
//! Written for this crate: no existing crate provides an allocation-free, certified Lemke
//! solver. All storage (`n·(2n+2)` tableau plus `O(n²)` LU workspace and `O(n)` vectors) is allocated in
//! [`Lemke::with_capacity`]; [`Lemke::solve`] never allocates.

use super::certificate::{Certificate, finish};
use super::{CERTIFICATE_TOLERANCE, LcpError, LcpSolution, validate};
use crate::linalg::PrincipalSolve;

/// Default pivot limit per unknown: the limit is `DEFAULT_LIMIT_PER_ROW · (n + 1)` pivots unless
/// [`Lemke::set_iteration_limit`] was called (for `n = 8` this is 900, well above the 2⁸ pivots
/// of Murty's exponential example).
pub const DEFAULT_LIMIT_PER_ROW: usize = 100;

const PIVOT_TOL: f64 = 1e-11;
const TIE_TOL: f64 = 1e-12;
/// A basic value `β_i ≤ BETA_TOL · max(1, ‖(B⁻¹)_{i,·}‖_∞)` is a round-off zero.
const BETA_TOL: f64 = 1e-12;
/// The tableau is recomputed from the original data every `max(n, REFACTOR_PERIOD)` pivots.
const REFACTOR_PERIOD: usize = 16;

/// Workspace for Lemke's method (see the [module documentation](self) for the maths).
///
/// Allocate once with [`Lemke::with_capacity`]; [`Lemke::solve`] then runs without allocating
/// for every `n ≤ capacity`.
#[derive(Debug, Clone)]
pub struct Lemke {
    capacity: usize,
    limit: Option<usize>,
    /// Row-major tableau, stride `2n + 2`: `w` columns `0..n`, `z` columns `n..2n`, `z₀` column
    /// `2n`, right-hand side `2n + 1`.
    tableau: Vec<f64>,
    /// Copy of the pivot row.
    prow: Vec<f64>,
    /// Basic variable of each row (`j < n`: `w_j`, `n + j`: `z_j`, `2n`: `z₀`).
    basis: Vec<usize>,
    /// Candidate rows of the ratio test.
    cand: Vec<usize>,
    /// Round-off zero of each basic value (see `BETA_TOL`).
    beta_tol: Vec<f64>,
    /// Refined principal solve of the polishing step; its `n × n` LU storage also serves the
    /// refactorisation of the basis matrix.
    principal: PrincipalSolve,
    /// One column of the refactored tableau.
    column: Vec<f64>,
    /// Second candidate solution.
    z2: Vec<f64>,
    w2: Vec<f64>,
}

impl Lemke {
    /// Allocates a workspace for problems of size up to `n`.
    pub fn with_capacity(n: usize) -> Self {
        Self {
            capacity: n,
            limit: None,
            tableau: vec![0.0; n * (2 * n + 2)],
            prow: vec![0.0; 2 * n + 2],
            basis: vec![0; n],
            cand: vec![0; n],
            beta_tol: vec![0.0; n],
            principal: PrincipalSolve::with_capacity(n),
            column: vec![0.0; n],
            z2: vec![0.0; n],
            w2: vec![0.0; n],
        }
    }

    /// Largest problem size this workspace accepts.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Sets the maximum number of pivots per solve (replacing the default
    /// `DEFAULT_LIMIT_PER_ROW · (n + 1)`); reaching it gives [`LcpError::IterationLimit`].
    pub fn set_iteration_limit(&mut self, limit: usize) {
        self.limit = Some(limit);
    }

    /// Solves LCP(A, b): finds `z, w ≥ 0` with `w = A z + b`, `zᵀ w = 0`.
    ///
    /// `a` is `A` column-major (`n·n` entries), `b`, `z`, `w` have `n` entries; the solution is
    /// written into `z` and `w` (on [`LcpError::CertificateFailed`] they hold the rejected
    /// candidate, on other errors their contents are unspecified). Never allocates.
    ///
    /// Errors: [`LcpError::Dimension`], [`LcpError::CapacityExceeded`],
    /// [`LcpError::NonFinite`], [`LcpError::RayTermination`], [`LcpError::IterationLimit`],
    /// [`LcpError::CertificateFailed`].
    ///
    /// ```
    /// use mbruntime::lcp::Lemke;
    /// use nalgebra::{Matrix2, Vector2};
    ///
    /// let a = Matrix2::new(2.0, 1.0, 1.0, 2.0);
    /// let b = Vector2::new(-5.0, -6.0);
    /// let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
    /// let mut lemke = Lemke::with_capacity(2);
    /// let sol = lemke.solve(2, a.as_slice(), b.as_slice(), &mut z, &mut w).unwrap();
    /// // Both contacts active: A z = -b gives z = (4/3, 7/3).
    /// assert!((z[0] - 4.0 / 3.0).abs() < 1e-14 && (z[1] - 7.0 / 3.0).abs() < 1e-14);
    /// assert!(w.iter().all(|&x| x == 0.0));
    /// assert!(sol.certificate.holds(1e-12));
    /// ```
    pub fn solve(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        z: &mut [f64],
        w: &mut [f64],
    ) -> Result<LcpSolution, LcpError> {
        let amax = validate(n, self.capacity, a, b, z, w)?;
        let limit = self
            .limit
            .unwrap_or(DEFAULT_LIMIT_PER_ROW.saturating_mul(n + 1));

        if b.iter().all(|&x| x >= 0.0) {
            // The trivial solution z = 0, w = b: its basis is all w (as `basic_z` reports).
            for (i, v) in self.basis[..n].iter_mut().enumerate() {
                *v = i;
            }
            z.fill(0.0);
            let certificate = finish(n, a, b, amax, z, w);
            return Ok(LcpSolution {
                pivots: 0,
                certificate,
            });
        }

        let (pivots, accepted) = self.pivot_loop(n, a, b, amax, limit, z, w)?;
        let best = match accepted {
            Some(cert) => cert,
            None => self.candidate(n, a, b, amax, z, w),
        };
        let relative_error = best.relative_error();
        if relative_error > CERTIFICATE_TOLERANCE {
            return Err(LcpError::CertificateFailed { relative_error });
        }
        Ok(LcpSolution {
            pivots,
            certificate: best,
        })
    }

    /// Writes into `z`, `w` the better of two candidates for the current basis and returns its
    /// certificate: (1) the tableau's basic `z` (a basic `z₀` is dropped), (2) the polished
    /// complementary basis `A_αα z_α = −b_α`, `α = {j : z_j basic}`.
    fn candidate(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        amax: f64,
        z: &mut [f64],
        w: &mut [f64],
    ) -> Certificate {
        let stride = 2 * n + 2;
        let unscale =
            b.iter().fold(0.0_f64, |m, x| m.max(x.abs())) / if amax > 0.0 { amax } else { 1.0 };
        z.fill(0.0);
        for r in 0..n {
            let v = self.basis[r];
            if (n..2 * n).contains(&v) {
                z[v - n] = self.tableau[r * stride + 2 * n + 1] * unscale;
            }
        }
        let mut best = finish(n, a, b, amax, z, w);
        if best.relative_error() > 0.0 && self.polish(n, a, b) {
            let cert = finish(n, a, b, amax, &mut self.z2[..n], &mut self.w2[..n]);
            if cert.relative_error() < best.relative_error() {
                z.copy_from_slice(&self.z2[..n]);
                w.copy_from_slice(&self.w2[..n]);
                best = cert;
            }
        }
        best
    }

    /// Runs the pivoting on the scaled tableau; returns the pivot count when `z₀` has left.
    #[allow(clippy::too_many_arguments)]
    fn pivot_loop(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        amax: f64,
        limit: usize,
        z: &mut [f64],
        w: &mut [f64],
    ) -> Result<(usize, Option<Certificate>), LcpError> {
        let stride = 2 * n + 2;
        let sa = if amax > 0.0 { 1.0 / amax } else { 1.0 };
        let bmax = b.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let sb = 1.0 / bmax;
        let t = &mut self.tableau[..n * stride];
        for i in 0..n {
            let row = &mut t[i * stride..(i + 1) * stride];
            row[..n].fill(0.0);
            row[i] = 1.0;
            for j in 0..n {
                row[n + j] = -a[i + j * n] * sa;
            }
            row[2 * n] = -1.0;
            row[2 * n + 1] = b[i] * sb;
            self.basis[i] = i;
        }
        let z0 = 2 * n;
        // Initial pivot: z0 enters; candidates are all rows (entry −1), ratio β_i / 1.
        for i in 0..n {
            self.cand[i] = i;
            // No clamping here: the most negative b_i must win.
            self.beta_tol[i] = f64::NEG_INFINITY;
        }
        let r = lexmin(
            t,
            stride,
            n,
            z0,
            &mut self.cand[..n],
            &self.beta_tol[..n],
            usize::MAX,
            &self.basis[..n],
        );
        let mut leaving = self.basis[r];
        pivot(t, &mut self.prow[..stride], stride, n, r, z0);
        self.basis[r] = z0;
        let mut pivots = 1;
        // Whether the tableau was recomputed from the original data since the last pivot.
        let mut fresh = false;
        loop {
            if pivots >= limit {
                return Err(LcpError::IterationLimit { pivots, limit });
            }
            if pivots % REFACTOR_PERIOD.max(n) == 0 && !fresh {
                fresh = self.refactor(n, a, b, amax, bmax);
            }
            let t = &self.tableau[..n * stride];
            // Round-off zero of each basic value: BETA_TOL · max(1, ‖(B⁻¹)_{i,·}‖_∞).
            for i in 0..n {
                self.beta_tol[i] = BETA_TOL
                    * t[i * stride..i * stride + n]
                        .iter()
                        .fold(1.0_f64, |m, x| m.max(x.abs()));
            }
            // z₀ at round-off level: dropping it leaves a complementary basic solution of the
            // LCP itself; accept it if it certifies.
            if let Some(r0) = self.basis[..n].iter().position(|&v| v == z0)
                && t[r0 * stride + 2 * n + 1] <= self.beta_tol[r0]
            {
                let cert = self.candidate(n, a, b, amax, z, w);
                if cert.relative_error() <= CERTIFICATE_TOLERANCE {
                    return Ok((pivots, Some(cert)));
                }
            }
            let t = &mut self.tableau[..n * stride];
            let entering = if leaving < n {
                leaving + n
            } else {
                leaving - n
            };
            let mut k = 0;
            for i in 0..n {
                let v = t[i * stride + entering];
                // ‖(B⁻¹)_{i,·}‖_∞ = beta_tol[i] / BETA_TOL.
                if v > PIVOT_TOL * self.beta_tol[i] / BETA_TOL {
                    self.cand[k] = i;
                    k += 1;
                }
            }
            if k == 0 {
                // Confirm a secondary ray on a freshly refactored tableau before reporting it.
                if !fresh && self.refactor(n, a, b, amax, bmax) {
                    fresh = true;
                    continue;
                }
                return Err(LcpError::RayTermination { pivots });
            }
            let r = lexmin(
                t,
                stride,
                n,
                entering,
                &mut self.cand[..k],
                &self.beta_tol[..n],
                z0,
                &self.basis[..n],
            );
            leaving = self.basis[r];
            pivot(t, &mut self.prow[..stride], stride, n, r, entering);
            self.basis[r] = entering;
            pivots += 1;
            fresh = false;
            if leaving == z0 {
                return Ok((pivots, None));
            }
        }
    }

    /// Recomputes the tableau `B⁻¹ [I | −A | −d | b]` (scaled data) from the current basis by LU,
    /// removing the round-off accumulated by the pivots; false (tableau untouched) if `B` is
    /// numerically singular.
    fn refactor(&mut self, n: usize, a: &[f64], b: &[f64], amax: f64, bmax: f64) -> bool {
        let stride = 2 * n + 2;
        let sa = if amax > 0.0 { 1.0 / amax } else { 1.0 };
        let sb = 1.0 / bmax;
        // Column of the original augmented matrix [I | −A | −d | b] for variable / column c.
        let column = |c: usize, i: usize| -> f64 {
            if c < n {
                if i == c { 1.0 } else { 0.0 }
            } else if c < 2 * n {
                -a[i + (c - n) * n] * sa
            } else if c == 2 * n {
                -1.0
            } else {
                b[i] * sb
            }
        };
        let basis = &self.basis[..n];
        let lu = self.principal.lu_workspace();
        if lu.factor(n, |i, q| column(basis[q], i)).is_err() {
            return false;
        }
        let t = &mut self.tableau[..n * stride];
        for c in 0..stride {
            let x = &mut self.column[..n];
            for (i, xi) in x.iter_mut().enumerate() {
                *xi = column(c, i);
            }
            lu.solve(x);
            for i in 0..n {
                t[i * stride + c] = x[i];
            }
        }
        // Basic columns are exactly unit vectors.
        for (r, &v) in self.basis[..n].iter().enumerate() {
            for i in 0..n {
                t[i * stride + v] = if i == r { 1.0 } else { 0.0 };
            }
        }
        true
    }

    /// After a successful [`Lemke::solve`] of size `n`: `flags[j]` is set to whether `z_j` is
    /// basic in the final complementary basis (`flags` must hold at least `n` entries). Unlike
    /// the support of `z`, this keeps the side of every degenerate pair `z_j = w_j = 0` that the
    /// pivoting chose, so the basis matrix `A_αα` of a warm start is the one Lemke ended with
    /// (nonsingular), e.g. for a separating contact of a friction LCP.
    pub fn basic_z(&self, n: usize, flags: &mut [bool]) {
        let rows = n.min(self.capacity);
        let m = rows.min(flags.len());
        flags[..m].fill(false);
        for &v in &self.basis[..rows] {
            if (n..2 * n).contains(&v) && v - n < m {
                flags[v - n] = true;
            }
        }
    }

    /// Solves `A_αα z_α = −b_α` for the final basis into `z2`; false if `A_αα` is singular
    /// by the LU policy of [`crate::linalg::lu`].
    fn polish(&mut self, n: usize, a: &[f64], b: &[f64]) -> bool {
        let basic = self.basis[..n]
            .iter()
            .filter(|&&v| (n..2 * n).contains(&v))
            .map(|&v| v - n);
        self.principal
            .solve(n, a, b, basic, &mut self.z2[..n])
            .is_ok()
    }
}

/// Lexicographic minimum-ratio test over the rows in `cand` for entering column `col`:
/// minimises `(β̃_i, (B⁻¹)_{i,·}) / t_{i,col}`, where `β̃_i = 0` if `β_i ≤ beta_tol[i]` (a
/// round-off zero, possibly negative) and `β̃_i = β_i` otherwise. If the row of variable
/// `prefer` ties in the first key it is returned.
#[allow(clippy::too_many_arguments)]
fn lexmin(
    t: &[f64],
    stride: usize,
    n: usize,
    col: usize,
    cand: &mut [usize],
    beta_tol: &[f64],
    prefer: usize,
    basis: &[usize],
) -> usize {
    let mut k = cand.len();
    // Keys: right-hand side, then the columns of B⁻¹ (the w columns 0..n).
    for stage in 0..=n {
        let ratio = |i: usize| {
            let p = t[i * stride + col].abs();
            if stage == 0 {
                let beta = t[i * stride + 2 * n + 1];
                if beta <= beta_tol[i] { 0.0 } else { beta / p }
            } else {
                t[i * stride + stage - 1] / p
            }
        };
        let m = cand[..k]
            .iter()
            .map(|&i| ratio(i))
            .fold(f64::INFINITY, f64::min);
        let tol = TIE_TOL * m.abs().max(1.0);
        let mut kept = 0;
        for c in 0..k {
            let i = cand[c];
            if ratio(i) <= m + tol {
                cand[kept] = i;
                kept += 1;
            }
        }
        k = kept;
        if stage == 0
            && let Some(&i) = cand[..k].iter().find(|&&i| basis[i] == prefer)
        {
            return i;
        }
        if k == 1 {
            break;
        }
    }
    cand[0]
}

/// Gauss–Jordan pivot of the row-major `n × stride` tableau on `(r, c)`.
fn pivot(t: &mut [f64], prow: &mut [f64], stride: usize, n: usize, r: usize, c: usize) {
    let p = t[r * stride + c];
    for (dst, src) in prow.iter_mut().zip(&t[r * stride..(r + 1) * stride]) {
        *dst = src / p;
    }
    prow[c] = 1.0;
    t[r * stride..(r + 1) * stride].copy_from_slice(prow);
    for i in 0..n {
        if i == r {
            continue;
        }
        let row = &mut t[i * stride..(i + 1) * stride];
        let f = row[c];
        if f != 0.0 {
            for (x, &y) in row.iter_mut().zip(prow.iter()) {
                *x -= f * y;
            }
            row[c] = 0.0;
        }
    }
}

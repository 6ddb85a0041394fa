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
//! (a positive rescaling of `A` and `b` maps LCP solutions onto each other); an entry `t_i` is a
//! pivot candidate only if `t_i > 1e-11 · max(1, ‖(B⁻¹)_{i,·}‖_∞)`; ratios within
//! `1e-12 · max(1, |min|)` of the minimum count as ties for the next lexicographic key.
//!
//! After termination the complementary basis `α = {j : z_j basic}` is **polished**: `z_α` is
//! recomputed from `A_αα z_α = −b_α` (LU with partial pivoting, one step of iterative
//! refinement) on the original data. For both the tableau's `z` and the polished one, round-off
//! negatives are clamped (see [`CLAMP_TOLERANCE`](super::CLAMP_TOLERANCE)),
//! `w = A z + b` is recomputed from the original data and the [`Certificate`](super::Certificate) is evaluated; the
//! better candidate is returned, or [`LcpError::CertificateFailed`] if its relative error
//! exceeds [`CERTIFICATE_TOLERANCE`].
//!
//! Known limitation: the tableau is dense and updated by Gauss–Jordan pivots (refactored from
//! the original data every `max(n, 16)` pivots and before a ray is reported), so on large,
//! ill-conditioned instances (observed for friction LCPs with k ≳ 20 contacts) round-off can
//! still produce a spurious [`LcpError::RayTermination`]. It never produces a wrong answer:
//! results are certified.
//!
//! Written for this crate: no existing crate provides an allocation-free, certified Lemke
//! solver. All storage (`n·(2n+2)` tableau plus `O(n²)` LU workspace) is allocated in
//! [`Lemke::with_capacity`]; [`Lemke::solve`] never allocates.

use super::certificate::finish;
use super::dense::{lu_factor, lu_solve};
use super::{CERTIFICATE_TOLERANCE, LcpError, LcpSolution, validate};

/// Default pivot limit per unknown: the limit is `DEFAULT_LIMIT_PER_ROW · (n + 1)` pivots unless
/// [`Lemke::set_iteration_limit`] was called (for `n = 8` this is 900, well above the 2⁸ pivots
/// of Murty's exponential example).
pub const DEFAULT_LIMIT_PER_ROW: usize = 100;

const PIVOT_TOL: f64 = 1e-11;
const TIE_TOL: f64 = 1e-12;
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
    /// LU workspace of the polishing step (`n × n`) and its permutation.
    lu: Vec<f64>,
    perm: Vec<usize>,
    /// Index set `α` of basic `z`, right-hand side and refinement residual.
    alpha: Vec<usize>,
    rhs: Vec<f64>,
    res: Vec<f64>,
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
            lu: vec![0.0; n * n],
            perm: vec![0; n],
            alpha: vec![0; n],
            rhs: vec![0.0; n],
            res: vec![0.0; n],
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
        if n > self.capacity {
            return Err(LcpError::CapacityExceeded {
                n,
                capacity: self.capacity,
            });
        }
        let amax = validate(n, a, b, z, w)?;
        let limit = self
            .limit
            .unwrap_or(DEFAULT_LIMIT_PER_ROW.saturating_mul(n + 1));

        if b.iter().all(|&x| x >= 0.0) {
            z.fill(0.0);
            let certificate = finish(n, a, b, amax, z, w);
            return Ok(LcpSolution {
                pivots: 0,
                certificate,
            });
        }

        let pivots = self.pivot_loop(n, a, b, amax, limit)?;

        // Candidate 1: the tableau's solution.
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

        // Candidate 2: polished complementary basis.
        if best.relative_error() > 0.0 && self.polish(n, a, b, amax) {
            let cert = finish(n, a, b, amax, &mut self.z2[..n], &mut self.w2[..n]);
            if cert.relative_error() < best.relative_error() {
                z.copy_from_slice(&self.z2[..n]);
                w.copy_from_slice(&self.w2[..n]);
                best = cert;
            }
        }
        let relative_error = best.relative_error();
        if relative_error > CERTIFICATE_TOLERANCE {
            return Err(LcpError::CertificateFailed { relative_error });
        }
        Ok(LcpSolution {
            pivots,
            certificate: best,
        })
    }

    /// Runs the pivoting on the scaled tableau; returns the pivot count when `z₀` has left.
    fn pivot_loop(
        &mut self,
        n: usize,
        a: &[f64],
        b: &[f64],
        amax: f64,
        limit: usize,
    ) -> Result<usize, LcpError> {
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
        }
        let r = lexmin(
            t,
            stride,
            n,
            z0,
            &mut self.cand[..n],
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
            let t = &mut self.tableau[..n * stride];
            let entering = if leaving < n {
                leaving + n
            } else {
                leaving - n
            };
            let mut k = 0;
            for i in 0..n {
                let v = t[i * stride + entering];
                if v > PIVOT_TOL {
                    let rn = t[i * stride..i * stride + n]
                        .iter()
                        .fold(1.0_f64, |m, x| m.max(x.abs()));
                    if v > PIVOT_TOL * rn {
                        self.cand[k] = i;
                        k += 1;
                    }
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
                z0,
                &self.basis[..n],
            );
            leaving = self.basis[r];
            pivot(t, &mut self.prow[..stride], stride, n, r, entering);
            self.basis[r] = entering;
            pivots += 1;
            fresh = false;
            if leaving == z0 {
                return Ok(pivots);
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
        let lu = &mut self.lu[..n * n];
        for (q, &v) in self.basis[..n].iter().enumerate() {
            for i in 0..n {
                lu[i + q * n] = column(v, i);
            }
        }
        if !lu_factor(n, lu, &mut self.perm[..n], 1e-14) {
            return false;
        }
        let t = &mut self.tableau[..n * stride];
        for c in 0..stride {
            let x = &mut self.rhs[..n];
            for (i, xi) in x.iter_mut().enumerate() {
                *xi = column(c, i);
            }
            lu_solve(n, lu, &self.perm[..n], x);
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

    /// Solves `A_αα z_α = −b_α` for the final basis into `z2`; false if numerically singular.
    fn polish(&mut self, n: usize, a: &[f64], b: &[f64], amax: f64) -> bool {
        let mut k = 0;
        for r in 0..n {
            let v = self.basis[r];
            if (n..2 * n).contains(&v) {
                self.alpha[k] = v - n;
                k += 1;
            }
        }
        let (idx, lu, perm) = (&self.alpha[..k], &mut self.lu[..k * k], &mut self.perm[..k]);
        for p in 0..k {
            self.rhs[p] = -b[idx[p]];
            for q in 0..k {
                lu[p + q * k] = a[idx[p] + idx[q] * n];
            }
        }
        if !lu_factor(k, lu, perm, 1e-14 * amax.max(f64::MIN_POSITIVE)) {
            return false;
        }
        let x = &mut self.rhs[..k];
        lu_solve(k, lu, perm, x);
        // One step of iterative refinement: res = −b_α − A_αα x.
        for p in 0..k {
            let mut s = -b[idx[p]];
            for q in 0..k {
                s -= a[idx[p] + idx[q] * n] * x[q];
            }
            self.res[p] = s;
        }
        lu_solve(k, lu, perm, &mut self.res[..k]);
        self.z2[..n].fill(0.0);
        for p in 0..k {
            self.z2[idx[p]] = x[p] + self.res[p];
        }
        true
    }
}

/// Lexicographic minimum-ratio test over the rows in `cand` for entering column `col`:
/// minimises `(β_i, (B⁻¹)_{i,·}) / |t_{i,col}|`. If the row of variable `prefer` ties in the
/// first key it is returned.
fn lexmin(
    t: &[f64],
    stride: usize,
    n: usize,
    col: usize,
    cand: &mut [usize],
    prefer: usize,
    basis: &[usize],
) -> usize {
    let mut k = cand.len();
    // Keys: right-hand side, then the columns of B⁻¹ (the w columns 0..n).
    for stage in 0..=n {
        let key = if stage == 0 { 2 * n + 1 } else { stage - 1 };
        let ratio = |i: usize| t[i * stride + key] / t[i * stride + col].abs();
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

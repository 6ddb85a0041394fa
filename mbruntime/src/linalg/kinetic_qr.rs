//! Rank-revealing factorisation of a set of constraint columns in the kinetic metric.
//!
//! With M = L Lᵀ (Cholesky) and constraint columns wᵢ (bilateral G and closed-contact W_N
//! columns, in a priority order), the columns bᵢ = L⁻¹wᵢ are orthogonalised by Gram–Schmidt
//! with re-orthogonalisation; a column whose remainder is at most `rank_tol · ‖bᵢ‖` (the sine of
//! its kinetic angle to the span of the earlier kept columns) is dependent on them and dropped.
//! The kept columns satisfy B_K = Q R (Q orthonormal, R upper triangular, r = rank ≤ NQ), and:
//!
//! * the KKT system [M −W_A; W_Aᵀ 0][x; μ] = [f; c] (Lötstedt 1982, (4.3); Brogliato 2013, (6))
//!   is solved as y = (I − QQᵀ) L⁻¹f + Q R⁻ᵀ c_K, x = L⁻ᵀ y, R μ_K = R⁻ᵀ c_K − Qᵀ L⁻¹ f, μ = 0
//!   on dropped columns. x and W_A μ do not depend on which dependent columns were dropped
//!   (Lötstedt 1982, Lemma 5.2: q̈ and Gλ unique) as long as the right-hand side is consistent
//!   (c ∈ R(W_Aᵀ), Lemma 5.3); μ is the basic solution on a linearly independent subset
//!   (Lemma 5.2, part 3).
//! * M_c⁻¹ f = L⁻ᵀ(I − QQᵀ)L⁻¹ f is the constrained inverse inertia (Brogliato 2013,
//!   (16)–(18)), so the constrained Delassus matrix of further columns V is
//!   A_c = (P L⁻¹V)ᵀ(P L⁻¹V), P = I − QQᵀ (Brogliato (19)), symmetric positive semidefinite by
//!   construction.
//! * the minimum-kinetic-norm correction Δ with W_Kᵀ Δ = −r_K is Δ = L⁻ᵀ Q R⁻ᵀ(−r_K) (used for
//!   drift projection).
//!
//! Why Gram–Schmidt on L⁻¹W rather than an elimination on the Gram matrix WᵀM⁻¹W: the
//! dependence test then acts on the columns themselves (sines of kinetic angles, resolvable
//! down to ~ε), not on their squares (~ε^½), so nearly dependent columns are recognised at the
//! same tolerance whatever their scaling. Everything is fixed size (Q, R ∈ ℝ^{NQ×NQ}); nothing
//! allocates.

use nalgebra::{Cholesky, Const};

use super::factor_memo::FactorMemo;
use super::slice_blas::{add_scaled, dot};
use super::spd::{SpdError, cholesky};
use super::{Matrix, Vector};

/// Default dependence tolerance of [`ConstraintFactor::push_column`]: a column whose remainder
/// after projecting out the kept ones is ≤ 10⁻⁹ of its kinetic norm is dependent. Rounding in
/// Gram–Schmidt with re-orthogonalisation leaves remainders of a few `n·ε·κ(L)` for exactly
/// dependent columns, far below; genuinely independent constraints of a mechanism make angles
/// far above 10⁻⁹ rad.
pub const DEPENDENCE_TOLERANCE: f64 = 1e-9;

/// Why a set of constraint columns cannot be used (see [`ConstraintFactor::push_columns`]).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ColumnError {
    /// Column `index` has a NaN or infinite entry (or one so large that its kinetic norm
    /// overflows).
    #[error("constraint column {index} is not finite: its kinetic norm is {norm}")]
    NonFinite {
        /// Column (caller's numbering).
        index: usize,
        /// Its norm in the kinetic metric, ‖L⁻¹w‖ (NaN or infinite).
        norm: f64,
    },
    /// Column `index` is zero in the kinetic metric (‖L⁻¹w‖ = 0): the linearised constraint
    /// wᵀ q̇ = … constrains nothing, so the constraint qualification fails there (e.g. g = x²
    /// at x = 0). This is not a redundancy: no other column enforces what it should.
    #[error(
        "constraint column {index} vanishes (its linearisation constrains nothing; {rank} independent columns)"
    )]
    Vanishing {
        /// Column (caller's numbering).
        index: usize,
        /// Number of independent columns among all given.
        rank: usize,
    },
}

/// Factorisation of M and of up to `K` independent constraint columns in the kinetic metric
/// (`K` defaults to `NQ`, the most there can be; a caller with a known column count, such as
/// `NB` bilateral constraints, stores only that much).
///
/// Rebuilding the factor from bitwise the same M and the same columns reuses the stored
/// result instead of recomputing it (`factor_memo`): exact, since the
/// same operations on the same operands give the same floats.
#[derive(Debug, Clone, Copy)]
pub struct ConstraintFactor<const NQ: usize, const K: usize = NQ> {
    /// Cholesky factor L of M = L Lᵀ (set through [`set_mass`](Self::set_mass),
    /// [`set_cholesky`](Self::set_cholesky) or [`from_cholesky`](Self::from_cholesky), which
    /// also keep its reciprocal diagonal).
    l: Matrix<NQ, NQ>,
    /// 1/L_ii: the triangular solves multiply instead of dividing (they run several times per
    /// time step, and a division's latency dominates a small substitution).
    l_inv_diag: Vector<NQ>,
    q: Matrix<NQ, K>,
    r: Matrix<K, K>,
    /// Tags of the kept columns (caller's numbering), in order.
    kept: [usize; K],
    rank: usize,
    memo: FactorMemo<NQ, K>,
}

impl<const NQ: usize, const K: usize> Default for ConstraintFactor<NQ, K> {
    fn default() -> Self {
        Self {
            l: Matrix::identity(),
            l_inv_diag: Vector::repeat(1.0),
            q: Matrix::zeros(),
            r: Matrix::zeros(),
            kept: [0; K],
            rank: 0,
            memo: FactorMemo::default(),
        }
    }
}

impl<const NQ: usize, const K: usize> ConstraintFactor<NQ, K> {
    /// Factors M and removes all columns; [`SpdError`] (with the smallest eigenvalue) if M is
    /// not positive definite or not finite (the previous factor of M is then kept).
    pub fn set_mass(&mut self, m: &Matrix<NQ, NQ>) -> Result<(), SpdError> {
        self.rank = 0;
        if self.memo.restart_if_same_mass(m) {
            return Ok(());
        }
        self.memo.restart();
        let chol = cholesky(m)?;
        self.set_l(chol.l());
        self.memo.record_mass(Some(m));
        Ok(())
    }

    /// Takes an existing Cholesky factor of M and removes all columns.
    pub fn set_cholesky(&mut self, chol: &Cholesky<f64, Const<NQ>>) {
        self.rank = 0;
        self.set_l(chol.l());
        self.memo.record_mass(None);
    }

    /// L and its reciprocal diagonal.
    fn set_l(&mut self, l: Matrix<NQ, NQ>) {
        self.l = l;
        self.l_inv_diag = self.l.map_diagonal(|x| 1.0 / x);
    }

    /// A factor of M = L Lᵀ without columns, from its Cholesky factorisation.
    #[inline]
    pub fn from_cholesky(chol: Cholesky<f64, Const<NQ>>) -> Self {
        let l = chol.unpack();
        Self {
            l_inv_diag: l.map_diagonal(|x| 1.0 / x),
            l,
            q: Matrix::zeros(),
            r: Matrix::zeros(),
            kept: [0; K],
            rank: 0,
            memo: FactorMemo::default(),
        }
    }

    /// The Cholesky factor L of M = L Lᵀ.
    pub fn l(&self) -> &Matrix<NQ, NQ> {
        &self.l
    }

    /// Removes all constraint columns.
    pub fn clear_columns(&mut self) {
        self.rank = 0;
        self.memo.restart();
    }

    /// Number of independent columns kept.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// Tag of kept column `k < rank`.
    pub fn kept_tag(&self, k: usize) -> usize {
        self.kept[k]
    }

    /// Whether a column with this tag was kept; its position among the kept columns.
    pub fn position(&self, tag: usize) -> Option<usize> {
        self.kept[..self.rank].iter().position(|&t| t == tag)
    }

    /// L⁻¹ v.
    pub fn whiten(&self, v: &Vector<NQ>) -> Vector<NQ> {
        // Forward substitution by columns. L comes from a successful Cholesky factorisation:
        // its diagonal is positive. Written out over the fixed size (unrolled for small NQ)
        // because these solves run several times per time step, and over the storage's slices
        // (column-major: column j of L is `l[j·NQ..(j + 1)·NQ]`) rather than through the matrix's
        // indexing, which an unoptimised build (a user's tests) compiles to a chain of calls per
        // element: the same operations in the same order.
        let mut b = *v;
        let (l, x) = (self.l.as_slice(), b.as_mut_slice());
        for j in 0..NQ {
            x[j] *= self.l_inv_diag[j];
            let bj = x[j];
            let column = &l[j * NQ..(j + 1) * NQ];
            for i in j + 1..NQ {
                x[i] -= column[i] * bj;
            }
        }
        b
    }

    /// L⁻ᵀ y.
    pub fn unwhiten(&self, y: &Vector<NQ>) -> Vector<NQ> {
        // Back substitution with Lᵀ (as `whiten`, column i of L read as a slice).
        let mut b = *y;
        let (l, x) = (self.l.as_slice(), b.as_mut_slice());
        for i in (0..NQ).rev() {
            let column = &l[i * NQ..(i + 1) * NQ];
            let mut s = x[i];
            for k in i + 1..NQ {
                s -= column[k] * x[k];
            }
            x[i] = s * self.l_inv_diag[i];
        }
        b
    }

    /// (I − QQᵀ) y: the part of y kinetically orthogonal to the kept columns.
    pub fn project_out(&self, y: &Vector<NQ>) -> Vector<NQ> {
        let mut z = *y;
        let (q, x) = (self.q.as_slice(), z.as_mut_slice());
        for k in 0..self.rank {
            let qk = &q[k * NQ..(k + 1) * NQ];
            let c = dot(qk, x);
            add_scaled(x, -c, qk);
        }
        z
    }

    /// M_c⁻¹ v = L⁻ᵀ (I − QQᵀ) L⁻¹ v (Brogliato 2013, (17)).
    pub fn constrained_inverse_times(&self, v: &Vector<NQ>) -> Vector<NQ> {
        self.unwhiten(&self.project_out(&self.whiten(v)))
    }

    /// b ← M_c⁻¹ b for every column of b (L⁻ᵀ (I − QQᵀ) L⁻¹ column by column).
    pub fn constrained_inverse_apply<const C: usize>(&self, b: &mut Matrix<NQ, C>) {
        for j in 0..C {
            let col = self.project_out(&self.whiten(&b.column(j).into_owned()));
            b.set_column(j, &self.unwhiten(&col));
        }
    }

    /// Appends column w (tag for the caller); returns whether it was independent (kept).
    /// Zero or non-finite columns are not kept.
    pub fn push_column(&mut self, tag: usize, w: &Vector<NQ>, rank_tol: f64) -> bool {
        if self.rank >= NQ.min(K) {
            return false;
        }
        if let Some(kept) = self.memo.replay(tag, w, rank_tol) {
            // Q, R and the tag of this column are still in place from the recorded build.
            self.rank += usize::from(kept);
            return kept;
        }
        let kept = self.orthogonalise(tag, w, rank_tol);
        self.memo.record(tag, w, rank_tol, kept);
        kept
    }

    /// The Gram–Schmidt step of [`push_column`](Self::push_column).
    fn orthogonalise(&mut self, tag: usize, w: &Vector<NQ>, rank_tol: f64) -> bool {
        let b = self.whiten(w);
        // ‖b‖² decides zero and non-finite columns; the square root (‖b‖ exactly as `norm`
        // computes it) is only needed for the dependence test at the end, so it runs alongside
        // the projections instead of before them.
        let norm0_squared = b.norm_squared();
        if norm0_squared == 0.0 || !norm0_squared.is_finite() {
            return false;
        }
        let norm0 = norm0_squared.sqrt();
        let mut z = b;
        let mut coef = Vector::<K>::zeros();
        // Over the slices of Q's columns and z (`slice_blas`: nalgebra's bits, without the
        // cost of its views in unoptimised builds).
        let q = self.q.as_slice();
        for _ in 0..2 {
            for k in 0..self.rank {
                let qk = &q[k * NQ..(k + 1) * NQ];
                let c = dot(qk, z.as_slice());
                coef[k] += c;
                add_scaled(z.as_mut_slice(), -c, qk);
            }
        }
        // Without kept columns nothing was projected out: z = b and ‖z‖ = ‖b‖.
        let nz = if self.rank == 0 { norm0 } else { z.norm() };
        if nz <= rank_tol * norm0 {
            return false;
        }
        let k = self.rank;
        self.q.set_column(k, &(z / nz));
        for i in 0..k {
            self.r[(i, k)] = coef[i];
        }
        self.r[(k, k)] = nz;
        for i in k + 1..K {
            self.r[(i, k)] = 0.0;
        }
        self.kept[k] = tag;
        self.rank += 1;
        true
    }

    /// Appends the columns of `w` in order with tags `first_tag + j`, keeping the independent
    /// ones. The policy for a constraint set: dependent (redundant) columns are accepted and
    /// dropped (Lötstedt 1982, Lemma 5.2); a non-finite or vanishing column is an error
    /// ([`ColumnError`]), reported after all columns were tried so that `rank` counts them all.
    pub fn push_columns<const C: usize>(
        &mut self,
        first_tag: usize,
        w: &Matrix<NQ, C>,
        rank_tol: f64,
    ) -> Result<(), ColumnError> {
        let mut failure = None;
        for j in 0..C {
            let col = w.column(j).into_owned();
            let norm = self.whiten(&col).norm();
            if !norm.is_finite() {
                failure.get_or_insert(ColumnError::NonFinite {
                    index: first_tag + j,
                    norm,
                });
            } else if norm == 0.0 {
                failure.get_or_insert(ColumnError::Vanishing {
                    index: first_tag + j,
                    rank: 0,
                });
            } else {
                self.push_column(first_tag + j, &col, rank_tol);
            }
        }
        match failure {
            Some(ColumnError::Vanishing { index, .. }) => Err(ColumnError::Vanishing {
                index,
                rank: self.rank,
            }),
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// s = R⁻ᵀ c on the kept columns (forward substitution).
    fn r_transpose_solve(&self, c: &Vector<K>) -> Vector<K> {
        let mut s = Vector::<K>::zeros();
        for i in 0..self.rank {
            let mut v = c[i];
            for j in 0..i {
                v -= self.r[(j, i)] * s[j];
            }
            s[i] = v / self.r[(i, i)];
        }
        s
    }

    /// x = R⁻¹ c on the kept columns (back substitution).
    fn r_solve(&self, c: &Vector<K>) -> Vector<K> {
        let mut x = Vector::<K>::zeros();
        for i in (0..self.rank).rev() {
            let mut v = c[i];
            for j in i + 1..self.rank {
                v -= self.r[(i, j)] * x[j];
            }
            x[i] = v / self.r[(i, i)];
        }
        x
    }

    /// Solves M x = f + W_K μ, W_Kᵀ x = c (c given per kept column, in kept order).
    /// Returns x and μ (per kept column, in kept order).
    pub fn solve_kkt(&self, f: &Vector<NQ>, c_kept: &Vector<K>) -> (Vector<NQ>, Vector<K>) {
        let y_free = self.whiten(f);
        if self.rank == 0 {
            return (self.unwhiten(&y_free), Vector::zeros());
        }
        let s = self.r_transpose_solve(c_kept);
        let mut qty = Vector::<K>::zeros();
        for k in 0..self.rank {
            qty[k] = self.q.column(k).dot(&y_free);
        }
        let mut y = y_free;
        for k in 0..self.rank {
            y.axpy(s[k] - qty[k], &self.q.column(k), 1.0);
        }
        let mut rhs = Vector::<K>::zeros();
        for k in 0..self.rank {
            rhs[k] = s[k] - qty[k];
        }
        (self.unwhiten(&y), self.r_solve(&rhs))
    }

    /// Minimum kinetic-norm Δ with W_Kᵀ Δ = −r (r per kept column, in kept order).
    pub fn correction(&self, r_kept: &Vector<K>) -> Vector<NQ> {
        let s = self.r_transpose_solve(&(-r_kept));
        let mut y = Vector::<NQ>::zeros();
        for k in 0..self.rank {
            y.axpy(s[k], &self.q.column(k), 1.0);
        }
        self.unwhiten(&y)
    }
}

#[cfg(test)]
mod tests {
    //! Lötstedt (1982), Lemma 5.2: with a dependent column the KKT solution x and the force
    //! W μ are unique; the minimum-norm correction satisfies its constraints and is
    //! M-orthogonal to the null space of W_Kᵀ (first-order optimality of min ½‖Δ‖²_M). The
    //! reference values are hand-computed for M = diag(2, 1, 4). A factor rebuilt from the same
    //! data (reused by the memo) is bitwise the factor a fresh workspace computes.

    use super::*;

    fn mass() -> Matrix<3, 3> {
        Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(2.0, 1.0, 4.0))
    }

    #[test]
    fn dependent_and_vanishing_columns_follow_the_policy() {
        let mut f = ConstraintFactor::<3>::default();
        f.set_mass(&mass()).unwrap();
        let w = Matrix::<3, 3>::new(1.0, 2.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 0.0);
        // Column 1 = 2 · column 0: dependent, dropped, accepted.
        assert_eq!(f.push_columns(0, &w, DEPENDENCE_TOLERANCE), Ok(()));
        assert_eq!((f.rank(), f.kept_tag(0), f.kept_tag(1)), (2, 0, 2));
        assert_eq!(f.position(1), None);
        f.clear_columns();
        let z = Matrix::<3, 2>::new(1.0, 0.0, 0.0, 0.0, 1.0, 0.0);
        assert_eq!(
            f.push_columns(5, &z, DEPENDENCE_TOLERANCE),
            Err(ColumnError::Vanishing { index: 6, rank: 1 })
        );
        f.clear_columns();
        let nan = Matrix::<3, 1>::new(f64::NAN, 0.0, 0.0);
        let failure = f.push_columns(0, &nan, DEPENDENCE_TOLERANCE);
        assert!(
            matches!(failure, Err(ColumnError::NonFinite { index: 0, norm }) if norm.is_nan()),
            "{failure:?}"
        );
        assert_eq!(f.rank(), 0);
    }

    #[test]
    fn kkt_with_a_duplicated_column_matches_the_hand_computed_solution() {
        // M = diag(2, 1, 4), constraint x₀ + x₂ = 1 given twice, f = (2, 3, 0).
        // Lagrange: 2x₀ = 2 + μ, x₁ = 3, 4x₂ = μ, x₀ + x₂ = 1 ⇒ μ = 0, x = (1, 3, 0).
        // With f = (0, 0, 4) and x₀ + x₂ = 2: 2x₀ = μ, 4x₂ = 4 + μ ⇒ μ = 4/3,
        // x = (2/3, 0, 4/3).
        let mut fac = ConstraintFactor::<3>::default();
        fac.set_mass(&mass()).unwrap();
        let w = Vector::<3>::new(1.0, 0.0, 1.0);
        assert!(fac.push_column(0, &w, DEPENDENCE_TOLERANCE));
        assert!(!fac.push_column(1, &w, DEPENDENCE_TOLERANCE));
        let c = Vector::<3>::new(1.0, 0.0, 0.0);
        let (x, mu) = fac.solve_kkt(&Vector::<3>::new(2.0, 3.0, 0.0), &c);
        assert!((x - Vector::<3>::new(1.0, 3.0, 0.0)).amax() <= 4.0 * f64::EPSILON);
        assert!(mu[0].abs() <= 4.0 * f64::EPSILON);
        let (x, mu) = fac.solve_kkt(&Vector::<3>::new(0.0, 0.0, 4.0), &(c * 2.0));
        assert!((x - Vector::<3>::new(2.0 / 3.0, 0.0, 4.0 / 3.0)).amax() <= 4.0 * f64::EPSILON);
        assert!((mu[0] - 4.0 / 3.0).abs() <= 4.0 * f64::EPSILON);
        // M_c⁻¹ = M⁻¹ − M⁻¹w wᵀM⁻¹/(wᵀM⁻¹w), wᵀM⁻¹w = 3/4: M_c⁻¹ e₀ = (1/2 − 1/3, 0, −1/6).
        let mc0 = fac.constrained_inverse_times(&Vector::<3>::new(1.0, 0.0, 0.0));
        assert!((mc0 - Vector::<3>::new(1.0 / 6.0, 0.0, -1.0 / 6.0)).amax() <= 1e-15);
    }

    #[test]
    fn correction_is_the_minimum_kinetic_norm_solution() {
        let mut fac = ConstraintFactor::<3>::default();
        fac.set_mass(&mass()).unwrap();
        let w = Vector::<3>::new(1.0, -1.0, 2.0);
        fac.push_column(0, &w, DEPENDENCE_TOLERANCE);
        let d = fac.correction(&Vector::<3>::new(0.5, 0.0, 0.0));
        assert!((w.dot(&d) + 0.5).abs() <= 1e-15);
        // Optimality: M Δ ∥ w, i.e. M Δ is orthogonal to every v with wᵀv = 0.
        let md = mass() * d;
        for v in [
            Vector::<3>::new(1.0, 1.0, 0.0),
            Vector::<3>::new(0.0, 2.0, 1.0),
        ] {
            assert!(md.dot(&v).abs() <= 1e-15);
        }
    }

    /// Everything a caller can observe of a factor: L, kept tags, a KKT solve, M_c⁻¹ and a
    /// correction, as bit patterns.
    fn observed(f: &ConstraintFactor<3>) -> Vec<u64> {
        let rhs = Vector::<3>::new(0.7, -1.3, 2.1);
        let (x, mu) = f.solve_kkt(&rhs, &Vector::<3>::new(0.2, -0.4, 0.0));
        let mut out: Vec<u64> = f.l().iter().map(|v| v.to_bits()).collect();
        out.push(f.rank() as u64);
        out.extend((0..f.rank()).map(|k| f.kept_tag(k) as u64));
        for v in x.iter().chain(mu.iter()) {
            out.push(v.to_bits());
        }
        for v in f.constrained_inverse_times(&rhs).iter() {
            out.push(v.to_bits());
        }
        for v in f.correction(&Vector::<3>::new(1e-3, -2e-3, 0.0)).iter() {
            out.push(v.to_bits());
        }
        out
    }

    #[test]
    fn rebuilding_from_the_same_data_gives_the_fresh_factor_bit_for_bit() {
        let m = Matrix::<3, 3>::new(2.0, 0.3, 0.1, 0.3, 1.5, -0.2, 0.1, -0.2, 3.0);
        let columns = [
            Vector::<3>::new(1.0, -0.5, 0.25),
            Vector::<3>::new(0.3, 2.0, -1.0),
            Vector::<3>::new(2.0, -1.0, 0.5),
        ];
        let fresh = |m: &Matrix<3, 3>, cols: &[Vector<3>]| {
            let mut f = ConstraintFactor::<3>::default();
            f.set_mass(m).unwrap();
            for (tag, c) in cols.iter().enumerate() {
                f.push_column(tag, c, DEPENDENCE_TOLERANCE);
            }
            f
        };
        let mut reused = fresh(&m, &columns);
        // The third column is twice the first: dependent, dropped in every build.
        assert_eq!(reused.rank(), 2);
        let other = [columns[0], Vector::<3>::new(0.0, 1.0, 1.0)];
        let builds: [(Matrix<3, 3>, &[Vector<3>]); 5] = [
            (m, &columns),
            (m, &columns[..1]),
            (m, &other),
            (m * 2.0, &columns),
            (m, &columns),
        ];
        for (mass, cols) in builds {
            reused.set_mass(&mass).unwrap();
            for (tag, c) in cols.iter().enumerate() {
                reused.push_column(tag, c, DEPENDENCE_TOLERANCE);
            }
            assert_eq!(observed(&reused), observed(&fresh(&mass, cols)));
        }
        // Removing the columns keeps L; the same pushes again give the same factor.
        reused.clear_columns();
        for (tag, c) in columns.iter().enumerate() {
            reused.push_column(tag, c, DEPENDENCE_TOLERANCE);
        }
        assert_eq!(observed(&reused), observed(&fresh(&m, &columns)));
    }
}

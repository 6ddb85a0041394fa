//! Rank-revealing solves with a set of constraint columns in the kinetic metric.
//!
//! With M = L Lᵀ (Cholesky) and constraint columns wᵢ (bilateral G and closed-contact W_N
//! columns, in a priority order), the columns bᵢ = L⁻¹wᵢ are orthogonalised by Gram–Schmidt
//! with re-orthogonalisation; a column whose remainder is below `rank_tol · ‖bᵢ‖` is dependent
//! on the earlier ones and dropped. The kept columns satisfy B_K = Q R (Q orthonormal, R upper
//! triangular, r = rank ≤ NQ), and:
//!
//! * the KKT system [M −W_A; W_Aᵀ 0][x; μ] = [f; c] (Lötstedt (4.3), Brogliato (6)) is solved as
//!   y = (I − QQᵀ) L⁻¹f + Q R⁻ᵀ c_K, x = L⁻ᵀ y, R μ_K = R⁻ᵀ c_K − Qᵀ L⁻¹ f, μ = 0 on dropped
//!   columns. x and W_A μ do not depend on which dependent columns were dropped (Lötstedt 1982,
//!   Lemma 5.2: q̈ and Gλ unique) as long as the right-hand side is consistent (c ∈ R(W_Aᵀ),
//!   Lemma 5.3); μ is the basic solution on a linearly independent subset (Lemma 5.2, part 3).
//! * M_c⁻¹ f = L⁻ᵀ(I − QQᵀ)L⁻¹ f is the constrained inverse inertia (Brogliato (16)–(18)), so
//!   the constrained Delassus matrix of further columns V is A_c = (P L⁻¹V)ᵀ(P L⁻¹V), P = I − QQᵀ
//!   (Brogliato (19)), symmetric positive semidefinite by construction.
//! * the minimum-kinetic-norm correction Δ with W_Kᵀ Δ = −r_K is Δ = L⁻ᵀ Q R⁻ᵀ(−r_K) (used for
//!   drift projection).
//!
//! Everything is fixed size (Q, R ∈ ℝ^{NQ×NQ}); nothing allocates.

use crate::mechanism::{Matrix, Vector};

/// Factorisation of M and of the constraint columns in the kinetic metric.
#[derive(Debug, Clone, Copy)]
pub struct ConstraintFactor<const NQ: usize> {
    /// Cholesky factor L of M = L Lᵀ.
    pub l: Matrix<NQ, NQ>,
    q: Matrix<NQ, NQ>,
    r: Matrix<NQ, NQ>,
    /// Tags of the kept columns (caller's numbering), in order.
    kept: [usize; NQ],
    rank: usize,
}

impl<const NQ: usize> Default for ConstraintFactor<NQ> {
    fn default() -> Self {
        Self {
            l: Matrix::identity(),
            q: Matrix::zeros(),
            r: Matrix::zeros(),
            kept: [0; NQ],
            rank: 0,
        }
    }
}

impl<const NQ: usize> ConstraintFactor<NQ> {
    /// Factors M; returns `false` if M is not positive definite (or not finite).
    pub fn set_mass(&mut self, m: &Matrix<NQ, NQ>) -> bool {
        self.rank = 0;
        match m.cholesky() {
            Some(c) => {
                self.l = c.l();
                self.l.iter().all(|x| x.is_finite())
            }
            None => false,
        }
    }

    /// Removes all constraint columns.
    pub fn clear_columns(&mut self) {
        self.rank = 0;
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
        let mut b = *v;
        self.l.solve_lower_triangular_mut(&mut b);
        b
    }

    /// L⁻ᵀ y.
    pub fn unwhiten(&self, y: &Vector<NQ>) -> Vector<NQ> {
        let mut b = *y;
        self.l.tr_solve_lower_triangular_mut(&mut b);
        b
    }

    /// (I − QQᵀ) y: the part of y kinetically orthogonal to the kept columns.
    pub fn project_out(&self, y: &Vector<NQ>) -> Vector<NQ> {
        let mut z = *y;
        for k in 0..self.rank {
            let qk = self.q.column(k);
            let c = qk.dot(&z);
            z.axpy(-c, &qk, 1.0);
        }
        z
    }

    /// Appends column w (tag for the caller); returns whether it was independent.
    pub fn push_column(&mut self, tag: usize, w: &Vector<NQ>, rank_tol: f64) -> bool {
        if self.rank >= NQ {
            return false;
        }
        let b = self.whiten(w);
        let norm0 = b.norm();
        if norm0 == 0.0 || !norm0.is_finite() {
            return false;
        }
        let mut z = b;
        let mut coef = Vector::<NQ>::zeros();
        for _ in 0..2 {
            for k in 0..self.rank {
                let qk = self.q.column(k);
                let c = qk.dot(&z);
                coef[k] += c;
                z.axpy(-c, &qk, 1.0);
            }
        }
        let nz = z.norm();
        if nz <= rank_tol * norm0 {
            return false;
        }
        let k = self.rank;
        self.q.set_column(k, &(z / nz));
        for i in 0..k {
            self.r[(i, k)] = coef[i];
        }
        self.r[(k, k)] = nz;
        for i in k + 1..NQ {
            self.r[(i, k)] = 0.0;
        }
        self.kept[k] = tag;
        self.rank += 1;
        true
    }

    /// s = R⁻ᵀ c on the kept columns (forward substitution).
    fn r_transpose_solve(&self, c: &Vector<NQ>) -> Vector<NQ> {
        let mut s = Vector::<NQ>::zeros();
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
    fn r_solve(&self, c: &Vector<NQ>) -> Vector<NQ> {
        let mut x = Vector::<NQ>::zeros();
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
    pub fn solve_kkt(&self, f: &Vector<NQ>, c_kept: &Vector<NQ>) -> (Vector<NQ>, Vector<NQ>) {
        let y_free = self.whiten(f);
        let s = self.r_transpose_solve(c_kept);
        let mut qty = Vector::<NQ>::zeros();
        for k in 0..self.rank {
            qty[k] = self.q.column(k).dot(&y_free);
        }
        let mut y = y_free;
        for k in 0..self.rank {
            y.axpy(s[k] - qty[k], &self.q.column(k), 1.0);
        }
        let mut rhs = Vector::<NQ>::zeros();
        for k in 0..self.rank {
            rhs[k] = s[k] - qty[k];
        }
        (self.unwhiten(&y), self.r_solve(&rhs))
    }

    /// Minimum kinetic-norm Δ with W_Kᵀ Δ = −r (r per kept column, in kept order).
    pub fn correction(&self, r_kept: &Vector<NQ>) -> Vector<NQ> {
        let s = self.r_transpose_solve(&(-r_kept));
        let mut y = Vector::<NQ>::zeros();
        for k in 0..self.rank {
            y.axpy(s[k], &self.q.column(k), 1.0);
        }
        self.unwhiten(&y)
    }
}

//! Redundant constraints and singular mass matrices: rank conditions of the KKT system
//! (Blumentals, Brogliato & Bertails-Descoubes 2016, App. E, (66)–(71)).
//!
//! With the active constraints F = [G  W_N,𝒜] ∈ ℝⁿˣᵐ (bilateral and closed contacts), the
//! acceleration-level system
//!
//! ```text
//! ⎡ M   −F ⎤ ⎡ q̈ ⎤   ⎡ a ⎤
//! ⎣ Fᵀ   0 ⎦ ⎣ λ ⎦ = ⎣ b ⎦                                                       (67)
//! ```
//!
//! * has a unique (q̈, λ) for all (a, b) iff rank F = m and Ker M ∩ Ker Fᵀ = {0} (iii′);
//! * has, for every a and every compatible b ∈ Im Fᵀ, solutions with unique q̈ and unique
//!   constraint force Fλ iff Ker M ∩ Ker Fᵀ = {0} (iv) — redundant (hyperstatic) constraints
//!   only make the multipliers non-unique;
//! * Ker M ∩ Ker Fᵀ = {0} ⇔ rank [M  F] = n ⇔ Im M + Im F = ℝⁿ, and the KKT rank follows (69):
//!   rank = rank M + 2 rank F − dim(Im M ∩ Im F) − dim(Im[M; Fᵀ] ∩ Im[F; 0]).
//!
//! [`ConstraintRankReport`] evaluates these ranks (tolerance [`super::RANK_RELATIVE_TOLERANCE`])
//! and explains them in sentences through its `Display` implementation.

use nalgebra::DMatrix;

use crate::contact_problem::AnalysisError;
use crate::contact_problem::InertialCouplings;
use crate::linalg::{first_non_finite, numerical_rank};
use crate::mechanism::{Constraints, Vector};

/// Ranks of M, F and [M F] and the KKT matrix (67) at one configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct ConstraintRankReport {
    /// Number of coordinates n.
    pub coordinates: usize,
    /// Number of bilateral constraints among the columns of F.
    pub bilateral: usize,
    /// Model indices of the closed contacts among the columns of F.
    pub contacts: Vec<usize>,
    /// rank M.
    pub mass_rank: usize,
    /// rank F (m = `bilateral + contacts.len()` columns).
    pub constraint_rank: usize,
    /// rank [M F]; equal to n iff Ker M ∩ Ker Fᵀ = {0}.
    pub combined_rank: usize,
    /// rank of the KKT matrix (67).
    pub kkt_rank: usize,
}

impl ConstraintRankReport {
    /// Evaluates the report for `model` at (q, t) with the contacts listed in `closed` active.
    /// The mass matrix may be singular.
    pub fn at<M: Constraints<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
        closed: &[usize],
    ) -> Result<Self, AnalysisError> {
        let (mass, w_n, g) = InertialCouplings::<NQ, NB, NU>::matrices_at(model, q, t)?;
        let mut f = DMatrix::zeros(NQ, NB + closed.len());
        for j in 0..NB {
            f.set_column(j, &g.column(j));
        }
        for (c, &i) in closed.iter().enumerate() {
            if i >= NU {
                return Err(AnalysisError::IndexOutOfRange {
                    what: "contact",
                    index: i,
                    len: NU,
                });
            }
            f.set_column(NB + c, &w_n.column(i));
        }
        let mut report =
            Self::from_matrices(&DMatrix::from_column_slice(NQ, NQ, mass.as_slice()), &f, NB)?;
        report.contacts = closed.to_vec();
        Ok(report)
    }

    /// Evaluates the report for a given M (n × n, symmetric; (69) needs no definiteness) and F
    /// (n × m) whose first `bilateral` columns are bilateral gradients and the rest contact
    /// normals (numbered 0, 1, … in [`ConstraintRankReport::contacts`]).
    pub fn from_matrices(
        mass: &DMatrix<f64>,
        f: &DMatrix<f64>,
        bilateral: usize,
    ) -> Result<Self, AnalysisError> {
        let n = mass.nrows();
        if mass.ncols() != n || f.nrows() != n {
            return Err(AnalysisError::Dimension {
                what: "mass matrix / constraint matrix rows",
                expected: n,
                got: if mass.ncols() != n {
                    mass.ncols()
                } else {
                    f.nrows()
                },
            });
        }
        if bilateral > f.ncols() {
            return Err(AnalysisError::Dimension {
                what: "bilateral column count",
                expected: f.ncols(),
                got: bilateral,
            });
        }
        if let Some(entry) = first_non_finite(mass.iter().chain(f.iter())) {
            return Err(AnalysisError::NonFinite {
                what: "mass or constraint matrix (M, then F, column-major)",
                entry,
            });
        }
        let m = f.ncols();
        let mut combined = DMatrix::zeros(n, n + m);
        combined.view_mut((0, 0), (n, n)).copy_from(mass);
        combined.view_mut((0, n), (n, m)).copy_from(f);
        let mut kkt = DMatrix::zeros(n + m, n + m);
        kkt.view_mut((0, 0), (n, n)).copy_from(mass);
        kkt.view_mut((0, n), (n, m)).copy_from(&(-f));
        kkt.view_mut((n, 0), (m, n)).copy_from(&f.transpose());
        Ok(Self {
            coordinates: n,
            bilateral,
            contacts: (0..m - bilateral).collect(),
            mass_rank: numerical_rank(mass),
            constraint_rank: numerical_rank(f),
            combined_rank: numerical_rank(&combined),
            kkt_rank: numerical_rank(&kkt),
        })
    }

    /// Number of active constraints m (columns of F).
    pub fn constraint_count(&self) -> usize {
        self.bilateral + self.contacts.len()
    }

    /// Whether the active constraints are redundant (rank F < m): a hyperstatic set, whose
    /// multipliers are not unique although the constraint force Fλ is.
    pub fn redundant(&self) -> bool {
        self.constraint_rank < self.constraint_count()
    }

    /// Ker M ∩ Ker Fᵀ = {0} (rank [M F] = n): accelerations are unique (App. E (iv)).
    pub fn accelerations_determined(&self) -> bool {
        self.combined_rank == self.coordinates
    }

    /// The KKT matrix (67) is nonsingular: unique accelerations and multipliers (App. E (iii′)).
    pub fn kkt_nonsingular(&self) -> bool {
        self.kkt_rank == self.coordinates + self.constraint_count()
    }
}

impl std::fmt::Display for ConstraintRankReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.coordinates;
        let m = self.constraint_count();
        write!(
            f,
            "{n} coordinates, {m} active constraints ({} bilateral, {} closed contacts). ",
            self.bilateral,
            self.contacts.len()
        )?;
        if self.mass_rank == n {
            write!(f, "The mass matrix is nonsingular. ")?;
        } else {
            write!(
                f,
                "The mass matrix is singular (rank {} of {n}): {} direction(s) of motion carry no inertia. ",
                self.mass_rank,
                n - self.mass_rank
            )?;
        }
        if self.redundant() {
            write!(
                f,
                "The constraints are redundant: their {m} gradients span only {} dimension(s), so the system is hyperstatic and its {} multiplier(s) are not unique (only the total constraint force is). ",
                self.constraint_rank, m
            )?;
        } else if m > 0 {
            write!(f, "The constraint gradients are independent. ")?;
        }
        if self.accelerations_determined() {
            write!(
                f,
                "Every direction of motion has inertia or is blocked by a constraint (Ker M ∩ Ker Fᵀ = {{0}}), so the accelerations are unique"
            )?;
            if self.kkt_nonsingular() {
                write!(
                    f,
                    " and so are the multipliers: the KKT matrix is nonsingular."
                )
            } else {
                write!(
                    f,
                    ", but the KKT matrix is singular (rank {} of {}).",
                    self.kkt_rank,
                    n + m
                )
            }
        } else {
            write!(
                f,
                "Some direction of motion has no inertia and is not blocked by any constraint (Ker M ∩ Ker Fᵀ ≠ {{0}}, rank [M F] = {} < {n}): the accelerations are not determined.",
                self.combined_rank
            )
        }
    }
}

#[cfg(test)]
mod tests {
    //! The KKT rank against Blumentals, Brogliato & Bertails-Descoubes (2016), App. E, (69):
    //! rank Ā = rank M + 2 rank F − dim(Im M ∩ Im F) − dim(Im [M; Fᵀ] ∩ Im [F; 0]), each
    //! intersection's dimension from dim(U ∩ V) = rank U + rank V − rank [U V] — a second route
    //! to the rank the report computes from Ā itself — and the paper's example M = diag(1, −1),
    //! F = (1, 0)ᵀ, rank Ā = 3 (M indefinite: (69) needs no definiteness).

    use super::*;
    use mb_testsupport::SplitMix;

    fn intersection(u: &DMatrix<f64>, v: &DMatrix<f64>) -> usize {
        let mut uv = DMatrix::zeros(u.nrows(), u.ncols() + v.ncols());
        uv.view_mut((0, 0), u.shape()).copy_from(u);
        uv.view_mut((0, u.ncols()), v.shape()).copy_from(v);
        numerical_rank(u) + numerical_rank(v) - numerical_rank(&uv)
    }

    fn formula_69(mass: &DMatrix<f64>, f: &DMatrix<f64>) -> usize {
        let (n, m) = f.shape();
        let mut upper = DMatrix::zeros(n + m, n);
        upper.view_mut((0, 0), (n, n)).copy_from(mass);
        upper.view_mut((n, 0), (m, n)).copy_from(&f.transpose());
        let mut lower = DMatrix::zeros(n + m, m);
        lower.view_mut((0, 0), (n, m)).copy_from(f);
        numerical_rank(mass) + 2 * numerical_rank(f)
            - intersection(mass, f)
            - intersection(&upper, &lower)
    }

    #[test]
    fn the_papers_example_has_kkt_rank_three() {
        let mass = DMatrix::from_row_slice(2, 2, &[1.0, 0.0, 0.0, -1.0]);
        let f = DMatrix::from_row_slice(2, 1, &[1.0, 0.0]);
        let r = ConstraintRankReport::from_matrices(&mass, &f, 0).unwrap();
        assert_eq!(r.kkt_rank, 3);
        assert_eq!(formula_69(&mass, &f), 3);
        assert!(r.kkt_nonsingular());
    }

    #[test]
    fn kkt_rank_equals_formula_69_on_singular_and_redundant_systems() {
        let mut rng = SplitMix(3);
        let mut next = || rng.next_f64();
        for case in 0..60 {
            let n = 2 + case % 4;
            let m = 1 + case % 3;
            // M = B Bᵀ of rank ≤ k (singular for k < n), F with a repeated column when m ≥ 2.
            let k = 1 + case % n;
            let b = DMatrix::from_fn(n, k, |_, _| next());
            let mass = &b * b.transpose();
            let mut f = DMatrix::from_fn(n, m, |_, _| next());
            if m >= 2 && case % 2 == 0 {
                let c = f.column(0) * 2.0;
                f.set_column(m - 1, &c);
            }
            let r = ConstraintRankReport::from_matrices(&mass, &f, 0).unwrap();
            assert_eq!(
                r.kkt_rank,
                formula_69(&mass, &f),
                "n = {n}, m = {m}, rank M ≤ {k}"
            );
        }
    }
}

//! The constrained inverse of an iteration matrix and the KKT solve with bilateral
//! constraints: M_c⁻¹ of Brogliato (2013), (16)–(19), and its θ-method generalisation.
//!
//! # The operator
//!
//! For an invertible iteration matrix A (the mass matrix M, or the Moreau–Jean matrix
//! M + hθC + h²θ²K) and bilateral constraint columns G, the system
//!
//! ```text
//! A x = p + G Λ,    Gᵀ x = c
//! ```
//!
//! has x = P p + A⁻¹G S⁻¹ c with the Schur complement S = Gᵀ A⁻¹ G and the constrained inverse
//!
//! ```text
//! P = A⁻¹ − A⁻¹ G S⁻¹ Gᵀ A⁻¹          (A = M: P = M_c⁻¹, Brogliato 2013, (17)).
//! ```
//!
//! # Policy for redundant constraints (one for the whole crate)
//!
//! Redundant bilateral constraints are **accepted**, rank-revealingly, as in Lötstedt (1982),
//! Lemma 5.2: the columns of G are taken in order and a column dependent on the earlier ones
//! in the kinetic metric (sine of its kinetic angle to their span ≤
//! [`DEPENDENCE_TOLERANCE`]) is dropped ([`ConstraintFactor`]). The formulas above then run on
//! the kept columns G_K only. x, P and the total constraint force GΛ do not depend on which
//! dependent columns were dropped provided c is consistent (c ∈ R(Gᵀ), Lemma 5.3, as it is
//! for duplicated or otherwise redundant position constraints); Λ is the basic solution, zero on
//! the dropped columns (Lemma 5.2, part 3). A column that is **zero** (or not finite) is not a
//! redundancy but a failure of the constraint qualification and is rejected
//! ([`ColumnError`]).
//!
//! # Evaluation
//!
//! * A = M = L Lᵀ: with B_K = L⁻¹G_K = QR (rank-revealing Gram–Schmidt),
//!   P = L⁻ᵀ(I − QQᵀ)L⁻¹ and the KKT solve of [`ConstraintFactor::solve_kkt`]; P is symmetric
//!   positive semidefinite of rank n − rank(G) with kernel R(G) (Brogliato, Lemmas 1–3).
//! * general A = P⁻¹LU (Moreau–Jean): the kept set is chosen in the kinetic metric of M as
//!   above (so the same constraints are dropped as for A = M), then S_KK = G_Kᵀ A⁻¹ G_K is
//!   factored by the crate's [LU](super::lu), padded with an identity block on the dropped
//!   slots so that the fixed-size storage stays `NB × NB`. For A close to M (small steps) S_KK
//!   is regular because the symmetric part of A⁻¹ is positive definite; otherwise
//!   [`ConstrainedInverseError::SingularSchurComplement`].
//!
//! Fixed-size storage only; nothing allocates.

use nalgebra::{Cholesky, Const};

use super::kinetic_qr::{ColumnError, ConstraintFactor, DEPENDENCE_TOLERANCE};
use super::lu::Lu;
use super::{Matrix, Vector};

/// A factorisation of the iteration matrix A.
#[derive(Debug, Clone)]
pub enum IterationFactor<const NQ: usize> {
    /// A = M = L Lᵀ (Moreau's midpoint rule, the analysis tools, the event integrator).
    Cholesky(Cholesky<f64, Const<NQ>>),
    /// A general A = P⁻¹ L U (Moreau–Jean), with the Cholesky factor of M, whose kinetic metric
    /// decides which constraints are redundant.
    Lu {
        /// LU of A.
        lu: Lu<NQ>,
        /// Cholesky factor of M.
        mass: Cholesky<f64, Const<NQ>>,
    },
}

/// Why the constrained inverse cannot be formed.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ConstrainedInverseError {
    /// A constraint column is zero or not finite (see [`ColumnError`]).
    #[error(transparent)]
    Column(#[from] ColumnError),
    /// G_Kᵀ A⁻¹ G_K is singular for a general A (see the [module documentation](self)).
    #[error("the Schur complement G_Kᵀ A⁻¹ G_K of the iteration matrix is singular")]
    SingularSchurComplement,
}

/// The θ-method part for a general A: the kept columns, A⁻¹ G_K and the padded LU of S_KK.
#[derive(Debug, Clone)]
struct ObliqueSchur<const NQ: usize, const NB: usize> {
    a: Lu<NQ>,
    /// Kept columns in slots 0..rank, zero beyond.
    g_kept: Matrix<NQ, NB>,
    /// A⁻¹ g_kept.
    ainv_g: Matrix<NQ, NB>,
    /// LU of [S_KK 0; 0 I].
    schur: Lu<NB>,
}

/// The constrained inverse P of an iteration matrix with bilateral constraints G, ready to
/// apply (see the [module documentation](self)).
#[derive(Debug, Clone)]
pub struct ConstrainedInverse<const NQ: usize, const NB: usize> {
    metric: ConstraintFactor<NQ, NB>,
    oblique: Option<ObliqueSchur<NQ, NB>>,
}

impl<const NQ: usize, const NB: usize> ConstrainedInverse<NQ, NB> {
    /// Builds P for the factored iteration matrix and the constraint columns `g` (dependent
    /// columns are dropped; zero or non-finite columns are an error). Inlined so that the
    /// operator is built in the caller's storage, not copied out of the returned `Result`.
    #[inline(always)]
    pub fn new(
        factor: IterationFactor<NQ>,
        g: &Matrix<NQ, NB>,
    ) -> Result<Self, ConstrainedInverseError> {
        let (mut metric, lu) = match factor {
            IterationFactor::Cholesky(chol) => {
                (ConstraintFactor::<NQ, NB>::from_cholesky(chol), None)
            }
            IterationFactor::Lu { lu, mass } => (ConstraintFactor::from_cholesky(mass), Some(lu)),
        };
        metric.push_columns(0, g, DEPENDENCE_TOLERANCE)?;
        let oblique = match lu {
            Some(a) => Some(ObliqueSchur::new(a, g, &metric)?),
            None => None,
        };
        Ok(Self { metric, oblique })
    }

    /// Number of independent constraint columns (the kept ones).
    pub fn rank(&self) -> usize {
        self.metric.rank()
    }

    /// Column index of kept constraint `k < rank`.
    pub fn kept_column(&self, k: usize) -> usize {
        self.metric.kept_tag(k)
    }

    /// b ← P b for every column of b.
    pub fn apply<const C: usize>(&self, b: &mut Matrix<NQ, C>) {
        match &self.oblique {
            None => self.metric.constrained_inverse_apply(b),
            Some(o) => {
                o.a.solve_mut(b);
                if self.rank() > 0 {
                    let mut y: Matrix<NB, C> = o.g_kept.transpose() * *b;
                    o.schur.solve_mut(&mut y);
                    *b -= o.ainv_g * y;
                }
            }
        }
    }

    /// P as a matrix. For A = M it is built as ZᵀZ, Z = (I − QQᵀ)L⁻¹, so M_c⁻¹ comes out
    /// exactly symmetric and positive semidefinite.
    pub fn matrix(&self) -> Matrix<NQ, NQ> {
        match &self.oblique {
            None => {
                let mut z = Matrix::<NQ, NQ>::identity();
                for mut col in z.column_iter_mut() {
                    let v = self
                        .metric
                        .project_out(&self.metric.whiten(&col.clone_owned()));
                    col.copy_from(&v);
                }
                z.transpose() * z
            }
            Some(_) => {
                let mut p = Matrix::<NQ, NQ>::identity();
                self.apply(&mut p);
                p
            }
        }
    }

    /// Solves A x = p + G Λ, Gᵀ x = c; returns (x, Λ) with Λ zero on dropped columns. The
    /// equations of dropped columns hold when c is consistent (see the
    /// [module documentation](self)).
    pub fn solve_kkt(&self, p: &Vector<NQ>, c: &Vector<NB>) -> (Vector<NQ>, Vector<NB>) {
        let r = self.rank();
        let mut lambda = Vector::<NB>::zeros();
        match &self.oblique {
            None => {
                let mut c_kept = Vector::<NB>::zeros();
                for k in 0..r {
                    c_kept[k] = c[self.kept_column(k)];
                }
                let (x, mu) = self.metric.solve_kkt(p, &c_kept);
                for k in 0..r {
                    lambda[self.kept_column(k)] = mu[k];
                }
                (x, lambda)
            }
            Some(o) => {
                let mut ainv_p = *p;
                o.a.solve_mut(&mut ainv_p);
                let mut y = -(o.g_kept.transpose() * ainv_p);
                for k in 0..r {
                    y[k] += c[self.kept_column(k)];
                }
                o.schur.solve_mut(&mut y);
                for k in 0..r {
                    lambda[self.kept_column(k)] = y[k];
                }
                (ainv_p + o.ainv_g * y, lambda)
            }
        }
    }
}

impl<const NQ: usize, const NB: usize> ObliqueSchur<NQ, NB> {
    #[inline(always)]
    fn new(
        a: Lu<NQ>,
        g: &Matrix<NQ, NB>,
        metric: &ConstraintFactor<NQ, NB>,
    ) -> Result<Self, ConstrainedInverseError> {
        let r = metric.rank();
        let mut g_kept = Matrix::<NQ, NB>::zeros();
        for k in 0..r {
            g_kept.set_column(k, &g.column(metric.kept_tag(k)));
        }
        let mut ainv_g = g_kept;
        a.solve_mut(&mut ainv_g);
        let mut s = g_kept.transpose() * ainv_g;
        for k in r..NB {
            s[(k, k)] = 1.0;
        }
        let schur = Lu::new(s).map_err(|_| ConstrainedInverseError::SingularSchurComplement)?;
        Ok(Self {
            a,
            g_kept,
            ainv_g,
            schur,
        })
    }
}

#[cfg(test)]
mod tests {
    //! M_c⁻¹ against Brogliato (2013), (39): for the rod of Sect. 4.3 with M = diag(m, m,
    //! ml²/3) and the constraint gradient ∇g = (0, 1, −l cos θ),
    //! M_c⁻¹ = [[1/m, 0, 0], [0, 3c²/(md), 3c/(mld)], [0, 3c/(mld), 3/(ml²d)]],
    //! c = cos θ, d = 1 + 3c² (written out here by hand). The same with the constraint
    //! duplicated (and scaled), which Lemma 5.2 of Lötstedt (1982) says leaves M_c⁻¹ and the
    //! constraint force unchanged; the general-A route against the dense formula
    //! A⁻¹ − A⁻¹G(GᵀA⁻¹G)⁻¹GᵀA⁻¹ on an independent subset (nalgebra's `try_inverse`).

    use super::*;
    use crate::linalg::spd::cholesky;

    const M: f64 = 1.7;
    const L: f64 = 0.6;

    fn rod(theta: f64) -> (Matrix<3, 3>, Vector<3>, Matrix<3, 3>) {
        let mass = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(M, M, M * L * L / 3.0));
        let c = theta.cos();
        let d = 1.0 + 3.0 * c * c;
        let g = Vector::<3>::new(0.0, 1.0, -L * c);
        #[rustfmt::skip]
        let expected = Matrix::<3, 3>::new(
            1.0 / M, 0.0, 0.0,
            0.0, 3.0 * c * c / (M * d), 3.0 * c / (M * L * d),
            0.0, 3.0 * c / (M * L * d), 3.0 / (M * L * L * d),
        );
        (mass, g, expected)
    }

    #[test]
    fn rod_constrained_inverse_matches_brogliato_39() {
        for theta in [0.0, 0.4, 1.2, -2.5] {
            let (mass, g, expected) = rod(theta);
            let p = ConstrainedInverse::<3, 1>::new(
                IterationFactor::Cholesky(cholesky(&mass).unwrap()),
                &Matrix::<3, 1>::from_column_slice(g.as_slice()),
            )
            .unwrap();
            assert_eq!(p.rank(), 1);
            let mc = p.matrix();
            assert!(
                (mc - expected).amax() <= 1e-14 * expected.amax(),
                "θ = {theta}"
            );
            assert_eq!(mc, mc.transpose());
            let mut b = Matrix::<3, 3>::identity();
            p.apply(&mut b);
            assert!((b - expected).amax() <= 1e-14 * expected.amax());
        }
    }

    #[test]
    fn duplicated_constraint_leaves_the_constrained_inverse_unchanged() {
        let (mass, g, expected) = rod(0.9);
        let g2 = Matrix::<3, 2>::from_columns(&[g, g * -2.5]);
        let p = ConstrainedInverse::<3, 2>::new(
            IterationFactor::Cholesky(cholesky(&mass).unwrap()),
            &g2,
        )
        .unwrap();
        assert_eq!((p.rank(), p.kept_column(0)), (1, 0));
        assert!((p.matrix() - expected).amax() <= 1e-14 * expected.amax());
        // KKT with a consistent right-hand side: c = G₂ᵀ x* for some x*.
        let x_star = Vector::<3>::new(0.3, -0.2, 1.1);
        let c = g2.transpose() * x_star;
        let f = Vector::<3>::new(1.0, -9.81 * M, 0.5);
        let (x, lambda) = p.solve_kkt(&f, &c);
        assert_eq!(
            lambda[1], 0.0,
            "basic solution: dropped column carries nothing"
        );
        assert!((g2.transpose() * x - c).amax() <= 1e-14 * (1.0 + c.amax()));
        // Single-constraint reference by the dense formula.
        let minv = mass.try_inverse().unwrap();
        let s = (g.transpose() * minv * g)[(0, 0)];
        let x_ref = expected * f + minv * g * (c[0] / s);
        assert!((x - x_ref).amax() <= 1e-13 * (1.0 + x_ref.amax()));
        assert!((mass * x - f - g2 * lambda).amax() <= 1e-13 * (1.0 + f.amax()));
    }

    #[test]
    fn general_iteration_matrix_matches_the_dense_schur_formula() {
        let (mass, g, _) = rod(0.3);
        let w = Vector::<3>::new(1.0, 0.5, 0.2);
        // A = M + h C with a non-symmetric C (as in Moreau–Jean), h = 0.01.
        #[rustfmt::skip]
        let c_mat = Matrix::<3, 3>::new(
            0.3, 1.0, 0.0,
            -1.0, 0.2, 0.4,
            0.0, -0.1, 0.5,
        );
        let a = mass + c_mat * 0.01;
        // Three columns, the third = 2·first − second: rank 2.
        let g3 = Matrix::<3, 3>::from_columns(&[g, w, g * 2.0 - w]);
        let p = ConstrainedInverse::<3, 3>::new(
            IterationFactor::Lu {
                lu: Lu::new(a).unwrap(),
                mass: cholesky(&mass).unwrap(),
            },
            &g3,
        )
        .unwrap();
        assert_eq!(p.rank(), 2);
        let ainv = a.try_inverse().unwrap();
        let gk = Matrix::<3, 2>::from_columns(&[g, w]);
        let s_inv = (gk.transpose() * ainv * gk).try_inverse().unwrap();
        let p_ref = ainv - ainv * gk * s_inv * gk.transpose() * ainv;
        assert!((p.matrix() - p_ref).amax() <= 1e-13 * p_ref.amax());
        let x_star = Vector::<3>::new(-0.4, 0.7, 0.1);
        let c = g3.transpose() * x_star;
        let f = Vector::<3>::new(0.2, 1.0, -3.0);
        let (x, lambda) = p.solve_kkt(&f, &c);
        assert!((a * x - f - g3 * lambda).amax() <= 1e-13 * (1.0 + f.amax()));
        assert!((g3.transpose() * x - c).amax() <= 1e-13 * (1.0 + c.amax()));
        assert_eq!(lambda[2], 0.0);
    }

    #[test]
    fn vanishing_constraint_is_rejected_and_no_constraint_gives_the_inverse() {
        let (mass, _, _) = rod(0.0);
        let err = ConstrainedInverse::<3, 1>::new(
            IterationFactor::Cholesky(cholesky(&mass).unwrap()),
            &Matrix::<3, 1>::zeros(),
        )
        .err();
        assert_eq!(
            err,
            Some(ConstrainedInverseError::Column(ColumnError::Vanishing {
                index: 0,
                rank: 0
            }))
        );
        let p = ConstrainedInverse::<3, 0>::new(
            IterationFactor::Cholesky(cholesky(&mass).unwrap()),
            &Matrix::<3, 0>::zeros(),
        )
        .unwrap();
        let minv =
            Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(1.0 / M, 1.0 / M, 3.0 / (M * L * L)));
        assert!((p.matrix() - minv).amax() <= 1e-15 * minv.amax());
    }
}

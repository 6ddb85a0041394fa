//! Inertial couplings between unilateral and bilateral constraints (Brogliato 2013).
//!
//! With M the mass matrix, W_N = ∇h the contact normals (one column per contact) and
//! G = ∇g the bilateral gradients, Brogliato (2013) defines
//!
//! ```text
//! A    = W_Nᵀ M⁻¹ W_N                                  Delassus matrix (Assumption 1)
//! S    = Gᵀ M⁻¹ G                                      bilateral Gram matrix (Assumption 2)
//! M_c⁻¹ = M⁻¹ − M⁻¹ G S⁻¹ Gᵀ M⁻¹                        constrained inverse mass      (17)
//! A_c  = W_Nᵀ M_c⁻¹ W_N                                 constrained Delassus matrix  (16), (19)
//! p_b  = −S⁻¹ Gᵀ M⁻¹ W_N p_u                             percussion in the bilaterals (72)
//! q̇⁺ − q̇⁻ = M⁻¹ [I − G S⁻¹ Gᵀ M⁻¹] W_N p_u = M_c⁻¹ W_N p_u                          (73)
//! ```
//!
//! M_c⁻¹ is symmetric positive semidefinite of rank n − p with kernel R(G) (Lemmas 1–3), so
//! A_c is positive semidefinite; it is positive definite iff the vectors M_c^{-1/2} ∇h_i are
//! independent (Proposition 10).
//!
//! M_c⁻¹, p_b and the jump are computed by the crate's one constrained-inverse route
//! ([`crate::linalg::constrained_inverse`]): redundant bilateral constraints (Assumption 2
//! violated by dependent, nonzero gradients) are accepted rank-revealingly, since M_c⁻¹,
//! A_c, G p_b and the jump stay unique (Lötstedt 1982, Lemma 5.2) — S⁻¹ above then reads as
//! the inverse on an independent subset of the constraints, and p_b is the basic solution that
//! is zero on the dropped ones; a vanishing gradient is reported as
//! [`AnalysisError::DependentBilateral`]. All matrices are fixed-size; nothing here allocates
//! except the eigenvalue lists of [`SymmetricSpectrum`].

use super::error::{AnalysisError, ConstraintRef};
use super::kinetic_angle::KineticAngle;
use crate::linalg::{
    ColumnError, ConstrainedInverse, ConstrainedInverseError, IterationFactor, NonFiniteEntry,
    SpdError, SymmetricSpectrum, cholesky, first_non_finite, spd_inverse,
};
use crate::mechanism::{Constraints, Matrix, Vector};

/// The matrices of Brogliato (2013) at one configuration q: M, M⁻¹, W_N = ∇h, G = ∇g.
#[derive(Debug, Clone, PartialEq)]
pub struct InertialCouplings<const NQ: usize, const NB: usize, const NU: usize> {
    /// Mass matrix M(q).
    pub mass: Matrix<NQ, NQ>,
    /// M⁻¹ (Cholesky).
    pub mass_inverse: Matrix<NQ, NQ>,
    /// Contact normals W_N = ∇h (column i: contact i).
    pub normals: Matrix<NQ, NU>,
    /// Bilateral gradients G = ∇g (column j: constraint j).
    pub bilateral: Matrix<NQ, NB>,
}

impl<const NQ: usize, const NB: usize, const NU: usize> InertialCouplings<NQ, NB, NU> {
    /// Evaluates M, W_N and G of `model` at (q, t).
    ///
    /// Errors: [`AnalysisError::NonFinite`] for a non-finite state or model output,
    /// [`AnalysisError::MassNotPositiveDefinite`] (with the smallest eigenvalue of M) when M
    /// has no Cholesky factor.
    pub fn at<M: Constraints<NQ, NB, NU>>(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
    ) -> Result<Self, AnalysisError> {
        let (mass, normals, bilateral) = Self::matrices_at(model, q, t)?;
        Self::from_matrices(mass, normals, bilateral)
    }

    /// M, W_N = ∇h and G = ∇g of `model` at a finite state (q, t) (time partials discarded).
    pub(crate) fn matrices_at<M: Constraints<NQ, NB, NU>>(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
    ) -> Result<(Matrix<NQ, NQ>, Matrix<NQ, NU>, Matrix<NQ, NB>), AnalysisError> {
        if let Some(entry) = first_non_finite(q.iter().chain([&t])) {
            return Err(AnalysisError::NonFinite {
                what: "state (q, then t)",
                entry,
            });
        }
        let mut mass = Matrix::<NQ, NQ>::zeros();
        model.mass_matrix(q, t, &mut mass);
        let mut normals = Matrix::<NQ, NU>::zeros();
        let mut wn_t = Vector::<NU>::zeros();
        model.gap_jacobian(q, t, &mut normals, &mut wn_t);
        let mut bilateral = Matrix::<NQ, NB>::zeros();
        let mut g_t = Vector::<NB>::zeros();
        model.bilateral_jacobian(q, t, &mut bilateral, &mut g_t);
        Ok((mass, normals, bilateral))
    }

    /// Builds the couplings from given M (symmetric positive definite), W_N and G.
    pub fn from_matrices(
        mass: Matrix<NQ, NQ>,
        normals: Matrix<NQ, NU>,
        bilateral: Matrix<NQ, NB>,
    ) -> Result<Self, AnalysisError> {
        let inputs = [
            ("mass matrix", mass.as_slice()),
            ("contact normals W_N", normals.as_slice()),
        ];
        for (what, values) in inputs
            .into_iter()
            .chain([("bilateral gradients G", bilateral.as_slice())])
        {
            if let Some(entry) = first_non_finite(values) {
                return Err(AnalysisError::NonFinite { what, entry });
            }
        }
        let mass_inverse = spd_inverse(&mass).map_err(mass_error)?;
        Ok(Self {
            mass,
            mass_inverse,
            normals,
            bilateral,
        })
    }

    /// Delassus matrix A = W_Nᵀ M⁻¹ W_N (Brogliato 2013, Assumption 1; (2)).
    pub fn delassus(&self) -> Matrix<NU, NU> {
        self.normals.transpose() * self.mass_inverse * self.normals
    }

    /// Eigenvalues and numerical rank of the Delassus matrix (tolerance:
    /// [`super::RANK_RELATIVE_TOLERANCE`]). Rank < number of contacts means redundant contacts
    /// (e.g. Brogliato's Example 1, rank 1 with three contacts): accelerations stay unique
    /// (Proposition 2) but multipliers do not.
    pub fn delassus_spectrum(&self) -> Result<SymmetricSpectrum, AnalysisError> {
        Ok(SymmetricSpectrum::of(&self.delassus())?)
    }

    /// The constrained inverse of M with the bilateral constraints (the crate's one route).
    fn constrained(&self) -> Result<ConstrainedInverse<NQ, NB>, AnalysisError> {
        let chol = cholesky(&self.mass).map_err(mass_error)?;
        ConstrainedInverse::new(IterationFactor::Cholesky(chol), &self.bilateral).map_err(|e| {
            match e {
                ConstrainedInverseError::Column(ColumnError::Vanishing { rank, .. }) => {
                    AnalysisError::DependentBilateral { rank, count: NB }
                }
                ConstrainedInverseError::Column(ColumnError::NonFinite { index, norm }) => {
                    AnalysisError::NonFinite {
                        what: "kinetic norm of a bilateral gradient G (entry: its column)",
                        entry: NonFiniteEntry { index, value: norm },
                    }
                }
                // Only a general (non-mass) iteration matrix has a Schur complement to fail.
                ConstrainedInverseError::SingularSchurComplement => {
                    AnalysisError::DependentBilateral { rank: 0, count: NB }
                }
            }
        })
    }

    /// Constrained inverse mass M_c⁻¹ = M⁻¹ − M⁻¹ G (Gᵀ M⁻¹ G)⁻¹ Gᵀ M⁻¹ (Brogliato 2013, (17));
    /// symmetric PSD of rank n − rank(G) (Lemmas 2–3), computed as ZᵀZ with
    /// Z = (I − QQᵀ)L⁻¹ (see [`crate::linalg::kinetic_qr`]). Without bilateral constraints it
    /// equals M⁻¹; redundant constraints are accepted (Lötstedt 1982, Lemma 5.2; see
    /// [`crate::linalg::constrained_inverse`]).
    pub fn constrained_inverse_mass(&self) -> Result<Matrix<NQ, NQ>, AnalysisError> {
        Ok(self.constrained()?.matrix())
    }

    /// Constrained Delassus matrix A_c = W_Nᵀ M_c⁻¹ W_N (Brogliato 2013, (16), (19)).
    pub fn constrained_delassus(&self) -> Result<Matrix<NU, NU>, AnalysisError> {
        Ok(self.normals.transpose() * self.constrained_inverse_mass()? * self.normals)
    }

    /// Percussions induced in the bilateral constraints by contact percussions p_u at an
    /// impact: p_b = −(Gᵀ M⁻¹ G)⁻¹ Gᵀ M⁻¹ W_N p_u (Brogliato 2013, (72)), i.e. the multipliers
    /// of M Δq̇ = W_N p_u + G p_b, Gᵀ Δq̇ = 0 (zero on redundant constraints). Zero when every
    /// bilateral constraint is kinetically orthogonal to every contact (Proposition 16).
    pub fn bilateral_percussion(&self, p_u: &Vector<NU>) -> Result<Vector<NB>, AnalysisError> {
        Ok(self.impact(p_u)?.1)
    }

    /// Velocity jump q̇⁺ − q̇⁻ = M⁻¹ (W_N p_u + G p_b) = M_c⁻¹ W_N p_u (Brogliato 2013, (73)).
    pub fn velocity_jump(&self, p_u: &Vector<NU>) -> Result<Vector<NQ>, AnalysisError> {
        Ok(self.impact(p_u)?.0)
    }

    /// (q̇⁺ − q̇⁻, p_b) from the KKT system of the impact (Brogliato 2013, (71)–(73)).
    fn impact(&self, p_u: &Vector<NU>) -> Result<(Vector<NQ>, Vector<NB>), AnalysisError> {
        if let Some(entry) = first_non_finite(p_u.iter()) {
            return Err(AnalysisError::NonFinite {
                what: "percussion p_u",
                entry,
            });
        }
        Ok(self
            .constrained()?
            .solve_kkt(&(self.normals * p_u), &Vector::<NB>::zeros()))
    }

    /// Gradient of a constraint (column of W_N or G).
    pub fn gradient(&self, c: ConstraintRef) -> Result<Vector<NQ>, AnalysisError> {
        match c {
            ConstraintRef::Unilateral(i) if i < NU => Ok(self.normals.column(i).into_owned()),
            ConstraintRef::Bilateral(j) if j < NB => Ok(self.bilateral.column(j).into_owned()),
            ConstraintRef::Unilateral(i) => Err(AnalysisError::IndexOutOfRange {
                what: "contact",
                index: i,
                len: NU,
            }),
            ConstraintRef::Bilateral(j) => Err(AnalysisError::IndexOutOfRange {
                what: "bilateral constraint",
                index: j,
                len: NB,
            }),
        }
    }

    /// Kinetic angle between two constraints (Brogliato 2013, (9)); see [`KineticAngle`].
    pub fn kinetic_angle(
        &self,
        a: ConstraintRef,
        b: ConstraintRef,
    ) -> Result<KineticAngle, AnalysisError> {
        let ga = self.gradient(a)?;
        let gb = self.gradient(b)?;
        KineticAngle::between(&self.mass_inverse, (a, &ga), (b, &gb))
    }
}

/// The analysis error of a failed Cholesky factorisation of M.
fn mass_error(e: SpdError) -> AnalysisError {
    match e {
        SpdError::NotPositiveDefinite {
            smallest_eigenvalue,
        } => AnalysisError::MassNotPositiveDefinite {
            smallest_eigenvalue,
        },
        SpdError::NonFinite { entry } => AnalysisError::NonFinite {
            what: "mass matrix",
            entry,
        },
    }
}

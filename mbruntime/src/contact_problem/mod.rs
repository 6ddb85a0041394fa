//! The contact problem of a configuration, as both integrators and the analysis tools see it:
//! the inertial couplings of the constraints (Delassus matrix A = W_Nᵀ M⁻¹ W_N, the
//! constrained inverse M_c⁻¹ and A_c, kinetic angles, bilateral percussions; Brogliato 2013),
//! the P-matrix test and the well-posedness of the sliding-friction problem with its Painlevé
//! bounds (Lötstedt 1982, (6.4)–(6.5)), and their typed errors.
//!
//! This floor sits above the solvers (`lcp`, `cone`) and the model contract (`mechanism`) and
//! below everything that integrates or analyses a motion (`timestepping`, `event`,
//! `analysis`), which all decide with the same tests. Its items are re-exported for users by
//! [`crate::analysis`].

mod couplings;
mod error;
mod friction;
mod kinetic_angle;
mod p_matrix;

pub use couplings::InertialCouplings;
pub use error::{AnalysisError, ConstraintRef};
pub use friction::{FrictionBound, SLIDING_TOLERANCE, SlidingContactProblem};
pub use kinetic_angle::{KineticAngle, ORTHOGONALITY_TOLERANCE};
pub(crate) use p_matrix::scaled_principal_minor;
pub use p_matrix::{P_MATRIX_EXACT_MAX_N, P_MINOR_TOLERANCE, PMatrixVerdict, p_matrix_test};

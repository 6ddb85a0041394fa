//! Analysis of a model: Delassus matrix, kinetic angles, friction well-posedness, equilibrium paths,
//! linearisation.
//!
//! * [`InertialCouplings`] — Delassus matrix A = W_Nᵀ M⁻¹ W_N with its spectrum and numerical
//!   rank, constrained inverse mass M_c⁻¹ (17) and constrained Delassus matrix A_c (16)–(19),
//!   kinetic angles (9) and the percussions induced in bilateral constraints by an impact
//!   (72)–(73) (Brogliato 2013).
//! * [`ConstraintRankReport`] — redundancy and singular-mass rank conditions
//!   (Ker M ∩ Ker Fᵀ = {0}, Blumentals et al. 2016, (66)–(71)), explained in sentences.
//! * [`p_matrix_test`] and [`SlidingContactProblem`] — uniqueness of the contact problem with
//!   sliding Coulomb friction (Lötstedt 1982, (6.4)–(6.5)) for every right-hand side, and the
//!   largest friction coefficients below which it is guaranteed (Painlevé).
//! * [`trace_equilibrium_path`] — quasi-static equilibrium paths with bilateral and unilateral
//!   constraints, limit / corner limit / bifurcation / end points and stability
//!   (Schulz & Pellegrino 2000); [`EquilibriumPathTracer`] steps it without allocation.
//! * [`classify_singular_weakly_active`] — the singular-H₊ cases of Schulz & Pellegrino (2000),
//!   Sect. 7, (7.2)–(7.9): bifurcation, common limit point, corner limit point of shape
//!   Fig. 7(a)–(d).
//! * [`Linearisation`] — ẋ = A x + B u about an operating point in independent coordinates,
//!   with redundant constraints dropped (Lötstedt 1982, Lemma 5.2), eigen-analysis and
//!   stability verdict ([`EigenAnalysis`]), and steady motions with cyclic coordinates
//!   ([`SteadyMotion`]); see [`linearisation`].
//!
//! Numerical ranks use [`RANK_RELATIVE_TOLERANCE`]. Errors are typed ([`AnalysisError`],
//! [`PathError`]); nothing panics on singular or degenerate input.

mod cone_stability;
mod equilibrium_path;
pub mod linearisation;
mod path_lcp;
mod path_output;
mod path_system;
mod redundancy;
mod singular_branches;
mod singular_weakly_active;

pub use crate::contact_problem::{
    AnalysisError, ConstraintRef, FrictionBound, InertialCouplings, KineticAngle,
    ORTHOGONALITY_TOLERANCE, P_MATRIX_EXACT_MAX_N, P_MINOR_TOLERANCE, PMatrixVerdict,
    SLIDING_TOLERANCE, SlidingContactProblem, p_matrix_test,
};
pub use crate::linalg::{RANK_RELATIVE_TOLERANCE, SymmetricSpectrum, numerical_rank};
pub use equilibrium_path::{
    BIFURCATION_C1_TOLERANCE, ContactState, EquilibriumPath, EquilibriumPathTracer,
    MAX_PREALLOCATED_POINTS, PathError, PathOptions, PathPoint, SINGULAR_CLASSIFICATION_TOLERANCE,
    SpecialPoint, SpecialPointKind, Termination, trace_equilibrium_path,
};
pub use linearisation::{
    EigenAnalysis, Linearisation, LinearisationError, LinearisationOptions, OperatingPoint,
    ParameterInput, Stability, SteadyMotion, SteadyMotionOptions,
};
pub use redundancy::ConstraintRankReport;
pub use singular_weakly_active::{
    CornerShape, SingularClassificationError, SingularWeakOutcome, SingularWeaklyActive,
    classify_singular_weakly_active,
};

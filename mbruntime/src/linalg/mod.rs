//! Dense linear algebra shared by the LCP solvers, the integrators and the analysis tools:
//! one LU with one singularity policy ([`lu`]), the refined principal-subsystem solve of the
//! LCP solvers ([`principal`]), Cholesky of the mass matrix with failures reported by the
//! smallest eigenvalue ([`spd`]), the rank-revealing factorisation of constraint columns in the
//! kinetic metric ([`kinetic_qr`], reused exactly when rebuilt from the same data:
//! `factor_memo`) and the constrained inverse M_c⁻¹ built on it ([`constrained_inverse`]),
//! and eigenvalue-based ranks, inertia and norms ([`spectrum`], [`symmetric_eigen`]), and the
//! unconstrained forward dynamics q̈ = M⁻¹ h ([`forward_dynamics`]), and the branch-free
//! finiteness and zero scans of model data ([`finite`]), and the minimum-norm multipliers of a
//! redundant contact set ([`minimum_norm`]).
//!
//! Per-step routines work on fixed-size nalgebra types or on workspaces allocated once;
//! only [`spectrum`] (analysis tools) allocates.

pub mod constrained_inverse;
mod factor_memo;
pub mod finite;
pub mod forward_dynamics;
pub mod kinetic_qr;
pub mod lu;
pub mod minimum_norm;
pub mod principal;
pub mod spd;
pub mod spectrum;
pub mod symmetric_eigen;

pub use constrained_inverse::{ConstrainedInverse, ConstrainedInverseError, IterationFactor};
pub use finite::{all_finite, all_zero};
pub use forward_dynamics::acceleration;
pub use kinetic_qr::{ColumnError, ConstraintFactor, DEPENDENCE_TOLERANCE};
pub use lu::{Lu, LuError, LuWorkspace, PIVOT_RELATIVE_TOLERANCE};
pub use minimum_norm::minimum_norm_multipliers;
pub use principal::PrincipalSolve;
pub use spd::{SpdError, cholesky, smallest_eigenvalue, spd_inverse};
pub use spectrum::{
    NonFiniteEntry, RANK_RELATIVE_TOLERANCE, SymmetricSpectrum, leading_inertia, numerical_rank,
    spectral_norm,
};
pub use symmetric_eigen::leading_block_eigen;

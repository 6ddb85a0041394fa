//! Dense linear algebra shared by the LCP solvers, the integrators and the analysis tools:
//! one LU with one singularity policy ([`lu`]), the refined principal-subsystem solve of the
//! LCP solvers ([`principal`]), Cholesky of the mass matrix with failures reported by the
//! smallest eigenvalue ([`spd`]), the rank-revealing factorisation of constraint columns in the
//! kinetic metric ([`kinetic_qr`], reused exactly when rebuilt from the same data:
//! `factor_memo`) and the constrained inverse M_c⁻¹ built on it ([`constrained_inverse`]),
//! and eigenvalue-based ranks, inertia and norms ([`spectrum`], [`symmetric_eigen`]), and the branch-free
//! finiteness and zero scans of model data ([`finite`]), the dot product and update of the
//! kinetic factorisation's loops over plain slices, nalgebra's bits without its views' cost in
//! unoptimised builds (`slice_blas`), and the minimum-norm multipliers of a
//! redundant contact set ([`minimum_norm`]).
//!
//! This is the ground floor: it knows nothing of models, and defines the fixed-size
//! [`Vector`] and [`Matrix`] types everything above uses.
//!
//! Per-step routines work on fixed-size nalgebra types or on workspaces allocated once;
//! only [`spectrum`] (analysis tools) allocates.

pub(crate) mod constrained_inverse;
mod factor_memo;
pub(crate) use factor_memo::CholeskyMemo;
pub(crate) mod finite;
pub(crate) mod kinetic_qr;
pub(crate) mod lu;
pub(crate) mod minimum_norm;
pub(crate) mod principal;
mod slice_blas;
pub(crate) mod spd;
pub(crate) mod spectrum;
pub(crate) mod symmetric_eigen;

use nalgebra::{SMatrix, SVector};

/// Column vector of `N` reals.
pub type Vector<const N: usize> = SVector<f64, N>;
/// `R × C` matrix of reals.
pub type Matrix<const R: usize, const C: usize> = SMatrix<f64, R, C>;

pub use constrained_inverse::{ConstrainedInverse, ConstrainedInverseError, IterationFactor};
pub use finite::{NonFiniteEntry, all_finite, all_zero, first_non_finite};
pub use kinetic_qr::{ColumnError, ConstraintFactor, DEPENDENCE_TOLERANCE};
pub use lu::{Lu, LuError, LuWorkspace, PIVOT_RELATIVE_TOLERANCE};
pub(crate) use minimum_norm::gram_pseudo_inverse;
pub use minimum_norm::minimum_norm_multipliers;
pub use principal::PrincipalSolve;
pub use spd::{SpdError, cholesky, smallest_eigenvalue, spd_inverse};
pub use spectrum::{
    RANK_RELATIVE_TOLERANCE, SymmetricSpectrum, leading_inertia, numerical_rank, spectral_norm,
};
pub use symmetric_eigen::{for_each_principal_eigen, leading_block_eigen, one_signed};

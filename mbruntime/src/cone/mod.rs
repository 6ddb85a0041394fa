//! Spatial Coulomb friction: the discrete frictional contact problem of one time step.
//!
//! # The problem
//!
//! For `nc` contacts with unknown reactions `r ∈ ℝ^{3nc}` (per contact `(r_N, r_T1, r_T2)`),
//! the Delassus matrix `W` (symmetric positive semidefinite, column-major `m × m`, `m = 3nc`),
//! the free velocity `q` and friction coefficients `μ_i ≥ 0`, find `r` and `u` with
//!
//! ```text
//! u = W r + q,
//! K_i = { r_i : ‖r_Ti‖ ≤ μ_i r_Ni }               (second-order cone; μ_i = 0: r_Ti = 0)
//! ũ_i = u_i + μ_i ‖u_Ti‖ e_N                      (De Saxcé's modified velocity)
//! K_i* ∋ ũ_i ⊥ r_i ∈ K_i                          (K_i* = { μ_i ‖u_T‖ ≤ u_N }, the dual cone)
//! ```
//!
//! — the form Siconos calls fc3d (Acary & Brogliato 2008, "Numerical Methods for Nonsmooth
//! Dynamical Systems", §13.3; Acary, Brémond & Huber 2018, "On solving contact problems with
//! Coulomb friction: formulations and numerical comparisons", eqs (7)–(10)). De Saxcé & Feng
//! (1991), "New inequality and functional for contact with friction: the implicit standard
//! material approach", show that this cone complementarity problem is Coulomb's law with
//! Signorini's condition: per contact exactly one of **open** (`r = 0`, `u ∈ K*`), **stick**
//! (`r ∈ K`, `u = 0`) or **slip** (`u_N = 0`, `u_T ≠ 0`, `r_T = −μ r_N u_T/‖u_T‖`) holds
//! ([`ContactStatus`]).
//!
//! # Certificate
//!
//! Every returned solution satisfies
//!
//! ```text
//! ‖ r − proj_K(r − ũ) ‖₂ / (1 + ‖q‖₂)  ≤  tolerance       (default 1e-10)
//! ```
//!
//! with `u = W r + q` recomputed from the data and `proj_K` the [projection]
//! onto `K = K_1 × … × K_nc` (ρ = 1): the natural map of the cone complementarity problem, zero
//! exactly at solutions. Its numerator is the error of Siconos' `fc3d_compute_error` (per
//! contact `fc3d_unitary_compute_and_add_error`); the normalisation `1 + ‖q‖` is the one that
//! function used up to Siconos 4.0 (`error / (normq + 1.0)`), whereas 4.1–4.3 divide by its
//! `norm` argument (`‖q‖` in its solvers) and 4.4 by `max(norm, ‖r‖, ‖u‖)`. `1 + ‖q‖` is fixed
//! by the data, so the certificate does not depend on the size of the solution itself and is
//! defined for `q = 0`. It is available for any candidate as [`ConeProblem::residual`]. Because
//! it is relative to the data, a returned reaction is also made admissible: each contact's `r`
//! is projected onto its cone and the certificate evaluated again on the projected reaction. A
//! solve that cannot reach the tolerance returns [`ConeError::NotConverged`] with the residual
//! reached, the contact with the largest natural map and the iteration count; non-finite
//! iterates give [`ConeError::NonFiniteIterate`]. Nothing uncertified is returned.
//!
//! # Methods ([`ConeMethod`])
//!
//! * **Newton** ([`newton`]): semismooth Newton on the Alart–Curnier function
//!   ([`alart_curnier`]; Alart & Curnier 1991, "A mixed formulation for frictional contact
//!   problems prone to Newton like solution methods") with a dense LU of the generalised
//!   Jacobian `A + B W` (its identity rows — open contacts, frictionless tangents — eliminated
//!   first) and a nonmonotone Armijo line search on `½‖Φ‖²`, warm started from `r`. Locally
//!   quadratic; `O(m_c³)` per step for `m_c` rows of closed contacts.
//! * **Gauss–Seidel** ([`gauss_seidel`]): projected nonsmooth Gauss–Seidel, each contact
//!   solved exactly ([`local`]: open, stick by a 3 × 3 solve, slip by a root of the sliding
//!   equation in the sliding angle), with optional over-relaxation. `O(m²)` per sweep, linear
//!   convergence.
//! * **Auto**: Newton; when it stalls (singular Jacobian, failed line search, no progress),
//!   64 Gauss–Seidel sweeps, then Newton again from their iterate, until the budget is spent.
//!
//! [`PyramidSolver`] solves the faceted-pyramid approximation as an LCP with Lemke's method,
//! for comparison only.
//!
//! # Allocation
//!
//! [`ConeSolver::with_capacity`] allocates every workspace (a dense `m × m` Jacobian among
//! them); [`ConeSolver::solve`] never allocates (`tests/cone_alloc.rs`).
//!
//! [`ContactStatus`]: crate::cone::ContactStatus
//! [projection]: crate::cone::project_onto_cone
//! [`ConeProblem::residual`]: crate::cone::ConeProblem::residual
//! [`ConeError::NotConverged`]: crate::cone::ConeError::NotConverged
//! [`ConeError::NonFiniteIterate`]: crate::cone::ConeError::NonFiniteIterate
//! [`ConeMethod`]: crate::cone::ConeMethod
//! [`newton`]: crate::cone::newton
//! [`alart_curnier`]: crate::cone::alart_curnier
//! [`gauss_seidel`]: crate::cone::gauss_seidel
//! [`local`]: crate::cone::local
//! [`PyramidSolver`]: crate::cone::PyramidSolver
//! [`ConeSolver::with_capacity`]: crate::cone::ConeSolver::with_capacity
//! [`ConeSolver::solve`]: crate::cone::ConeSolver::solve

pub(crate) mod alart_curnier;
pub(crate) mod error;
pub(crate) mod gauss_seidel;
pub(crate) mod local;
pub(crate) mod natural_map;
pub(crate) mod newton;
pub(crate) mod options;
mod outcome;
pub(crate) mod problem;
pub(crate) mod projection;
pub(crate) mod pyramid;
pub(crate) mod solver;

pub use error::{ConeError, ConeSlice};
pub use natural_map::{
    ContactStatus, NaturalMapResidual, modified_velocity, natural_map, natural_map_residual,
};
pub use options::{ConeMethod, ConeOptions, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE};
pub use problem::ConeProblem;
pub use projection::project_onto_cone;
pub use pyramid::{PyramidReport, PyramidSolver};
pub use solver::{ConeReport, ConeSolver};

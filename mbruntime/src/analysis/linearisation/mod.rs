//! Linearisation of a model about an operating point, in independent coordinates.
//!
//! # The constrained acceleration
//!
//! With the active constraints f_i(q, t) = 0 (the bilateral ones and the closed contacts,
//! treated as bilateral), F = [G W_N(closed)] their gradients and d the drifts (the part of
//! f̈ that does not multiply q̈), the index-1 system
//!
//! ```text
//! M(q) q̈ = h(q, q̇) + F λ,        Fᵀ q̈ + d(q, q̇) = 0
//! ```
//!
//! defines the constrained acceleration q̈ = f(q, q̇) and the constraint forces λ. Dependent
//! (redundant) columns of F are dropped in the kinetic metric as in Lötstedt (1982),
//! "Mechanical systems of rigid bodies subject to unilateral constraints", SIAM J. Appl.
//! Math. 42, Lemma 5.2 (see [`crate::linalg::kinetic_qr`]): q̈ and Fλ do not depend on which
//! ones, the multipliers of the dropped ones are zero, and the dropped equations must hold
//! (Lemma 5.3), which is checked. A closed contact is held closed whatever the sign of its
//! force: λ*_N < 0 in [`Linearisation::multipliers`] means that the contact would open, and the
//! linearisation then describes a motion the unilateral model does not follow.
//!
//! # Its derivatives
//!
//! Differentiating the system with q̈* = a and λ* fixed where they multiply a derivative of M
//! or F (∂(Ma)/∂q is `Jacobians::mass_action_jacobian`, ∇²f_i the constraint Hessians of
//! `Statics`):
//!
//! ```text
//! wrt q:  M δq̈ − F δλ = (∂h/∂q − ∂(M a)/∂q + Σ_i λ_i ∇²f_i) δq
//!         Fᵀ δq̈       = −(R + ∂d/∂q) δq,        row i of R = (∇²f_i a)ᵀ  (= ∂(Fᵀa)/∂q)
//! wrt q̇:  M δq̈ − F δλ = ∂h/∂q̇ δq̇,               Fᵀ δq̈ = −∂d/∂q̇ δq̇
//! wrt p:  M δq̈ − F δλ = (∂h/∂p − ∂(M a)/∂p) δp,  Fᵀ δq̈ = 0
//! ```
//!
//! — one KKT solve per column, with the same factorisation as the operating point. The
//! parameter row needs F and d independent of p: a parameter that enters the constraints
//! (`Jacobians::parameter_enters_constraints`) moves the manifold and is refused as an input.
//!
//! # Restriction to the constraint manifold
//!
//! A chart of the manifold is y = q_independent (n − r coordinates, r = rank F): the dependent
//! coordinates z solve f(y, z) = 0. Either the user names y, or a column-pivoted QR of Fᵀ picks
//! the r best-conditioned dependent coordinates; the block F_z must be invertible
//! (σ_min(F_z) > [`DEPENDENT_BLOCK_TOLERANCE`] · ‖F‖₂). Then
//!
//! ```text
//! N = ∂q/∂y:      rows y = I,  rows z = −F_z⁻ᵀ F_yᵀ                         (from Fᵀ δq = 0)
//! ∂q̇/∂ẏ = N,      ∂q̇/∂y (ẏ fixed): rows y = 0, rows z = −F_z⁻ᵀ (½ ∂d/∂q̇) N
//! ```
//!
//! the latter from differentiating the velocity constraint Fᵀq̇ + ∂f/∂t = 0 along the manifold,
//! with ∂(Fᵀq̇ + ∂f/∂t)/∂q = ½ ∂d/∂q̇ (d_i = q̇ᵀ∇²f_i q̇ + 2 ∇(∂_t f_i)ᵀq̇ + ∂²_t f_i). With S
//! selecting the rows y, ÿ = S f(q(y), q̇(y, ẏ)) linearises to ẋ = A x + B u, x = (δy, δẏ):
//!
//! ```text
//! A = ⎡ 0                                 I         ⎤      B = ⎡ 0          ⎤
//!     ⎣ S (∂f/∂q N + ∂f/∂q̇ ∂q̇/∂y)       S ∂f/∂q̇ N  ⎦          ⎣ S ∂f/∂p_k  ⎦
//! ```
//!
//! A is the Jacobian of the reduced vector field at the operating point whether or not that
//! is an equilibrium; [`Linearisation::residual`] = |ÿ*|∞ tells whether it is. A rheonomic
//! model is linearised with time frozen at t*. [`SteadyMotion`] drops the positions of cyclic
//! coordinates (whose columns of A vanish) so that A is constant along a steady motion, and
//! [`EigenAnalysis`] gives the spectrum with a verdict ([`SPECTRAL_TOLERANCE`]).
//!
//! # Errors
//!
//! [`LinearisationError`]: non-finite input or model output, a constraint (or closed contact)
//! violated at q* or by q̇* beyond [`LinearisationOptions::constraint_tolerance`], a vanishing
//! constraint gradient or an inconsistent redundancy, M not positive definite, an unknown
//! parameter or one that moves the constraints, independent coordinates of the wrong number
//! or with a singular dependent block, and for steady motions a coordinate that is not cyclic,
//! a moving non-cyclic coordinate or a non-zero ÿ*. Nothing returns NaN.

mod acceleration_jacobians;
mod chart;
mod constrained_acceleration;
mod eigen;
mod error;
mod options;
mod state_space;
mod steady_motion;

pub use chart::DEPENDENT_BLOCK_TOLERANCE;
pub use constrained_acceleration::REDUNDANCY_CONSISTENCY_TOLERANCE;
pub use eigen::{EigenAnalysis, Eigenmode, SPECTRAL_TOLERANCE, Stability};
pub use error::LinearisationError;
pub use options::{CONSTRAINT_TOLERANCE, LinearisationOptions, OperatingPoint, ParameterInput};
pub use state_space::{Linearisation, StateComponent};
pub use steady_motion::{CYCLIC_TOLERANCE, STEADY_TOLERANCE, SteadyMotion, SteadyMotionOptions};

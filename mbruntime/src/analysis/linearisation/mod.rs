//! Linearisation of a model about an operating point, in independent coordinates and speeds.
//!
//! # The constrained acceleration
//!
//! The active constraints are the bilateral ones and the closed contacts (treated as
//! bilateral). A bilateral constraint is holonomic, f_i(q, t) = 0, or a velocity constraint
//! γ_i = A_i(q, t) q̇ + a_i(q, t) = 0 (`Constraints::HOLONOMIC`); a closed contact is
//! holonomic. With F = [G W_N(closed)] their columns (∇f_i, or A_iᵀ for a velocity constraint)
//! and d the drifts (the part of f̈_i, or of γ̇_i, that does not multiply q̈), the index-1
//! system
//!
//! ```text
//! M(q) q̈ = h(q, q̇) + F λ,        Fᵀ q̈ + d(q, q̇) = 0
//! ```
//!
//! defines the constrained acceleration q̈ = f(q, q̇) and the constraint forces λ. Dependent
//! (redundant) columns of F are dropped in the kinetic metric as in Lötstedt (1982),
//! "Mechanical systems of rigid bodies subject to unilateral constraints", SIAM J. Appl.
//! Math. 42, Lemma 5.2 (see [`crate::linalg::kinetic_qr`]), the holonomic columns first, so that
//! the kept holonomic ones span those of all holonomic constraints: q̈ and Fλ do not depend on
//! which ones, the multipliers of the dropped ones are zero, and the dropped equations must
//! hold (Lemma 5.3), which is checked. A closed contact is held closed whatever the sign of its
//! force: λ*_N < 0 in [`Linearisation::multipliers`] means that the contact would open, and the
//! linearisation then describes a motion the unilateral model does not follow.
//!
//! # Its derivatives
//!
//! Let H_i = ∂(column i of F)/∂q, entry (k, j) = ∂F_ki/∂q_j (the `Statics` constraint
//! Hessians): the symmetric Hessian ∇²f_i of a holonomic constraint, the (not symmetric)
//! Jacobian of A_iᵀ for a velocity constraint. Then δ(F λ) = Σ_i λ_i H_i δq at fixed λ, and
//! δ(F_iᵀ a) = Σ_k a_k δF_ki = (H_iᵀ a)ᵀ δq at fixed a. Differentiating the system with
//! q̈* = a and λ* fixed where they multiply a derivative of M or F (∂(Ma)/∂q is
//! `Jacobians::mass_action_jacobian`):
//!
//! ```text
//! wrt q:  M δq̈ − F δλ = (∂h/∂q − ∂(M a)/∂q + Σ_i λ_i H_i) δq
//!         Fᵀ δq̈       = −(R + ∂d/∂q) δq,        row i of R = (H_iᵀ a)ᵀ  (= ∂(F_iᵀa)/∂q)
//! wrt q̇:  M δq̈ − F δλ = ∂h/∂q̇ δq̇,               Fᵀ δq̈ = −∂d/∂q̇ δq̇
//! wrt p:  M δq̈ − F δλ = (∂h/∂p − ∂(M a)/∂p) δp,  Fᵀ δq̈ = 0
//! ```
//!
//! — one KKT solve per column, with the same factorisation as the operating point. The
//! parameter row needs F and d independent of p: a parameter that enters the constraints
//! (`Jacobians::parameter_enters_constraints`) moves them and is refused as an input.
//!
//! # Positions: the chart of the holonomic manifold
//!
//! Only the holonomic constraints restrict positions. With F_h their kept columns
//! (r_h = rank F_h), a chart of their manifold is y = q_independent (k_y = n − r_h
//! coordinates): the dependent coordinates z solve f_h(y, z) = 0. Either the user names y, or a
//! column-pivoted QR of F_hᵀ picks the r_h best-conditioned dependent coordinates; the block
//! F_h,z must be invertible (σ_min(F_h,z) > [`DEPENDENT_BLOCK_TOLERANCE`] · ‖F_h‖₂). Then
//!
//! ```text
//! N = ∂q/∂y:      rows y = I,  rows z = −F_h,z⁻ᵀ F_h,yᵀ                     (from F_hᵀ δq = 0)
//! ```
//!
//! # Speeds: the independent speeds
//!
//! At velocity level every kept constraint holds, C q̇ + c = 0 with C = Fᵀ (r × n, r = r_h + m
//! for m independent velocity constraints) and c = ∂f/∂t (a for a velocity constraint). The
//! independent speeds are u = q̇\[independent_speeds\], k_u = n − r of them, and the dependent
//! speeds w solve C_w w = −(C_u u + c) (Kane & Levinson, *Dynamics: Theory and Applications*,
//! 1985, ch. 4 and 6: nonholonomic systems in independent generalised speeds). Either the user
//! names u, or they are the velocities of the independent coordinates less m of them, picked
//! as the pivots y_d of a column-pivoted QR of C_v N (the kept velocity constraints on the
//! tangent space of the holonomic manifold): w = z ∪ y_d, and C_w is invertible exactly when
//! its Schur complement with respect to the block F_h,zᵀ, (C_v N)_{y_d}, is. Either way
//! σ_min(C_w) > [`DEPENDENT_BLOCK_TOLERANCE`] · ‖C‖₂. Differentiating C q̇ + c = 0,
//!
//! ```text
//! N_v = ∂q̇/∂u:              rows u = I,  rows w = −C_w⁻¹ C_u               (from C δq̇ = 0)
//! V = ∂q̇/∂q at fixed u:     rows u = 0,  rows w = −C_w⁻¹ ∂γ/∂q    (from C δq̇ + ∂γ/∂q δq = 0)
//! ```
//!
//! with ∂γ/∂q the Jacobian at fixed q̇ of γ = C q̇ + c: `Jacobians::bilateral_velocity_jacobian`
//! for a bilateral constraint, and for a closed contact ½ ∂d_i/∂q̇ (d_i = q̇ᵀ∇²g_Ni q̇ +
//! 2 ∇(∂_t g_Ni)ᵀq̇ + ∂²_t g_Ni, so that ½ ∂d_i/∂q̇ = ∂ġ_Ni/∂q). Without velocity constraints
//! (m = 0) the default choice gives w = z and u = ẏ, N_v = N. A velocity constraint i dropped
//! as dependent at q* must stay dependent nearby: its own linearisation
//! (∂γ_i/∂q + A_i V) N must vanish on the kept ones (to
//! [`REDUNDANCY_CONSISTENCY_TOLERANCE`] relative to the sizes of its two terms); otherwise C
//! loses rank at q* and the speeds chosen there do not parametrise the neighbouring states.
//!
//! # The state-space model
//!
//! In the state (y, u) the reduced vector field is ẏ = S_y q̇(q(y), u) and
//! u̇ = S_u f(q(y), q̇(q(y), u)), with S_y, S_u selecting the rows y and u. With δq = N δy and
//! δq̇ = V N δy + N_v δu it linearises to ẋ = A x + B p, x = (δy, δu):
//!
//! ```text
//! A = ⎡ S_y V N                          S_y N_v        ⎤      B = ⎡ 0           ⎤
//!     ⎣ S_u (∂f/∂q N + ∂f/∂q̇ V N)       S_u ∂f/∂q̇ N_v  ⎦          ⎣ S_u ∂f/∂p_k ⎦
//! ```
//!
//! Without velocity constraints u = ẏ, so S_y V N = 0 and S_y N_v = I: A = [[0, I],
//! [S (∂f/∂q N + ∂f/∂q̇ ∂q̇/∂y), S ∂f/∂q̇ N]] with ∂q̇/∂y = V N the slope of the velocity
//! constraint Fᵀq̇ + ∂f/∂t = 0 along the manifold. The linearised bicycle of Meijaard,
//! Papadopoulos, Ruina & Schwab (2007), "Linearized dynamics equations for the balance and
//! steer of a bicycle: a benchmark and review", Proc. R. Soc. A 463, is an instance with
//! velocity constraints.
//!
//! A is the Jacobian of the reduced vector field at the operating point whether or not that
//! is an equilibrium; [`Linearisation::residual`] = |u̇*|∞ tells whether it is. A rheonomic
//! model is linearised with time frozen at t*. [`SteadyMotion`] drops the positions of cyclic
//! coordinates (whose columns of A, ∂ẏ/∂y_c and ∂u̇/∂y_c, vanish in every row of the reduced
//! state: the rows of the cyclic positions themselves are dropped) so that A is constant
//! along a steady motion, and
//! [`EigenAnalysis`] gives the spectrum with a verdict ([`SPECTRAL_TOLERANCE`]).
//!
//! # Errors
//!
//! [`LinearisationError`]: non-finite input or model output (in particular a
//! `bilateral_velocity_jacobian` left at its default for a velocity constraint), a constraint
//! (or closed contact) violated at q* or by q̇* beyond
//! [`LinearisationOptions::constraint_tolerance`], a vanishing constraint gradient or an
//! inconsistent redundancy (at acceleration level, or at velocity level for a velocity
//! constraint), M not positive definite, an unknown parameter or one that moves the
//! constraints, independent coordinates or speeds of the wrong number or with a singular
//! dependent block, and for steady motions a coordinate that is not cyclic, a moving
//! non-cyclic coordinate or a non-zero u̇*. Nothing returns NaN.

mod acceleration_jacobians;
mod chart;
mod constrained_acceleration;
mod eigen;
mod error;
mod options;
mod speed_chart;
mod split;
mod state_space;
mod steady_motion;

pub use constrained_acceleration::REDUNDANCY_CONSISTENCY_TOLERANCE;
pub use eigen::{EigenAnalysis, Eigenmode, SPECTRAL_TOLERANCE, Stability};
pub use error::LinearisationError;
pub use options::{CONSTRAINT_TOLERANCE, LinearisationOptions, OperatingPoint, ParameterInput};
pub use split::DEPENDENT_BLOCK_TOLERANCE;
pub use state_space::{Linearisation, StateComponent};
pub use steady_motion::{CYCLIC_TOLERANCE, STEADY_TOLERANCE, SteadyMotion, SteadyMotionOptions};

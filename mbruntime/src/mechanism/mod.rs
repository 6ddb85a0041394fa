//! The contract between generated models and the integrators and analysis tools.
//!
//! A model has `NQ` generalised coordinates q, `NB` bilateral constraints g(q, t) = 0 and `NU`
//! unilateral contacts with gaps g_N(q, t) ≥ 0 (each with one tangential direction for planar
//! friction, or a tangent plane of two for spatial friction, see `Constraints::TANGENT_PLANES`).
//! Dimensions are const generic parameters of the traits, so every buffer is a
//! fixed-size nalgebra type on the stack and no per-step path allocates.
//!
//! Equations of motion (Lagrange, second kind):
//!
//! ```text
//! M(q, t) q̈ = h(q, q̇, t) + G λ_B + W_N λ_N + W_T λ_T (+ W_T2 λ_T2)
//! h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q
//! ```
//!
//! with G = (∂g/∂q)ᵀ, W_N = (∂g_N/∂q)ᵀ and W_T the tangential directions (W_T = ∇s_T for a slip
//! function s_T, or the coefficients of a tangential velocity linear in q̇). Relative velocities
//! are γ = Wᵀ q̇ + ŵ with ŵ the explicit time partial (zero for scleronomic models), and the
//! "drift" terms are the velocity-dependent part of their time derivative: γ̇ = Wᵀ q̈ + ẇ with
//! ẇ = Ẇᵀ q̇ + ∂ŵ/∂q q̇ + ∂ŵ/∂t.
//!
//! The contract is cut by capability, so that each integrator and analysis asks for what it uses
//! and a hand-written model implements only that:
//!
//! | trait | what | who needs it |
//! |---|---|---|
//! | [`Dynamics`] | parameters, T, V, M, h, C | everything |
//! | [`Constraints`] | g, G, gaps, W_N, W_T, their drifts, contact laws | both integrators, the analyses |
//! | [`Rates`] | the equations of motion and the constraints on Taylor jets (time derivatives of any order) | the event-driven integrator |
//! | [`Statics`] | ∇V, ∇²V, ∂∇V/∂p, constraint Hessians | the equilibrium-path tracer |
//! | [`Jacobians`] | ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(Ma)/∂q, ∂h/∂p, ∂(Ma)/∂p, drift Jacobians | Moreau–Jean, linearisation |
//!
//! Generated code implements all of them, and so the umbrella [`Mechanism`].

mod constraints;
mod contact_law;
mod dynamics;
mod forward_dynamics;
mod jacobians;
mod rates;
mod state;
mod statics;

pub use constraints::Constraints;
pub use contact_law::{ContactLaw, ContactLawError, ParameterError, validate_contact_laws};
pub use dynamics::Dynamics;
pub use forward_dynamics::acceleration;
pub use jacobians::Jacobians;
pub use rates::{Rates, StateJet};
pub use state::{Segment, State};
pub use statics::Statics;

/// The fixed-size vector and matrix types of the whole contract (defined with the numeric
/// kernels, on the floor below).
pub use crate::linalg::{Matrix, Vector};

/// The whole generated contract: every capability at once.
///
/// Implemented automatically for every type that implements all capability traits, which every
/// generated model does. Bound on the narrower traits where a function needs less.
pub trait Mechanism<const NQ: usize, const NB: usize, const NU: usize>:
    Rates<NQ, NB, NU> + Statics<NQ> + Jacobians<NQ, NB, NU>
{
}

impl<T, const NQ: usize, const NB: usize, const NU: usize> Mechanism<NQ, NB, NU> for T where
    T: Rates<NQ, NB, NU> + Statics<NQ> + Jacobians<NQ, NB, NU>
{
}

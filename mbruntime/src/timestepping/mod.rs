//! Time-stepping integrators (Moreau midpoint, Moreau–Jean θ-method) with impacts and planar
//! and spatial Coulomb friction.
//!
//! # Method
//!
//! The dynamics is the measure differential inclusion of Glocker & Studer (2005), (6)–(12):
//! `M du − h dt − W_N dΛ_N − W_T dΛ_T − G dΛ_B = 0` with, for every closed contact, Newton's
//! impact law in the normal direction and Coulomb friction with tangential restitution,
//!
//! ```text
//! ξ_N = γ_N⁺ + ε_N γ_N⁻,  ξ_T = γ_T⁺ + ε_T γ_T⁻                              (11)
//! −Λ_N ∈ Upr(ξ_N),   −Λ_T ∈ μ Λ_N Sgn(ξ_T)                                    (12)
//! ```
//!
//! Each step of size Δt (a) evaluates the smooth part of the chosen [`Scheme`] — Moreau's
//! midpoint rule (17) or the Moreau–Jean θ-method — which yields an iteration matrix A and a
//! smooth impulse r; (b) takes the active set H = {i : g_Ni(q_A + ½Δt u_A) ≤ 0}; (c) condenses
//! the bilateral constraints Gᵀu_E + ĝ = 0 out of A(u_E − u_A) = r + WΛ + GΛ_B by a Schur
//! complement, giving the constrained inverse P (= A⁻¹ without bilateral constraints);
//! (d) assembles the 3k-dimensional LCP (33) in the arrangement (27),
//! `0 ≤ (ξ_N, ξ_R, Λ_L) ⊥ (Λ_N, Λ_R, ξ_L) ≥ 0`, with Delassus blocks `[W_N W_T]ᵀ P [W_N W_T]`,
//! in a preallocated column-major buffer and solves it with [`Lemke`](crate::lcp::Lemke);
//! (e) updates u and q, (f) optionally (opt-in,
//! [`Settings::gap_projection_iterations`]) projects q of the step's closed contacts onto
//! g_N ≥ 0 (Acary 2013; `gap_projection`), and (g) projects q back onto g(q) = 0 (Gauss–Newton,
//! M-metric; see [`projection`]).
//!
//! # Velocity constraints
//!
//! A velocity (nonholonomic) constraint A(q, t) q̇ + a(q, t) = 0
//! ([`Constraints::HOLONOMIC`](crate::Constraints) false) is a bilateral row like any other in
//! (c): its column Aᵀ of G and ĝ = a enter the condensation, so Gᵀu_E + ĝ = 0 holds for every
//! row at the end-of-step velocity, together with the contacts (their impulses see the
//! constrained inverse of all rows). It has no position-level value: the projections (f) and
//! (g) use the holonomic rows only. The initial state must satisfy it, |A u₀ + a| ≤
//! [`Settings::constraint_tolerance`] (else
//! [`TimeSteppingError::InitialVelocityConstraintViolation`], naming it); each record reports
//! the largest |A u_E + a| at the end state (`velocity_constraint_residual`, O(Δt) since the
//! row is imposed at the evaluation point). Steps (b)–(e) are shared by both schemes (`impact_contact`); the driver
//! (`stepper`) calls a scheme's smooth part and end position around them.
//!
//! # Spatial friction
//!
//! A contact with a tangent plane ([`Constraints::TANGENT_PLANES`](crate::Constraints)) has
//! two orthonormal tangents t1, t2 (W_T, W_T2) and Coulomb's law in the disk
//! ‖(Λ_T, Λ_T2)‖ ≤ μ Λ_N. In a step in which such a contact with μ > 0 is closed, (d) is
//! replaced by the velocity-level cone complementarity problem of Moreau–Jean with Newton's
//! impact law (Acary & Brogliato 2008, "Numerical Methods for Nonsmooth Dynamical Systems",
//! ch. 13; De Saxcé & Feng 1991): per closed contact ξ = (ξ_N, ξ_T, ξ_T2) with the restitution
//! terms of (11), Delassus matrix `W_c = Dᵀ P D` of the directions D = [w_N w_T w_T2] of the
//! closed contacts (3 columns per contact),
//! De Saxcé's modified velocity ξ + μ‖ξ_T‖e_N in the cone complementarity, solved by
//! [`ConeSolver`](crate::cone::ConeSolver) (method and budget in
//! [`Settings::friction_cone`]; every solution certified by its natural-map residual; warm
//! started from the previous step's impulses). The other closed contacts of that step join the
//! same problem: frictionless ones as normal rays, planar ones with their second tangent
//! decoupled so that their own planar law (12) holds exactly (`contact_cone`). All other steps,
//! and every step of a model without tangent planes, solve the LCP (33) as above.
//!
//! Outputs: a [`StepRecord`] per step (t, q, u, active set, Λ_N, Λ_T, Λ_T2, ξ_N, ξ_T, ξ_T2,
//! Λ_B, how the LCP or the cone problem was solved) passed to a callback by
//! [`TimeStepper::run`], whose last step is shortened to end exactly at t_end, and
//! [`RecordCsv`] for CSV export (Λ_T2 and the cone statistics only for models with tangent
//! planes). Errors are typed ([`TimeSteppingError`]). After [`TimeStepper::new`] no step
//! allocates.
//!
//! Module dependencies run one way: `stepper` → {`moreau_midpoint`, `moreau_jean`,
//! `impact_contact`} → `step_plan`, `contact_lcp`, `contact_cone`, `contact_kinematics`,
//! `finite`, … ; no scheme uses the driver.

mod atomic_file;
mod contact_cone;
mod contact_kinematics;
mod contact_lcp;
mod csv_export;
mod error;
mod finite;
mod gap_projection;
mod impact_contact;
mod moreau_jean;
mod moreau_midpoint;
pub(crate) mod projection;
mod record;
mod scheme;
mod step_plan;
mod stepper;
mod velocity_constraints;
mod velocity_operator;

pub use atomic_file::AtomicFile;
pub use csv_export::RecordCsv;
pub use error::TimeSteppingError;
pub use record::{ContactImpulses, StepRecord};
pub use scheme::{Scheme, Settings};
pub use stepper::TimeStepper;

//! Event-driven integration with Lötstedt's active set, impacts and accumulation points.
//!
//! The scheme (Lötstedt 1982; Brogliato 2013, Sect. 2 and 6):
//!
//! 1. **Smooth phases.** With the active set A (bilateral constraints and closed contacts) the
//!    index-1 system [M −W_A; W_Aᵀ 0][q̈; λ] = [h; −ẇ_A] (Lötstedt (4.3)) is solved by a
//!    rank-revealing factorisation in the kinetic metric
//!    ([`ConstraintFactor`](crate::linalg::ConstraintFactor)), so redundant
//!    columns are allowed and q̈, W_Aλ are unique (Lemma 5.2; its proof misuses Cottle's 1968
//!    Theorem 1 though the result stands, as Brogliato 2013, Remark 1, and Blumentals, Brogliato
//!    & Bertails-Descoubes 2016, footnote 7, note; with the drift terms ẇ_A, which Brogliato's
//!    Remark 1 says the lemma does not cover in general, it applies through Lötstedt's Lemma 5.3:
//!    Gᵀq̇ = 0 gives Ġᵀq̇ ∈ R(Gᵀ)). The ODE is integrated by an
//!    adaptive Dormand–Prince 5(4) method with continuous extension ([`dopri`]); after every
//!    accepted step q and q̇ are projected onto the constraints ([`evaluate`]). A velocity
//!    (nonholonomic) constraint A q̇ + a = 0 is a bilateral column Aᵀ at acceleration and
//!    velocity level (the KKT system, the velocity projection, the impact laws, the Theorem 5.4
//!    iteration) and is left out of the position projection, having no position value.
//! 2. **Events** are sign changes, within a step, of the gap of an open contact or of the
//!    multiplier of a closed contact; they are located by the Illinois method ([`root`]) on
//!    the dense output, and the step is recomputed up to the event time.
//! 3. **Impacts** (gap reaching zero with γ < 0): the impact LCP with Newton's law and
//!    condensed bilateral impulses ([`impact`]). An approach with numerically zero normal
//!    velocity, |γ| ≤ max(`velocity_tolerance`, rtol^{1/3}·√(2T wᵀM_c⁻¹w)), is a grazing closing
//!    instead: no impulse, the active set decides ([`grazing`]).
//! 4. **Active set** after every event: acceleration LCP (2.5b) and, where λᵢ = δᵢ = 0, the
//!    derivative iteration of Theorem 5.4 level after level, the k-th derivatives λ⁽ᵏ⁾, δ⁽ᵏ⁾
//!    from the model evaluated on Taylor jets, until every contact is decided
//!    ([`derivative_iteration`]), giving an [`ActiveSet`] (closed contacts in priority order);
//!    a contact still undecided at the highest level is a typed error.
//! 5. **Accumulation points**: flight sequences are modelled and the contact is made persistent
//!    at the predicted accumulation time ([`zeno`]).
//! 6. **Coulomb friction** (contacts with a tangent and μ > 0): every closed contact
//!    sticks (its tangential velocity constraint joins the factor) or slides (its force column
//!    W_N − μσW_T is condensed, `sliding_kkt`); the smooth phase also ends when a slip velocity
//!    reaches zero or a sticking force reaches μλ_N; after every event the acceleration-level
//!    frictional problem ([`friction_modes`], Lötstedt (6.4)–(6.5)) decides lift-off, sticking
//!    and sliding, and impacts follow the frictional impact law ([`friction_impact`]). Painlevé's
//!    inconsistent and non-unique cases, and a sliding phase whose A(μ) becomes singular, stop
//!    the integration with typed errors naming the contact, μ and its bound.
//! 7. **Spatial Coulomb friction** (contacts with a tangent plane, the cone ‖λ_T‖ ≤ μλ_N): a
//!    sticking contact keeps both tangential velocities as constraints; a sliding one acts
//!    through W_N − μ(ŝ₁W_T1 + ŝ₂W_T2) with the slip direction ŝ = γ_T/‖γ_T‖ of the state,
//!    oriented through the stop by the direction at the start of the step, and slaved to the
//!    direction along which it accelerates where the slip is slow and not slowing down (the
//!    start of a slip from the cone boundary, [`evaluate`]); the
//!    stop of a slip is the sign change of γ_T·d (not a root of ‖γ_T‖), the end of sticking
//!    the zero of μλ_N − ‖λ_T‖. After every event the acceleration-level problem of all closed
//!    contacts is a cone complementarity problem (`friction_cone_modes`) and impacts follow
//!    Newton's and Coulomb's laws in the tangent plane as one (`friction_cone_impact`), both
//!    solved by the certified [`crate::cone`] solver; accumulation points are placed as for
//!    the other contacts.
//!
//! The integrator owns the state; the functions that decide an event's jump ([`jump`],
//! [`impact`], [`grazing`]) and the new active set ([`derivative_iteration`], or
//! `friction_decision` with friction) take the current active set and the workspaces explicitly
//! and return their decision, which the integrator commits only when all of it succeeded.
//!
//! μ ≠ 0 on a contact without tangent is refused ([`EventError::FrictionWithoutTangent`]).

mod active_set;
mod collapse_guard;
mod cone_workspace;
mod contact_columns;
pub(crate) mod derivative_iteration;
pub(crate) mod dopri;
mod error;
pub(crate) mod evaluate;
mod friction_cone_impact;
mod friction_cone_modes;
mod friction_decision;
pub(crate) mod friction_impact;
mod friction_mode_error;
pub(crate) mod friction_modes;
pub(crate) mod grazing;
pub(crate) mod impact;
mod integrator;
pub(crate) mod jump;
pub(crate) mod mixed_lcp;
mod options;
mod report;
pub(crate) mod root;
mod sliding_kkt;
mod sliding_uniqueness;
mod stick_slip_lcp;
pub(crate) mod zeno;

pub use active_set::{ActiveSet, TangentialMode};
pub use error::{EventError, LcpStage};
pub use evaluate::{ColumnTolerances, KktSystem};
pub use friction_impact::{FrictionalImpactError, FrictionalImpactLcp, ImpactMode};
pub use friction_modes::{
    ContactMode, FrictionModeError, FrictionalAcceleration, FrictionalContactLcp, ModeTolerances,
    PainleveBound,
};
pub use integrator::EventDriven;
pub use mixed_lcp::MixedLcp;
pub use options::{ActiveSetRule, EventOptions, MAX_DERIVATIVE_ORDER};
pub use report::{Event, EventKind, Report, Stats};

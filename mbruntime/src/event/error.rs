//! Typed failures of the event-driven integrator. Every variant carries the time and the
//! numbers a user needs to diagnose it; the integrator never returns a NaN state silently.

use super::friction_impact::FrictionalImpactError;
use super::friction_mode_error::{FrictionModeError, PainleveBound};
use crate::lcp::LcpError;
use crate::linalg::NonFiniteEntry;
use crate::mechanism::ContactLawError;

/// Which complementarity problem an [`EventError::Lcp`] came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LcpStage {
    /// The acceleration-level LCP (Lötstedt 1982, (2.5b)) that picks the active set.
    Acceleration,
    /// The level-k derivative LCP of the Theorem 5.4 iteration ((5.12), k ≥ 1).
    DerivativeIteration {
        /// The level k: the LCP is for (λ⁽ᵏ⁾, δ⁽ᵏ⁾).
        order: usize,
    },
    /// The impact LCP with Newton's law (Lötstedt (2.11), (3.9)–(3.10); Brogliato (77)).
    Impact,
}

/// Why the event-driven integration stopped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EventError {
    /// A contact law out of range ([`ContactLaw::validate`](crate::ContactLaw::validate)).
    #[error(transparent)]
    ContactLaw(#[from] ContactLawError),
    /// Planar friction was switched on or off through `model_mut` since the state was set:
    /// the contact modes of the current phase were decided without (or with) it, so the run
    /// would go on with the wrong law. `set_state` decides them again.
    #[error(
        "friction was switched {} through model_mut after the state was set (t = {t}): call \
         set_state so that the contact modes are decided again",
        if *friction { "on" } else { "off" }
    )]
    FrictionSwitched {
        /// Time of the current state.
        t: f64,
        /// Whether some contact has friction now.
        friction: bool,
    },
    /// An option out of range ([`EventOptions::validate`](super::EventOptions::validate)).
    #[error("event-driven option `{option}` must be {rule}, got {value}")]
    InvalidOption {
        /// The option's field name.
        option: &'static str,
        /// Its value.
        value: f64,
        /// What it must satisfy.
        rule: &'static str,
    },
    /// An LCP had no certified solution.
    #[error("{stage:?} LCP failed at t = {t}: {source}")]
    Lcp {
        /// Time of the failure.
        t: f64,
        /// Which LCP.
        stage: LcpStage,
        /// The LCP layer's error.
        source: LcpError,
    },
    /// The initial state violates a constraint: a holonomic residual |g| or |Gᵀq̇ + ĝ|, a
    /// negative gap, or a closed gap approached with negative normal velocity (which would need
    /// an impact before the start).
    #[error("inconsistent initial data: {what} = {value:e} (tolerance {tolerance:e})")]
    InconsistentInitialData {
        /// Which residual.
        what: &'static str,
        /// Its value.
        value: f64,
        /// The tolerance it exceeds.
        tolerance: f64,
    },
    /// The initial velocities violate a velocity (nonholonomic) constraint A(q, t) q̇ + a(q, t) = 0
    /// by more than the tolerance: the state is refused (not projected), as a holonomic
    /// violation is.
    #[error(
        "initial velocities violate velocity constraint `{constraint}`: |A q̇ + a| = {residual:e} \
         (tolerance {tolerance:e})"
    )]
    InitialVelocityConstraintViolation {
        /// Constraint name.
        constraint: &'static str,
        /// |A_i q̇₀ + a_i| (NaN if not finite).
        residual: f64,
        /// The tolerance it exceeds.
        tolerance: f64,
    },
    /// A bilateral constraint's column vanishes at the initial configuration (‖Gᵢ‖ at most
    /// 1e-12 of the largest column): a singular configuration, where branches of the
    /// configuration space meet (the IFToMM N-four-bar with its cranks horizontal) and the
    /// constraints do not determine the motion. Start beside it; the integrator passes such
    /// configurations during a motion (see `EventOptions::vanishing_tolerance`).
    #[error(
        "constraint `{constraint}` (index {index}) has a vanishing column at the initial \
         configuration (|G_i| = {norm:e}): a singular configuration, from which the constraints \
         do not determine the motion; start beside it"
    )]
    SingularInitialConfiguration {
        /// Constraint name.
        constraint: &'static str,
        /// Its index.
        index: usize,
        /// ‖Gᵢ‖ (Euclidean).
        norm: f64,
    },
    /// The acceleration-level frictional contact problem at a mode change had no solution or
    /// no unique one (Painlevé's paradoxes), or failed otherwise: see [`FrictionModeError`],
    /// which names the contact, μ and its Painlevé bound.
    #[error("frictional contact modes at t = {t}: {source}")]
    FrictionModes {
        /// Time of the mode change.
        t: f64,
        /// The failure.
        source: FrictionModeError,
    },
    /// The frictional impact law failed ([`FrictionalImpactError`]).
    #[error("frictional impact at t = {t}: {source}")]
    FrictionalImpact {
        /// Impact time.
        t: f64,
        /// The failure.
        source: FrictionalImpactError,
    },
    /// A sticking contact's tangential column depends on other constraint columns that are not
    /// parallel to it: its friction force is not determined, and no group bound
    /// (|Σ λ_T| ≤ Σ μλ_N, which holds for parallel columns) decides when it starts to slide.
    #[error(
        "contact `{contact}` (index {index}) sticks with a tangential direction dependent on \
         other, non-parallel constraint directions at t = {t}: its friction force is not \
         determined (use time-stepping)"
    )]
    DependentFriction {
        /// Time.
        t: f64,
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
    },
    /// The slaved slip direction of a contact sliding slowly in its tangent plane (the zero of
    /// ŝ⊥·γ̇_T(ŝ), see [`evaluate`](super::evaluate)) was not found by the secant iteration.
    #[error(
        "the slip direction of contact `{contact}` (index {index}, μ = {friction}) sliding \
         slowly in its tangent plane at t = {t} was not resolved (residual {residual:e} of the \
         transverse slip acceleration)"
    )]
    SlipDirectionUnresolved {
        /// Time.
        t: f64,
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its friction coefficient μ.
        friction: f64,
        /// The transverse slip acceleration ŝ⊥·γ̇_T left.
        residual: f64,
    },
    /// [`run`](super::EventDriven::run) was asked for a horizon that is NaN or infinite: a run to
    /// t = ∞ would report times that overflow, and one to NaN would end at once.
    #[error("the end time of an event-driven run must be finite, got t_end = {t_end} (at t = {t})")]
    NonFiniteHorizon {
        /// The integrator's time.
        t: f64,
        /// The end time asked for.
        t_end: f64,
    },
    /// An impact raised the kinetic energy beyond
    /// [`impact_energy_gain`](super::EventOptions::impact_energy_gain): Newton's restitution
    /// with Coulomb friction (Glocker & Studer 2005, (6)–(12)) is not energetically consistent
    /// at this state (Kane's example; Stronge 1991), so the state after it is not physical.
    /// The state is left before the impact.
    #[error(
        "the impact of contact `{contact}` (index {index}) at t = {t} raises the kinetic energy \
         from {pre:e} to {post:e} (at most {bound:e} allowed by impact_energy_gain): Newton's \
         restitution with Coulomb friction creates energy here (Kane's example; Stronge 1991)"
    )]
    ImpactEnergyGain {
        /// Time of the impact.
        t: f64,
        /// Name of the triggering contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Kinetic energy before, T⁻.
        pre: f64,
        /// Kinetic energy after, T⁺.
        post: f64,
        /// The largest T⁺ allowed.
        bound: f64,
    },
    /// In a sliding phase the matrix A(μ) of the sliding contacts became singular (its scaled
    /// determinant reached zero): μ reached the Painlevé bound of the configuration, beyond
    /// which the sliding motion has no or no unique continuation (Painlevé 1895; Génot &
    /// Brogliato 1999). The integration stops at that time, with the bound.
    #[error(
        "sliding became ill-posed at t = {t} (Painlevé): {}",
        culprit.as_ref().map_or_else(|| "no bound available".to_string(), |c| c.to_string())
    )]
    PainleveSingularity {
        /// Time at which det A(μ) reached zero.
        t: f64,
        /// The contact whose μ exceeds its own bound the most, with the bounds.
        culprit: Option<Box<PainleveBound>>,
    },
    /// The derivative iteration of Lötstedt's Theorem 5.4 left a contact undecided at its highest
    /// level: its multiplier, its normal acceleration and their time derivatives vanish up to
    /// order `level`, so whether it stays closed or opens is decided by derivatives the
    /// iteration did not reach (`EventOptions::max_derivative_order`, at most
    /// [`MAX_DERIVATIVE_ORDER`](super::derivative_iteration::MAX_DERIVATIVE_ORDER)). Keeping it
    /// closed could hold the body with a pulling force; opening it could let it sink.
    #[error(
        "contact `{contact}` (index {index}) is undecided at t = {t}: λ, δ and their time \
         derivatives vanish up to order {level} (Lötstedt 1982, Theorem 5.4), so whether it stays \
         closed depends on higher derivatives than the iteration reached"
    )]
    UndecidedContact {
        /// Time of the decision.
        t: f64,
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// The highest level k the iteration solved.
        level: usize,
    },
    /// Events followed each other at one instant without the time advancing: the contact that
    /// triggered the last one is reopened and closed again (or the like), so that neither
    /// keeping it closed (its multiplier pulls) nor opening it (its gap closes at once) is
    /// consistent at the order the iteration resolves.
    #[error(
        "contact `{contact}` (index {index}) triggered {events} events in a row at t = {t} without \
         the time advancing: neither closing nor opening it is consistent there"
    )]
    EventCycle {
        /// The instant.
        t: f64,
        /// Name of the contact of the last event.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Events at this instant before the refusal.
        events: usize,
    },
    /// The step size collapsed: more than 50 rejected steps in a row, or more than 1000 accepted
    /// steps in a row each shorter than 1e-12·(1 + |t|). The motion is stuck where the
    /// integrator cannot pass (a singular configuration whose constraints it cannot resolve, a
    /// discontinuity of the model); `constraints` names the bilateral constraints left out of
    /// the factor at that state (dependent on the others, or vanishing).
    #[error(
        "step size collapsed at t = {t}: {rejected_in_a_row} rejected and {tiny_in_a_row} tiny \
         steps in a row, smallest {smallest_step:e}; bilateral constraints dependent or vanishing \
         there: {constraints}"
    )]
    StepSizeCollapse {
        /// Time reached.
        t: f64,
        /// The smallest step tried in the run of rejected or tiny steps.
        smallest_step: f64,
        /// Rejected steps in a row.
        rejected_in_a_row: usize,
        /// Accepted tiny steps in a row.
        tiny_in_a_row: usize,
        /// The constraints left out of the factor at the state reached.
        constraints: String,
    },
    /// The error control asked for a step below `EventOptions::min_step`.
    #[error("step size underflow at t = {t}: h = {h:e} < {min_step:e}")]
    StepSizeUnderflow {
        /// Time reached.
        t: f64,
        /// Rejected step size.
        h: f64,
        /// The minimum allowed.
        min_step: f64,
    },
    /// The state, a model output or a multiplier became NaN or infinite.
    #[error("non-finite {what} at t = {t}: {entry}")]
    NonFinite {
        /// Time at which it was detected.
        t: f64,
        /// Which quantity.
        what: &'static str,
        /// Its first entry that is NaN or infinite.
        entry: NonFiniteEntry,
    },
    /// The mass matrix is not positive definite (Cholesky failed).
    #[error(
        "mass matrix not positive definite at t = {t} (smallest eigenvalue {smallest_eigenvalue:e})"
    )]
    MassMatrixNotPositiveDefinite {
        /// Time.
        t: f64,
        /// Smallest eigenvalue of (M + Mᵀ)/2 there (see [`crate::linalg::spd`]).
        smallest_eigenvalue: f64,
    },
    /// More than `EventOptions::max_events` events: an accumulation point that the Zeno
    /// criterion did not recognise, or chattering.
    #[error("more than {limit} events before t = {t}")]
    TooManyEvents {
        /// Time reached.
        t: f64,
        /// The limit in force.
        limit: usize,
    },
    /// More than `EventOptions::max_steps` steps (accepted and rejected).
    #[error("more than {limit} steps before t = {t}")]
    TooManySteps {
        /// Time reached.
        t: f64,
        /// The limit in force.
        limit: usize,
    },
}

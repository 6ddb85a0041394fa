//! Typed failures of the event-driven integrator. Every variant carries the time and the
//! numbers a user needs to diagnose it; the integrator never returns a NaN state silently.

use crate::lcp::LcpError;

/// Which complementarity problem an [`EventError::Lcp`] came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LcpStage {
    /// The acceleration-level LCP (Lötstedt 1982, (2.5b)) that picks the active set.
    Acceleration,
    /// The level-k derivative LCP of the Theorem 5.4 iteration ((5.12), k = 1 or 2).
    DerivativeIteration {
        /// The level k: the LCP is for (λ⁽ᵏ⁾, δ⁽ᵏ⁾).
        order: usize,
    },
    /// The impact LCP with Newton's law (Lötstedt (2.11), (3.9)–(3.10); Brogliato (77)).
    Impact,
}

/// Why the event-driven integration stopped.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum EventError {
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
    /// The initial state violates a constraint: a bilateral residual |g| or |Gᵀq̇ + ĝ|, a
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
    /// A contact of the model has Coulomb friction μ ≠ 0. The event-driven integrator treats
    /// contacts as frictionless (no tangential forces or impulses), so it refuses such a model
    /// instead of dropping the friction; time-stepping handles friction.
    #[error(
        "contact `{contact}` (index {index}) has Coulomb friction μ = {friction}: the \
         event-driven integrator handles frictionless contacts only (use time-stepping)"
    )]
    FrictionNotSupported {
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its friction coefficient μ.
        friction: f64,
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
    #[error("non-finite {what} at t = {t}")]
    NonFinite {
        /// Time at which it was detected.
        t: f64,
        /// Which quantity.
        what: &'static str,
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
}

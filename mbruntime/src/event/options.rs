//! Tolerances and switches of the event-driven integrator.

use super::zeno::ZenoThresholds;

/// How the active set is chosen after an event (Lötstedt 1982, Sect. 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ActiveSetRule {
    /// The acceleration LCP (2.5b) and, for contacts whose multiplier and normal acceleration
    /// both vanish, the derivative LCPs of Theorem 5.4 ((5.10)–(5.13)) for k = 1, 2 (up to
    /// [`EventOptions::max_derivative_order`]); see
    /// [`derivative_iteration`](super::derivative_iteration).
    #[default]
    DerivativeIteration,
    /// Naive rule J₁ = {i | λᵢ(t₀) > 0}: shown wrong by Lötstedt (Sect. 5); for tests only.
    NaiveMultiplier,
    /// Naive rule J₂ = {i | δᵢ(t₀) = 0}: shown wrong by Lötstedt (Sect. 5); for tests only.
    NaiveAcceleration,
}

/// Options of [`EventDriven`](super::EventDriven).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EventOptions {
    /// Relative tolerance of the Dormand–Prince error control.
    pub rtol: f64,
    /// Absolute tolerance of the error control.
    pub atol: f64,
    /// First trial step \[s\].
    pub initial_step: f64,
    /// Largest step \[s\].
    pub max_step: f64,
    /// Smallest step before [`EventError::StepSizeUnderflow`](super::EventError) \[s\].
    pub min_step: f64,
    /// A gap |g_N| below this counts as closed (units of the gap).
    pub gap_tolerance: f64,
    /// A normal velocity |γ| below this counts as zero (units of γ).
    pub velocity_tolerance: f64,
    /// A closed contact with friction slides when its slip velocity |γ_T| exceeds this, and is
    /// at rest otherwise (units of γ_T).
    pub slip_tolerance: f64,
    /// Relative threshold under which a multiplier or normal acceleration (or their first
    /// derivatives) counts as zero in the active-set decision; scaled by the size of the data.
    pub zero_tolerance: f64,
    /// Relative threshold of the rank-revealing Gram–Schmidt (dependent constraint columns).
    pub rank_tolerance: f64,
    /// Zeno flight model: the model τ(v) = v(a₁ + a₂v + a₃v²) fitted to the last three flights
    /// of a contact must predict the flight before them to this relative tolerance
    /// (see [`zeno`](super::zeno)).
    pub zeno_model_tolerance: f64,
    /// Zeno flight model: switch a contact to persistent once the remaining flights predicted by
    /// the model last at most this \[s\] (the contact is reported at rest at the predicted
    /// accumulation time).
    pub zeno_model_time: f64,
    /// Geometric Zeno criterion: consecutive flight-time ratios must agree to this relative
    /// tolerance.
    pub zeno_ratio_tolerance: f64,
    /// Geometric Zeno criterion: switch a contact to persistent once the predicted remaining
    /// duration of the geometric sequence of flights is at most this \[s\].
    pub zeno_time: f64,
    /// Stop with an error after this many events.
    pub max_events: usize,
    /// Active-set rule after events.
    pub active_set_rule: ActiveSetRule,
    /// Highest level k of the Theorem 5.4 derivative iteration (0, 1 or 2; larger values act
    /// as [`MAX_DERIVATIVE_ORDER`](super::derivative_iteration::MAX_DERIVATIVE_ORDER) = 2).
    /// Contacts still undecided after that level (λ⁽ʲ⁾ = δ⁽ʲ⁾ = 0 for j ≤ k) are kept closed.
    pub max_derivative_order: usize,
}

impl Default for EventOptions {
    fn default() -> Self {
        Self {
            rtol: 1e-10,
            atol: 1e-12,
            initial_step: 1e-3,
            max_step: f64::INFINITY,
            min_step: 1e-14,
            gap_tolerance: 1e-10,
            velocity_tolerance: 1e-10,
            slip_tolerance: 1e-10,
            zero_tolerance: 1e-9,
            rank_tolerance: 1e-9,
            zeno_model_tolerance: 1e-7,
            zeno_model_time: 1e-3,
            zeno_ratio_tolerance: 1e-3,
            zeno_time: 1e-10,
            max_events: 100_000,
            active_set_rule: ActiveSetRule::DerivativeIteration,
            max_derivative_order: 2,
        }
    }
}

impl EventOptions {
    /// The thresholds of the flight-model and geometric Zeno criteria.
    pub fn zeno_thresholds(&self) -> ZenoThresholds {
        ZenoThresholds {
            model_tolerance: self.zeno_model_tolerance,
            model_time: self.zeno_model_time,
            ratio_tolerance: self.zeno_ratio_tolerance,
            geometric_time: self.zeno_time,
        }
    }
}

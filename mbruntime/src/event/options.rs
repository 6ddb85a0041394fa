//! Tolerances and switches of the event-driven integrator.

use super::error::EventError;
use super::evaluate::ColumnTolerances;
use super::zeno::ZenoThresholds;

/// Highest level k of the Theorem 5.4 iteration: the k-th derivatives of the multipliers and
/// normal accelerations, from the (k+2)-th derivatives of the constraints.
pub const MAX_DERIVATIVE_ORDER: usize = 8;

/// How the active set is chosen after an event (Lötstedt 1982, Sect. 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ActiveSetRule {
    /// The acceleration LCP (2.5b) and, for contacts whose multiplier and normal acceleration
    /// both vanish, the derivative LCPs of Theorem 5.4 ((5.10)–(5.13)) for k = 1, 2, … as far
    /// as needed (up to [`EventOptions::max_derivative_order`]); see
    /// [`derivative_iteration`](super::derivative_iteration).
    #[default]
    DerivativeIteration,
    /// Naive rule J₁ = {i | λᵢ(t₀) > 0}: shown wrong by Lötstedt (Sect. 5); for tests only.
    /// A contact it keeps closed stays closed even when its multiplier pulls (the guard of the
    /// derivative iteration is off), so that the candidate set it picks can be simulated.
    NaiveMultiplier,
    /// Naive rule J₂ = {i | δᵢ(t₀) = 0}: shown wrong by Lötstedt (Sect. 5); for tests only
    /// (without the guard against pulling multipliers, as `NaiveMultiplier`).
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
    /// A contact sliding in a tangent plane whose slip relaxation time ‖γ_T‖/(μλ_N b) (b the
    /// largest eigenvalue of W_TᵀM_c⁻¹W_T) is below this takes the slaved slip direction, the
    /// one along which it accelerates, instead of γ_T/‖γ_T‖, and so does one slower than
    /// [`slaved_slip_speed`](Self::slaved_slip_speed) (\[s\]; see
    /// [`evaluate`](super::evaluate), "Spatial friction"). Zero: never.
    pub slip_relaxation_time: f64,
    /// Relative threshold under which a multiplier or normal acceleration (or their first
    /// derivatives) counts as zero in the active-set decision; scaled by the size of the data.
    pub zero_tolerance: f64,
    /// Relative threshold of the rank-revealing Gram–Schmidt (dependent constraint columns).
    pub rank_tolerance: f64,
    /// Relative threshold under which a bilateral column counts as dependent on the columns
    /// before it in the acceleration and the projections (at least `rank_tolerance`). The
    /// redundant closure of an overconstrained loop (the IFToMM Bricard mechanism) is
    /// dependent only on the constraint manifold; at the integration error ε off it its
    /// remainder is O(ε), and a threshold below ε lets the stages of one step see different
    /// ranks (see [`evaluate`](super::evaluate), "Redundant columns"). `None`: √rtol.
    pub redundancy_tolerance: Option<f64>,
    /// A bilateral constraint whose column G_i has shrunk below this fraction of the largest
    /// size it has had along the motion (in the kinetic metric, ‖L⁻¹G_i‖) is left out of the
    /// acceleration and the projections while it is that small: near a singular configuration of
    /// a closed loop, where rows of G vanish, the constraint holds to second order along the
    /// motion and its vanishing column would amplify the integration error (see
    /// [`evaluate`](super::evaluate), "Columns that vanish"). `None`: rtol^(1/3).
    pub vanishing_tolerance: Option<f64>,
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
    /// Relative kinetic energy an impact may add before it stops the run with
    /// [`EventError::ImpactEnergyGain`](super::EventError): the impact is accepted while
    /// T⁺ ≤ (1 + this)·T⁻ + ½·`velocity_tolerance`·Σ|Λ_N| (the second term bounds the work of
    /// contacts that take part at rest within `velocity_tolerance`, Lötstedt 1982, (3.11)).
    /// Without friction Newton's law never adds energy (Lötstedt (3.11)); with Coulomb friction
    /// it can, where the impulse reverses the slip (Kane's example; Stronge 1991, "Unravelling
    /// paradoxical theories for rigid body collisions", J. Appl. Mech. 58), and the state after
    /// such an impact is not physical. Default 1e-9 (round-off); `f64::INFINITY` accepts every
    /// impact as the law gives it.
    pub impact_energy_gain: f64,
    /// Stop with an error after this many events.
    pub max_events: usize,
    /// Stop with an error after this many steps, accepted and rejected (over the integrator's
    /// life, as `max_events`): every run ends, even where the step size settles far below what
    /// the horizon needs.
    pub max_steps: usize,
    /// Active-set rule after events.
    pub active_set_rule: ActiveSetRule,
    /// Highest level k of the Theorem 5.4 derivative iteration (larger values act as
    /// [`MAX_DERIVATIVE_ORDER`] = 8, the
    /// default). A contact still undecided after that level (λ⁽ʲ⁾ = δ⁽ʲ⁾ = 0 for j ≤ k) stops
    /// the integration with [`EventError::UndecidedContact`](super::EventError).
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
            slip_relaxation_time: 1e-8,
            zero_tolerance: 1e-9,
            rank_tolerance: 1e-9,
            redundancy_tolerance: None,
            vanishing_tolerance: None,
            zeno_model_tolerance: 1e-7,
            zeno_model_time: 1e-3,
            zeno_ratio_tolerance: 1e-3,
            zeno_time: 1e-10,
            impact_energy_gain: 1e-9,
            max_events: 100_000,
            max_steps: 100_000_000,
            active_set_rule: ActiveSetRule::DerivativeIteration,
            max_derivative_order: MAX_DERIVATIVE_ORDER,
        }
    }
}

impl EventOptions {
    /// Checks every option, the one check the integrator, the ensembles and the Python
    /// bindings apply: tolerances and steps finite and > 0 (`max_step` may be +∞, and is at
    /// least `min_step`), the optional thresholds finite and > 0 when given, the Zeno
    /// thresholds finite and ≥ 0 (zero disables a criterion), `impact_energy_gain` ≥ 0 (+∞
    /// allowed), `max_events` and `max_steps` at least 1.
    pub fn validate(&self) -> Result<(), EventError> {
        let out_of_range = |option, value, rule| EventError::InvalidOption {
            option,
            value,
            rule,
        };
        for (option, value) in [
            ("rtol", self.rtol),
            ("atol", self.atol),
            ("initial_step", self.initial_step),
            ("min_step", self.min_step),
            ("gap_tolerance", self.gap_tolerance),
            ("velocity_tolerance", self.velocity_tolerance),
            ("slip_tolerance", self.slip_tolerance),
            ("zero_tolerance", self.zero_tolerance),
            ("rank_tolerance", self.rank_tolerance),
            (
                "redundancy_tolerance",
                self.redundancy_tolerance.unwrap_or(1.0),
            ),
            (
                "vanishing_tolerance",
                self.vanishing_tolerance.unwrap_or(1.0),
            ),
        ] {
            if !(value.is_finite() && value > 0.0) {
                return Err(out_of_range(option, value, "finite and > 0"));
            }
        }
        if !(self.max_step > 0.0 && self.max_step >= self.min_step) {
            return Err(out_of_range(
                "max_step",
                self.max_step,
                "> 0 and at least min_step (+∞ allowed)",
            ));
        }
        for (option, value) in [
            ("zeno_model_tolerance", self.zeno_model_tolerance),
            ("zeno_model_time", self.zeno_model_time),
            ("zeno_ratio_tolerance", self.zeno_ratio_tolerance),
            ("zeno_time", self.zeno_time),
            ("slip_relaxation_time", self.slip_relaxation_time),
        ] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(out_of_range(option, value, "finite and ≥ 0"));
            }
        }
        if self.impact_energy_gain.is_nan() || self.impact_energy_gain < 0.0 {
            return Err(out_of_range(
                "impact_energy_gain",
                self.impact_energy_gain,
                "≥ 0 (+∞ allowed)",
            ));
        }
        if self.max_events == 0 {
            return Err(out_of_range("max_events", 0.0, "at least 1"));
        }
        if self.max_steps == 0 {
            return Err(out_of_range("max_steps", 0.0, "at least 1"));
        }
        Ok(())
    }

    /// The vanishing tolerance in force: the given one, or rtol^(1/3).
    pub fn vanishing_tolerance(&self) -> f64 {
        self.vanishing_tolerance.unwrap_or_else(|| self.rtol.cbrt())
    }

    /// The dependence threshold of bilateral columns in force: the given redundancy tolerance
    /// or √rtol, and never below `rank_tolerance`.
    pub fn redundancy_tolerance(&self) -> f64 {
        self.redundancy_tolerance
            .unwrap_or_else(|| self.rtol.sqrt())
            .max(self.rank_tolerance)
    }

    /// The slip speed below which a slip in a tangent plane takes the slaved direction whatever
    /// its relaxation time: 100·atol, where the velocities' integration error decides
    /// γ_T/‖γ_T‖ (0 when `slip_relaxation_time` is 0: never slaved).
    pub fn slaved_slip_speed(&self) -> f64 {
        if self.slip_relaxation_time > 0.0 {
            100.0 * self.atol
        } else {
            0.0
        }
    }

    /// The thresholds by which the KKT workspace judges dependent and vanishing columns.
    pub fn column_tolerances(&self) -> ColumnTolerances {
        ColumnTolerances {
            rank: self.rank_tolerance,
            redundancy: self.redundancy_tolerance(),
            vanishing: self.vanishing_tolerance(),
        }
    }

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

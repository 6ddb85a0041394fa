//! Accumulation points (Zeno behaviour) of a contact.
//!
//! Each contact keeps its last five impact times t₋₄ < … < t₀ and rebound speeds v₋₄, …, v₀
//! (v = e|γ⁻|, the normal speed at which the next flight starts; reset when the contact
//! detaches through its multiplier or becomes persistent). Three criteria switch the contact
//! to persistent at an impact; each predicts the accumulation time t∞ at which the integrator
//! then reports the contact at rest (the flights in between are collapsed).
//!
//! **Flight model** (first; [`FlightHistory::impact`]). A flight that leaves the contact with
//! normal speed v lasts τ(v), an analytic function with τ(0) = 0: τ(v) = v (a₁ + a₂ v + a₃ v² +
//! O(v³)), a₁ = 2/|δ| for the normal acceleration δ (a parabola to first order). The last three
//! flights fix a₁, a₂, a₃ (quadratic interpolation of τ/v in v); the model is accepted if it
//! predicts the flight before them to `zeno_model_tolerance` (relative). With the speeds
//! falling by the measured ratio ρ = v₀/v₋₁ < 1 per impact (ρ = e for one contact on a system
//! whose flights conserve energy), the remaining flights last
//! R = a₁ v₀/(1 − ρ) + a₂ v₀²/(1 − ρ²) + a₃ v₀³/(1 − ρ³), and the criterion fires once
//! R ≤ `zeno_model_time`. Its error is O(v₀⁴) relative to R: for Lötstedt's hinged bar (flight
//! ratios 0.574, 0.525, 0.507, … tending to e = 0.5) it fires at R ≈ 1e-3 s with a model error
//! of 1e-13 s, long before the gap's rounding noise (1e-16 m against speeds of 1e-3) spoils the
//! impact times, which is what limited the other criteria on nonlinear systems to ~1e-7 s.
//!
//! **Geometric flights** (second). If the last two flight ratios r₁ = τ₂/τ₁, r₂ = τ₃/τ₂ lie in
//! (0, 1) and agree to |r₂ − r₁| ≤ `zeno_ratio_tolerance`·r₂, the flights form a geometric
//! sequence whose remaining duration is Σ_{k≥1} τ₃ r₂ᵏ = τ₃ r₂/(1 − r₂); it fires once that is at
//! most `zeno_time`. For the bouncing ball (Lötstedt Sect. 4) both criteria are exact.
//!
//! **Unresolvable flight** (third, [`unresolvable_flight_end`]): when the apex height (eγ⁻)²/(2|δ|) of the next
//! flight falls below the rounding level 256 ε Σⱼ|W_Nⱼᵢ qⱼ| of the gap, the flight cannot be
//! resolved (its gap values are rounding noise and the flight ratios stop being geometric);
//! the impact is then made inelastic as well. For a gap that is exactly representable near
//! zero (the bouncing ball, g_N = y) this level is zero and only the first criterion acts.
//! The flights that remain are then so slow that each is a parabola to first order: flight j
//! leaves with v_j = eʲ v (Newton's law, and energy conserved in flight returns the departure
//! speed) against the normal acceleration δ and lasts 2v_j/|δ| (1 + O(v_j)), so the
//! accumulation time is t + 2v/(|δ|(1 − e)) up to O(v²/δ²) — below 1e-12 s at the speeds where
//! the criterion fires (v ≲ 1e-6 for gaps of order one). This is what makes the accumulation
//! time of a nonlinear system exact where its flight ratios only tend to e, unlike the
//! geometric criterion, whose ratios would have to agree to round-off.

use crate::mechanism::Vector;

/// The last impact times and rebound speeds of one contact.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FlightHistory {
    times: [f64; 5],
    speeds: [f64; 5],
    count: usize,
}

/// The thresholds of the flight-model and geometric criteria (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ZenoThresholds {
    /// Largest relative error of the flight model on the flight before the three it is fitted to.
    pub model_tolerance: f64,
    /// Largest remaining time the flight model may collapse \[s\].
    pub model_time: f64,
    /// Agreement of consecutive flight ratios for the geometric criterion.
    pub ratio_tolerance: f64,
    /// Largest remaining time the geometric criterion may collapse \[s\].
    pub geometric_time: f64,
}

impl FlightHistory {
    /// Records an impact at t after which the contact leaves with normal speed `rebound`;
    /// returns the predicted accumulation time if the flight-model or the geometric criterion
    /// fires.
    pub fn impact(&mut self, t: f64, rebound: f64, limits: &ZenoThresholds) -> Option<f64> {
        self.times.rotate_left(1);
        self.speeds.rotate_left(1);
        self.times[4] = t;
        self.speeds[4] = rebound;
        self.count = (self.count + 1).min(5);
        self.flight_model(limits).or_else(|| self.geometric(limits))
    }

    /// The flight-model criterion: t₀ + R if the model of the last three flights predicts the
    /// one before them and R ≤ `model_time`.
    fn flight_model(&self, limits: &ZenoThresholds) -> Option<f64> {
        if self.count < 5 {
            return None;
        }
        let (t, v) = (&self.times, &self.speeds);
        let tau: [f64; 4] = std::array::from_fn(|i| t[i + 1] - t[i]);
        if tau
            .iter()
            .chain(v.iter())
            .any(|x| !(x.is_finite() && *x > 0.0))
        {
            return None;
        }
        // τ/v through (v₁, v₂, v₃) by Newton's divided differences: c₀ + c₁(v − v₁) + c₂(v − v₁)(v − v₂).
        let y = [tau[1] / v[1], tau[2] / v[2], tau[3] / v[3]];
        let d01 = (y[1] - y[0]) / (v[2] - v[1]);
        let d12 = (y[2] - y[1]) / (v[3] - v[2]);
        let c2 = (d12 - d01) / (v[3] - v[1]);
        let per_speed = |x: f64| y[0] + (x - v[1]) * (d01 + (x - v[2]) * c2);
        let predicted = v[0] * per_speed(v[0]);
        // Also refuses a NaN prediction.
        let consistent = (predicted - tau[0]).abs() <= limits.model_tolerance * tau[0];
        if !consistent {
            return None;
        }
        let rho = v[4] / v[3];
        if !(rho > 0.0 && rho < 1.0) {
            return None;
        }
        // τ(x) = a₁x + a₂x² + a₃x³ from the Newton form; R = Σⱼ τ(ρʲ v₀).
        let a3 = c2;
        let a2 = d01 - c2 * (v[1] + v[2]);
        let a1 = y[0] - v[1] * d01 + v[1] * v[2] * c2;
        let x = v[4];
        let remaining = a1 * x / (1.0 - rho)
            + a2 * x * x / (1.0 - rho * rho)
            + a3 * x * x * x / (1.0 - rho * rho * rho);
        (remaining > 0.0 && remaining <= limits.model_time).then_some(t[4] + remaining)
    }

    /// The geometric criterion on the last four impact times.
    fn geometric(&self, limits: &ZenoThresholds) -> Option<f64> {
        if self.count < 4 {
            return None;
        }
        let t = &self.times;
        let tau1 = t[2] - t[1];
        let tau2 = t[3] - t[2];
        let tau3 = t[4] - t[3];
        if !(tau1 > 0.0 && tau2 > 0.0 && tau3 > 0.0) {
            return None;
        }
        let (r1, r2) = (tau2 / tau1, tau3 / tau2);
        if !(r2 > 0.0 && r2 < 1.0 && (r2 - r1).abs() <= limits.ratio_tolerance * r2) {
            return None;
        }
        let remaining = tau3 * r2 / (1.0 - r2);
        (remaining <= limits.geometric_time).then_some(t[4] + remaining)
    }
}

/// Second criterion: the apex height v²/(2|δ|) of the next free flight of a contact, leaving
/// with rebound velocity v = eγ⁻ against the normal acceleration δ = wᵀq̈ + ẇ < 0, is below the
/// rounding level 256 ε Σⱼ|wⱼ qⱼ| of its gap (w its W_N column at q), so that flight cannot be
/// resolved. Returns the accumulation time t + 2v/(|δ|(1 − e)) of the remaining parabolic
/// flights (see the module docs) if the criterion fires; `None` if δ ≥ 0 (no return) or
/// e ∉ [0, 1).
pub fn unresolvable_flight_end<const NQ: usize>(
    w: &Vector<NQ>,
    q: &Vector<NQ>,
    normal_acceleration: f64,
    rebound_velocity: f64,
    restitution: f64,
    t: f64,
) -> Option<f64> {
    let (delta, v, e) = (normal_acceleration, rebound_velocity, restitution);
    if delta >= 0.0 || !(0.0..1.0).contains(&e) {
        return None;
    }
    let noise = 256.0
        * f64::EPSILON
        * w.iter()
            .zip(q.iter())
            .map(|(wi, qi)| (wi * qi).abs())
            .sum::<f64>();
    let apex = v * v / (2.0 * -delta);
    (apex <= noise).then_some(t + 2.0 * v / (-delta * (1.0 - e)))
}

#[cfg(test)]
mod tests {
    use super::{FlightHistory, ZenoThresholds, unresolvable_flight_end};
    use crate::mechanism::Vector;

    const GEOMETRIC_ONLY: ZenoThresholds = ZenoThresholds {
        model_tolerance: 1e-7,
        model_time: 0.0,
        ratio_tolerance: 1e-9,
        geometric_time: 10.0,
    };

    /// Bouncing ball (Lötstedt 1982, Sect. 4): impacts at t₁ and tₖ₊₁ = tₖ + 2eᵏv/g accumulate
    /// at t_∞ = t₁ + 2ev/(g(1 − e)); the geometric criterion fires at the fourth impact and the
    /// flight model (exact here: τ = 2v/g) at the fifth, both predicting t_∞.
    #[test]
    fn geometric_flights_predict_the_accumulation_time() {
        let (g, v, e, t1) = (9.81, 4.0, 0.5, 0.3);
        let t_inf = t1 + 2.0 * e * v / (g * (1.0 - e));
        let model_only = ZenoThresholds {
            model_time: 10.0,
            geometric_time: 0.0,
            ..GEOMETRIC_ONLY
        };
        for (limits, fires_at) in [(GEOMETRIC_ONLY, 4), (model_only, 5)] {
            let mut history = FlightHistory::default();
            let mut t = t1;
            for k in 1..=5 {
                let fired = history.impact(t, e.powi(k) * v, &limits);
                if k < fires_at {
                    assert_eq!(fired, None, "impact {k}");
                } else {
                    let predicted = fired.expect("fires");
                    assert!(
                        (predicted - t_inf).abs() < 1e-14 * t_inf,
                        "{predicted} vs {t_inf}"
                    );
                    break;
                }
                t += 2.0 * e.powi(k) * v / g;
            }
        }
        // A remaining time above the limits does not fire.
        let tight = ZenoThresholds {
            model_time: 1e-3,
            geometric_time: 1e-3,
            ..GEOMETRIC_ONLY
        };
        let mut history = FlightHistory::default();
        let mut t = t1;
        for k in 1..=5 {
            assert_eq!(history.impact(t, e.powi(k) * v, &tight), None);
            t += 2.0 * e.powi(k) * v / g;
        }
    }

    /// Flights τ(v) = v(a₁ + a₂v + a₃v²) with speeds falling by ρ: the model is exact and its
    /// tail equals the series Σⱼ τ(ρʲv₀) summed term by term; a sequence that the model does not
    /// describe (a flight out of line) is refused.
    #[test]
    fn cubic_flights_are_summed_exactly_and_outliers_refused() {
        let (a1, a2, a3, rho) = (0.4, 0.07, -0.02, 0.6f64);
        let tau = |v: f64| v * (a1 + v * (a2 + v * a3));
        let limits = ZenoThresholds {
            model_time: 10.0,
            geometric_time: 0.0,
            ..GEOMETRIC_ONLY
        };
        let speeds: Vec<f64> = (0..5).map(|k| 0.8 * rho.powi(k)).collect();
        let mut history = FlightHistory::default();
        let mut t = 1.0;
        let mut fired = None;
        for (k, &v) in speeds.iter().enumerate() {
            fired = history.impact(t, v, &limits);
            assert!(k == 4 || fired.is_none());
            t += tau(v);
        }
        let series: f64 = (0..400).map(|j| tau(speeds[4] * rho.powi(j))).sum();
        let t0 = t - tau(speeds[4]);
        let predicted = fired.expect("fires at the fifth impact");
        assert!(
            (predicted - (t0 + series)).abs() < 1e-14,
            "{predicted} vs {}",
            t0 + series
        );

        let mut history = FlightHistory::default();
        let mut t = 1.0;
        for (k, &v) in speeds.iter().enumerate() {
            assert_eq!(history.impact(t, v, &limits), None, "impact {k}");
            t += tau(v) * if k == 0 { 1.001 } else { 1.0 };
        }
    }

    /// A flight of apex v²/(2|δ|) below the rounding level 256 ε Σ|wⱼqⱼ| of its gap cannot be
    /// resolved; the parabolic flights that follow, of speeds eʲv, end at t + 2v/(|δ|(1 − e)).
    #[test]
    fn a_flight_below_the_rounding_level_of_its_gap_is_unresolvable() {
        let (w, q) = (Vector::<1>::new(1.0), Vector::<1>::new(1e3));
        let level = 256.0 * f64::EPSILON * 1e3;
        let g = 9.81;
        let v_low = (2.0 * g * level * 0.5).sqrt();
        let v_high = (2.0 * g * level * 2.0).sqrt();
        let e = 0.5;
        let end = unresolvable_flight_end(&w, &q, -g, v_low, e, 1.0).expect("unresolvable");
        let flights: f64 = (0..200).map(|j| 2.0 * e.powi(j) * v_low / g).sum();
        assert!((end - (1.0 + flights)).abs() < 1e-15);
        assert_eq!(unresolvable_flight_end(&w, &q, -g, v_high, e, 1.0), None);
        assert_eq!(
            unresolvable_flight_end(&w, &q, g, v_low, e, 1.0),
            None,
            "δ > 0: no return"
        );
        assert_eq!(
            unresolvable_flight_end(&w, &q, -g, v_low, 1.0, 1.0),
            None,
            "e = 1"
        );
    }
}

//! Accumulation points (Zeno behaviour) of a contact.
//!
//! Criterion (documented choice): keep the last four impact times t₋₃ < … < t₀ of a contact
//! (reset when the contact detaches through its multiplier or becomes persistent) and the
//! flight durations τ₁, τ₂, τ₃ between them. If both ratios r₁ = τ₂/τ₁, r₂ = τ₃/τ₂ lie in
//! (0, 1) and agree to |r₂ − r₁| ≤ `ratio_tol`·r₂, the flights form a geometric sequence whose
//! remaining duration is Σ_{k≥1} τ₃ r₂ᵏ = τ₃ r₂/(1 − r₂). Once that is at most `zeno_time`, the
//! impact at t₀ is made inelastic (the contact becomes persistent) and the accumulation time
//! t₀ + τ₃r₂/(1 − r₂) is reported. For the bouncing ball (Lötstedt Sect. 4) the rule fires
//! after ⌈ln(zeno_time(1 − e)/(τ₁ e))/ln e⌉ impacts: bounded work, and the resting contact
//! is then handled by the acceleration LCP (λ = mg).
//!
//! Second criterion ([`unresolvable_flight_end`]): when the apex height (eγ⁻)²/(2|δ|) of the next
//! flight falls below the rounding level 256 ε Σⱼ|W_Nⱼᵢ qⱼ| of the gap, the flight cannot be
//! resolved (its gap values are rounding noise and the flight ratios stop being geometric);
//! the impact is then made inelastic as well. For a gap that is exactly representable near
//! zero (the bouncing ball, g_N = y) this level is zero and only the first criterion acts.

use crate::mechanism::Vector;

/// The last impact times of one contact.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FlightHistory {
    times: [f64; 4],
    count: usize,
}

impl FlightHistory {
    /// Records an impact at t; returns the predicted accumulation time if the criterion fires.
    pub fn impact(&mut self, t: f64, ratio_tol: f64, zeno_time: f64) -> Option<f64> {
        self.times.rotate_left(1);
        self.times[3] = t;
        self.count = (self.count + 1).min(4);
        if self.count < 4 {
            return None;
        }
        let tau1 = self.times[1] - self.times[0];
        let tau2 = self.times[2] - self.times[1];
        let tau3 = self.times[3] - self.times[2];
        if !(tau1 > 0.0 && tau2 > 0.0 && tau3 > 0.0) {
            return None;
        }
        let (r1, r2) = (tau2 / tau1, tau3 / tau2);
        if !(r2 > 0.0 && r2 < 1.0 && (r2 - r1).abs() <= ratio_tol * r2) {
            return None;
        }
        let remaining = tau3 * r2 / (1.0 - r2);
        (remaining <= zeno_time).then_some(t + remaining)
    }
}

/// Second criterion: the apex height v²/(2|δ|) of the next free flight of a contact, leaving
/// with rebound velocity v = eγ⁻ against the normal acceleration δ = wᵀq̈ + ẇ < 0, is below the
/// rounding level 256 ε Σⱼ|wⱼ qⱼ| of its gap (w its W_N column at q), so that flight cannot be
/// resolved. Returns the predicted end t + 2v/|δ| of that flight if the criterion fires; `None`
/// if δ ≥ 0 (no return).
pub fn unresolvable_flight_end<const NQ: usize>(
    w: &Vector<NQ>,
    q: &Vector<NQ>,
    normal_acceleration: f64,
    rebound_velocity: f64,
    t: f64,
) -> Option<f64> {
    let (delta, v) = (normal_acceleration, rebound_velocity);
    if delta >= 0.0 {
        return None;
    }
    let noise = 256.0
        * f64::EPSILON
        * w.iter()
            .zip(q.iter())
            .map(|(wi, qi)| (wi * qi).abs())
            .sum::<f64>();
    let apex = v * v / (2.0 * -delta);
    (apex <= noise).then_some(t + 2.0 * v / -delta)
}

#[cfg(test)]
mod tests {
    use super::{FlightHistory, unresolvable_flight_end};
    use crate::mechanism::Vector;

    /// Bouncing ball (Lötstedt 1982, Sect. 4): impacts at t₁ and tₖ₊₁ = tₖ + 2eᵏv/g accumulate
    /// at t_∞ = t₁ + 2ev/(g(1 − e)); the criterion fires at the fourth impact and predicts t_∞.
    #[test]
    fn geometric_flights_predict_the_accumulation_time() {
        let (g, v, e, t1) = (9.81, 4.0, 0.5, 0.3);
        let t_inf = t1 + 2.0 * e * v / (g * (1.0 - e));
        let mut history = FlightHistory::default();
        let mut t = t1;
        for k in 1..=4 {
            let fired = history.impact(t, 1e-9, 10.0);
            if k < 4 {
                assert_eq!(fired, None, "impact {k}");
            } else {
                let predicted = fired.expect("fires at the fourth impact");
                assert!(
                    (predicted - t_inf).abs() < 1e-14 * t_inf,
                    "{predicted} vs {t_inf}"
                );
            }
            t += 2.0 * e.powi(k) * v / g;
        }
        // A remaining time above `zeno_time` does not fire.
        let mut history = FlightHistory::default();
        let mut t = t1;
        for k in 1..=4 {
            assert_eq!(history.impact(t, 1e-9, 1e-3), None);
            t += 2.0 * e.powi(k) * v / g;
        }
    }

    /// A flight of apex v²/(2|δ|) below the rounding level 256 ε Σ|wⱼqⱼ| of its gap cannot be
    /// resolved; its ballistic end is t + 2v/|δ|.
    #[test]
    fn a_flight_below_the_rounding_level_of_its_gap_is_unresolvable() {
        let (w, q) = (Vector::<1>::new(1.0), Vector::<1>::new(1e3));
        let level = 256.0 * f64::EPSILON * 1e3;
        let g = 9.81;
        let v_low = (2.0 * g * level * 0.5).sqrt();
        let v_high = (2.0 * g * level * 2.0).sqrt();
        let end = unresolvable_flight_end(&w, &q, -g, v_low, 1.0).expect("unresolvable");
        assert!((end - (1.0 + 2.0 * v_low / g)).abs() < 1e-15);
        assert_eq!(unresolvable_flight_end(&w, &q, -g, v_high, 1.0), None);
        assert_eq!(
            unresolvable_flight_end(&w, &q, g, v_low, 1.0),
            None,
            "δ > 0: no return"
        );
    }
}

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
//! Second criterion (in the integrator): when the apex height (eγ⁻)²/(2|δ|) of the next
//! flight falls below the rounding level 256 ε Σⱼ|W_Nⱼᵢ qⱼ| of the gap, the flight cannot be
//! resolved (its gap values are rounding noise and the flight ratios stop being geometric);
//! the impact is then made inelastic as well. For a gap that is exactly representable near
//! zero (the bouncing ball, g_N = y) this level is zero and only the first criterion acts.

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

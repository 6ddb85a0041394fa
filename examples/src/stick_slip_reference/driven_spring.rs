//! `SpringDraggedBlock`: Den Hartog's (1931) motion with stops, "Forced vibrations with combined
//! Coulomb and viscous friction", Trans. ASME 53, without viscous friction: a block of mass m
//! on a floor with friction μ, tied by a spring k to the point x_d(t) = x0 sin Ωt.
//!
//! At rest at x_s the block sticks while the spring force k(x_d − x_s) lies in [−F, F],
//! F = μ m g, i.e. while x0 sin Ωt lies in [x_s − F/k, x_s + F/k] (closed-form exit:
//! [`sine_band_exit`]). Sliding with slip sign σ from rest at (t_a, x_a),
//! m ẍ + k x = k x0 sin Ωt − σ F has the exact solution, ω₀² = k/m, τ = t − t_a,
//!
//! ```text
//! x(t) = P sin Ωt − σF/k + C₁ cos ω₀τ + C₂ sin ω₀τ,   P = k x0 / (k − m Ω²),
//! C₁ = x_a − P sin Ωt_a + σF/k,                     C₂ = −P Ω cos Ωt_a / ω₀,
//! ```
//!
//! and the slip ends at the first root of ẋ after t_a; the block then sticks if the spring
//! force is inside the band, else it slides back at once.

use super::crossings::{first_return_to_zero, sine_band_exit};
use super::{Motion, Phase, ReferenceError};
use crate::friction_event_models::spring_dragged_block::SpringDraggedBlock;
use std::f64::consts::PI;

/// Scan steps per natural period 2π/ω₀ when bracketing the end of a slip.
const SCAN_STEPS_PER_PERIOD: f64 = 4000.0;
/// Natural periods within which a slip must end.
const MAX_SLIP_PERIODS: f64 = 200.0;

/// The natural frequency ω₀ = √(k/m) of the block on the spring.
pub fn natural_frequency(p: &SpringDraggedBlock) -> f64 {
    (p.k / p.m).sqrt()
}

/// The driven end x_d(t) = x0 sin Ωt.
pub fn driven_end(p: &SpringDraggedBlock, t: f64) -> f64 {
    p.x0 * (p.omega * t).sin()
}

/// The exact slip from rest at (t_a, x_a) with slip sign σ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringSlip {
    /// Start of the slip [s].
    pub t_a: f64,
    /// Sign of the slip velocity.
    pub sigma: f64,
    /// Amplitude P of the forced response [m].
    pub p: f64,
    /// Static offset −σF/k [m].
    pub c0: f64,
    /// Coefficient C₁ of cos ω₀τ [m].
    pub c1: f64,
    /// Coefficient C₂ of sin ω₀τ [m].
    pub c2: f64,
    w0: f64,
    omega: f64,
}

impl SpringSlip {
    /// The slip of block `b` from rest at (t_a, x_a) with sign σ; refused at resonance.
    pub fn new(
        b: &SpringDraggedBlock,
        t_a: f64,
        x_a: f64,
        sigma: f64,
    ) -> Result<Self, ReferenceError> {
        let detuning = b.k - b.m * b.omega * b.omega;
        if detuning.abs() <= 1e-12 * b.k {
            return Err(ReferenceError::Resonance);
        }
        let (w0, omega) = (natural_frequency(b), b.omega);
        let p = b.k * b.x0 / detuning;
        let c0 = -sigma * b.mu * b.m * b.g / b.k;
        Ok(Self {
            t_a,
            sigma,
            p,
            c0,
            c1: x_a - p * (omega * t_a).sin() - c0,
            c2: -p * omega * (omega * t_a).cos() / w0,
            w0,
            omega,
        })
    }

    /// x(t).
    pub fn position(&self, t: f64) -> f64 {
        let wt = self.w0 * (t - self.t_a);
        self.p * (self.omega * t).sin() + self.c0 + self.c1 * wt.cos() + self.c2 * wt.sin()
    }

    /// ẋ(t).
    pub fn velocity(&self, t: f64) -> f64 {
        let wt = self.w0 * (t - self.t_a);
        self.p * self.omega * (self.omega * t).cos()
            + self.w0 * (self.c2 * wt.cos() - self.c1 * wt.sin())
    }
}

/// The motion at rest at (t, x): stick if the spring force is inside [−μ m g, μ m g], else
/// slip towards it.
fn motion_from_rest(p: &SpringDraggedBlock, t: f64, x: f64) -> Motion {
    let spring = p.k * (driven_end(p, t) - x);
    if spring.abs() <= p.mu * p.m * p.g {
        Motion::Stick
    } else {
        Motion::Slip {
            sigma: spring.signum(),
        }
    }
}

/// The first `count` phases of the block released at rest at (t0, x_start): their transition
/// times and positions.
pub fn phases(
    p: &SpringDraggedBlock,
    t0: f64,
    x_start: f64,
    count: usize,
) -> Result<Vec<Phase>, ReferenceError> {
    let natural_period = 2.0 * PI / natural_frequency(p);
    let band = p.mu * p.m * p.g / p.k;
    let (mut t, mut x) = (t0, x_start);
    let mut motion = motion_from_rest(p, t, x);
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let (t_end, x_end, next) = match motion {
            Motion::Stick => {
                let (t_end, sigma) = sine_band_exit(p.x0, p.omega, x - band, x + band, t)
                    .ok_or(ReferenceError::NoTransition { t })?;
                (t_end, x, Motion::Slip { sigma })
            }
            Motion::Slip { sigma } => {
                let slip = SpringSlip::new(p, t, x, sigma)?;
                let t_end = first_return_to_zero(
                    |s| slip.velocity(s),
                    sigma,
                    t,
                    natural_period / SCAN_STEPS_PER_PERIOD,
                    t + MAX_SLIP_PERIODS * natural_period,
                )?;
                let x_end = slip.position(t_end);
                (t_end, x_end, motion_from_rest(p, t_end, x_end))
            }
        };
        out.push(Phase {
            motion,
            t_start: t,
            t_end,
            x_start: x,
            x_end,
        });
        (t, x, motion) = (t_end, x_end, next);
    }
    Ok(out)
}

/// Position and velocity (x, ẋ) at time t on the motion given by `phases` (None outside them).
pub fn state(p: &SpringDraggedBlock, phases: &[Phase], t: f64) -> Option<(f64, f64)> {
    let ph = phases.iter().find(|ph| ph.t_start <= t && t <= ph.t_end)?;
    match ph.motion {
        Motion::Stick => Some((ph.x_start, 0.0)),
        Motion::Slip { sigma } => {
            let slip = SpringSlip::new(p, ph.t_start, ph.x_start, sigma).ok()?;
            Some((slip.position(t), slip.velocity(t)))
        }
    }
}

//! `RampBlock`: a block of mass m on a ramp at angle α with friction μ, pushed along the ramp by
//! F(t) = f0 sin ωt, starting at rest.
//!
//! The normal force is m g cos α throughout, so Coulomb's law reads: the block sticks while
//! F − m g sin α lies in the band [−μ m g cos α, μ m g cos α], i.e. while f0 sin ωt lies in
//! [F₋, F₊] with F_σ = m g (sin α + σ μ cos α); it leaves the band at a closed-form instant
//! ([`sine_band_exit`]). Sliding with slip sign σ from rest at (t_a, s_a),
//! m s̈ = f0 sin ωt − F_σ integrates to
//!
//! ```text
//! m ṡ(t) = (f0/ω)(cos ωt_a − cos ωt) − F_σ (t − t_a),
//! m (s(t) − s_a) = (f0/ω)((t − t_a) cos ωt_a − (sin ωt − sin ωt_a)/ω) − ½ F_σ (t − t_a)²,
//! ```
//!
//! and the slip ends at the first root of ṡ after t_a. There the block sticks if the push is
//! inside the band, else it slides back at once.

use super::crossings::{first_return_to_zero, sine_band_exit};
use super::{Motion, Phase, ReferenceError};
use crate::friction_event_models::ramp_block::RampBlock;
use std::f64::consts::PI;

/// Scan steps per period of the push when bracketing the end of a slip.
const SCAN_STEPS_PER_PERIOD: f64 = 4000.0;
/// Periods of the push within which a slip must end.
const MAX_SLIP_PERIODS: f64 = 50.0;

/// F_σ = m g (sin α + σ μ cos α): the push at which slip with sign σ starts from rest.
pub fn threshold(p: &RampBlock, sigma: f64) -> f64 {
    p.m * p.g * (p.alpha.sin() + sigma * p.mu * p.alpha.cos())
}

/// The push F(t) = f0 sin ωt [N].
pub fn push(p: &RampBlock, t: f64) -> f64 {
    p.f0 * (p.omega * t).sin()
}

/// The slip from rest at (t_a, s_a) with slip sign σ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RampSlip {
    /// Start of the slip [s].
    pub t_a: f64,
    /// Position at its start [m].
    pub s_a: f64,
    /// Sign of the slip velocity.
    pub sigma: f64,
    f_sigma: f64,
    m: f64,
    f0: f64,
    omega: f64,
}

impl RampSlip {
    /// The slip of block `p` from rest at (t_a, s_a) with sign σ.
    pub fn new(p: &RampBlock, t_a: f64, s_a: f64, sigma: f64) -> Self {
        Self {
            t_a,
            s_a,
            sigma,
            f_sigma: threshold(p, sigma),
            m: p.m,
            f0: p.f0,
            omega: p.omega,
        }
    }

    /// ṡ(t), with cos ωt_a − cos ωt = 2 sin(ω(t + t_a)/2) sin(ω(t − t_a)/2) (no cancellation near
    /// t_a).
    pub fn velocity(&self, t: f64) -> f64 {
        let (w, tau) = (self.omega, t - self.t_a);
        let dcos = 2.0 * (0.5 * w * (t + self.t_a)).sin() * (0.5 * w * tau).sin();
        (self.f0 / w * dcos - self.f_sigma * tau) / self.m
    }

    /// s(t).
    pub fn position(&self, t: f64) -> f64 {
        let (w, tau) = (self.omega, t - self.t_a);
        let dsin = 2.0 * (0.5 * w * (t + self.t_a)).cos() * (0.5 * w * tau).sin();
        let push = self.f0 / w * (tau * (w * self.t_a).cos() - dsin / w);
        self.s_a + (push - 0.5 * self.f_sigma * tau * tau) / self.m
    }

    /// s̈(t) = (f0 sin ωt − F_σ)/m.
    pub fn acceleration(&self, t: f64) -> f64 {
        (self.f0 * (self.omega * t).sin() - self.f_sigma) / self.m
    }
}

/// The motion at rest at t: stick if the push is inside the static band, else slip towards the
/// excess.
fn motion_from_rest(p: &RampBlock, t: f64) -> Motion {
    let excess = push(p, t) - p.m * p.g * p.alpha.sin();
    if excess.abs() <= p.mu * p.m * p.g * p.alpha.cos() {
        Motion::Stick
    } else {
        Motion::Slip {
            sigma: excess.signum(),
        }
    }
}

/// The first `count` phases of the block released at rest at (t0, s0): their transition times
/// and positions.
pub fn phases(p: &RampBlock, t0: f64, s0: f64, count: usize) -> Result<Vec<Phase>, ReferenceError> {
    let period = 2.0 * PI / p.omega;
    let (mut t, mut s) = (t0, s0);
    let mut motion = motion_from_rest(p, t);
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let (t_end, s_end, next) = match motion {
            Motion::Stick => {
                let (lo, hi) = (threshold(p, -1.0), threshold(p, 1.0));
                let (t_end, sigma) = sine_band_exit(p.f0, p.omega, lo, hi, t)
                    .ok_or(ReferenceError::NoTransition { t })?;
                (t_end, s, Motion::Slip { sigma })
            }
            Motion::Slip { sigma } => {
                let slip = RampSlip::new(p, t, s, sigma);
                let t_end = first_return_to_zero(
                    |x| slip.velocity(x),
                    sigma,
                    t,
                    period / SCAN_STEPS_PER_PERIOD,
                    t + MAX_SLIP_PERIODS * period,
                )?;
                (t_end, slip.position(t_end), motion_from_rest(p, t_end))
            }
        };
        out.push(Phase {
            motion,
            t_start: t,
            t_end,
            x_start: s,
            x_end: s_end,
        });
        (t, s, motion) = (t_end, s_end, next);
    }
    Ok(out)
}

/// Position and velocity (s, ṡ) at time t on the motion given by `phases` (None outside them).
pub fn state(p: &RampBlock, phases: &[Phase], t: f64) -> Option<(f64, f64)> {
    let ph = phases.iter().find(|ph| ph.t_start <= t && t <= ph.t_end)?;
    Some(match ph.motion {
        Motion::Stick => (ph.x_start, 0.0),
        Motion::Slip { sigma } => {
            let slip = RampSlip::new(p, ph.t_start, ph.x_start, sigma);
            (slip.position(t), slip.velocity(t))
        }
    })
}

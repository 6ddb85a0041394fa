//! `SpinningBall`: a solid ball (I = 2/5 m r²) bouncing on a rough floor with spin, planar.
//!
//! Flights are parabolas with ẋ and φ̇ constant. An impact with approach velocities
//! γ_N⁻ = ẏ⁻ < 0 and γ_T⁻ = ẋ⁻ + r φ̇⁻ is the single decoupled contact of Glocker & Studer
//! (2005), (24)–(33): the normal and tangential directions are M⁻¹-orthogonal (W_Nᵀ M⁻¹ W_T = 0),
//! so Λ_N = −(1 + e_N) m γ_N⁻; the sticking impulse Λ_T* = −(1 + e_T) γ_T⁻ / D_T with
//! D_T = W_Tᵀ M⁻¹ W_T = 1/m + r²/I is taken if |Λ_T*| ≤ μ Λ_N, else the sliding impulse
//! Λ_T = −μ Λ_N sign γ_T⁻; then m Δẋ = Λ_T, I Δφ̇ = r Λ_T, m Δẏ = Λ_N.
//!
//! With e_N < 1 the bounces accumulate: after an impact leaving at ẏ⁺ = v, the remaining flights
//! last 2v/(g (1 − e_N)) in total and the remaining normal impulses sum to m v (1 + e_N)/(1 − e_N).
//! Once the tangential velocity left at the accumulation point, estimated with every remaining
//! impact sliding, is still of the same sign and large enough for the next impact to slide, every
//! remaining impact slides (|γ_T⁻| only falls towards that value and Λ_N only falls), and the
//! tail is summed in closed form. Then the ball lies on the floor and slides with ẍ = −μ g σ,
//! I φ̈ = −μ m g r σ until γ_T = 0, and rolls on at constant speed.

use super::ReferenceError;
use crate::friction_event_models::spinning_ball::SpinningBall;

/// Impacts resolved one by one at most before the remaining bounces are summed or neglected
/// (e_N ≤ 0.9 needs fewer than 400).
const MAX_RESOLVED_IMPACTS: usize = 400;

/// The moment of inertia of the solid ball about its centre, I = 2/5 m r².
pub fn inertia(p: &SpinningBall) -> f64 {
    0.4 * p.m * p.r * p.r
}

/// D_T = 1/m + r²/I, the tangential entry of the Delassus matrix.
pub fn tangential_delassus(p: &SpinningBall) -> f64 {
    1.0 / p.m + p.r * p.r / inertia(p)
}

/// The state of the ball: time, centre, angle and their rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BallState {
    /// Time [s].
    pub t: f64,
    /// Centre, horizontal [m].
    pub x: f64,
    /// Centre, height [m].
    pub y: f64,
    /// Rotation angle, anticlockwise [rad].
    pub phi: f64,
    /// ẋ [m/s].
    pub vx: f64,
    /// ẏ [m/s].
    pub vy: f64,
    /// φ̇ [rad/s].
    pub omega: f64,
}

impl BallState {
    /// The slip velocity of the contact point, γ_T = ẋ + r φ̇.
    pub fn slip_velocity(&self, p: &SpinningBall) -> f64 {
        self.vx + p.r * self.omega
    }

    /// I φ̇ − m r ẋ: the angular momentum about the floor point below the centre when the ball
    /// is at contact height, conserved by flights, impacts and sliding alike.
    pub fn contact_angular_momentum(&self, p: &SpinningBall) -> f64 {
        inertia(p) * self.omega - p.m * p.r * self.vx
    }
}

/// One impact: the states just before and after it and its impulses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    /// State just before the impact (y = r, ẏ < 0).
    pub before: BallState,
    /// State just after it.
    pub after: BallState,
    /// Normal impulse Λ_N [N s].
    pub lambda_n: f64,
    /// Tangential impulse Λ_T [N s].
    pub lambda_t: f64,
    /// Whether the contact sticks (|Λ_T*| ≤ μ Λ_N) or slides.
    pub sticking: bool,
}

/// The free flight from `s` to time t (parabola, ẋ and φ̇ constant).
pub fn flight(p: &SpinningBall, s: &BallState, t: f64) -> BallState {
    let tau = t - s.t;
    BallState {
        t,
        x: s.x + s.vx * tau,
        y: s.y + s.vy * tau - 0.5 * p.g * tau * tau,
        phi: s.phi + s.omega * tau,
        vx: s.vx,
        vy: s.vy - p.g * tau,
        omega: s.omega,
    }
}

/// The time at which the flight from `s` (y ≥ r) reaches the floor, y = r descending:
/// τ = (ẏ + √(ẏ² + 2 g (y − r)))/g.
pub fn landing_time(p: &SpinningBall, s: &BallState) -> f64 {
    s.t + (s.vy + (s.vy * s.vy + 2.0 * p.g * (s.y - p.r)).sqrt()) / p.g
}

/// The impact at the state `before` (y = r, ẏ < 0).
pub fn impact(p: &SpinningBall, before: &BallState) -> Impact {
    let lambda_n = -(1.0 + p.e_N) * p.m * before.vy;
    let gamma_t = before.slip_velocity(p);
    let sticking_impulse = -(1.0 + p.e_T) * gamma_t / tangential_delassus(p);
    let sticking = sticking_impulse.abs() <= p.mu * lambda_n;
    let lambda_t = if sticking {
        sticking_impulse
    } else {
        -p.mu * lambda_n * gamma_t.signum()
    };
    let after = BallState {
        vx: before.vx + lambda_t / p.m,
        vy: before.vy + lambda_n / p.m,
        omega: before.omega + p.r * lambda_t / inertia(p),
        ..*before
    };
    Impact {
        before: *before,
        after,
        lambda_n,
        lambda_t,
        sticking,
    }
}

/// The first `count` impacts of the ball in flight at `start` (y ≥ r).
pub fn bounces(p: &SpinningBall, start: &BallState, count: usize) -> Vec<Impact> {
    let mut out = Vec::with_capacity(count);
    let mut s = *start;
    for _ in 0..count {
        let landing = flight(p, &s, landing_time(p, &s));
        let hit = impact(p, &BallState { y: p.r, ..landing });
        s = hit.after;
        out.push(hit);
    }
    out
}

/// Where the bounces end and the rolling begins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settling {
    /// Impacts resolved one by one before the rest were summed in closed form or neglected.
    pub resolved_impacts: usize,
    /// Whether the remaining impacts were summed in closed form (all sliding).
    pub sliding_tail: bool,
    /// The state at the accumulation point of the bounces (on the floor, ẏ = 0).
    pub accumulation: BallState,
    /// The state when the slip stops and rolling begins (γ_T = 0).
    pub rolling: BallState,
}

/// The state at the accumulation point after the impact `last`, every remaining impact sliding
/// with the sign σ of its slip: flights of durations T_j = (2v/g) e^j, v = ẏ⁺, and tangential
/// impulses −σμ Λ_N with Λ_N summing to S_j = m v (1 + e)(1 − e^j)/(1 − e) before flight j:
/// Σ T_j = 2v/(g(1 − e)), Σ T_j S_j = 2 m e v²/(g (1 − e)²).
fn sliding_tail(p: &SpinningBall, last: &BallState, sigma: f64) -> BallState {
    let (e, v) = (p.e_N, last.vy);
    let impulses = p.m * v * (1.0 + e) / (1.0 - e);
    let duration = 2.0 * v / (p.g * (1.0 - e));
    let weighted = 2.0 * p.m * e * v * v / (p.g * (1.0 - e) * (1.0 - e));
    let (vx_rate, omega_rate) = (p.mu / p.m, p.mu * p.r / inertia(p));
    BallState {
        t: last.t + duration,
        x: last.x + last.vx * duration - sigma * vx_rate * weighted,
        y: p.r,
        phi: last.phi + last.omega * duration - sigma * omega_rate * weighted,
        vx: last.vx - sigma * vx_rate * impulses,
        vy: 0.0,
        omega: last.omega - sigma * omega_rate * impulses,
    }
}

/// Whether every impact after `last` slides with the sign of its slip: the slip left at the
/// accumulation point under that assumption keeps the sign and the next, largest, impact
/// slides with it.
fn tail_slides(p: &SpinningBall, last: &BallState) -> bool {
    let gamma = last.slip_velocity(p);
    let sigma = gamma.signum();
    let next_normal = (1.0 + p.e_N) * p.m * last.vy;
    let tail_normal = next_normal / (1.0 - p.e_N);
    let gamma_inf = gamma - sigma * p.mu * tangential_delassus(p) * tail_normal;
    gamma != 0.0
        && sigma * gamma_inf > 0.0
        && (1.0 + p.e_T) * gamma_inf.abs() / tangential_delassus(p) > p.mu * next_normal
}

/// The bounces of the ball in flight at `start` up to their accumulation point, then the
/// sliding on the floor up to rolling. Remaining bounces are neglected once the rebound speed
/// has fallen below 1e-16 of the first impact speed (their normal impulses then sum to at most
/// 1e-16 (1 + e_N)/(1 − e_N) of the first impact's momentum). Refused with
/// [`ReferenceError::NoAccumulation`] for e_N ≥ 1, μ = 0, or bounces that take more than
/// `MAX_RESOLVED_IMPACTS` impacts to die out with a sticking or reversing tail.
pub fn settle(p: &SpinningBall, start: &BallState) -> Result<Settling, ReferenceError> {
    if p.e_N >= 1.0 || p.mu <= 0.0 {
        return Err(ReferenceError::NoAccumulation);
    }
    let mut s = *start;
    let mut first_speed = None;
    let mut resolved = 0;
    let (accumulation, sliding_tail_used) = loop {
        let landing = flight(p, &s, landing_time(p, &s));
        let hit = impact(p, &BallState { y: p.r, ..landing });
        resolved += 1;
        s = hit.after;
        let v1 = *first_speed.get_or_insert(-hit.before.vy);
        if s.vy <= 1e-16 * v1 {
            break (BallState { vy: 0.0, ..s }, false);
        }
        if resolved >= MAX_RESOLVED_IMPACTS {
            return Err(ReferenceError::NoAccumulation);
        }
        if tail_slides(p, &s) {
            break (sliding_tail(p, &s, s.slip_velocity(p).signum()), true);
        }
    };
    Ok(Settling {
        resolved_impacts: resolved,
        sliding_tail: sliding_tail_used,
        accumulation,
        rolling: slide_to_rolling(p, &accumulation),
    })
}

/// Sliding on the floor from `s` (y = r, ẏ = 0) until the slip γ_T = ẋ + r φ̇ vanishes: with
/// σ = sign γ_T, ẍ = −μ g σ and φ̈ = −μ m g r σ / I, so γ_T falls at μ g m D_T.
pub fn slide_to_rolling(p: &SpinningBall, s: &BallState) -> BallState {
    let gamma = s.slip_velocity(p);
    let sigma = gamma.signum();
    let tau = gamma.abs() / (p.mu * p.g * p.m * tangential_delassus(p));
    let (ax, alpha) = (
        -sigma * p.mu * p.g,
        -sigma * p.mu * p.m * p.g * p.r / inertia(p),
    );
    BallState {
        t: s.t + tau,
        x: s.x + s.vx * tau + 0.5 * ax * tau * tau,
        y: p.r,
        phi: s.phi + s.omega * tau + 0.5 * alpha * tau * tau,
        vx: s.vx + ax * tau,
        vy: 0.0,
        omega: s.omega + alpha * tau,
    }
}

/// The rolling speed fixed by the conserved I φ̇ − m r ẋ: ẋ = −r (I φ̇ − m r ẋ)/(I + m r²)
/// with φ̇ = −ẋ/r.
pub fn rolling_speed(p: &SpinningBall, s: &BallState) -> f64 {
    -p.r * s.contact_angular_momentum(p) / (inertia(p) + p.m * p.r * p.r)
}

//! `PainleveRod` (a uniform rod, mass m, half length l, J = m l²/3, sliding on its lower end;
//! gap y − l sin θ, slip x − l cos θ): the closed forms of its sliding problem.
//!
//! Sliding with slip sign σ, the normal force solves a λ_N + b = 0 with (Newton–Euler by hand;
//! Génot & Brogliato 1999, "New results on Painlevé paradoxes", Eur. J. Mech. A 18, (3)–(5))
//!
//! ```text
//! a(θ) = (1 + 3cos²θ + 3μσ sinθ cosθ)/m,   b = −g + l sinθ θ̇²,
//! ```
//!
//! so for σ = −1 the problem loses its solution where μ reaches the Painlevé bound
//! μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ), whose minimum is 4/3 at tan θ = 2.

use super::crossings::bisect;
use crate::analysis_models::painleve_rod::PainleveRod;

/// μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ).
pub fn painleve_bound(theta: f64) -> f64 {
    (1.0 + 3.0 * theta.cos().powi(2)) / (3.0 * theta.sin() * theta.cos())
}

/// The angle between `outside` (μ*(θ) > μ) and `inside` (μ*(θ) < μ) where μ*(θ) = μ, to
/// adjacent floating-point numbers.
pub fn critical_angle(mu: f64, outside: f64, inside: f64) -> f64 {
    bisect(|theta| painleve_bound(theta) - mu, outside, inside)
}

/// a(θ) of the rod sliding with slip sign σ.
pub fn sliding_delassus(p: &PainleveRod, theta: f64, sigma: f64) -> f64 {
    let (s, c) = theta.sin_cos();
    (1.0 + 3.0 * c * c + 3.0 * p.mu * sigma * s * c) / p.m
}

/// b = −g + l sinθ θ̇²: the normal acceleration of the lower end without contact force.
pub fn free_normal_acceleration(p: &PainleveRod, theta: f64, theta_dot: f64) -> f64 {
    -p.g + p.l * theta.sin() * theta_dot * theta_dot
}

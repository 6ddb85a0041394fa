//! Lötstedt (1982), Theorem 5.4: the active-set decision when a closed contact has λ(t₀) = 0
//! and δ(t₀) = 0 at once. Model `RampForce`: unit mass on the floor y ≥ 0, no gravity, force
//! a·t, at rest on the floor at t₀ = 0, so λ(0) = δ(0) = 0. Exact solutions:
//! * a < 0 (pushed down): contact persists, y ≡ 0, λ(t) = −a t;
//! * a > 0 (pulled up): lift-off, y(t) = a t³/6, λ ≡ 0.
//!
//! Runs the derivative iteration (5.10)–(5.13) and both naive rules (J₁ = {λᵢ > 0},
//! J₂ = {δᵢ = 0}) side by side for a = −2 and a = +2 to t = 0.5 s and writes, into
//! `examples/out/event_theorem54/` (or the directory given as first argument),
//! `trajectories.csv` (case, rule, t, y, λ, exact y, exact λ) and `y_pushed.png`,
//! `lambda_pushed.png`, `y_pulled.png`, `lambda_pulled.png`. Prints the final y and λ of every
//! run against the exact values, and every event the integrator reports.

use mb_examples::event_models::ramp_force::RampForce;
use mb_examples::rule_comparison::{Comparison, RunError, sample_run};
use mbruntime::event::{ActiveSetRule, EventOptions};
use std::path::PathBuf;

/// Exact (y, λ) at time t for force slope a (see the module docs).
fn exact(a: f64, t: f64) -> (f64, f64) {
    if a < 0.0 {
        (0.0, -a * t)
    } else {
        (a * t.powi(3) / 6.0, 0.0)
    }
}

fn main() -> Result<(), RunError> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_theorem54".into()),
    );
    let rules = [
        ("derivative iteration", ActiveSetRule::DerivativeIteration),
        ("naive rule lambda > 0", ActiveSetRule::NaiveMultiplier),
        ("naive rule delta = 0", ActiveSetRule::NaiveAcceleration),
    ];
    let names: Vec<&str> = rules.iter().map(|r| r.0).collect();
    Comparison {
        out: &out,
        parameter: "a",
        cases: &[("pushed", -2.0), ("pulled", 2.0)],
        rules: &names,
    }
    .run(
        |a, k| {
            let opts = EventOptions {
                active_set_rule: rules[k].1,
                ..EventOptions::default()
            };
            sample_run(RampForce { m: 1.0, a, t0: 0.0 }, opts)
        },
        exact,
        |a, what| format!("Theorem 5.4 case, force a·t with a = {a:+}: {what}(t)"),
    )
}

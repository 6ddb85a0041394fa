//! Lötstedt (1982), Theorem 5.4 at the second level (k = 2): the active-set decision when a
//! closed contact has λ = δ = λ̇ = δ̇ = 0 at t₀. Model `QuadraticForce`: block of mass m = 1 on
//! the floor y ≥ 0 under gravity, force m g + c t², at rest on the floor at t₀ = 0. Exact
//! solutions:
//! * c < 0 (pushed down): contact persists, y ≡ 0, λ(t) = −c t² (λ̈ = −2c > 0);
//! * c > 0 (pulled up): lift-off, y(t) = c t⁴/12, λ ≡ 0 (δ̈ = 2c > 0).
//!
//! Runs the derivative iteration (5.10)–(5.13) up to k = 2 and both naive rules
//! (J₁ = {λᵢ > 0}, J₂ = {δᵢ = 0}) side by side for c = −3 and c = +3 to t = 0.5 s, prints what
//! the iteration cut at k = 1 answers (the typed `UndecidedContact`: level 1 cannot decide), and
//! writes, into `examples/out/event_theorem54_second_order/` (or the directory
//! given as first argument),
//! `trajectories.csv` (case, c, rule, t, y, λ, exact y, exact λ) and `y_pushed.png`,
//! `lambda_pushed.png`, `y_pulled.png`, `lambda_pulled.png`. Prints the final y and λ of every
//! run against the exact values, and every event the integrator reports.

use mb_examples::event_models::quadratic_force::QuadraticForce;
use mb_examples::rule_comparison::{Comparison, RunError, sample_run};
use mbruntime::Vector;
use mbruntime::event::EventDriven;
use mbruntime::event::{ActiveSetRule, EventOptions};
use std::path::PathBuf;

/// Exact (y, λ) at time t for force coefficient c, m = 1 (see the module docs).
fn exact(c: f64, t: f64) -> (f64, f64) {
    if c < 0.0 {
        (0.0, -c * t * t)
    } else {
        (c * t.powi(4) / 12.0, 0.0)
    }
}

fn main() -> Result<(), RunError> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_theorem54_second_order".into()),
    );
    let rules = [
        (
            "derivative iteration k <= 2",
            ActiveSetRule::DerivativeIteration,
            2,
        ),
        ("naive rule lambda > 0", ActiveSetRule::NaiveMultiplier, 2),
        ("naive rule delta = 0", ActiveSetRule::NaiveAcceleration, 2),
    ];
    for c in [-3.0, 3.0] {
        let cut = EventOptions {
            max_derivative_order: 1,
            ..EventOptions::default()
        };
        let model = QuadraticForce {
            m: 1.0,
            g: 9.81,
            c,
            t0: 0.0,
        };
        let zero = Vector::<1>::zeros();
        match EventDriven::new(model, cut, 0.0, zero, zero) {
            Ok(_) => return Err("the iteration cut at k = 1 decided a level-2 contact".into()),
            Err(e) => println!("c = {c:+}: iteration cut at k = 1: {e}"),
        }
    }
    let names: Vec<&str> = rules.iter().map(|r| r.0).collect();
    Comparison {
        out: &out,
        parameter: "c",
        cases: &[("pushed", -3.0), ("pulled", 3.0)],
        rules: &names,
    }
    .run(
        |c, k| {
            let opts = EventOptions {
                active_set_rule: rules[k].1,
                max_derivative_order: rules[k].2,
                ..EventOptions::default()
            };
            let model = QuadraticForce {
                m: 1.0,
                g: 9.81,
                c,
                t0: 0.0,
            };
            sample_run(model, opts)
        },
        exact,
        |c, what| format!("Theorem 5.4, k = 2: force mg + c·t² with c = {c:+}: {what}(t)"),
    )
}

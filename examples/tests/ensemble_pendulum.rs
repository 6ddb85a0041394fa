//! An ensemble over a grid of pendulum lengths and release angles, reduced by a Poincaré
//! section, reproduces the exact period of the simple pendulum.
//!
//! Invariant (closed form): released from rest at θ₀, the pendulum θ̈ = −(g/l) sin θ has period
//! T = 4 √(l/g) K(k), k = sin(θ₀/2), with the complete elliptic integral K(k) = π / (2 AGM(1,
//! √(1 − k²))) (Gauss's arithmetic–geometric mean). Its downward crossings of θ = 0 are one period
//! apart and, over whole cycles, θ has mean rate 0. Moreau's midpoint rule is second order on
//! this smooth problem and the crossings are interpolated linearly, so with Δt = 1e-4 s the
//! period is exact to ~1e-7 s.

use mb_examples::pendulum::Pendulum;
use mbruntime::Vector;
use mbruntime::ensemble::{Crossing, Design, Ensemble, Section, SectionObserver};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

/// Gauss's arithmetic–geometric mean; it converges quadratically, so 40 iterations reach the
/// rounding level from any ratio b/a ≥ 1e-300.
fn arithmetic_geometric_mean(mut a: f64, mut b: f64) -> f64 {
    for _ in 0..40 {
        (a, b) = (0.5 * (a + b), (a * b).sqrt());
    }
    a
}

fn exact_period(l: f64, g: f64, theta0: f64) -> f64 {
    let k = (0.5 * theta0).sin();
    let elliptic_k =
        std::f64::consts::PI / (2.0 * arithmetic_geometric_mean(1.0, (1.0 - k * k).sqrt()));
    4.0 * (l / g).sqrt() * elliptic_k
}

#[test]
fn the_section_period_of_every_run_is_the_exact_pendulum_period() {
    let lengths = [0.5, 1.0, 2.0];
    let angles = [0.1, 1.0, 2.5];
    let design = Design::grid(&[("l", &lengths), ("q0.theta", &angles)]).unwrap();
    let ensemble = Ensemble::new(
        Pendulum::default(),
        Vector::<1>::zeros(),
        Vector::<1>::zeros(),
    );
    let t_end = 9.0;
    let outcome = ensemble
        .threads(2)
        .run(&design, |member| {
            let mut ts = TimeStepper::new(
                member.model,
                Scheme::MoreauMidpoint,
                Settings::default(),
                0.0,
                member.q0,
                member.u0,
            )?;
            let section = Section {
                coordinate: 0,
                level: 0.0,
                direction: Crossing::Down,
            };
            let mut observer = SectionObserver::new(section, 0);
            ts.run(1e-4, t_end, |r| observer.observe(r))?;
            Ok::<_, mbruntime::timestepping::TimeSteppingError>(observer.finish())
        })
        .unwrap();
    assert_eq!(outcome.runs.len(), 9);
    for (i, run) in outcome.runs.iter().enumerate() {
        let (l, theta0) = (lengths[i / 3], angles[i % 3]);
        assert_eq!(
            design.row(i),
            &[l, theta0],
            "grid order: first axis slowest"
        );
        let summary = run.as_ref().unwrap();
        let exact = exact_period(l, 9.81, theta0);
        // First crossing at T/4, then one per period up to t_end.
        let expected_crossings = ((t_end - 0.25 * exact) / exact).floor() as usize + 1;
        assert_eq!(summary.crossings, expected_crossings, "run {i}");
        let period = summary.period.unwrap();
        assert!(
            (period - exact).abs() < 2e-7 * exact.max(1.0),
            "run {i}: l = {l}, θ₀ = {theta0}: period {period} vs exact {exact}"
        );
        let (shortest, longest) = summary.period_range.unwrap();
        assert!(longest - shortest < 2e-7, "run {i}: cycles differ");
        assert!(summary.mean_rates.unwrap()[0].abs() < 1e-6);
    }
}

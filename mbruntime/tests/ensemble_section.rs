//! The Poincaré-section reduction on signals with known crossings.
//!
//! Invariant (closed form): q₀(t) = sin(2πt/T) crosses 0 downwards at t = T/2 + kT and upwards at
//! t = kT (k ≥ 1 after t = 0); linear interpolation between samples Δt apart locates a crossing
//! of a sine with slope ±2π/T to within (2π/T)²Δt²/8 · T/(2π) (the interpolation error of a
//! function with |q̈| ≤ (2π/T)² against its slope). A coordinate q₁ = v t has mean rate exactly v
//! over whole cycles.

use mbruntime::Vector;
use mbruntime::ensemble::{Crossing, Section, SectionObserver};

fn observe(direction: Crossing, skip: usize) -> mbruntime::ensemble::CycleSummary<2> {
    let (period, v, dt) = (0.7, -0.25, 1e-3);
    let state = |t: f64| Vector::<2>::new((2.0 * std::f64::consts::PI * t / period).sin(), v * t);
    let section = Section {
        coordinate: 0,
        level: 0.0,
        direction,
    };
    let mut observer = SectionObserver::new(section, skip);
    for k in 0..5000 {
        let (t_a, t_e) = (k as f64 * dt, (k + 1) as f64 * dt);
        observer.observe_segment(t_a, &state(t_a), t_e, &state(t_e));
    }
    observer.finish()
}

#[test]
fn crossings_periods_and_mean_rates_of_a_drifting_sine() {
    let (period, v, dt) = (0.7, -0.25, 1e-3);
    let omega = 2.0 * std::f64::consts::PI / period;
    let bound = omega * dt * dt / 8.0 * 2.0; // twice the interpolation error of one crossing
    // Over t ∈ [0, 5]: down-crossings at 0.35 + 0.7k (k = 0..6), up-crossings at 0.7k (k = 1..7).
    let down = observe(Crossing::Down, 0);
    assert_eq!((down.crossings, down.cycles), (7, 6));
    assert!((down.period.unwrap() - period).abs() < bound);
    let (shortest, longest) = down.period_range.unwrap();
    assert!((shortest - period).abs() < bound && (longest - period).abs() < bound);
    let rates = down.mean_rates.unwrap();
    assert!((rates[1] - v).abs() < 1e-12, "{}", rates[1]);
    assert!(rates[0].abs() < 1e-9);
    let up = observe(Crossing::Up, 2);
    assert_eq!((up.crossings, up.cycles), (7, 4));
    assert!((up.period.unwrap() - period).abs() < bound);
    let both = observe(Crossing::Both, 0);
    assert_eq!((both.crossings, both.cycles), (14, 13));
    assert!((both.period.unwrap() - 0.5 * period).abs() < bound);
    // Skipping every crossing but one leaves no whole cycle, and no figures rather than NaN.
    let none = observe(Crossing::Down, 6);
    assert_eq!((none.cycles, none.period, none.mean_rates), (0, None, None));
}

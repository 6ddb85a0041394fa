//! Lötstedt (1982), Theorem 5.4 and the remark before it: when a closed contact has λ(t₀) = 0
//! and δ(t₀) = 0, neither "closed = {λᵢ > 0}" nor "closed = {δᵢ = 0}" is right; the first
//! derivatives from (5.10)–(5.12) decide. Construction (model `RampForce`): a unit mass on the
//! floor y ≥ 0, no gravity, force a·t, starting at rest on the floor at t₀ = 0. Then λ(0) = 0,
//! δ(0) = ÿ(0) = 0, and the exact solutions are
//! * a < 0 (pushed down): contact persists, λ(t) = −a t, y ≡ 0 (λ̇ = −a > 0);
//! * a > 0 (pulled up): lift-off, y(t) = a t³/6 (δ̇ = a > 0).
//!
//! The naive multiplier rule opens the contact for a < 0 and the mass sinks into the floor
//! (y = a t³/6 < 0) until the integrator's penetration guard repairs it with an extra event;
//! the naive acceleration rule keeps it closed for a > 0, with λ(t) = −a t < 0. The derivative
//! iteration gets both right; results are compared with the closed forms.

use mb_examples::event_models::ramp_force::RampForce;
use mbruntime::Vector;
use mbruntime::event::{ActiveSetRule, EventDriven, EventOptions, Report};

const T: f64 = 0.5;

fn run(a: f64, rule: ActiveSetRule) -> EventDriven<RampForce, 1, 0, 1> {
    let model = RampForce { m: 1.0, a, t0: 0.0 };
    let opts = EventOptions {
        active_set_rule: rule,
        ..EventOptions::default()
    };
    let mut sim =
        EventDriven::new(model, opts, 0.0, Vector::<1>::zeros(), Vector::<1>::zeros()).unwrap();
    sim.run(T, |_| {}).unwrap();
    sim
}

#[test]
fn derivative_iteration_keeps_a_contact_that_is_pushed_harder() {
    let a = -2.0;
    let sim = run(a, ActiveSetRule::DerivativeIteration);
    assert!(sim.closed()[0]);
    assert!(sim.q()[0].abs() < 1e-12);
    assert!((sim.contact_multipliers()[0] - (-a * T)).abs() < 1e-10);
    // Derivative LCP at t₀: λ̇ = −a, δ̇ = 0.
    let (lam1, del1) = {
        let model = RampForce { m: 1.0, a, t0: 0.0 };
        let s = EventDriven::new(
            model,
            EventOptions::default(),
            0.0,
            Vector::<1>::zeros(),
            Vector::<1>::zeros(),
        )
        .unwrap();
        s.last_derivative_lcp()
            .expect("λ = δ = 0 triggers the derivative iteration")
    };
    assert!((lam1[0] + a).abs() < 1e-12 && del1[0].abs() < 1e-12);
}

#[test]
fn first_derivatives_end_the_iteration() {
    // λ̇ ≠ 0 or δ̇ ≠ 0 decides every candidate at level 1 (termination criterion 1), so the
    // second level of Theorem 5.4 is never entered for RampForce.
    for a in [-2.0, 2.0] {
        let model = RampForce { m: 1.0, a, t0: 0.0 };
        let s = EventDriven::new(
            model,
            EventOptions::default(),
            0.0,
            Vector::<1>::zeros(),
            Vector::<1>::zeros(),
        )
        .unwrap();
        assert!(s.last_derivative_lcp().is_some());
        assert!(s.last_derivative_lcp_of_order(2).is_none(), "a = {a}");
        assert_eq!(s.closed()[0], a < 0.0, "a = {a}");
    }
}

#[test]
fn naive_multiplier_rule_lets_the_mass_sink_into_the_floor() {
    // The naive rule opens the contact at t₀ although it must stay closed; the free flight then
    // follows y = a t³/6 < 0 into the floor. The integrator's penetration guard notices the
    // inadmissible state within its first step and repairs it with an extra event, so the wrong
    // decision shows as (i) an open contact at t₀, (ii) a penetration y < 0 on the way, and
    // (iii) an event the correct rule never needs.
    let a = -2.0;
    let model = RampForce { m: 1.0, a, t0: 0.0 };
    let opts = |rule| EventOptions {
        active_set_rule: rule,
        ..EventOptions::default()
    };
    let mut naive = EventDriven::new(
        model,
        opts(ActiveSetRule::NaiveMultiplier),
        0.0,
        Vector::<1>::zeros(),
        Vector::<1>::zeros(),
    )
    .unwrap();
    assert!(!naive.closed()[0], "the naive rule opens the contact at t0");
    let (mut min_y, mut events) = (f64::INFINITY, 0);
    naive
        .run(T, |r| match r {
            Report::Step { q, .. } => min_y = min_y.min(q[0]),
            Report::Event(_) => events += 1,
        })
        .unwrap();
    assert!(min_y < 0.0, "penetration expected, min y = {min_y}");
    assert!(
        events >= 1,
        "a repair event is needed after the wrong decision"
    );

    let mut right = EventDriven::new(
        model,
        opts(ActiveSetRule::DerivativeIteration),
        0.0,
        Vector::<1>::zeros(),
        Vector::<1>::zeros(),
    )
    .unwrap();
    assert!(right.closed()[0]);
    let (mut min_y, mut events) = (f64::INFINITY, 0);
    right
        .run(T, |r| match r {
            Report::Step { q, .. } => min_y = min_y.min(q[0]),
            Report::Event(_) => events += 1,
        })
        .unwrap();
    assert!(
        min_y >= -1e-12 && events == 0,
        "min y = {min_y}, {events} events"
    );
}

#[test]
fn derivative_iteration_releases_a_contact_that_is_pulled() {
    let a = 2.0;
    let sim = run(a, ActiveSetRule::DerivativeIteration);
    assert!(!sim.closed()[0]);
    let y = a * T.powi(3) / 6.0;
    assert!((sim.q()[0] - y).abs() < 1e-10, "y = {} vs {y}", sim.q()[0]);
}

#[test]
fn naive_acceleration_rule_glues_the_mass_with_a_pulling_multiplier() {
    let a = 2.0;
    let sim = run(a, ActiveSetRule::NaiveAcceleration);
    assert!(sim.closed()[0]);
    assert!(sim.q()[0].abs() < 1e-12);
    let lam = sim.contact_multipliers()[0];
    assert!(
        (lam - (-a * T)).abs() < 1e-10 && lam < 0.0,
        "λ = {lam}: an adhesive contact force"
    );
}

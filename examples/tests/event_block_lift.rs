//! Block on three aligned contacts (Brogliato 2013, Example 1) pushed up by f(t) = k t.
//! Invariants: the Delassus matrix (1/m)𝟙𝟙ᵀ has rank 1, so only the sum of the three
//! multipliers is determined (Brogliato 2013, Proposition 2; Lötstedt 1982, Lemma 5.2):
//! while the block rests, λ₁ + λ₂ + λ₃ = m g − k t (vertical equilibrium, closed form); the
//! block lifts off when that sum reaches zero, t_lift = m g / k (an event of the
//! multiplier-zero kind, no impulse), and afterwards flies with x(t) = l + k (t − t_lift)³/(6m)
//! (integrating m ẍ = k t − m g twice from rest).

use mb_examples::event_models::block_lift::BlockLift;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};

#[test]
fn lift_off_time_and_multiplier_sum_match_the_closed_form() {
    let model = BlockLift::default();
    let (m, g, k, l) = (model.m, model.g, model.k, model.l);
    let t_lift = m * g / k;
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        Vector::<2>::new(l, 0.0),
        Vector::<2>::zeros(),
    )
    .unwrap();
    assert!(
        sim.closed().iter().all(|&c| c),
        "all three contacts closed at rest"
    );
    let mut first = None;
    let mut sum_err: f64 = 0.0;
    let mut flight_err: f64 = 0.0;
    sim.run(t_lift + 0.5, |r| match r {
        Report::Step { t, q, lambda, .. } => {
            if first.is_none() {
                sum_err = sum_err.max((lambda.sum() - (m * g - k * t)).abs());
            } else {
                let x = l + k * (t - t_lift).powi(3) / (6.0 * m);
                flight_err = flight_err.max((q[0] - x).abs());
            }
        }
        Report::Event(ev) => {
            first.get_or_insert((ev.t, ev.kind, ev.impulse));
        }
    })
    .unwrap();
    let (t, kind, impulse) = first.expect("the block lifts off");
    assert_eq!(kind, EventKind::MultiplierZero);
    assert!(
        impulse.amax() == 0.0,
        "lift-off without impulse, got {impulse:?}"
    );
    assert!(
        (t - t_lift).abs() < 1e-9,
        "lift-off at {t}, closed form {t_lift}"
    );
    assert!(sum_err < 1e-9 * m * g, "multiplier sum off by {sum_err:e}");
    assert!(flight_err < 1e-9, "flight off the cubic by {flight_err:e}");
    assert!(
        sim.closed().iter().all(|&c| !c),
        "all contacts open after lift-off"
    );
}

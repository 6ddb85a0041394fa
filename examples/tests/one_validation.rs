//! One rule for contact laws and one for event-driven options, applied the same way everywhere.
//!
//! Invariant: Newton's law γ⁺ = −ε_N γ⁻ (Glocker & Studer 2005, (11)–(12); Lötstedt 1982,
//! (3.9)) dissipates or conserves energy only for ε_N ∈ [0, 1]; ε_N = 2 would make every impact
//! inject energy. A model whose restitution is 2 — given at construction, set through
//! `model_mut` at run time, or set by an ensemble's design column — is refused by both
//! integrators with the same typed error (`ContactLaw::validate`), naming the contact, the
//! coefficient and the value; a valid value runs. Options out of range are refused by
//! `EventOptions::validate` when the integrator is built.

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::friction_event_models::ramp_block::RampBlock;
use mbruntime::ensemble::{Design, Ensemble, RunError};
use mbruntime::event::{EventDriven, EventError, EventOptions};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{ContactLawError, Vector};

const Q0: f64 = 1.0;

fn ball(e: f64) -> BouncingBall {
    BouncingBall {
        e,
        ..BouncingBall::default()
    }
}

fn stepper(model: BouncingBall) -> Result<TimeStepper<BouncingBall, 1, 0, 1>, TimeSteppingError> {
    TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        Vector::<1>::new(Q0),
        Vector::<1>::zeros(),
    )
}

fn event_driven(
    model: BouncingBall,
    options: EventOptions,
) -> Result<EventDriven<BouncingBall, 1, 0, 1>, EventError> {
    EventDriven::new(
        model,
        options,
        0.0,
        Vector::<1>::new(Q0),
        Vector::<1>::zeros(),
    )
}

const TWO: ContactLawError = ContactLawError::OutOfRange {
    contact: "floor",
    index: 0,
    parameter: "ε_N",
    value: 2.0,
};

#[test]
fn restitution_two_is_refused_at_construction_by_both_integrators() {
    let stepping = stepper(ball(2.0)).expect_err("refused");
    assert_eq!(stepping, TimeSteppingError::ContactLaw(TWO));
    let event = event_driven(ball(2.0), EventOptions::default())
        .err()
        .expect("refused");
    assert_eq!(event, EventError::ContactLaw(TWO));
    // One message, naming the contact, the coefficient and the value.
    assert_eq!(stepping.to_string(), event.to_string());
    let msg = event.to_string();
    assert!(msg.contains("`floor`") && msg.contains("ε_N = 2"), "{msg}");
    // The edges of the range are valid.
    for e in [0.0, 1.0] {
        assert!(stepper(ball(e)).is_ok() && event_driven(ball(e), EventOptions::default()).is_ok());
    }
}

#[test]
fn restitution_set_to_two_at_run_time_is_refused_before_the_next_step() {
    let mut ts = stepper(ball(0.5)).unwrap();
    ts.step(1e-3).unwrap();
    ts.model_mut().e = 2.0;
    let before = ts.state();
    assert_eq!(
        ts.step(1e-3).err(),
        Some(TimeSteppingError::ContactLaw(TWO))
    );
    assert_eq!(ts.state(), before, "a refused step leaves the state");
    assert_eq!(
        ts.set_state(0.0, Vector::<1>::new(Q0), Vector::<1>::zeros()),
        Err(TimeSteppingError::ContactLaw(TWO))
    );
    // Restored, it runs again: the ball's first impact at √(2y₀/g) rebounds with e = 0.5.
    ts.model_mut().e = 0.5;
    ts.run(1e-4, 1.0, |_| {}).unwrap();
    assert!(ts.t() == 1.0 && ts.q()[0] >= -1e-3);

    let mut sim = event_driven(ball(0.5), EventOptions::default()).unwrap();
    sim.run(0.1, |_| {}).unwrap();
    sim.model_mut().e = 2.0;
    let before = sim.state();
    assert_eq!(
        sim.run(1.0, |_| {}).err(),
        Some(EventError::ContactLaw(TWO))
    );
    assert_eq!(sim.state(), before);
    assert_eq!(
        sim.set_state(0.0, Vector::<1>::new(Q0), Vector::<1>::zeros()),
        Err(EventError::ContactLaw(TWO))
    );
}

#[test]
fn an_ensemble_run_with_restitution_two_fails_alone_with_the_same_error() {
    let design = Design::grid(&[("e", &[0.5, 2.0, 1.0])]).unwrap();
    let ensemble = Ensemble::new(ball(0.5), Vector::<1>::new(Q0), Vector::<1>::zeros());
    let stepping = ensemble
        .run(&design, |m| {
            let mut ts = stepper(m.model)?;
            ts.run(1e-3, 0.5, |_| {})
        })
        .unwrap();
    let event = ensemble
        .run(&design, |m| {
            let mut sim = event_driven(m.model, EventOptions::default())?;
            sim.run(0.5, |_| {}).map(|()| sim.stats().impacts)
        })
        .unwrap();
    assert_eq!((stepping.successes(), event.successes()), (2, 2));
    assert_eq!(
        stepping.runs[1],
        Err(RunError::Failed(TimeSteppingError::ContactLaw(TWO)))
    );
    assert_eq!(
        event.runs[1],
        Err(RunError::Failed(EventError::ContactLaw(TWO)))
    );
    let failure = event.failures().next().unwrap().to_string();
    assert!(
        failure.contains("e = 2") && failure.contains("ε_N = 2"),
        "{failure}"
    );
}

/// An option's name, how to set it out of range, and the value it then has.
type Case = (&'static str, fn(&mut EventOptions), f64);

#[test]
fn event_options_out_of_range_are_refused_by_name() {
    assert_eq!(EventOptions::default().validate(), Ok(()));
    let cases: [Case; 6] = [
        ("rtol", |o| o.rtol = -1.0, -1.0),
        ("atol", |o| o.atol = f64::NAN, f64::NAN),
        ("max_step", |o| o.max_step = 1e-16, 1e-16),
        (
            "redundancy_tolerance",
            |o| o.redundancy_tolerance = Some(0.0),
            0.0,
        ),
        ("zeno_time", |o| o.zeno_time = -1e-3, -1e-3),
        ("max_events", |o| o.max_events = 0, 0.0),
    ];
    for (name, set, value) in cases {
        let mut options = EventOptions::default();
        set(&mut options);
        match event_driven(ball(0.5), options).err() {
            Some(EventError::InvalidOption {
                option, value: v, ..
            }) => {
                assert_eq!(option, name);
                assert!(v == value || (v.is_nan() && value.is_nan()), "{name}: {v}");
            }
            other => panic!("{name}: expected InvalidOption, got {other:?}"),
        }
        assert!(options.validate().is_err());
    }
    // +∞ is a valid largest step.
    let unbounded = EventOptions {
        max_step: f64::INFINITY,
        ..EventOptions::default()
    };
    assert!(event_driven(ball(0.5), unbounded).is_ok());
}

/// Switching planar friction on or off through `model_mut` between runs would leave the modes of
/// the current phase decided under the other law (a block sliding as if frictionless on a rough
/// ramp): the run refuses, and `set_state` decides the modes again.
#[test]
fn friction_switched_through_model_mut_needs_a_new_state() {
    let (q0, u0) = (Vector::<2>::zeros(), Vector::<2>::zeros());
    let rough = RampBlock::default();
    let smooth = RampBlock { mu: 0.0, ..rough };
    let mut sim = EventDriven::new(smooth, EventOptions::default(), 0.0, q0, u0).unwrap();
    sim.run(0.1, |_| {}).unwrap();
    sim.model_mut().mu = rough.mu;
    let before = sim.state();
    let err = sim.run(0.2, |_| {}).expect_err("refused");
    assert_eq!(
        err,
        EventError::FrictionSwitched {
            t: before.t,
            friction: true
        }
    );
    assert!(err.to_string().contains("set_state"), "{err}");
    assert_eq!(sim.state(), before);
    // Restarted at the same state, it runs with the rough ramp's modes.
    sim.set_state(before.t, before.q, before.u).unwrap();
    sim.run(0.2, |_| {}).unwrap();
    assert_eq!(sim.t(), 0.2);
    // Changing μ while friction stays on needs nothing: the laws are read at every decision.
    sim.model_mut().mu = 0.5;
    sim.run(0.3, |_| {}).unwrap();
}

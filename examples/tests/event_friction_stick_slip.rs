//! Stick–slip under the event-driven integrator with planar Coulomb friction, against the
//! piecewise closed forms of `stick_slip_reference` (written independently of the integrators)
//! and against time-stepping as Δt → 0.
//!
//! * `RampBlock` (block on a ramp pushed by f0 sin ωt; Coulomb's law with the constant normal
//!   force m g cos α): the stick → slip transitions where the push leaves the band
//!   [F₋, F₊], F_σ = m g (sin α + σ μ cos α) (closed form, arcsin), and the slip → stick
//!   transitions where the integrated sliding equation brings ṡ back to zero, are the integrator's
//!   `StickEnds` and `SlipStops` events, to ≤ 1e-10 s; the stop positions to 1e-10 m; the
//!   modes after each event are those of the next phase.
//! * `SpringDraggedBlock` (Den Hartog 1931, the motion with stops under a harmonically moved
//!   spring end): the same for twelve phases (three periods of the drive), and the duration of
//!   every slip phase and of every stick phase.
//! * Time-stepping (Moreau–Jean, θ = 1, first order) agrees with the event-driven motion of the
//!   ramp as Δt → 0: its largest position error against it halves when Δt halves.
//! * A block thrown up a ramp steeper than its friction angle stops (`SlipStops`) where the
//!   closed form says and slides back at once: a slip reversal decided at one event.

use mb_examples::friction_event_models::{
    ramp_block::RampBlock, spring_dragged_block::SpringDraggedBlock,
};
use mb_examples::stick_slip_reference::{Motion, Phase, driven_spring, ramp};
use mbruntime::event::ContactMode;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Rates, Vector};

/// A transition of the event-driven run: time, kind, slip coordinate, modes after it.
type Transition = (f64, EventKind, f64, [ContactMode; 1]);

/// The block (two coordinates, slip coordinate first) started at rest at the origin, run to
/// `t_end`; its events.
fn transitions<M: Rates<2, 0, 1>>(model: M, t_end: f64) -> Vec<Transition> {
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    )
    .expect("at rest on the contact");
    let mut events = Vec::new();
    sim.run(t_end, |r| {
        if let Report::Event(ev) = r {
            events.push((ev.t, ev.kind, ev.q[0], ev.modes));
        }
    })
    .expect("the stick–slip motion runs");
    events
}

/// Checks the events against the phases: the k-th event ends the k-th phase.
fn check_against_phases(name: &str, events: &[Transition], phases: &[Phase]) {
    assert!(
        events.len() >= phases.len(),
        "{name}: {} events",
        events.len()
    );
    for (k, (ev, ph)) in events.iter().zip(phases).enumerate() {
        let expected_kind = match ph.motion {
            Motion::Stick => EventKind::StickEnds,
            Motion::Slip { .. } => EventKind::SlipStops,
        };
        assert_eq!(ev.1, expected_kind, "{name}: event {k}");
        assert!(
            (ev.0 - ph.t_end).abs() <= 1e-10,
            "{name}: transition {k} at {} vs closed form {} (Δ = {:e})",
            ev.0,
            ph.t_end,
            ev.0 - ph.t_end
        );
        assert!(
            (ev.2 - ph.x_end).abs() <= 1e-10,
            "{name}: position at transition {k}: {} vs {}",
            ev.2,
            ph.x_end
        );
        if let Some(next) = phases.get(k + 1) {
            let expected_mode = match next.motion {
                Motion::Stick => ContactMode::Sticking,
                Motion::Slip { sigma } => ContactMode::Sliding { sigma },
            };
            assert_eq!(ev.3, [expected_mode], "{name}: mode after transition {k}");
        }
    }
}

#[test]
fn the_ramp_sticks_and_slips_at_the_closed_form_times() {
    let p = RampBlock::default();
    let phases = ramp::phases(&p, 0.0, 0.0, 8).expect("closed form");
    let events = transitions(p, phases[7].t_end + 1e-3);
    check_against_phases("ramp", &events, &phases);
}

#[test]
fn the_driven_spring_block_stops_at_the_closed_form_times() {
    let p = SpringDraggedBlock::default();
    let phases = driven_spring::phases(&p, 0.0, 0.0, 12).expect("closed form");
    let events = transitions(p, phases[11].t_end + 1e-3);
    check_against_phases("driven spring", &events, &phases);
    // Phase durations (the slip phases and the stops between them).
    let mut start = 0.0;
    for (k, (ev, ph)) in events.iter().zip(&phases).enumerate() {
        let (duration, expected) = (ev.0 - start, ph.t_end - ph.t_start);
        assert!(
            (duration - expected).abs() <= 2e-10,
            "phase {k}: {duration} vs {expected}"
        );
        start = ev.0;
    }
}

/// Largest |s_ts − s_ed| over the step ends of a time-stepping run of the ramp with step h,
/// against the event-driven motion sampled at the same times.
fn ramp_timestepping_error(h: f64, t_end: f64) -> f64 {
    let p = RampBlock::default();
    let zero = Vector::<2>::zeros();
    let scheme = Scheme::MoreauJean { theta: 1.0 };
    let mut ts = TimeStepper::new(p, scheme, Settings::default(), 0.0, zero, zero)
        .expect("valid model and state");
    let mut samples = Vec::new();
    ts.run(h, t_end, |r| samples.push((r.t, r.q[0])))
        .expect("every step solves");
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, zero, zero).unwrap();
    let mut worst: f64 = 0.0;
    for (t, s) in samples {
        sim.run(t, |_| {}).unwrap();
        worst = worst.max((s - sim.q()[0]).abs());
    }
    worst
}

#[test]
fn time_stepping_converges_to_the_event_driven_ramp_at_first_order() {
    let t_end = 2.5; // stick, slip up, stick, slip down, stick
    let errors: Vec<f64> = [1e-3, 5e-4, 2.5e-4]
        .iter()
        .map(|&h| ramp_timestepping_error(h, t_end))
        .collect();
    for w in errors.windows(2) {
        let ratio = w[0] / w[1];
        assert!(
            (1.8..=2.2).contains(&ratio),
            "first order: errors {errors:?}, ratio {ratio}"
        );
    }
    assert!(errors[2] < 1e-3, "errors {errors:?}");
}

#[test]
fn a_block_thrown_up_a_steep_ramp_stops_and_slides_back() {
    // No push, μ < tan α: up the ramp s̈ = −g (sin α + μ cos α) until ṡ = 0 at
    // t_s = v₀ / (g (sin α + μ cos α)); there the block cannot stick (m g sin α > μ m g cos α)
    // and slides back with s̈ = −g (sin α − μ cos α): a slip reversal at one event.
    let p = RampBlock {
        f0: 0.0,
        mu: 0.05,
        ..RampBlock::default()
    };
    assert!(p.mu < p.alpha.tan());
    let v0 = 1.0;
    let (s, c) = p.alpha.sin_cos();
    let (up, down) = (p.g * (s + p.mu * c), p.g * (s - p.mu * c));
    let t_s = v0 / up;
    let s_top = 0.5 * v0 * t_s;
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<2>::zeros(),
        Vector::<2>::new(v0, 0.0),
    )
    .expect("sliding up the ramp");
    let mut events = Vec::new();
    let t_end = t_s + 0.5;
    sim.run(t_end, |r| {
        if let Report::Event(ev) = r {
            events.push(*ev);
        }
    })
    .expect("runs");
    assert_eq!(events.len(), 1, "one event: {events:?}");
    let ev = &events[0];
    assert_eq!(ev.kind, EventKind::SlipStops);
    assert!((ev.t - t_s).abs() <= 1e-10, "stop at {} vs {t_s}", ev.t);
    assert!(
        (ev.q[0] - s_top).abs() <= 1e-10,
        "top at {} vs {s_top}",
        ev.q[0]
    );
    assert_eq!(ev.modes, [ContactMode::Sliding { sigma: -1.0 }]);
    let tau = t_end - t_s;
    let s_end = s_top - 0.5 * down * tau * tau;
    assert!(
        (sim.q()[0] - s_end).abs() <= 1e-9,
        "s = {} vs {s_end}",
        sim.q()[0]
    );
    assert!((sim.u()[0] + down * tau).abs() <= 1e-9);
}

//! A ball bouncing on a rough floor with spin under the event-driven integrator, against the
//! closed forms of `stick_slip_reference::spinning_ball` (Glocker & Studer 2005, (24)–(33) for
//! one decoupled contact: Λ_N = −(1 + e_N) m γ_N⁻; the sticking impulse
//! Λ_T* = −(1 + e_T) γ_T⁻ / D_T, D_T = 1/m + r²/I, if |Λ_T*| ≤ μΛ_N, else Λ_T = −μΛ_N sign γ_T⁻;
//! parabolic flights with constant spin).
//!
//! Checked: every impact time (1e-12 s), post-impact velocities and spin, and both impulses
//! (1e-12 relative), in the sliding and in the sticking (tangential restitution) regime; the
//! accumulation point of the bounces and the state there; the onset of rolling (`SlipStops`,
//! then `Sticking`) and the rolling speed; and, as an invariant of every flight, impact and
//! sliding phase (the forces act at the contact point), I φ̇ − m r ẋ at every event.

use mb_examples::friction_event_models::spinning_ball::SpinningBall;
use mb_examples::stick_slip_reference::spinning_ball::{self as reference, BallState};
use mbruntime::Vector;
use mbruntime::event::ContactMode;
use mbruntime::event::{Event, EventDriven, EventKind, EventOptions, Report};

fn release(p: SpinningBall, start: &BallState, t_end: f64) -> Vec<Event<3, 0, 1>> {
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        start.t,
        Vector::<3>::new(start.x, start.y, start.phi),
        Vector::<3>::new(start.vx, start.vy, start.omega),
    )
    .expect("released in flight");
    let mut events = Vec::new();
    sim.run(t_end, |r| {
        if let Report::Event(ev) = r {
            events.push(*ev);
        }
    })
    .expect("the ball bounces, slides and rolls");
    events
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

/// Impacts of the integrator against the closed-form sequence.
fn check_impacts(p: &SpinningBall, events: &[Event<3, 0, 1>], expected: &[reference::Impact]) {
    for (k, (ev, hit)) in events.iter().zip(expected).enumerate() {
        assert_eq!(ev.kind, EventKind::Impact, "event {k}");
        assert!(
            (ev.t - hit.before.t).abs() <= 1e-12,
            "impact {k}: t = {} vs {}",
            ev.t,
            hit.before.t
        );
        let (a, u) = (&hit.after, &ev.u_post);
        assert!(
            close(u[0], a.vx, 1e-12) && close(u[1], a.vy, 1e-12) && close(u[2], a.omega, 1e-12),
            "impact {k}: u⁺ = {u:?} vs ({}, {}, {})",
            a.vx,
            a.vy,
            a.omega
        );
        assert!(close(ev.impulse[0], hit.lambda_n, 1e-12), "impact {k}: Λ_N");
        assert!(
            close(ev.tangential_impulse[0], hit.lambda_t, 1e-12),
            "impact {k}: Λ_T"
        );
        let slip = u[0] + p.r * u[2];
        assert!(close(slip, a.slip_velocity(p), 1e-12), "impact {k}: γ_T⁺");
    }
}

#[test]
fn backspin_bounces_slide_accumulate_and_roll_as_the_closed_form() {
    let p = SpinningBall::default();
    let start = BallState {
        t: 0.0,
        x: 0.0,
        y: 0.3,
        phi: 0.0,
        vx: 1.0,
        vy: 0.0,
        omega: 30.0,
    };
    let expected = reference::bounces(&p, &start, 6);
    assert!(
        expected.iter().all(|hit| !hit.sticking),
        "this case slides at every impact"
    );
    let settling = reference::settle(&p, &start).expect("closed form");
    let events = release(p, &start, 1.0);
    check_impacts(&p, &events, &expected);
    let accumulation = events
        .iter()
        .find(|ev| matches!(ev.kind, EventKind::Accumulation { .. }))
        .expect("the bounces accumulate");
    let EventKind::Accumulation { t_limit } = accumulation.kind else {
        unreachable!()
    };
    let t_inf = settling.accumulation.t;
    assert!(
        (t_limit - t_inf).abs() <= 1e-12,
        "t∞ = {t_limit} vs {t_inf}"
    );
    let rest = events
        .iter()
        .find(|ev| ev.kind == EventKind::Rest)
        .expect("rest at t∞");
    assert!((rest.t - t_inf).abs() <= 1e-12);
    let a = &settling.accumulation;
    assert!(
        close(rest.u_post[0], a.vx, 1e-10) && close(rest.u_post[2], a.omega, 1e-10),
        "state at t∞: {:?} vs ({}, {})",
        rest.u_post,
        a.vx,
        a.omega
    );
    let sigma = a.slip_velocity(&p).signum();
    assert_eq!(rest.modes[0], ContactMode::Sliding { sigma });
    let rolling = events
        .iter()
        .find(|ev| ev.kind == EventKind::SlipStops)
        .expect("rolls");
    let r = &settling.rolling;
    assert!(
        (rolling.t - r.t).abs() <= 1e-10,
        "rolling from {} vs {}",
        rolling.t,
        r.t
    );
    assert_eq!(rolling.modes, [ContactMode::Sticking]);
    assert!(close(
        rolling.u_post[0],
        reference::rolling_speed(&p, &start),
        1e-12
    ));
    assert!((rolling.u_post[0] + p.r * rolling.u_post[2]).abs() <= 1e-12);
    // I φ̇ − m r ẋ at every event equals its initial value.
    let moment = start.contact_angular_momentum(&p);
    for ev in &events {
        let at = BallState {
            vx: ev.u_post[0],
            omega: ev.u_post[2],
            ..start
        };
        assert!(
            close(at.contact_angular_momentum(&p), moment, 1e-12),
            "at t = {}",
            ev.t
        );
    }
}

#[test]
fn a_small_spin_sticks_with_tangential_restitution() {
    let p = SpinningBall {
        mu: 0.5,
        ..SpinningBall::default()
    };
    let start = BallState {
        t: 0.0,
        x: 0.0,
        y: 0.3,
        phi: 0.0,
        vx: 0.2,
        vy: 0.0,
        omega: 2.0,
    };
    let expected = reference::bounces(&p, &start, 4);
    assert!(
        expected.iter().any(|hit| hit.sticking),
        "this case sticks at an impact"
    );
    let events = release(p, &start, 0.6);
    check_impacts(&p, &events, &expected);
}

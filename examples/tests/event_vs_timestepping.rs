//! Same model, two integrators: the event-driven scheme (Lötstedt 1982; Brogliato 2013, Sect. 6)
//! and Moreau's midpoint time-stepping (Glocker & Studer 2005, (17)) solve the same measure
//! differential inclusion, so as the step h → 0 the time-stepping solution converges to the
//! event-driven one. That it does so at first order across impacts is what this test measures
//! (no seed paper states it: an impact is resolved within the step that contains it, so its
//! time is known to one step).
//!
//! Invariant: for the bouncing ball (h₀ = 1, e = 0.5) and the hinged bar of Lötstedt Sect. 1,
//! * the k-th impact (k = 0, 1, …) of the time-stepping run (first step whose active set holds
//!   the contact with λ > 0, time estimate its midpoint) lies within 2(1 + e)(k + 1)·h of the
//!   event-driven impact time: each impact is located within one step, and the rebound uses
//!   the velocity at the step's midpoint, off by at most one step of normal acceleration a,
//!   so γ⁺ is off by (1 + e)|a|h and the next flight, of duration ≈ 2γ⁺/|a| (ballistic
//!   approximation of the gap), by 2(1 + e)h;
//! * the state at a fixed time in mid-flight differs by O(h);
//! * both differences shrink by at least a factor 3 when h goes 1e-3 → 1e-4 (first order).
//!
//! The event-driven times are themselves checked against the closed form for the ball, so
//! the second method here is the time-stepping scheme.

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::event_models::hinged_bar::HingedBar;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Mechanism, Vector};

/// Impact times of the event-driven run up to `t_fix`, and its state at `t_fix`.
fn event_driven<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: Mo,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    t_fix: f64,
) -> (Vec<f64>, Vector<NQ>, Vector<NQ>)
where
    Mo: Mechanism<NQ, NB, NU>,
{
    let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
    let mut impacts = Vec::new();
    sim.run(t_fix, |r| {
        if let Report::Event(ev) = r
            && matches!(ev.kind, EventKind::Impact | EventKind::Accumulation { .. })
        {
            impacts.push(ev.t);
        }
    })
    .unwrap();
    (impacts, *sim.q(), *sim.u())
}

/// Impact times (midpoints of the steps at which contact 0 becomes active with λ > 0) of a
/// Moreau-midpoint run with step h up to `t_fix`, and its state at `t_fix`.
fn time_stepping<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: Mo,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    h: f64,
    t_fix: f64,
) -> (Vec<f64>, Vector<NQ>, Vector<NQ>)
where
    Mo: Mechanism<NQ, NB, NU>,
{
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let mut impacts = Vec::new();
    let mut was = false;
    ts.run(h, t_fix, |r| {
        if r.impulses.active[0] && !was && r.impulses.lambda_n[0] > 0.0 {
            impacts.push(r.t - 0.5 * r.h);
        }
        was = r.impulses.active[0];
    })
    .unwrap();
    assert!((ts.t() - t_fix).abs() < 1e-9, "ended at {}", ts.t());
    (impacts, *ts.q(), *ts.u())
}

/// Compares the two integrators for h = 1e-3 and 1e-4 on the first `n_impacts` impacts and
/// the state at `t_fix`; `impact_scale` and `state_scale` are the bounds on the k-th impact
/// time and on |Δq|, |Δu| per unit of (k + 1)·h.
fn compare<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    name: &str,
    model: Mo,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    t_fix: f64,
    n_impacts: usize,
    (impact_scale, state_scale): (f64, f64),
) where
    Mo: Mechanism<NQ, NB, NU> + Clone,
{
    let (ed_impacts, ed_q, ed_u) = event_driven(model.clone(), q0, u0, t_fix);
    assert!(
        ed_impacts.len() >= n_impacts,
        "{name}: only {} event-driven impacts before t = {t_fix}",
        ed_impacts.len()
    );
    let mut time_err = Vec::new();
    let mut state_err = Vec::new();
    for h in [1e-3, 1e-4] {
        let (ts_impacts, ts_q, ts_u) = time_stepping(model.clone(), q0, u0, h, t_fix);
        let mut worst: f64 = 0.0;
        for (k, &t_ed) in ed_impacts.iter().take(n_impacts).enumerate() {
            let Some(&t) = ts_impacts.get(k) else {
                panic!("{name} h = {h}: time-stepping impact {k} missing")
            };
            let err = (t - t_ed).abs();
            assert!(
                err <= impact_scale * (k as f64 + 1.0) * h,
                "{name} h = {h}: impact {k} at {t}, event-driven {t_ed}"
            );
            worst = worst.max(err);
        }
        let dq = (ts_q - ed_q).amax();
        let du = (ts_u - ed_u).amax();
        eprintln!("{name} h = {h}: impact-time error {worst:e}, |Δq| {dq:e}, |Δu| {du:e}");
        let bound = state_scale * (n_impacts as f64 + 1.0) * h;
        assert!(
            dq <= bound && du <= bound,
            "{name} h = {h}: state at t = {t_fix} differs by |Δq| {dq:e}, |Δu| {du:e} > {bound:e}"
        );
        time_err.push(worst);
        state_err.push(dq.max(du));
    }
    assert!(
        time_err[1] < time_err[0] / 3.0,
        "{name}: impact-time difference does not shrink: {time_err:?}"
    );
    assert!(
        state_err[1] < state_err[0] / 3.0,
        "{name}: state difference does not shrink: {state_err:?}"
    );
}

#[test]
fn bouncing_ball_converges_to_event_driven() {
    let ball = BouncingBall {
        m: 1.0,
        g: 9.81,
        e: 0.5,
    };
    // Impacts at 0.452, 0.903, 1.129, 1.242 s; t = 1.0 is in the flight after the second. A
    // shift δt of an impact time moves the state by at most δt·(g + (1 + e)g) in u (the
    // velocity jump (1 + e)v is applied δt early or late, plus gravity) and δt·v₁ in y; with
    // v₁ = √(2g) ≈ 4.4 and (2 + e)g ≈ 25 the scale 2(2 + e)g covers both.
    let scale = 2.0 * (2.0 + ball.e) * ball.g;
    compare(
        "ball",
        ball,
        Vector::<1>::new(1.0),
        Vector::<1>::zeros(),
        1.0,
        2,
        (2.0 * (1.0 + ball.e), scale),
    );
}

#[test]
fn hinged_bar_converges_to_event_driven() {
    let bar = HingedBar::default();
    // Released horizontal (θ = π/2, at rest): the free end hits the floor at cos θ = d/(2l).
    let q0 = Vector::<3>::new(bar.l, 0.0, std::f64::consts::FRAC_PI_2);
    let u0 = Vector::<3>::zeros();
    let (ed, _, _) = event_driven(bar, q0, u0, 3.0);
    assert!(ed.len() >= 4, "bar impacts {ed:?}");
    // Fixed time in the middle of the flight between the third and fourth impacts.
    let t_fix = 0.5 * (ed[2] + ed[3]);
    let t_fix = (t_fix * 1e3).round() / 1e3;
    // Same reasoning as for the ball in the angle: the angular velocity jumps by (1 + e)ω and
    // the angular acceleration is at most 3g/(2l) (bar about its end), ω ≤ √(3g/l).
    let scale = 2.0 * (2.0 + bar.e) * 3.0 * bar.g / (2.0 * bar.l);
    compare("bar", bar, q0, u0, t_fix, 3, (2.0 * (1.0 + bar.e), scale));
}

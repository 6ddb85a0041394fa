//! Ball on a string that goes slack and tightens again (Lötstedt 1982, Sect. 1: unilateral
//! distance constraint ℓ − |r| ≥ 0). Invariants, each against an independent route:
//! * conservative forces only, so T + V is constant during free flights and during taut phases
//!   (the string tension is workless while |r| = ℓ) up to the integrator tolerance;
//! * a tightening is an impact with Newton's law on the radial velocity (Lötstedt (3.11)):
//!   the radial velocity becomes −e times its value and the tangential one is kept, so the
//!   kinetic energy after equals T⁺ = ½m(v_t² + e²v_r²) computed from the pre-impact state,
//!   and it never increases;
//! * |r| ≤ ℓ + 1e-10 at every accepted step (the unilateral constraint holds);
//! * from the bottom of the circle with speed v₀ (2gℓ < v₀² < 5gℓ) the tension
//!   λ = m v²/ℓ + m g cos θ (θ from the downward vertical, v² = v₀² − 2gℓ(1 − cos θ)) vanishes
//!   at cos θ_s = (2gℓ − v₀²)/(3gℓ): the string goes slack there;
//! * with e = 1 (v₀² = 3.5gℓ, slack at θ_s = 120°) the parabola from the slack point hits the
//!   circle at the bottom; the elastic reflection there sends the ball on the mirror parabola,
//!   which returns *tangentially* to the circle at the mirror point (where the tension of the
//!   taut motion vanishes and then grows). That return is a closing with zero normal velocity:
//!   no impulse, the string becomes taut (Theorem 5.4: λ = 0, λ̇ > 0) and the ball swings
//!   round to the slack point again, periodically. The integrator must run through it (it
//!   once ended in `TooManyEvents`: the located return carries a spurious normal velocity of
//!   the size of the location noise, which Newton's law with e = 1 turned into an undamped
//!   chatter of micro-impacts); checked: T + V constant across all phases and events to 1e-8,
//!   |r| ≤ ℓ + 1e-10, no impulse at grazing closings, and the slack, impact and taut-again
//!   times of every cycle against the closed form (quadrature of dt = ℓ dθ/v(θ) on the circle,
//!   parabola–circle intersections by bisection). The taut-again time is ill-conditioned
//!   (cubic tangency, see the window in the test);
//! * from a slack start the string tightens when the free-flight parabola
//!   r(t) = r₀ + v₀t − ½g t² e_y first meets the circle |r| = ℓ, found here by a scan and
//!   bisection on |r(t)|² − ℓ² (closed-form trajectory, independent of the integrator).

use mb_examples::event_models::ball_on_string::BallOnString;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::{Dynamics, Vector};

fn energy(model: &BallOnString, q: &Vector<2>, u: &Vector<2>) -> f64 {
    model.kinetic_energy(q, u, 0.0) + model.potential_energy(q, 0.0)
}

#[test]
fn slackens_where_the_tension_vanishes_and_conserves_energy_between_events() {
    for e in [0.0, 0.5] {
        let model = BallOnString {
            e,
            ..BallOnString::default()
        };
        let (g, ell, m) = (model.g, model.ell, model.m);
        let v0 = (3.5 * g * ell).sqrt();
        let q0 = Vector::<2>::new(0.0, -ell);
        let u0 = Vector::<2>::new(v0, 0.0);
        let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
        assert!(sim.closed()[0], "e = {e}: string taut at the start");
        let mut e_ref = energy(&model, &q0, &u0);
        let (mut drift, mut max_r, mut gain): (f64, f64, f64) = (0.0, 0.0, f64::NEG_INFINITY);
        let mut first_slack = None;
        let (mut slacks, mut tightenings) = (0, 0);
        let mut impact_law_err: f64 = 0.0;
        sim.run(3.0, |r| match r {
            Report::Step { q, u, .. } => {
                drift = drift.max((energy(&model, q, u) - e_ref).abs() / e_ref.abs());
                max_r = max_r.max(q.norm());
            }
            Report::Event(ev) => {
                match ev.kind {
                    EventKind::MultiplierZero => {
                        slacks += 1;
                        first_slack.get_or_insert(ev.q);
                    }
                    EventKind::Impact | EventKind::Accumulation { .. } => {
                        tightenings += 1;
                        gain = gain.max(ev.kinetic_energy_post - ev.kinetic_energy_pre);
                        // Newton's law on the radial direction n = r/|r|.
                        let n = ev.q / ev.q.norm();
                        let (vr, vt) = (ev.u_pre.dot(&n), ev.u_pre - n * ev.u_pre.dot(&n));
                        let ee = if matches!(ev.kind, EventKind::Impact) {
                            e
                        } else {
                            0.0
                        };
                        let t_post = 0.5 * m * (vt.norm_squared() + ee * ee * vr * vr);
                        impact_law_err = impact_law_err
                            .max((ev.kinetic_energy_post - t_post).abs() / ev.kinetic_energy_pre);
                    }
                    _ => {}
                }
                e_ref = energy(&model, &ev.q, &ev.u_post);
            }
        })
        .unwrap();
        let case = format!("e = {e}");
        assert!(
            slacks >= 1 && tightenings >= 1,
            "{case}: {slacks} slack, {tightenings} tight"
        );
        assert!(drift < 1e-8, "{case}: energy drift {drift:e}");
        assert!(max_r <= ell + 1e-10, "{case}: |r| reached {max_r}");
        assert!(gain <= 1e-12, "{case}: a tightening added energy {gain:e}");
        assert!(
            impact_law_err < 1e-10,
            "{case}: Newton's law off by {impact_law_err:e}"
        );
        let q_s = first_slack.unwrap();
        let cos_s = (2.0 * g * ell - v0 * v0) / (3.0 * g * ell);
        let cos_got = -q_s[1] / ell;
        assert!(
            (cos_got - cos_s).abs() < 1e-8,
            "{case}: slack at cos θ = {cos_got}, closed form {cos_s}"
        );
    }
}

/// First root of |r₀ + v₀t − ½gt²e_y|² − ℓ² for t > 0: scan with step 1e-3 for a sign change,
/// then bisect to 1e-15.
fn parabola_meets_circle(q0: Vector<2>, u0: Vector<2>, g: f64, ell: f64) -> f64 {
    let f = |t: f64| {
        let x = q0[0] + u0[0] * t;
        let y = q0[1] + u0[1] * t - 0.5 * g * t * t;
        x * x + y * y - ell * ell
    };
    let mut a = 0.0;
    while f(a + 1e-3) < 0.0 {
        a += 1e-3;
    }
    let mut b = a + 1e-3;
    while b - a > 1e-15 {
        let c = 0.5 * (a + b);
        if f(c) < 0.0 { a = c } else { b = c }
    }
    0.5 * (a + b)
}

#[test]
fn tightening_time_from_a_slack_start_matches_the_parabola_circle_intersection() {
    let model = BallOnString::default();
    for (q0, u0) in [
        (Vector::<2>::new(0.0, 0.0), Vector::<2>::new(1.0, 2.0)),
        (Vector::<2>::new(0.3, 0.5), Vector::<2>::new(-2.0, 0.5)),
        (Vector::<2>::new(-0.5, -0.2), Vector::<2>::new(0.0, 0.0)),
    ] {
        let t_closed = parabola_meets_circle(q0, u0, model.g, model.ell);
        let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
        assert!(!sim.closed()[0]);
        let mut first = None;
        sim.run(t_closed + 0.1, |r| {
            if let Report::Event(ev) = r
                && first.is_none()
            {
                first = Some((ev.t, ev.kind));
            }
        })
        .unwrap();
        let (t, kind) = first.expect("the string tightens");
        // With e = 0 the Zeno rule reports the inelastic tightening as an accumulation point.
        assert!(
            matches!(kind, EventKind::Impact | EventKind::Accumulation { .. }),
            "start {q0:?}, {u0:?}: first event {kind:?}"
        );
        assert!(
            (t - t_closed).abs() < 1e-9,
            "start {q0:?}, {u0:?}: tightens at {t}, closed form {t_closed}"
        );
    }
}

/// Composite Simpson rule for the time ∫ ℓ dθ / v(θ) spent on the circle between the angles
/// `a` < `b` (from the downward vertical, counter-clockwise), with the taut-phase speed
/// v(θ)² = v_a² + 2gℓ(cos θ − cos a) from energy conservation (independent of the integrator).
fn taut_time(a: f64, b: f64, v_a: f64, g: f64, ell: f64) -> f64 {
    let n = 20_000;
    let h = (b - a) / n as f64;
    let f = |th: f64| ell / (v_a * v_a + 2.0 * g * ell * (th.cos() - a.cos())).sqrt();
    let mut sum = f(a) + f(b);
    for k in 1..n {
        sum += f(a + k as f64 * h) * if k % 2 == 1 { 4.0 } else { 2.0 };
    }
    sum * h / 3.0
}

/// The root of |v(t)|² − g y(t) (= ½ d²|r|²/dt²) on the free flight from (q0, u0) where it
/// increases through zero (the first one where it decreases is on the way up, at the same
/// height): scan with step 1e-3, then bisect to 1e-15. On the circle this is where the
/// taut-motion tension m(v²/ℓ + g cos θ) vanishes while growing.
fn parabola_tension_zero(q0: Vector<2>, u0: Vector<2>, g: f64) -> f64 {
    let f = |t: f64| {
        let (q, u) = flight(q0, u0, g, t);
        u.norm_squared() - g * q[1]
    };
    let mut a = 1e-3;
    while f(a) > 0.0 {
        a += 1e-3;
    }
    while f(a + 1e-3) < 0.0 {
        a += 1e-3;
    }
    let mut b = a + 1e-3;
    while b - a > 1e-15 {
        let c = 0.5 * (a + b);
        if f(c) < 0.0 { a = c } else { b = c }
    }
    0.5 * (a + b)
}

/// Free-flight state at time t after (q0, u0).
fn flight(q0: Vector<2>, u0: Vector<2>, g: f64, t: f64) -> (Vector<2>, Vector<2>) {
    (
        Vector::<2>::new(q0[0] + u0[0] * t, q0[1] + u0[1] * t - 0.5 * g * t * t),
        Vector::<2>::new(u0[0], u0[1] - g * t),
    )
}

#[test]
fn elastic_grazing_return_tightens_without_impulse_and_matches_the_closed_form() {
    let model = BallOnString {
        e: 1.0,
        ..BallOnString::default()
    };
    let (g, ell, m) = (model.g, model.ell, model.m);
    let v0 = (3.5 * g * ell).sqrt();
    let q0 = Vector::<2>::new(0.0, -ell);
    let u0 = Vector::<2>::new(v0, 0.0);

    // Closed-form cycle: taut from the bottom to the slack angle θ_s, parabola to the circle,
    // elastic reflection u⁺ = u⁻ − 2(u⁻·n)n, parabola back to the circle (grazing), taut
    // again from there to θ_s.
    let cos_s = (2.0 * g * ell - v0 * v0) / (3.0 * g * ell);
    let th_s = cos_s.acos();
    let t_s = taut_time(0.0, th_s, v0, g, ell);
    let v_s = (v0 * v0 - 2.0 * g * ell * (1.0 - cos_s)).sqrt();
    let q_s = Vector::<2>::new(ell * th_s.sin(), -ell * cos_s);
    let u_s = Vector::<2>::new(v_s * cos_s, v_s * th_s.sin());
    let tau1 = parabola_meets_circle(q_s, u_s, g, ell);
    let (q_p, u_p) = flight(q_s, u_s, g, tau1);
    let n_p = q_p / q_p.norm();
    let u_p_plus = u_p - n_p * (2.0 * u_p.dot(&n_p));
    // The return is tangential (g_N, ġ_N, g̈_N all vanish there), so bisection on |r|² − ℓ²
    // would be ill-conditioned; its time is the simple root of ½ d²|r|²/dt² = |v|² − g y,
    // and the test checks that the ball is on the circle there.
    let tau2 = parabola_tension_zero(q_p, u_p_plus, g);
    let (q_g, u_g) = flight(q_p, u_p_plus, g, tau2);
    assert!(
        (q_g.norm() - ell).abs() < 1e-12,
        "closed-form return off the circle: |r| − ℓ = {:e}",
        q_g.norm() - ell
    );
    let th_g = q_g[0].atan2(-q_g[1]);
    let t_taut = taut_time(th_g, th_s, u_g.norm(), g, ell);
    let period = tau1 + tau2 + t_taut;
    // The return is tangential: the parabola's radial velocity there vanishes.
    assert!(
        u_g.dot(&(q_g / ell)).abs() < 1e-6 * u_g.norm(),
        "closed-form return is not grazing: radial velocity {}",
        u_g.dot(&(q_g / ell))
    );
    // Tension rate at the return, λ̇ = 3 m g |sin θ_g| θ̇ (from λ = m v²/ℓ + m g cos θ): the
    // gap is ≈ (λ̇/6m)(t* − t)³ near it, so a gap error η shifts the located closing by
    // (6mη/λ̇)^{1/3} (plus one short flight of three times that, see `grazing`).
    let lam_dot = 3.0 * m * g * th_g.sin().abs() * u_g.norm() / ell;
    let eta = 1e-8;
    let closing_window = 4.0 * (6.0 * m * eta / lam_dot).cbrt();

    let t_end = 8.0;
    let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
    let e0 = energy(&model, &q0, &u0);
    let (mut drift, mut max_r): (f64, f64) = (0.0, 0.0);
    let (mut slacks, mut impacts, mut closings) = (Vec::new(), Vec::new(), Vec::new());
    let mut impulse_at_grazing: f64 = 0.0;
    sim.run(t_end, |r| match r {
        Report::Step { q, u, .. } => {
            drift = drift.max((energy(&model, q, u) - e0).abs() / e0);
            max_r = max_r.max(q.norm());
        }
        Report::Event(ev) => {
            drift = drift.max((energy(&model, &ev.q, &ev.u_post) - e0).abs() / e0);
            max_r = max_r.max(ev.q.norm());
            match ev.kind {
                EventKind::MultiplierZero => slacks.push(ev.t),
                EventKind::Impact => impacts.push(ev.t),
                EventKind::Grazing => {
                    impulse_at_grazing = impulse_at_grazing.max(ev.impulse.amax());
                    if ev.closed[0] {
                        closings.push(ev.t);
                    }
                }
                EventKind::Accumulation { .. } | EventKind::Rest => {
                    panic!("no accumulation with e = 1")
                }
                EventKind::SlipStops | EventKind::StickEnds => panic!("the string is frictionless"),
            }
        }
    })
    .expect("the elastic ball on a string runs through its grazing returns");

    assert!(
        drift < 1e-8,
        "energy drift {drift:e} (e = 1 conserves T + V)"
    );
    assert!(max_r <= ell + 1e-10, "|r| reached {max_r}");
    assert!(
        impulse_at_grazing == 0.0,
        "a grazing closing applied an impulse"
    );
    let cycles = ((t_end - t_s) / period).floor() as usize + 1;
    assert_eq!(slacks.len(), cycles, "slack events {slacks:?}");
    assert_eq!(impacts.len(), cycles, "impacts {impacts:?}");
    assert_eq!(closings.len(), cycles, "taut closings {closings:?}");
    for k in 0..cycles {
        let t0 = t_s + k as f64 * period;
        let (t_slack, t_impact, t_taut_start) = (t0, t0 + tau1, t0 + tau1 + tau2);
        assert!(
            (slacks[k] - t_slack).abs() < 1e-7,
            "cycle {k}: slack at {}, closed form {t_slack}",
            slacks[k]
        );
        assert!(
            (impacts[k] - t_impact).abs() < 1e-7,
            "cycle {k}: impact at {}, closed form {t_impact}",
            impacts[k]
        );
        assert!(
            (closings[k] - t_taut_start).abs() < closing_window,
            "cycle {k}: taut again at {}, closed form {t_taut_start} ± {closing_window:e}",
            closings[k]
        );
    }
}

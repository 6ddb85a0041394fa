//! Bouncing ball (Lötstedt 1982, "Mechanical systems of rigid bodies subject to unilateral constraints",
//! Sect. 4: accumulation point): a ball
//! dropped from h₀ with restitution e hits the floor at t₁ = √(2h₀/g) and then at
//! tₖ₊₁ = tₖ + 2eᵏ√(2gh₀)/g, accumulating at t_∞ = √(2h₀/g)(1 + e)/(1 − e), after which it
//! rests with λ = mg. The event-driven integrator must reproduce these closed forms: the first
//! ten impact times within 1e-12 s, the later ones within 1e-9 s, rest at t_∞ within 1e-9 s,
//! with a bounded number of steps and events.

use mb_examples::bouncing_ball::BouncingBall;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};

#[test]
fn impact_times_and_accumulation_match_closed_form() {
    let (h0, e, g, m) = (1.0, 0.5, 9.81, 1.0);
    let model = BouncingBall { m, g, e };
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        Vector::<1>::new(h0),
        Vector::<1>::zeros(),
    )
    .unwrap();
    let mut impacts = Vec::new();
    let (mut limit, mut rest) = (None, None);
    sim.run(2.0, |r| {
        if let Report::Event(ev) = r {
            match ev.kind {
                EventKind::Impact => impacts.push(ev.t),
                EventKind::Accumulation { t_limit } => {
                    impacts.push(ev.t);
                    limit = Some(t_limit);
                }
                EventKind::Rest => rest = Some(ev.t),
                _ => {}
            }
        }
    })
    .unwrap();
    let v1 = (2.0 * g * h0).sqrt();
    let mut tk = (2.0 * h0 / g).sqrt();
    let mut max_err10: f64 = 0.0;
    let mut max_err: f64 = 0.0;
    for (k, &t) in impacts.iter().enumerate() {
        let err = (t - tk).abs();
        if k < 10 {
            max_err10 = max_err10.max(err);
        } else {
            max_err = max_err.max(err);
        }
        tk += 2.0 * e.powi(k as i32 + 1) * v1 / g;
    }
    let t_inf = (2.0 * h0 / g).sqrt() * (1.0 + e) / (1.0 - e);
    let stats = sim.stats();
    eprintln!(
        "impacts {} max_err10 {max_err10:e} max_err {max_err:e} limit {limit:?} t_inf {t_inf} stats {stats:?}",
        impacts.len()
    );
    assert!(
        max_err10 < 1e-12,
        "first ten impact times off by {max_err10:e}"
    );
    assert!(max_err < 1e-9, "later impact times off by {max_err:e}");
    let t_limit = limit.expect("accumulation point detected");
    let t_rest = rest.expect("at rest after the accumulation point");
    assert!(
        (t_rest - t_inf).abs() < 1e-9,
        "rest from {t_rest}, t_inf = {t_inf}"
    );
    assert_eq!(
        t_rest, t_limit,
        "at rest at the predicted accumulation time"
    );
    assert!(sim.closed()[0]);
    assert!((sim.contact_multipliers()[0] - m * g).abs() < 1e-9 * m * g);
    assert!(sim.q()[0].abs() < 1e-12 && sim.u()[0].abs() < 1e-12);
    assert!(stats.events < 60 && stats.steps < 500, "work {stats:?}");
}

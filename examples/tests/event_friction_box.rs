//! Two frictional contacts of one body under the event-driven integrator: `PushedBox`, a box
//! on its two lower corners pushed at its centre by F = c t (closed form in the model docs).
//!
//! While the box sticks the two corners' tangential directions coincide, so only the total
//! friction is determined: the integrator keeps one tangential column for the group and ends
//! the stick when |Σ λ_T| reaches Σ μλ_N, i.e. at c t = μ m g, and not when one corner's share
//! would (a per-corner test would end it early). Checked against the closed form: the single
//! stick-end time (1e-10 s), both corners sliding from then on, the normal forces
//! (m g/2)(1 ∓ μ b/a) during the slide (1e-9 relative), x(t) = c (t − t_s)³/(6 m) (1e-9 m), and
//! the box staying level (θ, y unchanged).

use mb_examples::friction_event_models::pushed_box::PushedBox;
use mbruntime::Vector;
use mbruntime::event::ContactMode;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};

#[test]
fn the_box_sticks_until_the_total_friction_is_exhausted_then_slides_on_both_corners() {
    let p = PushedBox::default();
    let t_s = p.mu * p.m * p.g / p.c;
    let q0 = Vector::<3>::new(0.0, p.b, 0.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, Vector::<3>::zeros())
        .expect("at rest on both corners");
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking; 2]);
    let mut events = Vec::new();
    let t_end = t_s + 0.5;
    let (mut checked, mut worst_force) = (0, 0.0_f64);
    let expected_left = 0.5 * p.m * p.g * (1.0 - p.mu * p.b / p.a);
    let expected_right = 0.5 * p.m * p.g * (1.0 + p.mu * p.b / p.a);
    for k in 1..=200 {
        let t = t_end * k as f64 / 200.0;
        sim.run(t, |r| {
            if let Report::Event(ev) = r {
                events.push(*ev);
            }
        })
        .expect("the box runs");
        if t > t_s + 1e-6 {
            let ln = sim.contact_multipliers();
            worst_force = worst_force
                .max((ln[0] - expected_left).abs() / expected_left)
                .max((ln[1] - expected_right).abs() / expected_right);
            checked += 1;
        }
    }
    let stick_ends: Vec<_> = events
        .iter()
        .filter(|e| e.kind == EventKind::StickEnds)
        .collect();
    assert_eq!(
        stick_ends.len(),
        1,
        "one stick end for the group: {events:?}"
    );
    let ev = stick_ends[0];
    assert!(
        (ev.t - t_s).abs() <= 1e-10,
        "stick ends at {} vs c t = μ m g at {t_s}",
        ev.t
    );
    assert_eq!(ev.modes, [ContactMode::Sliding { sigma: 1.0 }; 2]);
    assert_eq!(events.len(), 1, "no other event: {events:?}");
    assert!(
        checked > 50 && worst_force < 1e-9,
        "normal forces: {worst_force:e}"
    );
    let q = sim.q();
    let x = p.c * (t_end - t_s).powi(3) / (6.0 * p.m);
    assert!((q[0] - x).abs() <= 1e-9, "x = {} vs {x}", q[0]);
    assert!(
        (q[1] - p.b).abs() <= 1e-12 && q[2].abs() <= 1e-12,
        "level: {q:?}"
    );
}

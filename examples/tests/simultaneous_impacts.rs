//! Simultaneous impacts on redundant contacts: a block dropped flat hits three or four supports
//! at once. The impact LCP (Lötstedt 1982, (2.11); Brogliato 2013, (77)) has a unique post-impact
//! velocity although its impulses are not unique (Brogliato 2013, Proposition 18: two solutions
//! differ by an element of the null space of the contact columns); among them the one of
//! smallest norm is unique (Lötstedt 1982, Lemma 5.2, item 4), and that is what the event-driven
//! integrator reports.
//!
//! Closed forms (written out here): falling from rest through height h onto the supports,
//! v⁻ = −√(2gh); Newton's law on every support with the same e and the block flat gives
//! v⁺ = e√(2gh) with no rotation, total impulse m(1 + e)√(2gh) and — the minimum-norm shares
//! λᵢ = α + β sᵢ in the row space of the columns (1, sᵢ), with Σλᵢ = P and Σλᵢsᵢ = 0 —
//! equal shares P/n on the symmetric supports. At rest on them after the accumulation point, the
//! minimum-norm contact forces are m g/n each. Time-stepping (Moreau's midpoint rule) must give
//! the same post-impact velocity (to O(g Δt)).

use mb_examples::analysis_models::block_three_contacts::BlockThreeContacts;
use mb_examples::event_models::block_four_supports::BlockFourSupports;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::linalg::minimum_norm_multipliers;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Matrix, Vector};

const DROP: f64 = 0.2;

#[test]
fn four_supports_hit_at_once_share_the_impulse_equally() {
    let model = BlockFourSupports::default();
    let (m, g, e, b) = (model.m, model.g, model.e, model.b);
    let v_minus = (2.0 * g * DROP).sqrt();
    let q0 = Vector::<3>::new(0.0, b + DROP, 0.0);
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        q0,
        Vector::<3>::zeros(),
    )
    .unwrap();
    let mut first = None;
    sim.run(5.0, |r| {
        if let Report::Event(ev) = r
            && ev.kind == EventKind::Impact
        {
            first.get_or_insert(*ev);
        }
    })
    .unwrap();
    let ev = first.expect("the block lands");
    let t_hit = (2.0 * DROP / g).sqrt();
    assert!((ev.t - t_hit).abs() < 1e-9, "impact at {}", ev.t);
    let total = m * (1.0 + e) * v_minus;
    let expected = Vector::<4>::repeat(total / 4.0);
    assert!(
        (ev.impulse - expected).amax() <= 1e-9 * total,
        "impulses {}",
        ev.impulse
    );
    let u = ev.u_post;
    assert!(
        (u[1] - e * v_minus).abs() <= 1e-9 && u[2].abs() <= 1e-9 && u[0].abs() <= 1e-12,
        "u⁺ = {u}"
    );
    // The block comes to rest on the supports (an accumulation point): the minimum-norm forces
    // carry m g/4 each, whatever basic solution the KKT solve holds.
    assert!(sim.closed().iter().all(|&c| c), "resting on all four");
    let forces = sim.minimum_norm_contact_multipliers().unwrap();
    assert!(
        (forces - Vector::<4>::repeat(m * g / 4.0)).amax() <= 1e-9 * m * g,
        "resting forces {forces}, basic {}",
        sim.contact_multipliers()
    );
}

#[test]
fn three_aligned_supports_in_both_integrators() {
    // Brogliato (2013), Example 1: the block that cannot rotate, on three aligned supports
    // (x vertical), dropped with e = 0.5.
    let model = BlockThreeContacts {
        e: 0.5,
        ..BlockThreeContacts::default()
    };
    let (m, g, e, l) = (model.m, model.g, model.e, model.l);
    let v_minus = (2.0 * g * DROP).sqrt();
    let q0 = Vector::<2>::new(l + DROP, 0.0);
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        q0,
        Vector::<2>::zeros(),
    )
    .unwrap();
    let mut first = None;
    sim.run(0.5, |r| {
        if let Report::Event(ev) = r {
            first.get_or_insert(*ev);
        }
    })
    .unwrap();
    let ev = first.expect("the block lands");
    let total = m * (1.0 + e) * v_minus;
    assert!(
        (ev.impulse - Vector::<3>::repeat(total / 3.0)).amax() <= 1e-9 * total,
        "impulses {}",
        ev.impulse
    );
    assert!((ev.u_post[0] - e * v_minus).abs() <= 1e-9);

    // Time-stepping: the step containing the impact leaves the block rising at e v⁻ (up to
    // the gravity impulse of part of one step); the step's impulses, whatever their
    // distribution, sum to the total, and their minimum-norm redistribution is the equal one.
    for h in [1e-3, 1e-4] {
        let mut ts = TimeStepper::new(
            model,
            Scheme::MoreauMidpoint,
            Settings::default(),
            0.0,
            q0,
            Vector::<2>::zeros(),
        )
        .unwrap();
        let mut impact = None;
        ts.run(h, 0.3, |r| {
            if impact.is_none() && r.impulses.active.iter().any(|&a| a) {
                impact = Some((r.u, r.impulses.lambda_n, r.q_eval, r.impulses.active));
            }
        })
        .unwrap();
        let (u, lambda, q_eval, active) = impact.expect("an impact step");
        assert!(
            (u[0] - e * v_minus).abs() <= 2.0 * g * h,
            "h = {h}: u⁺ = {}, e v⁻ = {}",
            u[0],
            e * v_minus
        );
        assert!(
            (lambda.sum() - total).abs() <= 2.0 * m * g * h,
            "h = {h}: Σ Λ = {}",
            lambda.sum()
        );
        let (mut w, mut tp) = (Matrix::<2, 3>::zeros(), Vector::<3>::zeros());
        model.gap_jacobian(&q_eval, 0.0, &mut w, &mut tp);
        let shares = minimum_norm_multipliers(&w, &active, &lambda);
        assert!(
            (shares - Vector::<3>::repeat(lambda.sum() / 3.0)).amax() <= 1e-12 * total,
            "h = {h}: minimum-norm shares {shares} of {lambda}"
        );
    }
}

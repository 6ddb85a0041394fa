//! A block on a rough horizontal floor pushed by a rotating force of pulsing magnitude
//! ([`PushedBlock`]: F(t) = F₀ sin²(νt/2) (cos ωt, sin ωt, 0), spatial Coulomb friction μ),
//! under the event-driven integrator, from rest.
//!
//! Closed form of the sticking phase: the friction force is −F(t) (so the tangential
//! multipliers are (−F_x, −F_y) and the normal one m g), until ‖F‖ = μ m g, i.e. at
//! t₁ = (2/ν) arcsin √(μ m g / F₀); the slip then starts in the direction of F(t₁),
//! (cos ωt₁, sin ωt₁), with zero slip acceleration. That start is stiff for the explicit
//! integrator (the slip direction relaxes at a rate ∝ 1/‖γ_T‖), which stops there with
//! [`EventError::PlaneSlipFromConeBoundary`] naming the contact, the time and the direction.
//!
//! Checked: the sticking forces against −F(t) at every step, the stick end at t₁ to 1e-10 s,
//! and the direction to 1e-10.

use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mbruntime::Vector;
use mbruntime::event::{ContactMode, EventDriven, EventError, EventOptions, Report};

#[test]
fn a_pushed_block_sticks_until_the_closed_form_time_and_leaves_the_cone_along_the_push() {
    let p = PushedBlock::default();
    let push = |t: f64| {
        let f = p.f0 * (0.5 * p.nu * t).sin().powi(2);
        [f * (p.w * t).cos(), f * (p.w * t).sin()]
    };
    let weight = p.m * p.g;
    let t1 = 2.0 / p.nu * (p.mu * weight / p.f0).sqrt().asin();
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::zeros(),
        Vector::<3>::zeros(),
    )
    .expect("at rest on the floor");
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking]);
    let mut steps = Vec::new();
    let err = sim
        .run(2.0, |r| {
            if let Report::Step { t, q, u, .. } = r {
                steps.push((t, q.norm() + u.norm()));
            }
        })
        .expect_err("the slip from the cone boundary is refused");
    assert!(steps.len() >= 10, "{} steps", steps.len());
    assert!(
        steps.iter().all(|&(t, motion)| t < t1 && motion == 0.0),
        "it sticks"
    );
    // The sticking forces at the last step: −F(t) and m g.
    let t = sim.t();
    let f = push(t);
    let (ln, lt1, lt2) = (
        sim.contact_multipliers()[0],
        sim.tangential_multipliers()[0],
        sim.second_tangential_multipliers()[0],
    );
    assert!((ln - weight).abs() <= 1e-12 * weight, "λ_N = {ln}");
    assert!((lt1 + f[0]).abs() <= 1e-12 * weight && (lt2 + f[1]).abs() <= 1e-12 * weight);
    match err {
        EventError::PlaneSlipFromConeBoundary {
            t,
            contact,
            index,
            friction,
            direction,
        } => {
            assert_eq!((contact, index, friction), ("floor", 0, p.mu));
            assert!((t - t1).abs() <= 1e-10, "stick end at {t} vs {t1}");
            let d = [(p.w * t1).cos(), (p.w * t1).sin()];
            assert!(
                (direction[0] - d[0]).abs() <= 1e-10 && (direction[1] - d[1]).abs() <= 1e-10,
                "direction {direction:?} vs {d:?}"
            );
        }
        other => panic!("{other}"),
    }
}

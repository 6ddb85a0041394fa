//! Kinetic energy never increases across an impact without external work.
//!
//! Invariant (Lötstedt 1982, (3.11): for Newton restitution 0 ≤ e ≤ 1 the kinetic energy after
//! an impact does not exceed that before; frictionless contacts): with gravity, springs and
//! friction switched off (g = 0, c_φ = 0, μ = 0), every step of the woodpecker (three
//! contacts, e = 1 at the beak and e = 0.7 at the sleeve) and of the rod against the wall with
//! its tip on a line (Brogliato 2013, Sect. 4.3: a bilateral constraint, e = 0.5) has
//! T(u_E) ≤ T(u_A) (to rounding, 1e-12 relative), and impacts happen. For the ball (g = 0,
//! one contact) the energy ratio of the impact step is the closed form e².

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::rod_wall::RodWall;
use mb_examples::woodpecker::Woodpecker;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Dynamics, Vector};

#[test]
fn woodpecker_without_forces_never_gains_kinetic_energy() {
    let model = Woodpecker {
        g: 0.0,
        c_phi: 0.0,
        mu: 0.0,
        e_N1: 1.0,
        e_N23: 0.7,
        ..Woodpecker::default()
    };
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let q0 = Vector::<3>::new(0.0, 0.0, 0.0);
        let u0 = Vector::<3>::new(-0.1, 3.0, 8.0);
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut impacts = 0;
        ts.run(1e-5, 0.3, |r| {
            let before = model.kinetic_energy(&r.q_start, &r.u_start, r.t - r.h);
            let after = model.kinetic_energy(&r.q, &r.u, r.t);
            assert!(
                after <= before * (1.0 + 1e-12),
                "{scheme:?} step {}: T {before:e} -> {after:e}",
                r.step
            );
            impacts += usize::from(r.impulses.lambda_n.amax() > 0.0);
        })
        .unwrap();
        assert!(impacts > 3, "{scheme:?}: only {impacts} impact steps");
    }
}

#[test]
fn rod_with_bilateral_constraint_never_gains_kinetic_energy() {
    let model = RodWall {
        g: 0.0,
        ..RodWall::default()
    };
    let theta0: f64 = 0.6;
    // Tip on the line y − l sin θ = H, wall tip at x − l cos θ = 0.05, moving towards the wall
    // with a velocity that satisfies the bilateral constraint ẏ = l cos θ θ̇.
    let q0 = Vector::<3>::new(
        0.05 + model.l * theta0.cos(),
        model.H + model.l * theta0.sin(),
        theta0,
    );
    let u0 = Vector::<3>::new(-1.0, model.l * theta0.cos() * 0.5, 0.5);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let mut impacts = 0;
    ts.run(1e-4, 0.5, |r| {
        let before = model.kinetic_energy(&r.q_start, &r.u_start, r.t - r.h);
        let after = model.kinetic_energy(&r.q, &r.u, r.t);
        assert!(
            after <= before * (1.0 + 1e-12),
            "step {}: T {before:e} -> {after:e}",
            r.step
        );
        assert!(r.constraint_residual <= 1e-12);
        impacts += usize::from(r.impulses.lambda_n[0] > 0.0);
    })
    .unwrap();
    assert!(impacts > 0, "the rod must hit the wall");
}

#[test]
fn ball_impact_step_loses_the_fraction_one_minus_e_squared() {
    let model = BouncingBall {
        g: 0.0,
        ..BouncingBall::default()
    };
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        Vector::<1>::new(0.01),
        Vector::<1>::new(-1.0),
    )
    .unwrap();
    let mut ratio = None;
    ts.run(1e-4, 0.05, |r| {
        if r.impulses.lambda_n[0] > 0.0 && ratio.is_none() {
            ratio = Some(
                model.kinetic_energy(&r.q, &r.u, r.t)
                    / model.kinetic_energy(&r.q_start, &r.u_start, r.t - r.h),
            );
        }
    })
    .unwrap();
    let ratio = ratio.expect("an impact");
    assert!(
        (ratio - model.e * model.e).abs() <= 1e-12,
        "T+/T- = {ratio}"
    );
}

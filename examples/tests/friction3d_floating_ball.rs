//! The generated `FloatingBall`: a uniform ball on a floating joint whose contact slip velocity
//! is written with the body velocity `velocity(ball, touch)` (the form `mbcompile import` writes
//! for a sphere geom against a plane).
//!
//! Invariants:
//! - kinematics: the slip directions are the velocity of the ball's material point at its lowest
//!   point, W_Tᵀ q̇ = e_x·(ṙ + ω × (−r e_z)) and W_T2ᵀ q̇ = e_y·(…), with ω = ψ̇ e_z + θ̇ R_z e_y +
//!   φ̇ R_z R_y e_x for R = R_z(ψ) R_y(θ) R_x(φ), written out independently here, at random states;
//! - dynamics (Routh 1905, "Dynamics of a System of Rigid Bodies", elementary part, §§ 243–246,
//!   as `friction3d_ball.rs` states it): launched sliding at v₀ without spin, the slip speed falls
//!   at 7/2 μ g, rolling starts at t_s = 2 v₀/(7 μ g) (within one step) and the ball then rolls at
//!   5 v₀/7; here under Moreau's midpoint rule and Moreau–Jean (θ = ½, 1). Launched along y the
//!   ball turns about x only, so pitch stays 0, away from the singularity of the angles.

use mb_examples::friction3d_models::floating_ball::FloatingBall;
use mb_testsupport::SplitMix;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Matrix, Vector};
use nalgebra::{Rotation3, Vector3};

fn angular_velocity(q: &Vector<6>, u: &Vector<6>) -> Vector3<f64> {
    let (yaw, pitch) = (q[3], q[4]);
    let rz = Rotation3::from_axis_angle(&Vector3::z_axis(), yaw);
    let ry = Rotation3::from_axis_angle(&Vector3::y_axis(), pitch);
    Vector3::z() * u[3] + rz * Vector3::y() * u[4] + rz * ry * Vector3::x() * u[5]
}

fn slip(q: &Vector<6>, u: &Vector<6>, r: f64) -> Vector3<f64> {
    let v = Vector3::new(u[0], u[1], u[2]);
    v + angular_velocity(q, u).cross(&(-r * Vector3::z()))
}

#[test]
fn slip_directions_are_the_material_velocity_at_the_lowest_point() {
    let model = FloatingBall::default();
    let mut rng = SplitMix(20_261_128);
    for _ in 0..50 {
        let (q, u): (Vector<6>, Vector<6>) = (rng.vector(), rng.vector());
        let (mut w1, mut w2) = (Matrix::<6, 1>::zeros(), Matrix::<6, 1>::zeros());
        let (mut p1, mut p2) = (Vector::<1>::zeros(), Vector::<1>::zeros());
        model.slip_jacobian(&q, 0.0, &mut w1, &mut p1);
        model.second_slip_jacobian(&q, 0.0, &mut w2, &mut p2);
        let s = slip(&q, &u, model.r);
        let got = [(w1.transpose() * u)[0], (w2.transpose() * u)[0]];
        assert!(
            (got[0] - s.x).abs() <= 1e-15 * (1.0 + s.norm()),
            "{got:?} vs {s:?}"
        );
        assert!(
            (got[1] - s.y).abs() <= 1e-15 * (1.0 + s.norm()),
            "{got:?} vs {s:?}"
        );
        assert_eq!((p1[0], p2[0]), (0.0, 0.0));
    }
}

#[test]
fn launched_sliding_it_rolls_from_two_sevenths_at_five_sevenths_of_its_speed() {
    let model = FloatingBall::default();
    let (mu, g, r) = (model.mu, model.g, model.r);
    let (v0, dt) = (1.5, 1e-4);
    let t_s = 2.0 * v0 / (7.0 * mu * g);
    for scheme in [
        Scheme::MoreauMidpoint,
        Scheme::MoreauJean { theta: 0.5 },
        Scheme::MoreauJean { theta: 1.0 },
    ] {
        let mut q0 = Vector::<6>::zeros();
        q0[2] = r - 1e-9;
        let mut u0 = Vector::<6>::zeros();
        u0[1] = v0;
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut roll_start = None;
        ts.run(dt, 2.0 * t_s, |s| {
            assert_eq!(s.impulses.cone_size, 3, "the contact stays closed: {s:?}");
            let sl = slip(&s.q, &s.u, r);
            if roll_start.is_none() && sl.norm() <= 1e-12 * v0 {
                roll_start = Some(s.t);
            }
            if roll_start.is_some() {
                assert!(
                    sl.norm() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: slip {sl:?}",
                    s.t
                );
                let expected = 5.0 * v0 / 7.0;
                assert!(
                    (s.u[1] - expected).abs() <= 1e-12 * v0 && s.u[0].abs() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: v = ({}, {}), expected (0, {expected})",
                    s.t,
                    s.u[0],
                    s.u[1]
                );
            } else {
                let expected = v0 - 3.5 * mu * g * s.t;
                assert!(
                    (sl.norm() - expected).abs() <= 1e-12 * v0 && sl.x.abs() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: slip {sl:?}, expected speed {expected} along y",
                    s.t
                );
            }
            assert!(s.q[4].abs() <= 1e-12, "pitch stays 0: {}", s.q[4]);
        })
        .unwrap();
        let t = roll_start.expect("the ball starts rolling");
        assert!(
            t >= t_s - 1e-9 && t <= t_s + dt + 1e-9,
            "{scheme:?}: rolling from {t}, expected t_s = {t_s}"
        );
    }
}

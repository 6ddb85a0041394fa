//! Which contact problem a step solves, and contacts without a tangent plane inside the cone
//! problem.
//!
//! Invariants: (1) a step solves the cone complementarity problem exactly when a closed contact
//! has a tangent plane and μ > 0; otherwise it solves the contact LCP (33) of Glocker & Studer
//! (2005) as before. (2) In a cone step a contact with planar friction (one tangent) is a 3-D
//! contact whose missing second tangent has a decoupled positive self-compliance; its second
//! tangential impulse vanishes in every solution, so it obeys its own planar law (12) exactly
//! (`contact_cone` module docs): a planar block integrated inside a model that also has a
//! spatial contact (cone route) follows the trajectory the LCP route computes for the planar
//! block alone — in slip, when it comes to rest, and while it sticks under a load below μ m g —
//! up to the solvers' certificates. (3) A frictionless contact in a cone step transmits no
//! tangential impulse and obeys Newton's law alone: a frictionless block keeps its tangential
//! velocity.

use mb_testsupport::models::{Block, G, PlanarAndSpatial, PlanarBlock};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const DT: f64 = 1e-3;
const DEPTH: f64 = 1e-9;

fn spatial_block(mu: f64) -> Block {
    Block {
        m: 1.3,
        lateral_mass: 0.0,
        alpha: 0.0,
        mu,
        e_n: 0.0,
        e_t: 0.0,
    }
}

#[test]
fn planar_contact_in_a_cone_step_follows_its_lcp_trajectory() {
    let (m, mu) = (0.8, 0.5);
    // Slides, stops and then sticks under a pull below μ m g; slides throughout above it.
    for (pull, v0) in [
        (0.3 * mu * m * G, 1.2),
        (-0.6 * mu * m * G, -0.8),
        (1.4 * mu * m * G, 0.5),
    ] {
        for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
            let planar = PlanarBlock { m, mu, pull };
            let mixed = PlanarAndSpatial {
                planar,
                spatial: spatial_block(0.4),
            };
            let qa = Vector::<2>::new(0.0, -DEPTH);
            let ua = Vector::<2>::new(v0, 0.0);
            let q = Vector::<5>::from([qa[0], qa[1], 0.0, 0.0, -DEPTH]);
            let u = Vector::<5>::from([ua[0], ua[1], -0.3, 0.7, 0.0]);
            let settings = Settings::default();
            let mut alone = TimeStepper::new(planar, scheme, settings, 0.0, qa, ua).unwrap();
            let mut both = TimeStepper::new(mixed, scheme, settings, 0.0, q, u).unwrap();
            let (mut stuck, mut sliding) = (0, 0);
            for _ in 0..600 {
                let a = *alone.step(DT).unwrap();
                let b = *both.step(DT).unwrap();
                assert!(
                    a.impulses.lcp_size == 3 && a.impulses.cone_size == 0,
                    "planar alone: the LCP"
                );
                assert!(
                    b.impulses.cone_size == 6 && b.impulses.lcp_size == 0,
                    "with a spatial contact: the cone"
                );
                let dq = (b.q.fixed_rows::<2>(0) - a.q).amax();
                let du = (b.u.fixed_rows::<2>(0) - a.u).amax();
                assert!(
                    dq <= 1e-12 && du <= 1e-10,
                    "t = {}: Δq {dq:e}, Δu {du:e}",
                    a.t
                );
                let scale = a.impulses.lambda_n[0];
                assert!((b.impulses.lambda_n[0] - scale).abs() <= 1e-10 * scale);
                assert!((b.impulses.lambda_t[0] - a.impulses.lambda_t[0]).abs() <= 1e-10 * scale);
                assert_eq!(
                    b.impulses.lambda_t2[0], 0.0,
                    "a planar contact has no second tangent"
                );
                if a.u[0].abs() <= 1e-12 {
                    stuck += 1;
                } else {
                    sliding += 1;
                }
            }
            assert!(sliding > 0, "pull {pull}: the block slides at first");
            if pull.abs() < mu * m * G {
                // Decelerating at μ g − sign(v₀) pull/m, it stops at t = |v₀|/that.
                let t_stop = v0.abs() / (mu * G - v0.signum() * pull / m);
                let expected = 600.0 - t_stop / DT;
                assert!(
                    (stuck as f64 - expected).abs() <= 2.0,
                    "pull {pull}: comes to rest at {t_stop} and sticks ({stuck} steps)"
                );
            } else {
                assert_eq!(stuck, 0, "pull {pull}: slides throughout");
            }
        }
    }
}

#[test]
fn the_cone_problem_is_solved_only_when_a_closed_spatial_contact_has_friction() {
    // Spatial contact with μ > 0 closed: cone; with μ = 0: the LCP (a normal row only).
    for (mu, cone) in [(0.4, true), (0.0, false)] {
        let model = spatial_block(mu);
        let q0 = Vector::<3>::new(0.0, 0.0, -DEPTH);
        let u0 = Vector::<3>::new(0.5, -0.2, 0.0);
        let mut ts = TimeStepper::new(
            model,
            Scheme::MoreauMidpoint,
            Settings::default(),
            0.0,
            q0,
            u0,
        )
        .unwrap();
        let r = *ts.step(DT).unwrap();
        if cone {
            assert!(
                r.impulses.cone_size == 3
                    && r.impulses.lcp_size == 0
                    && r.impulses.cone_iterations > 0,
                "{r:?}"
            );
        } else {
            assert!(
                r.impulses.cone_size == 0 && r.impulses.lcp_size == 1,
                "{r:?}"
            );
            // Frictionless: the tangential velocity is kept exactly.
            assert_eq!((r.u[0], r.u[1]), (u0[0], u0[1]));
        }
    }
    // Only the planar contact closed (the spatial block in flight): the LCP.
    let mixed = PlanarAndSpatial {
        planar: PlanarBlock {
            m: 1.0,
            mu: 0.5,
            pull: 0.0,
        },
        spatial: spatial_block(0.4),
    };
    let q = Vector::<5>::from([0.0, -DEPTH, 0.0, 0.0, 1.0]);
    let u = Vector::<5>::from([1.0, 0.0, 0.0, 0.0, 0.0]);
    let mut ts = TimeStepper::new(
        mixed,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q,
        u,
    )
    .unwrap();
    let r = *ts.step(DT).unwrap();
    assert_eq!(r.impulses.active, [true, false]);
    assert!(
        r.impulses.lcp_size == 3 && r.impulses.cone_size == 0,
        "{r:?}"
    );
}

#[test]
fn frictionless_contact_in_a_cone_step_keeps_its_tangential_velocity() {
    // The planar block frictionless (μ = 0) next to a frictional spatial block: both closed, so
    // the step is a cone step in which the planar contact is a normal ray.
    let mixed = PlanarAndSpatial {
        planar: PlanarBlock {
            m: 1.0,
            mu: 0.0,
            pull: 0.0,
        },
        spatial: spatial_block(0.4),
    };
    let q = Vector::<5>::from([0.0, -DEPTH, 0.0, 0.0, -DEPTH]);
    let u = Vector::<5>::from([1.25, 0.0, 0.3, 0.4, 0.0]);
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 1.0 }] {
        let mut ts = TimeStepper::new(mixed, scheme, Settings::default(), 0.0, q, u).unwrap();
        for _ in 0..50 {
            let r = *ts.step(DT).unwrap();
            assert!(r.impulses.cone_size == 6, "{r:?}");
            assert_eq!(r.impulses.lambda_t[0], 0.0);
            assert_eq!(
                r.u[0], 1.25,
                "frictionless: tangential velocity kept exactly"
            );
            assert!(r.u[1].abs() <= 1e-12, "resting on the floor");
            assert!(
                (r.impulses.lambda_n[0] - G * DT).abs() <= 1e-12,
                "Λ_N = m g Δt"
            );
            // The spatial block decelerates at μ g along its velocity (0.3, 0.4)/0.5.
            let speed = (r.u[2] * r.u[2] + r.u[3] * r.u[3]).sqrt();
            assert!(
                (speed - (0.5 - 0.4 * G * r.t)).abs() <= 1e-12,
                "t = {}: {speed}",
                r.t
            );
        }
    }
}

//! Spatial friction together with planar friction, and Painlevé's rod in space, under the
//! event-driven integrator.
//!
//! * [`LineAndPlane`]: a point mass on a line (planar friction μ_a) and one on a plane (tangent
//!   plane, μ_b), independent, launched along their floors: each decelerates at μ g along its
//!   velocity and stops at v₀/(μ g) after v₀²/(2 μ g). One run sees both kinds of contact in
//!   every acceleration-level problem (the cone problem with the planar contact embedded).
//! * [`PainleveRod3d`]: the rod sliding with unit slip direction ŝ at θ̇ = 0 has the normal force
//!   λ_N = m g/(1 + 3cos²θ + 3μ ŝ₁ sin θ cos θ) (Painlevé 1895 for ŝ = (±1, 0); the sideways
//!   component only scales the coupling: W_NᵀM⁻¹W_T2 = 0), hence for ŝ₁ < 0 the
//!   direction-dependent bound μ*(θ, ŝ) = (1 + 3cos²θ)/(3 |ŝ₁| sin θ cos θ): below it the
//!   integrator starts with that force, above it the start is refused with the bound and the
//!   direction.

use mb_examples::friction3d_models::line_and_plane::LineAndPlane;
use mb_examples::friction3d_models::painleve_rod3d::PainleveRod3d;
use mbruntime::Vector;
use mbruntime::event::{
    ContactMode, EventDriven, EventError, EventKind, EventOptions, FrictionModeError, Report,
};

#[test]
fn a_planar_and_a_spatial_contact_stop_sliding_at_their_closed_form_times_in_one_run() {
    let p = LineAndPlane::default();
    let (va, vb) = (2.0, [1.5, -1.0]);
    let q0 = Vector::<5>::zeros();
    let u0 = Vector::<5>::new(va, 0.0, vb[0], vb[1], 0.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, u0).expect("both slide");
    let speed_b = vb[0].hypot(vb[1]);
    let d = [vb[0] / speed_b, vb[1] / speed_b];
    let [
        ContactMode::Sliding { sigma },
        ContactMode::SlidingPlane { direction },
    ] = sim.contact_modes()
    else {
        panic!("{:?}", sim.contact_modes());
    };
    assert_eq!(sigma, 1.0);
    assert!((direction[0] - d[0]).abs() <= 1e-15 && (direction[1] - d[1]).abs() <= 1e-15);
    let mut stops = Vec::new();
    sim.run(1.0, |r| {
        if let Report::Event(ev) = r {
            stops.push((ev.t, ev.kind, ev.contact, ev.q));
        }
    })
    .expect("both stop");
    let (ta, tb) = (va / (p.mu_a * p.g), speed_b / (p.mu_b * p.g));
    assert_eq!(stops.len(), 2, "{stops:?}");
    let (t1, k1, c1, q1) = stops[0];
    let (t2, k2, c2, q2) = stops[1];
    assert_eq!(
        (k1, c1, k2, c2),
        (EventKind::SlipStops, 1, EventKind::SlipStops, 0)
    );
    assert!(
        (t1 - tb).abs() <= 1e-10 && (t2 - ta).abs() <= 1e-10,
        "{t1} vs {tb}, {t2} vs {ta}"
    );
    let sb = speed_b * speed_b / (2.0 * p.mu_b * p.g);
    assert!((q1[2] - sb * d[0]).abs() <= 1e-10 && (q1[3] - sb * d[1]).abs() <= 1e-10);
    assert!((q2[0] - va * va / (2.0 * p.mu_a * p.g)).abs() <= 1e-10);
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking; 2]);
}

#[test]
fn painleves_rod_in_space_has_the_direction_dependent_bound() {
    let theta = 30f64.to_radians();
    let s = [-0.6, 0.8];
    let bound = (1.0 + 3.0 * theta.cos().powi(2)) / (3.0 * -s[0] * theta.sin() * theta.cos());
    let start = |p: PainleveRod3d| {
        let q = Vector::<4>::new(0.0, 0.0, p.l * theta.sin(), theta);
        let u = Vector::<4>::new(s[0], s[1], 0.0, 0.0);
        EventDriven::new(p, EventOptions::default(), 0.0, q, u)
    };
    let below = PainleveRod3d::default();
    let sim = start(below).expect("below the bound it slides");
    let a = 1.0 + 3.0 * theta.cos().powi(2) + 3.0 * below.mu * s[0] * theta.sin() * theta.cos();
    let ln = below.m * below.g / a;
    assert!(
        (sim.contact_multipliers()[0] - ln).abs() <= 1e-12 * ln,
        "λ_N"
    );
    let [ContactMode::SlidingPlane { direction }] = sim.contact_modes() else {
        panic!("{:?}", sim.contact_modes());
    };
    assert!((direction[0] - s[0]).abs() <= 1e-15 && (direction[1] - s[1]).abs() <= 1e-15);
    let above = PainleveRod3d {
        mu: 1.2 * bound,
        ..below
    };
    match start(above) {
        Err(EventError::FrictionModes {
            source:
                FrictionModeError::NonUnique {
                    culprit: Some(c), ..
                },
            ..
        }) => {
            assert_eq!((c.contact, c.index), ("tip", 0));
            let [d1, d2] = c.in_plane.expect("a direction in the plane");
            assert!((d1 - s[0]).abs() <= 1e-12 && (d2 - s[1]).abs() <= 1e-12);
            let b = c.bound.expect("μ*");
            assert!((b - bound).abs() <= 1e-10 * bound, "μ* = {b} vs {bound}");
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("started above the Painlevé bound"),
    }
}

//! The generated `SlidingBlock` (a point mass on the plane z = 0, spatial Coulomb friction)
//! launched along the plane in several directions, under the time-stepping integrators.
//!
//! Invariant (Coulomb's law in the tangent plane: the friction force −μ m g v̂ opposes the
//! velocity; Acary & Brogliato 2008, "Numerical Methods for Nonsmooth Dynamical Systems",
//! ch. 13): a block launched with speed v₀ in any direction moves on a straight line,
//! decelerates at μ g, stops at t* = v₀/(μ g) after v₀²/(2 μ g) and stays at rest. Forces are
//! constant, so every scheme's step-end velocities are the exact ones until the stopping step;
//! the block is at rest from the first step end at or after t*, i.e. within one step of t*. The
//! positions of Moreau's midpoint rule and of the θ = ½ scheme are trapezoidal sums of those
//! velocities, which miss at most the velocity triangle of the stopping step, ½ μ g Δt²;
//! backward Euler's right-endpoint sum is short by at most ½ v₀ Δt. A rectangular pyramid
//! instead of the cone would bend the path towards a pyramid edge, so the lateral deviation
//! (≤ 10⁻¹² m) tests that the integrators solve the cone problem. The block starts 10⁻⁹ inside
//! the plane (within the penetration tolerance) so that the contact never opens.

use mb_examples::friction3d_models::sliding_block::SlidingBlock;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const DT: f64 = 1e-3;
const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

#[test]
fn block_launched_on_the_plane_stops_on_a_straight_line_at_the_coulomb_distance() {
    let model = SlidingBlock::default();
    let v0 = 2.0;
    let (mu, g) = (model.mu, model.g);
    let t_stop = v0 / (mu * g);
    let distance = v0 * v0 / (2.0 * mu * g);
    for angle in [30f64, 137.0, -75.0] {
        let dir = Vector::<3>::new(angle.to_radians().cos(), angle.to_radians().sin(), 0.0);
        for scheme in SCHEMES {
            let q0 = Vector::<3>::new(0.0, 0.0, -1e-9);
            let mut ts =
                TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, dir * v0).unwrap();
            let mut stopped_at = None;
            let mut lateral: f64 = 0.0;
            ts.run(DT, t_stop + 0.25, |r| {
                assert_eq!(r.impulses.cone_size, 3, "the contact stays closed: {r:?}");
                let d = r.q - q0;
                lateral = lateral.max((d - dir * dir.dot(&d)).amax());
                let speed = r.u.norm();
                if stopped_at.is_none() {
                    if speed <= 1e-12 {
                        stopped_at = Some(r.t);
                    } else {
                        let expected = v0 - mu * g * r.t;
                        assert!(
                            (speed - expected).abs() <= 1e-12 * v0,
                            "{angle}°, {scheme:?}, t = {}: speed {speed} vs {expected}",
                            r.t
                        );
                        assert!((r.u - dir * speed).amax() <= 1e-12 * v0, "direction kept");
                    }
                } else {
                    assert!(speed <= 1e-12, "at rest after stopping: t = {}", r.t);
                }
            })
            .unwrap();
            assert!(
                lateral <= 1e-12,
                "{angle}°, {scheme:?}: lateral deviation {lateral:e}"
            );
            let t = stopped_at.expect("the block stops");
            assert!(
                t >= t_stop - 1e-9 && t <= t_stop + DT + 1e-9,
                "{angle}°, {scheme:?}: stopped at {t}, t* = {t_stop}"
            );
            let s = dir.dot(&(ts.q() - q0));
            let tol = match scheme {
                Scheme::MoreauJean { theta: 1.0 } => 0.5 * v0 * DT,
                _ => 0.5 * mu * g * DT * DT,
            };
            assert!(
                (s - distance).abs() <= tol * (1.0 + 1e-9),
                "{angle}°, {scheme:?}: distance {s} vs {distance} (tolerance {tol:e})"
            );
        }
    }
}

//! A block on an inclined plane and on a horizontal one under spatial Coulomb friction, through
//! the cone complementarity problem of the time-stepping integrators.
//!
//! Invariants (Coulomb's law in the tangent plane, ‖λ_T‖ ≤ μ λ_N with the friction force
//! opposite to the slip velocity; Acary & Brogliato 2008, "Numerical Methods for Nonsmooth
//! Dynamical Systems", ch. 13, and Moreau's midpoint rule / the Moreau–Jean θ-method of
//! Glocker & Studer 2005, (17), and Jean 1999): on a slope α a block released at rest sticks iff
//! μ ≥ tan α — the static impulses (λ_N, λ_T) = m g Δt (cos α, sin α) lie in the cone — and
//! otherwise slides down the line of steepest descent with a = g (sin α − μ cos α); on a
//! horizontal plane a block launched with speed v₀ in any direction moves on a straight line,
//! decelerates at μ g and stops at t* = v₀/(μ g) after v₀²/(2 μ g). Forces are constant, so the
//! velocities of all schemes are those of the exact motion at the step ends (while the slip
//! direction does not change, each step adds exactly the Coulomb impulse), and the positions of
//! Moreau's midpoint rule and of the θ = ½ scheme are the trapezoidal sums of those velocities:
//! exact while the velocity is linear in t. Backward Euler (θ = 1) sums the end velocities: its
//! position after T is ½ a T (T + Δt), O(Δt) off ½ a T². Every run starts the block 10⁻⁹ inside
//! the plane (within the penetration tolerance) so that a rounding-size positive gap n·q never
//! opens the contact for one step.

use mb_testsupport::models::{Block, G};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const DT: f64 = 1e-3;
const DEPTH: f64 = 1e-9;
const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

fn block(alpha: f64, mu: f64) -> Block {
    Block {
        m: 2.5,
        lateral_mass: 0.0,
        alpha,
        mu,
        e_n: 0.0,
        e_t: 0.0,
    }
}

fn stepper(model: Block, scheme: Scheme, u0: Vector<3>) -> TimeStepper<Block, 3, 0, 1> {
    let q0 = -model.normal() * DEPTH;
    TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap()
}

#[test]
fn block_at_rest_on_a_slope_sticks_iff_mu_is_at_least_tan_alpha() {
    let alpha = 20f64.to_radians();
    for factor in [1.02, 1.5, 4.0] {
        let mu = factor * alpha.tan();
        for scheme in SCHEMES {
            let model = block(alpha, mu);
            let mut ts = stepper(model, scheme, Vector::zeros());
            let q0 = *ts.q();
            let (lambda_n, lambda_t) = (
                model.m * G * DT * alpha.cos(),
                model.m * G * DT * alpha.sin(),
            );
            ts.run(DT, 1.0, |r| {
                let drift = (r.q - q0).amax().max(r.u.amax());
                assert!(
                    drift <= 1e-12,
                    "μ = {factor} tan α, {scheme:?}, t = {}: moved {drift:e}",
                    r.t
                );
                assert!(
                    r.impulses.cone_size == 3 && r.impulses.lcp_size == 0,
                    "{r:?}"
                );
                assert!((r.impulses.lambda_n[0] - lambda_n).abs() <= 1e-12 * lambda_n);
                assert!((r.impulses.lambda_t[0] - lambda_t).abs() <= 1e-12 * lambda_n);
                assert!(r.impulses.lambda_t2[0].abs() <= 1e-12 * lambda_n);
            })
            .unwrap();
            assert_eq!(ts.t(), 1.0);
        }
    }
}

#[test]
fn block_slides_down_a_slope_with_the_coulomb_acceleration() {
    let alpha = 30f64.to_radians();
    let t_end = 1.0;
    for factor in [0.0, 0.5, 0.95] {
        let mu = factor * alpha.tan();
        let a = G * (alpha.sin() - mu * alpha.cos());
        for scheme in SCHEMES {
            let model = block(alpha, mu);
            let mut ts = stepper(model, scheme, Vector::zeros());
            let q0 = *ts.q();
            let lambda_n = model.m * G * DT * alpha.cos();
            ts.run(DT, t_end, |r| {
                assert!(
                    (r.impulses.lambda_n[0] - lambda_n).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                // Sliding down (−t1): friction up the slope at the bound μ λ_N, none sideways.
                assert!(
                    (r.impulses.lambda_t[0] - mu * lambda_n).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                assert!(r.impulses.lambda_t2[0].abs() <= 1e-12 * lambda_n);
                let v = model.up_slope().dot(&r.u);
                assert!(
                    (v + a * r.t).abs() <= 1e-12 * a * t_end,
                    "t = {}: v = {v}",
                    r.t
                );
            })
            .unwrap();
            let d = ts.q() - q0;
            let (along, lateral, normal) = (
                model.up_slope().dot(&d),
                model.lateral().dot(&d),
                model.normal().dot(&d),
            );
            let expected = match scheme {
                Scheme::MoreauJean { theta: 1.0 } => -0.5 * a * t_end * (t_end + DT),
                _ => -0.5 * a * t_end * t_end,
            };
            assert!(
                (along - expected).abs() <= 1e-12 * a,
                "μ = {factor} tan α, {scheme:?}: {along} vs {expected}"
            );
            // Backward Euler's O(Δt) offset from the exact ½ a T², stated explicitly.
            assert!((along + 0.5 * a * t_end * t_end).abs() <= 0.5 * a * t_end * DT * (1.0 + 1e-9));
            assert!(
                lateral.abs() <= 1e-12 && normal.abs() <= 1e-12,
                "{lateral:e} {normal:e}"
            );
        }
    }
}

#[test]
fn block_launched_on_a_horizontal_plane_stops_on_a_straight_line() {
    let (mu, v0) = (0.4, 2.0);
    let t_stop = v0 / (mu * G);
    let distance = v0 * v0 / (2.0 * mu * G);
    for angle in [30f64, 137.0, -75.0] {
        let dir = Vector::<3>::new(angle.to_radians().cos(), angle.to_radians().sin(), 0.0);
        for scheme in SCHEMES {
            let model = block(0.0, mu);
            let mut ts = stepper(model, scheme, dir * v0);
            let q0 = *ts.q();
            let mut stopped_at = None;
            let mut lateral: f64 = 0.0;
            ts.run(DT, t_stop + 0.25, |r| {
                let d = r.q - q0;
                lateral = lateral.max((d - dir * dir.dot(&d)).amax());
                let speed = r.u.norm();
                if stopped_at.is_none() {
                    let expected = v0 - mu * G * r.t;
                    if speed <= 1e-12 {
                        stopped_at = Some(r.t);
                    } else {
                        assert!(
                            (speed - expected).abs() <= 1e-12 * v0,
                            "t = {}: {speed}",
                            r.t
                        );
                        assert!((r.u - dir * speed).amax() <= 1e-12 * v0, "direction kept");
                    }
                } else {
                    assert!(
                        speed <= 1e-12,
                        "at rest after stopping: t = {}, {speed:e}",
                        r.t
                    );
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
            // The trapezoidal sums miss at most the velocity triangle of the stopping step,
            // ½ μ g Δt²; backward Euler's right-endpoint sum is short by ½ v₀ Δt at most.
            let tol = match scheme {
                Scheme::MoreauJean { theta: 1.0 } => 0.5 * v0 * DT,
                _ => 0.5 * mu * G * DT * DT,
            };
            assert!(
                (s - distance).abs() <= tol * (1.0 + 1e-9),
                "{angle}°, {scheme:?}: distance {s} vs {distance} (tolerance {tol:e})"
            );
        }
    }
}

//! Two contacts coupled through a bilateral constraint: a dumbbell sliding on a floor.
//!
//! `mb_testsupport::models::Dumbbell`: two point masses m joined by a massless rod of length L
//! (the bilateral constraint ½(|p₁ − p₂|² − L²) = 0) rest on the floor z = 0, each with its own
//! spatial contact (friction μ), the rod horizontal at 45° to the tangents e_x, e_y of both
//! contacts. The constraint
//! couples the contacts' Delassus blocks through the constrained inverse P (an impulse along
//! the rod at one end is passed to the other), so the cone problem is not block diagonal, and it
//! is singular (W_c = Hᵀ P H has rank 5 of 6: equal and opposite impulses along the rod are
//! taken up by the rod).
//!
//! Invariant: launched in translation with speed v₀ in any horizontal direction, both ends slide
//! with the same velocity; the friction forces −μ m g v̂ at both ends are equal, so they exert no
//! torque about the centre and need no rod force; the dumbbell translates without turning,
//! decelerates at μ g on a straight line and stops at t* = v₀/(μ g) after v₀²/(2 μ g), like a
//! single block (Coulomb's law; Acary & Brogliato 2008, ch. 13 for the discrete problem). With
//! constant forces the discrete velocities are exact, the trapezoidal positions of the midpoint
//! rule and θ = ½ too (see `timestepping_cone_incline.rs`). Once the dumbbell sticks, its
//! singular Delassus matrix leaves the solver's convergence linear, and the velocities are
//! zero to the accuracy of the certificate: a normalised natural-map residual ≤ 10⁻¹⁰ bounds the
//! relative velocity of a sticking contact by 10⁻¹⁰ (1 + ‖q‖) with ‖q‖ ≈ μ g Δt here, so the rest
//! is checked to 10⁻⁹.

use mb_testsupport::models::{Dumbbell, G};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

/// Speed below which the dumbbell counts as at rest: the certificate's accuracy (module docs).
const REST: f64 = 1e-9;

#[test]
fn dumbbell_translates_decelerates_at_mu_g_and_stops() {
    let model = Dumbbell {
        m: 0.6,
        length: 0.4,
        mu: 0.35,
    };
    let (v0, dt) = (1.1, 1e-3);
    let t_stop = v0 / (model.mu * G);
    let distance = v0 * v0 / (2.0 * model.mu * G);
    let half = Vector::<3>::new(1.0, 1.0, 0.0).normalize() * (0.5 * model.length);
    let mut q0 = Vector::<6>::zeros();
    q0.fixed_rows_mut::<3>(0).copy_from(&half);
    q0.fixed_rows_mut::<3>(3).copy_from(&(-half));
    (q0[2], q0[5]) = (-1e-9, -1e-9);
    for angle in [100f64, -20.0] {
        let dir = Vector::<3>::new(angle.to_radians().cos(), angle.to_radians().sin(), 0.0);
        let mut u0 = Vector::<6>::zeros();
        u0.fixed_rows_mut::<3>(0).copy_from(&(dir * v0));
        u0.fixed_rows_mut::<3>(3).copy_from(&(dir * v0));
        for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
            let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
            let mut stopped_at = None;
            ts.run(dt, t_stop + 0.1, |r| {
                assert_eq!(r.impulses.cone_size, 6, "both ends in one problem");
                let (p1, p2) = Dumbbell::ends(&r.q);
                let (u1, u2) = Dumbbell::ends(&r.u);
                assert!(
                    (p1 - p2 - half * 2.0).amax() <= 1e-12,
                    "t = {}: turned",
                    r.t
                );
                assert!((u1 - u2).amax() <= 1e-12, "t = {}: ends differ", r.t);
                let centre =
                    (p1 + p2) * 0.5 - (q0.fixed_rows::<3>(0) + q0.fixed_rows::<3>(3)) * 0.5;
                assert!(
                    (centre - dir * dir.dot(&centre)).amax() <= 1e-12,
                    "straight line"
                );
                let speed = u1.norm();
                if stopped_at.is_none() && speed <= REST {
                    stopped_at = Some(r.t);
                }
                if stopped_at.is_none() {
                    let expected = v0 - model.mu * G * r.t;
                    assert!(
                        (speed - expected).abs() <= 1e-12 * v0,
                        "t = {}: {speed}",
                        r.t
                    );
                    for i in 0..2 {
                        let friction = (r.impulses.lambda_t[i].powi(2)
                            + r.impulses.lambda_t2[i].powi(2))
                        .sqrt();
                        assert!((friction - model.mu * r.impulses.lambda_n[i]).abs() <= 1e-12);
                    }
                } else {
                    assert!(speed <= REST, "at rest: t = {}, {speed:e}", r.t);
                }
            })
            .unwrap();
            let t = stopped_at.expect("stops");
            assert!(
                t >= t_stop - 1e-9 && t <= t_stop + dt + 1e-9,
                "{scheme:?}: {t} vs {t_stop}"
            );
            let (p1, p2) = Dumbbell::ends(ts.q());
            let s = dir.dot(&((p1 + p2) * 0.5));
            let tol = 0.5 * model.mu * G * dt * dt * (1.0 + 1e-9);
            assert!((s - distance).abs() <= tol, "{scheme:?}: {s} vs {distance}");
        }
    }
}

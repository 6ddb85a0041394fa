//! The generated `InclineBlock` (a point mass on a plane inclined by α, spatial Coulomb
//! friction) under the time-stepping integrators.
//!
//! Invariants (Coulomb's law in the tangent plane, ‖λ_T‖ ≤ μ λ_N with the friction force
//! opposite to the slip velocity; Acary & Brogliato 2008, "Numerical Methods for Nonsmooth
//! Dynamical Systems", ch. 13; Moreau's midpoint rule and the Moreau–Jean θ-method of Glocker &
//! Studer 2005, (17), and Jean 1999): a block released at rest sticks iff μ ≥ tan α — the static
//! impulses (λ_N, λ_T) = m g Δt (cos α, sin α) lie in the cone — and otherwise slides down the
//! line of steepest descent with a = g (sin α − μ cos α). Forces are constant, so the velocities
//! of every scheme are those of the exact motion at the step ends, and the positions of Moreau's
//! midpoint rule and of the θ = ½ scheme are the trapezoidal sums of those velocities, exactly
//! ½ a T²; backward Euler (θ = 1) sums the end velocities, ½ a T (T + Δt). Every run starts the
//! block 10⁻⁹ inside the plane (within the penetration tolerance) so that a rounding-size
//! positive gap never opens the contact for one step. The same checks on a hand-written model
//! are in the runtime's `timestepping_cone_incline` tests; here the model is the one the
//! compiler derived from the DSL.

use mb_examples::friction3d_models::incline_block::InclineBlock;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const DT: f64 = 1e-3;
const DEPTH: f64 = 1e-9;
const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

fn block(alpha: f64, mu: f64) -> InclineBlock {
    InclineBlock {
        alpha,
        mu,
        ..InclineBlock::default()
    }
}

/// The plane's normal n̂ and tangents t̂1 (up the slope), t̂2 (horizontal), written out here.
fn frame(alpha: f64) -> [Vector<3>; 3] {
    [
        Vector::<3>::new(-alpha.sin(), 0.0, alpha.cos()),
        Vector::<3>::new(alpha.cos(), 0.0, alpha.sin()),
        Vector::<3>::new(0.0, 1.0, 0.0),
    ]
}

fn stepper(model: InclineBlock, scheme: Scheme) -> TimeStepper<InclineBlock, 3, 0, 1> {
    let [n, _, _] = frame(model.alpha);
    TimeStepper::new(
        model,
        scheme,
        Settings::default(),
        0.0,
        -n * DEPTH,
        Vector::zeros(),
    )
    .unwrap()
}

#[test]
fn block_at_rest_on_the_slope_sticks_iff_mu_is_at_least_tan_alpha() {
    let alpha = 20f64.to_radians();
    for factor in [1.02, 1.5, 4.0] {
        let mu = factor * alpha.tan();
        for scheme in SCHEMES {
            let model = block(alpha, mu);
            let mut ts = stepper(model, scheme);
            let q0 = *ts.q();
            let (lambda_n, lambda_t) = (
                model.m * model.g * DT * alpha.cos(),
                model.m * model.g * DT * alpha.sin(),
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
                assert!(
                    (r.impulses.lambda_n[0] - lambda_n).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                assert!(
                    (r.impulses.lambda_t[0] - lambda_t).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                assert!(r.impulses.lambda_t2[0].abs() <= 1e-12 * lambda_n, "{r:?}");
            })
            .unwrap();
            assert_eq!(ts.t(), 1.0);
        }
    }
}

#[test]
fn block_slides_down_the_slope_with_the_coulomb_acceleration() {
    let alpha = 30f64.to_radians();
    let t_end = 1.0;
    for factor in [0.0, 0.5, 0.95] {
        let mu = factor * alpha.tan();
        let model = block(alpha, mu);
        let a = model.g * (alpha.sin() - mu * alpha.cos());
        let [n, t1, t2] = frame(alpha);
        for scheme in SCHEMES {
            let mut ts = stepper(model, scheme);
            let q0 = *ts.q();
            let lambda_n = model.m * model.g * DT * alpha.cos();
            ts.run(DT, t_end, |r| {
                assert!(
                    (r.impulses.lambda_n[0] - lambda_n).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                // Sliding down (−t̂1): friction up the slope at the bound μ λ_N, none sideways.
                assert!(
                    (r.impulses.lambda_t[0] - mu * lambda_n).abs() <= 1e-12 * lambda_n,
                    "{r:?}"
                );
                assert!(r.impulses.lambda_t2[0].abs() <= 1e-12 * lambda_n, "{r:?}");
                let v = t1.dot(&r.u);
                assert!(
                    (v + a * r.t).abs() <= 1e-12 * a * t_end,
                    "t = {}: v = {v}",
                    r.t
                );
            })
            .unwrap();
            let d = ts.q() - q0;
            let (along, lateral, normal) = (t1.dot(&d), t2.dot(&d), n.dot(&d));
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

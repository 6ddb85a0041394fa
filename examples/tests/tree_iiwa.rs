//! The iiwa-like arm (`Iiwa`): energy conservation in free motion and static equilibrium on the
//! table.
//!
//! Invariants. (1) Without damping, friction and contact, the arm is a conservative Lagrangian
//! system with scleronomic constraints, so E = T + V is a first integral (Lagrange's equations:
//! dE/dt = q̇ᵀ Q = 0 with Q = 0); under the event-driven integrator it must stay constant to the
//! accumulated local error of its Dormand–Prince steps. (2) Damped at its joints and falling onto
//! the table z = h_table, the arm comes to rest with the flange on the table (Moreau–Jean
//! time-stepping, θ = 1): the gap stays above −1.5 Δt v (v the largest approach speed: the
//! first-order penetration of a velocity-level scheme), normal impulses are non-negative, and at
//! rest the momentum balance of a step, M(u⁺ − u) = Δt h + W_N Λ_N + W_T Λ_T with u = u⁺ = 0,
//! reduces to the static equilibrium ∇V(q*) = W_N λ_N + W_T λ_T (the Lagrange multiplier rule
//! of the constrained minimum of V; Glocker 2001, "Set-Valued Force Laws", Ch. 7). The multipliers
//! are computed here independently by least squares from the generated ∇V and W_N, W_T at the
//! final q*, and must equal the integrator's Λ/Δt.

use mb_examples::tree_models::iiwa::Iiwa;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Statics, Vector};

/// At q = 0 every link frame is parallel to the world and stacked on the vertical, so
/// V(0) = g Σ_k m_k z_k with z_k = d_base + Σ_{j<k} d_j + c_zk (the closed form of the block's
/// docs), and joint 1 turns the whole arm about the vertical: ∂V/∂q₁ = 0 at every q.
#[test]
fn potential_matches_closed_form() {
    let p = Iiwa::default();
    let masses = [p.m1, p.m2, p.m3, p.m4, p.m5, p.m6, p.m7];
    let joints = [p.d_base, p.d1, p.d2, p.d3, p.d4, p.d5, p.d6];
    let coms = [p.cz1, p.cz2, p.cz3, p.cz4, p.cz5, p.cz6, p.cz7];
    let mut height = 0.0;
    let mut v0 = 0.0;
    for k in 0..7 {
        height += joints[k];
        v0 += p.g * masses[k] * (height + coms[k]);
    }
    let v = p.potential_energy(&Vector::zeros(), 0.0);
    assert!((v - v0).abs() <= 1e-13 * v0, "V(0) = {v}, closed form {v0}");
    let mut grad = Vector::<7>::zeros();
    for q in [start().0, Vector::<7>::from_element(0.7)] {
        p.potential_gradient(&q, 0.0, &mut grad);
        assert!(grad[0].abs() <= 1e-14 * grad.amax(), "∂V/∂q₁ = {}", grad[0]);
    }
}

fn energy(model: &Iiwa, q: &Vector<7>, u: &Vector<7>) -> f64 {
    model.kinetic_energy(q, u, 0.0) + model.potential_energy(q, 0.0)
}

/// A bent pose with the flange above the table and every joint moving.
fn start() -> (Vector<7>, Vector<7>) {
    (
        Vector::<7>::from_column_slice(&[0.3, 0.7, -0.4, -1.1, 0.5, 0.9, 0.2]),
        Vector::<7>::from_column_slice(&[0.5, -0.4, 0.8, 0.3, -1.0, 0.6, 1.5]),
    )
}

#[test]
fn energy_is_conserved_without_contact() {
    let model = Iiwa {
        d: 0.0,
        mu: 0.0,
        h_table: -10.0,
        ..Default::default()
    };
    let (q0, u0) = start();
    let e0 = energy(&model, &q0, &u0);
    let run = |rtol: f64| {
        let opts = EventOptions {
            rtol,
            atol: 1e-2 * rtol,
            ..Default::default()
        };
        let mut sim = EventDriven::new(model, opts, 0.0, q0, u0).unwrap();
        let (mut drift, mut steps, mut scale) = (0.0_f64, 0usize, 0.0_f64);
        sim.run(2.0, |r| {
            if let Report::Step { q, u, .. } = r {
                scale = scale.max(model.kinetic_energy(q, u, 0.0));
                drift = drift.max((energy(&model, q, u) - e0).abs());
                steps += 1;
            }
        })
        .unwrap();
        eprintln!(
            "rtol {rtol:e}: E0 = {e0}, max |E − E0| = {drift:e} over {steps} steps, max T = {scale}"
        );
        assert!(steps > 50, "{steps} steps");
        // Each step's local error is held below rtol relative to the state; the energy error
        // grows at most linearly with the number of steps.
        let bound = rtol * steps as f64 * (scale + e0.abs());
        assert!(drift <= bound, "energy drift {drift:e} > {bound:e}");
        drift
    };
    let (coarse, fine) = (run(1e-8), run(1e-10));
    // The drift is the integrator's error, not a modelling one: it shrinks with the tolerance.
    assert!(
        fine < 0.1 * coarse,
        "drift {fine:e} at rtol 1e-10, {coarse:e} at 1e-8"
    );
}

/// Runs the damped arm onto the table (Δt = 1e-3 s); returns the model, the final q and u, the
/// last step's Λ_N and Λ_T, and the lowest gap.
fn settle_on_table() -> (Iiwa, Vector<7>, Vector<7>, f64, f64, f64) {
    let model = Iiwa {
        d: 1.0,
        mu: 0.0,
        ..Default::default()
    };
    let (q0, _) = start();
    let h = 1e-3;
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauJean { theta: 1.0 },
        Settings::default(),
        0.0,
        q0,
        Vector::zeros(),
    )
    .unwrap();
    let mut g0 = Vector::<1>::zeros();
    model.gaps(&q0, 0.0, &mut g0);
    assert!(g0[0] > 0.1, "flange starts above the table: {}", g0[0]);
    let (mut lowest, mut touched, mut approach) = (f64::INFINITY, false, 0.0_f64);
    let mut last = (0.0, 0.0);
    ts.run(h, 40.0, |r| {
        let mut g = Vector::<1>::zeros();
        model.gaps(&r.q, r.t, &mut g);
        lowest = lowest.min(g[0]);
        let (mut w_n, mut partial) = (Matrix::<7, 1>::zeros(), Vector::<1>::zeros());
        model.gap_jacobian(&r.q_start, r.t, &mut w_n, &mut partial);
        approach = approach.max(-(w_n.transpose() * r.u_start)[0]);
        assert!(
            r.impulses.lambda_n[0] >= 0.0,
            "Λ_N = {} < 0 at t = {}",
            r.impulses.lambda_n[0],
            r.t
        );
        touched |= r.impulses.lambda_n[0] > 0.0;
        last = (r.impulses.lambda_n[0], r.impulses.lambda_t[0]);
    })
    .unwrap();
    assert!(touched, "the flange reached the table");
    // A velocity-level scheme lets the gap close within the impact step: penetration up to the
    // approach speed times Δt (first order in Δt), not growing afterwards.
    eprintln!("lowest gap {lowest:e}, largest approach speed {approach} m/s");
    assert!(
        lowest >= -1.5 * approach * h,
        "penetration {lowest:e} beyond {:e}",
        1.5 * approach * h
    );
    (model, *ts.q(), *ts.u(), last.0, last.1, lowest)
}

#[test]
fn arm_rests_on_table_with_contact_force_balancing_gravity() {
    let (model, q, u, lambda_n, lambda_t, lowest) = settle_on_table();
    let h = 1e-3;
    let mut g = Vector::<1>::zeros();
    model.gaps(&q, 0.0, &mut g);
    eprintln!("rest: q = {q}, u = {u}, g_N = {:e}", g[0]);
    assert!(u.amax() < 1e-3, "at rest: |u| = {:e}", u.amax());
    assert!(
        g[0] <= 1e-9 && g[0] >= lowest,
        "flange on the table: g_N = {:e}",
        g[0]
    );
    assert_eq!(lambda_t, 0.0, "frictionless");

    // Independent multiplier: least squares ∇V(q*) = W_N λ.
    let mut grad = Vector::<7>::zeros();
    model.potential_gradient(&q, 0.0, &mut grad);
    let (mut w_n, mut partial) = (Matrix::<7, 1>::zeros(), Vector::<1>::zeros());
    model.gap_jacobian(&q, 0.0, &mut w_n, &mut partial);
    let w = w_n.column(0);
    let lambda = w.dot(&grad) / w.dot(&w);
    let residual = (grad - w * lambda).amax();
    eprintln!(
        "∇V = {grad}, λ (least squares) = {lambda}, Λ_N/Δt = {}, residual {residual:e}",
        lambda_n / h
    );
    // What is left of the motion (|u| ≤ 1e-3 rad/s) carries damping torques d|u| ≤ 1e-3 N m
    // and inertial forces of the same order, against gravity torques of tens of N m: ∇V lies in
    // the span of W_N to 1e-3, and Λ_N/Δt equals λ to 1e-3.
    assert!(residual <= 1e-3 * grad.amax(), "residual {residual:e}");
    assert!(lambda > 0.0, "the table pushes up: λ_N = {lambda}");
    assert!(
        (lambda_n / h - lambda).abs() <= 1e-3 * lambda,
        "λ_N: integrator {} against {lambda}",
        lambda_n / h
    );
}

//! The event-driven integrator with a velocity (nonholonomic) constraint: the Chaplygin sleigh.
//!
//! Invariants and their sources:
//! * the knife edge γ = −sin θ ẋ + cos θ ẏ − a θ̇ = 0 does no work (ĝ = 0), so the kinetic
//!   energy ½m(ẋ² + ẏ²) + ½Iθ̇² of the level sleigh is conserved (Neimark & Fufaev 1972, ch. III)
//!   — to the integration tolerance here — and γ stays at round-off (the velocities are
//!   projected onto every bilateral row after each step);
//! * the body velocities follow the closed form u = c tanh(β(t − t₀)), ω = ±(c/√k) sech(β(t − t₀))
//!   and the heading θ = θ₀ ± (√k/a)[gd(β(t − t₀)) − gd(−βt₀)] (Borisov & Mamaev 2009; derived
//!   and checked by differentiation in `mb_testsupport::models::sleigh`, and by central
//!   differences here);
//! * at an impact on a wall the impulses solve Newton's law with the knife edge kept,
//!   M(u⁺ − u⁻) = G Λ_B + W_N Λ_N, Gᵀu⁺ = 0, W_Nᵀu⁺ = −ε W_Nᵀu⁻ (Brogliato 2013, (71)–(77),
//!   with G the knife edge's column Aᵀ), solved here as a dense linear system;
//! * a duplicated knife edge (G of rank 1) gives the same motion, with the second multiplier
//!   zero (Lötstedt 1982, Lemma 5.2), and a constraint column vanishing on a line is crossed
//!   without a non-finite value;
//! * the position projection uses the holonomic rows only: the M-nearest point of a circle
//!   x² + y² = R² leaves θ unchanged, which a projection restricted by the knife edge would not;
//! * initial velocities violating the knife edge are refused with the constraint's name.

use mb_testsupport::models::sleigh::{closed_form, energy, knife_residual};
use mb_testsupport::models::{CircleSleigh, DoubleKnife, FadingBlade, Sleigh, WalledSleigh};
use mbruntime::event::KktSystem;
use mbruntime::event::{ActiveSet, EventDriven, EventError, EventKind, EventOptions, Report};
use mbruntime::{Constraints, Dynamics, Vector};
use nalgebra::{SMatrix, SVector};

/// (θ₀, u₀, ω₀) of the runs: moving forward, and backward (the unstable direction: ω first
/// grows, the sleigh turns round and ω then decays).
const STARTS: [(f64, f64, f64); 2] = [(0.4, 0.5, 2.0), (-0.3, -0.8, 0.5)];

fn options() -> EventOptions {
    EventOptions {
        rtol: 1e-10,
        atol: 1e-12,
        ..EventOptions::default()
    }
}

#[test]
fn closed_form_is_a_solution() {
    let s = Sleigh::default();
    let d = 1e-5;
    for &(theta0, u0, w0) in &STARTS {
        let (u, w, theta) = closed_form(&s, theta0, u0, w0, 0.0);
        assert!((u - u0).abs() < 1e-14 && (w - w0).abs() < 1e-14 && (theta - theta0).abs() < 1e-14);
        for t in [0.3, 1.0, 2.5] {
            let (up, wp, thp) = closed_form(&s, theta0, u0, w0, t + d);
            let (um, wm, thm) = closed_form(&s, theta0, u0, w0, t - d);
            let (u, w, _) = closed_form(&s, theta0, u0, w0, t);
            let du = (up - um) / (2.0 * d);
            let dw = (wp - wm) / (2.0 * d);
            let dth = (thp - thm) / (2.0 * d);
            let scale = 1.0 + u.abs() + w.abs();
            assert!((du - s.a * w * w).abs() < 1e-8 * scale, "u̇ at {t}");
            let wdot = -s.m * s.a * u * w / (s.inertia + s.m * s.a * s.a);
            assert!((dw - wdot).abs() < 1e-8 * scale, "ω̇ at {t}");
            assert!((dth - w).abs() < 1e-8 * scale, "θ̇ at {t}");
        }
    }
}

#[test]
fn sleigh_follows_the_closed_form_and_conserves_energy() {
    let s = Sleigh::default();
    for &(theta0, u0, w0) in &STARTS {
        let q0 = Vector::<3>::new(0.2, -0.1, theta0);
        let qd0 = s.admissible_velocity(theta0, u0, w0);
        let e0 = energy(&s, &qd0);
        let mut sim = EventDriven::new(s, options(), 0.0, q0, qd0).unwrap();
        let (mut worst_u, mut worst_w, mut worst_th) = (0.0_f64, 0.0_f64, 0.0_f64);
        let (mut worst_e, mut worst_gamma, mut steps) = (0.0_f64, 0.0_f64, 0);
        sim.run(8.0, |r| {
            let Report::Step { t, q, u: qd, .. } = r else {
                panic!("the level sleigh has no event");
            };
            let [u, _, w] = s.body_velocities(q, qd);
            let (u_ref, w_ref, th_ref) = closed_form(&s, theta0, u0, w0, t);
            worst_u = worst_u.max((u - u_ref).abs());
            worst_w = worst_w.max((w - w_ref).abs());
            worst_th = worst_th.max((q[2] - th_ref).abs());
            worst_e = worst_e.max((energy(&s, qd) - e0).abs() / e0);
            worst_gamma = worst_gamma.max(knife_residual(&s, q, qd).abs());
            steps += 1;
        })
        .unwrap();
        assert!(steps > 20, "{steps} steps");
        assert!(
            worst_u < 1e-8 && worst_w < 1e-8,
            "u: {worst_u:e}, ω: {worst_w:e}"
        );
        assert!(worst_th < 1e-8, "θ: {worst_th:e}");
        assert!(worst_e < 1e-9, "relative energy drift {worst_e:e}");
        assert!(worst_gamma < 1e-14, "γ = {worst_gamma:e}");
        // The knife edge's multiplier is the lateral force m(a ω̇ + u ω) (Neimark & Fufaev).
        let [u, _, w] = s.body_velocities(sim.q(), sim.u());
        let wdot = -s.m * s.a * u * w / (s.inertia + s.m * s.a * s.a);
        let lateral = s.m * (s.a * wdot + u * w);
        let lambda = sim.bilateral_multipliers()[0];
        assert!(
            (lambda - lateral).abs() < 1e-9 * (1.0 + lateral.abs()),
            "{lambda} vs {lateral}"
        );
    }
}

#[test]
fn initial_velocity_violating_the_knife_edge_is_refused() {
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, 0.4);
    // A sideways velocity of the centre of mass, 1e-6 off the constraint.
    let mut qd0 = s.admissible_velocity(0.4, 1.0, 0.5);
    qd0[1] += 1e-6;
    let expected = knife_residual(&s, &q0, &qd0).abs();
    match EventDriven::new(s, options(), 0.0, q0, qd0).err() {
        Some(EventError::InitialVelocityConstraintViolation {
            constraint,
            residual,
            tolerance,
        }) => {
            assert_eq!(constraint, "knife_edge");
            assert!((residual - expected).abs() <= 1e-15 && residual > tolerance);
        }
        other => panic!("expected the knife edge's violation, got {other:?}"),
    }
    // An admissible state is accepted.
    let qd_ok = s.admissible_velocity(0.4, 1.0, 0.5);
    let sim = EventDriven::new(s, options(), 0.0, q0, qd_ok).unwrap();
    assert!((sim.u() - qd_ok).amax() < 1e-15);
}

/// The impulses of Newton's law with the knife edge kept, from M, G and W_N at q: the linear
/// system [M −G −w; Gᵀ 0 0; wᵀ 0 0] (u⁺, Λ_B, Λ_N) = (M u⁻, 0, −ε wᵀu⁻).
fn newton_impact(m: &WalledSleigh, q: &Vector<3>, u_pre: &Vector<3>) -> (Vector<3>, f64, f64) {
    let mut mass = mbruntime::Matrix::<3, 3>::zeros();
    m.mass_matrix(q, 0.0, &mut mass);
    let a = m.sleigh.constraint_row(q[2]);
    let w = Vector::<3>::new(-1.0, 0.0, 0.0);
    let mut k = SMatrix::<f64, 5, 5>::zeros();
    let mut rhs = SVector::<f64, 5>::zeros();
    for i in 0..3 {
        for j in 0..3 {
            k[(i, j)] = mass[(i, j)];
        }
        k[(i, 3)] = -a[i];
        k[(i, 4)] = -w[i];
        k[(3, i)] = a[i];
        k[(4, i)] = w[i];
    }
    let mu = mass * u_pre;
    for i in 0..3 {
        rhs[i] = mu[i];
    }
    rhs[4] = -m.restitution * w.dot(u_pre);
    let x = k.lu().solve(&rhs).expect("regular KKT matrix");
    (Vector::<3>::new(x[0], x[1], x[2]), x[3], x[4])
}

#[test]
fn impact_on_a_wall_keeps_the_knife_edge() {
    let model = WalledSleigh {
        sleigh: Sleigh::default(),
        wall: 0.5,
        restitution: 0.6,
    };
    let s = model.sleigh;
    let q0 = Vector::<3>::new(0.0, 0.0, 0.3);
    let qd0 = s.admissible_velocity(0.3, 1.0, 0.8);
    let mut sim = EventDriven::new(model, options(), 0.0, q0, qd0).unwrap();
    let mut impacts = Vec::new();
    let mut worst_gamma = 0.0_f64;
    sim.run(1.5, |r| match r {
        Report::Event(ev) => impacts.push(*ev),
        Report::Step { q, u, .. } => {
            worst_gamma = worst_gamma.max(knife_residual(&s, q, u).abs());
        }
    })
    .unwrap();
    let ev = impacts.first().expect("the sleigh reaches the wall");
    assert_eq!(ev.kind, EventKind::Impact);
    assert!((ev.q[0] - 0.5).abs() < 1e-10, "impact at x = {}", ev.q[0]);
    let (u_ref, lambda_b, lambda_n) = newton_impact(&model, &ev.q, &ev.u_pre);
    let scale = ev.u_pre.amax();
    assert!(
        (ev.u_post - u_ref).amax() < 1e-12 * scale,
        "{} vs {u_ref}",
        ev.u_post
    );
    assert!(lambda_n > 0.0);
    assert!((ev.impulse[0] - lambda_n).abs() < 1e-12 * lambda_n);
    assert!((ev.bilateral_impulse[0] - lambda_b).abs() < 1e-12 * (lambda_n + lambda_b.abs()));
    // Newton's law on the wall, the knife edge to round-off, energy lost, not gained.
    assert!((ev.u_post[0] + 0.6 * ev.u_pre[0]).abs() < 1e-13 * scale);
    assert!(knife_residual(&s, &ev.q, &ev.u_post).abs() < 1e-15 * (1.0 + scale));
    assert!(ev.kinetic_energy_post < ev.kinetic_energy_pre);
    assert!(worst_gamma < 1e-14, "γ after the impact: {worst_gamma:e}");
}

#[test]
fn duplicated_knife_edge_follows_the_closed_form() {
    let s = Sleigh::default();
    let (theta0, u0, w0) = STARTS[0];
    let q0 = Vector::<3>::new(0.0, 0.0, theta0);
    let qd0 = s.admissible_velocity(theta0, u0, w0);
    let mut sim = EventDriven::new(DoubleKnife { sleigh: s }, options(), 0.0, q0, qd0).unwrap();
    let mut worst = 0.0_f64;
    sim.run(5.0, |r| {
        if let Report::Step { t, q, u: qd, .. } = r {
            assert!(q.iter().chain(qd.iter()).all(|x| x.is_finite()));
            let [u, _, w] = s.body_velocities(q, qd);
            let (u_ref, w_ref, _) = closed_form(&s, theta0, u0, w0, t);
            worst = worst.max((u - u_ref).abs()).max((w - w_ref).abs());
        }
    })
    .unwrap();
    assert!(worst < 1e-8, "{worst:e}");
    // The second, dependent row is dropped: its multiplier is zero, the first carries the force.
    let lambda = sim.bilateral_multipliers();
    assert_eq!(lambda[1], 0.0);
    assert!(lambda[0].is_finite() && lambda[0] != 0.0);
}

#[test]
fn a_vanishing_constraint_column_is_crossed_without_nan() {
    // γ = x ẏ: the column (0, x) vanishes at x = 0, crossed at t = 0.5 with ẋ = 1. Off the
    // line the constraint holds ẏ = 0 against gravity (the force x λ = m g is finite, λ is not).
    let model = FadingBlade { m: 1.0, g: 9.81 };
    let mut sim = EventDriven::new(
        model,
        options(),
        0.0,
        Vector::<2>::new(-0.5, 0.0),
        Vector::<2>::new(1.0, 0.0),
    )
    .unwrap();
    let mut worst = 0.0_f64;
    let mut steps = 0;
    let result = sim.run(1.0, |r| {
        if let Report::Step { q, u, .. } = r {
            assert!(q.iter().chain(u.iter()).all(|x| x.is_finite()));
            worst = worst.max(u[1].abs()).max(q[1].abs());
            steps += 1;
        }
    });
    result.unwrap();
    assert!(steps > 0);
    assert!((sim.q()[0] - 0.5).abs() < 1e-12);
    // The sideways motion stays at the level of the error control across the singular line.
    assert!(worst < 1e-8, "{worst:e}");
}

#[test]
fn position_projection_leaves_the_velocity_constraint_out() {
    let model = CircleSleigh {
        sleigh: Sleigh::default(),
        radius: 1.0,
    };
    let mut kkt = KktSystem::<3, 2, 0>::new(EventOptions::default().column_tolerances());
    // Off the circle (radius 1.01) at heading θ = 0.7: the M-nearest point of the circle is the
    // radial one, θ unchanged (M = diag(m, m, I) and g involves x, y only).
    let (x, y, theta) = (0.6 * 1.01, 0.8 * 1.01, 0.7);
    let mut q = Vector::<3>::new(x, y, theta);
    let mut u = Vector::<3>::zeros();
    kkt.project(&model, &ActiveSet::empty(), 0.0, &mut q, &mut u, false)
        .unwrap();
    assert!(
        (q[0] - 0.6).abs() < 1e-14 && (q[1] - 0.8).abs() < 1e-14,
        "{q}"
    );
    assert_eq!(q[2], theta);
    // The velocity projection uses both rows: (ẋ, ẏ) tangent to the circle and γ = 0.
    let mut u = Vector::<3>::new(0.3, -0.2, 0.5);
    kkt.project(&model, &ActiveSet::empty(), 0.0, &mut q, &mut u, true)
        .unwrap();
    let mut jac = mbruntime::Matrix::<3, 2>::zeros();
    let mut tp = Vector::<2>::zeros();
    model.bilateral_jacobian(&q, 0.0, &mut jac, &mut tp);
    let residual = jac.tr_mul(&u) + tp;
    assert!(residual.amax() < 1e-15, "{residual}");
}

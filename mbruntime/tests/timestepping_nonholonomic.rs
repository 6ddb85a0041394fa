//! Time-stepping with a velocity (nonholonomic) constraint: the Chaplygin sleigh.
//!
//! Invariants and their sources:
//! * every step imposes the knife edge γ = A(θ) q̇ = 0 in its velocity update at the scheme's
//!   evaluation point (q_M for Moreau's midpoint rule, q_A for Moreau–Jean): there γ(q_eval, u_E)
//!   is round-off; at the end state it is O(Δt), which the record reports;
//! * the knife edge does no work (ĝ = 0), so the exact motion conserves the kinetic energy
//!   (Neimark & Fufaev 1972, ch. III) and follows the closed form of Borisov & Mamaev (2009)
//!   (see `mb_testsupport::models::sleigh`); the schemes converge to it. Both impose the
//!   constraint with G frozen over the step, so each step removes the part of u_A that violates
//!   the constraint at the new evaluation point, O(Δt)·|u|: the kinetic energy drops by O(Δt²)
//!   per step (ΔT = −½ (Gᵀu_A)ᵀ(GᵀM⁻¹G)⁻¹(Gᵀu_A) ≤ 0 for Moreau's rule with M constant, h = 0)
//!   and by O(Δt) over a fixed time. The measured orders of the energy and trajectory errors
//!   are 1;
//! * at an impact on a wall the step's impulses solve Newton's law with the knife edge kept,
//!   M(u_E − u_A) = G Λ_B + W_N Λ_N, Gᵀu_E = 0, W_Nᵀu_E = −ε W_Nᵀu_A with G, W_N at q_M
//!   (Glocker & Studer 2005, (17), (11)–(12); Brogliato 2013, (71)–(77)), solved here as a
//!   dense linear system;
//! * a duplicated knife edge (G of rank 1) gives the motion of the single one (Lötstedt 1982,
//!   Lemma 5.2); a column that vanishes at the evaluation point is a typed error, the state
//!   untouched;
//! * the position projection uses the holonomic rows only (a circle x² + y² = R² with the
//!   knife edge: the projection is radial, θ untouched);
//! * initial velocities violating the knife edge are refused with the constraint's name.

use mb_testsupport::models::sleigh::{closed_form, energy, knife_residual};
use mb_testsupport::models::{CircleSleigh, DoubleKnife, FadingBlade, Sleigh, WalledSleigh};
use mbruntime::timestepping::{RecordCsv, Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Matrix, Vector};
use nalgebra::{SMatrix, SVector};

const THETA0: f64 = 0.4;
const U0: f64 = 0.5;
const W0: f64 = 2.0;
const T_END: f64 = 3.0;

/// Largest errors of (u, ω) against the closed form over a run, the relative energy error at
/// its end, the largest γ at the evaluation points and at the end states.
struct RunErrors {
    body: f64,
    energy: f64,
    gamma_eval: f64,
    gamma_end: f64,
}

fn run(scheme: Scheme, h: f64) -> RunErrors {
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, THETA0);
    let qd0 = s.admissible_velocity(THETA0, U0, W0);
    let e0 = energy(&s, &qd0);
    let mut ts = TimeStepper::new(s, scheme, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut err = RunErrors {
        body: 0.0,
        energy: 0.0,
        gamma_eval: 0.0,
        gamma_end: 0.0,
    };
    ts.run(h, T_END, |rec| {
        let [u, _, w] = s.body_velocities(&rec.q, &rec.u);
        let (u_ref, w_ref, _) = closed_form(&s, THETA0, U0, W0, rec.t);
        err.body = err.body.max((u - u_ref).abs()).max((w - w_ref).abs());
        err.gamma_eval = err
            .gamma_eval
            .max(knife_residual(&s, &rec.q_eval, &rec.u).abs());
        let gamma_end = knife_residual(&s, &rec.q, &rec.u).abs();
        assert!((rec.velocity_constraint_residual - gamma_end).abs() <= 1e-15);
        err.gamma_end = err.gamma_end.max(gamma_end);
        assert_eq!(rec.constraint_residual, 0.0);
    })
    .unwrap();
    err.energy = (energy(&s, ts.u()) - e0).abs() / e0;
    err
}

/// log₂ of the error ratios of successive halvings of Δt.
fn orders(errors: &[f64]) -> Vec<f64> {
    errors.windows(2).map(|e| (e[0] / e[1]).log2()).collect()
}

/// Runs at Δt = 4e-3 … 5e-4: the trajectory, energy and end-state γ errors are of first order
/// (measured orders 1.000–1.003); γ at the evaluation points is round-off.
fn check_first_order(scheme: Scheme) {
    let steps = [4e-3, 2e-3, 1e-3, 5e-4];
    let runs: Vec<RunErrors> = steps.iter().map(|&h| run(scheme, h)).collect();
    let body: Vec<f64> = runs.iter().map(|r| r.body).collect();
    let energy: Vec<f64> = runs.iter().map(|r| r.energy).collect();
    let gamma_end: Vec<f64> = runs.iter().map(|r| r.gamma_end).collect();
    for (what, errors) in [("u, ω", &body), ("energy", &energy), ("γ(q_E)", &gamma_end)] {
        for p in orders(errors) {
            assert!(
                (0.95..1.1).contains(&p),
                "{scheme:?}, {what}: orders {errors:?}"
            );
        }
    }
    // Error constants: |Δ(u, ω)| ≤ 2 Δt, relative energy ≤ Δt, over 3 s.
    for (r, h) in runs.iter().zip(steps) {
        assert!(r.body < 2.0 * h && r.energy < h, "{scheme:?} at Δt = {h}");
        assert!(
            r.gamma_eval <= 4.0 * f64::EPSILON,
            "{scheme:?}: γ = {:e}",
            r.gamma_eval
        );
    }
}

#[test]
fn moreau_midpoint_converges_to_the_closed_form_at_first_order() {
    check_first_order(Scheme::MoreauMidpoint);
}

#[test]
fn moreau_jean_converges_to_the_closed_form_at_first_order() {
    check_first_order(Scheme::MoreauJean { theta: 0.5 });
    check_first_order(Scheme::MoreauJean { theta: 1.0 });
}

#[test]
fn moreau_midpoint_never_gains_energy() {
    // With M constant and h = 0 the step is the M-orthogonal projection of u_A onto the
    // constraint at q_M: T(u_E) ≤ T(u_A), with equality only if u_A satisfies it already.
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, THETA0);
    let qd0 = s.admissible_velocity(THETA0, U0, W0);
    let mut ts = TimeStepper::without_jacobians(
        s,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        qd0,
    )
    .unwrap();
    let mut lost = 0.0;
    ts.run(1e-3, T_END, |rec| {
        let (before, after) = (energy(&s, &rec.u_start), energy(&s, &rec.u));
        assert!(
            after <= before * (1.0 + 4.0 * f64::EPSILON),
            "t = {}",
            rec.t
        );
        lost += before - after;
    })
    .unwrap();
    assert!(lost > 0.0);
}

#[test]
fn initial_velocity_violating_the_knife_edge_is_refused() {
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, THETA0);
    let mut qd0 = s.admissible_velocity(THETA0, U0, W0);
    qd0[0] += 1e-3;
    let expected = knife_residual(&s, &q0, &qd0).abs();
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 1.0 }] {
        match TimeStepper::new(s, scheme, Settings::default(), 0.0, q0, qd0) {
            Err(TimeSteppingError::InitialVelocityConstraintViolation {
                constraint,
                residual,
                tolerance,
            }) => {
                assert_eq!(constraint, "knife_edge");
                assert!((residual - expected).abs() <= 1e-16 && tolerance == 1e-6);
            }
            other => panic!("expected the knife edge's violation, got {:?}", other.err()),
        }
    }
    // Within the tolerance the state is accepted (the first step removes the violation).
    let mut close = s.admissible_velocity(THETA0, U0, W0);
    close[0] += 1e-7;
    let mut ts = TimeStepper::new(
        s,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        close,
    )
    .unwrap();
    let rec = ts.step(1e-3).unwrap();
    assert!(knife_residual(&s, &rec.q_eval, &rec.u).abs() < 1e-15);
}

/// The impulses of Newton's law with the knife edge kept at q: the linear system
/// [M −G −w; Gᵀ 0 0; wᵀ 0 0] (u_E, Λ_B, Λ_N) = (M u_A, 0, −ε wᵀu_A) (h = 0 on the level).
fn newton_impact(m: &WalledSleigh, q: &Vector<3>, u_a: &Vector<3>) -> (Vector<3>, f64, f64) {
    let s = &m.sleigh;
    let mass = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(s.m, s.m, s.inertia));
    let a = s.constraint_row(q[2]);
    let w = Vector::<3>::new(-1.0, 0.0, 0.0);
    let mut k = SMatrix::<f64, 5, 5>::zeros();
    let mut rhs = SVector::<f64, 5>::zeros();
    let mu = mass * u_a;
    for i in 0..3 {
        k[(i, i)] = mass[(i, i)];
        k[(i, 3)] = -a[i];
        k[(i, 4)] = -w[i];
        k[(3, i)] = a[i];
        k[(4, i)] = w[i];
        rhs[i] = mu[i];
    }
    rhs[4] = -m.restitution * w.dot(u_a);
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
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        qd0,
    )
    .unwrap();
    let mut impact = None;
    ts.run(1e-3, 1.0, |rec| {
        assert!(knife_residual(&s, &rec.q_eval, &rec.u).abs() < 1e-15);
        if rec.impulses.lambda_n[0] > 0.0 && impact.is_none() {
            impact = Some(*rec);
        }
    })
    .unwrap();
    let rec = impact.expect("the sleigh reaches the wall");
    let (u_ref, lambda_b, lambda_n) = newton_impact(&model, &rec.q_eval, &rec.u_start);
    let scale = rec.u_start.amax();
    assert!(
        (rec.u - u_ref).amax() < 1e-13 * scale,
        "{} vs {u_ref}",
        rec.u
    );
    assert!((rec.impulses.lambda_n[0] - lambda_n).abs() < 1e-13 * lambda_n);
    assert!((rec.impulses.lambda_b[0] - lambda_b).abs() < 1e-13 * (lambda_n + lambda_b.abs()));
    // Newton's law ξ_N = γ_E + ε γ_A = 0 on the wall, and energy lost.
    assert!((rec.u[0] + 0.6 * rec.u_start[0]).abs() < 1e-13 * scale);
    assert!(rec.impulses.xi_n[0].abs() < 1e-13 * scale);
    assert!(energy(&s, &rec.u) < energy(&s, &rec.u_start));
}

#[test]
fn duplicated_knife_edge_gives_the_single_one_motion() {
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, THETA0);
    let qd0 = s.admissible_velocity(THETA0, U0, W0);
    let settings = Settings::default();
    let mut single =
        TimeStepper::without_jacobians(s, Scheme::MoreauMidpoint, settings, 0.0, q0, qd0).unwrap();
    let mut double = TimeStepper::without_jacobians(
        DoubleKnife { sleigh: s },
        Scheme::MoreauMidpoint,
        settings,
        0.0,
        q0,
        qd0,
    )
    .unwrap();
    for _ in 0..2000 {
        let one = *single.step(1e-3).unwrap();
        let two = double.step(1e-3).unwrap();
        assert!((one.q - two.q).amax() < 1e-14 && (one.u - two.u).amax() < 1e-14);
        // The dependent second row is dropped: zero impulse, the first carries it all.
        assert_eq!(two.impulses.lambda_b[1], 0.0);
        assert!((two.impulses.lambda_b[0] - one.impulses.lambda_b[0]).abs() < 1e-14);
    }
}

#[test]
fn a_vanishing_constraint_column_is_a_typed_error() {
    // γ = x ẏ: the column (0, x) vanishes on x = 0. With Δt = 1/8 and x₀ = −9/16, ẋ = 1, the
    // fifth step's midpoint is exactly x_M = 0 (all values binary).
    let model = FadingBlade { m: 1.0, g: 9.81 };
    let q0 = Vector::<2>::new(-0.5625, 0.0);
    let u0 = Vector::<2>::new(1.0, 0.0);
    let mut ts = TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    for _ in 0..4 {
        let rec = ts.step(0.125).unwrap();
        assert!(rec.u[1].abs() < 1e-15 && rec.impulses.lambda_b[0].is_finite());
        assert!((rec.q_eval[0] * rec.u[1]).abs() < 1e-15);
    }
    let (t, q, u) = (ts.t(), *ts.q(), *ts.u());
    assert_eq!(
        ts.step(0.125).unwrap_err(),
        TimeSteppingError::DependentBilateralConstraints { t: 0.5625 }
    );
    assert_eq!((ts.t(), *ts.q(), *ts.u()), (t, q, u));
    // A crossing whose midpoints miss the line passes, ẏ held at zero on both sides.
    let q0 = Vector::<2>::new(-0.3, 0.0);
    let mut ts = TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    ts.run(0.01, 0.6, |rec| {
        assert!(rec.q.iter().chain(rec.u.iter()).all(|x| x.is_finite()));
        assert!(
            rec.u[1].abs() < 1e-12,
            "ẏ = {:e} at x = {}",
            rec.u[1],
            rec.q[0]
        );
    })
    .unwrap();
    assert!(ts.q()[0] > 0.29);
}

#[test]
fn position_projection_uses_the_holonomic_rows_only() {
    // The centre of mass on the circle x² + y² = 1 with the knife edge. The velocity tangent
    // to the circle and admissible for the knife edge is ∇g × Aᵀ (orthogonal to both).
    let model = CircleSleigh {
        sleigh: Sleigh::default(),
        radius: 1.0,
    };
    let (phi, theta) = (0.9_f64, 0.2);
    let q0 = Vector::<3>::new(phi.cos(), phi.sin(), theta);
    let grad = Vector::<3>::new(2.0 * q0[0], 2.0 * q0[1], 0.0);
    let u0 = grad.cross(&model.sleigh.constraint_row(theta)) * 0.8;
    let mut ts = TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    for _ in 0..50 {
        let rec = *ts.step(0.02).unwrap();
        // Before the projection q_E = q_M + ½Δt u_E; the M-nearest point of the circle (M =
        // diag(m, m, I), g in x, y only) is radial, θ untouched.
        let free = rec.q_eval + rec.u * 0.01;
        assert_eq!(rec.q[2], free[2]);
        let r = free[0].hypot(free[1]);
        assert!((rec.q[0] - free[0] / r).abs() < 1e-14 && (rec.q[1] - free[1] / r).abs() < 1e-14);
        assert!(rec.constraint_residual <= 1e-12);
        // Both rows hold at the evaluation point.
        let a = model.sleigh.constraint_row(rec.q_eval[2]);
        assert!(a.dot(&rec.u).abs() < 1e-15);
        assert!((rec.q_eval[0] * rec.u[0] + rec.q_eval[1] * rec.u[1]).abs() < 1e-15);
    }
}

#[test]
fn csv_reports_the_velocity_constraint_residual() {
    let s = Sleigh::default();
    let q0 = Vector::<3>::new(0.0, 0.0, THETA0);
    let qd0 = s.admissible_velocity(THETA0, U0, W0);
    let mut ts =
        TimeStepper::new(s, Scheme::MoreauMidpoint, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut csv = RecordCsv::for_model::<Sleigh, 3, 1, 0>(Vec::new()).unwrap();
    let mut residuals = Vec::new();
    ts.run(1e-2, 0.1, |rec| {
        csv.write(rec).unwrap();
        residuals.push(rec.velocity_constraint_residual);
    })
    .unwrap();
    let text = String::from_utf8(csv.into_inner().unwrap()).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|&h| h == "velocity_constraint_residual")
        .expect("the column");
    assert_eq!(header[col - 1], "constraint_residual");
    for (line, &expected) in lines.zip(&residuals) {
        let value: f64 = line.split(',').nth(col).unwrap().parse().unwrap();
        assert_eq!(value, expected);
        // γ(q_E, u_E) recomputed independently from the row's state.
        let f: Vec<f64> = line
            .split(',')
            .map(|x| x.parse().unwrap_or(f64::NAN))
            .collect();
        let (q, u) = (
            Vector::<3>::new(f[3], f[4], f[5]),
            Vector::<3>::new(f[6], f[7], f[8]),
        );
        assert!((knife_residual(&s, &q, &u).abs() - value).abs() < 1e-14);
        assert!(value > 0.0);
    }
    assert_eq!(residuals.len(), 10);
}

#[test]
fn gap_projection_ignores_the_velocity_constraint() {
    // A plastic impact (ε = 0) on the wall x = 0.5: the impact step ends inside the wall,
    // q_E = q_M + ½Δt u_E with x_M > 0.5. With no holonomic row the M-nearest point of
    // {g_N ≥ 0} moves x alone (W_N = −e_x, M diagonal); a correction held to A Δq = 0 by the
    // knife edge would move y and θ as well.
    let model = WalledSleigh {
        sleigh: Sleigh::default(),
        wall: 0.5,
        restitution: 0.0,
    };
    let q0 = Vector::<3>::new(0.0, 0.0, 0.3);
    let qd0 = model.sleigh.admissible_velocity(0.3, 1.0, 0.8);
    let settings = Settings {
        gap_projection_iterations: 3,
        ..Settings::default()
    };
    let mut ts = TimeStepper::new(model, Scheme::MoreauMidpoint, settings, 0.0, q0, qd0).unwrap();
    let mut projected = 0;
    ts.run(1e-3, 1.0, |rec| {
        let free = rec.q_eval + rec.u * (0.5 * rec.h);
        if rec.impulses.active[0] && free[0] > 0.5 {
            assert!((rec.q[0] - 0.5).abs() < 1e-12, "x = {}", rec.q[0]);
            assert_eq!((rec.q[1], rec.q[2]), (free[1], free[2]));
            projected += 1;
        }
    })
    .unwrap();
    assert!(projected > 0);
}

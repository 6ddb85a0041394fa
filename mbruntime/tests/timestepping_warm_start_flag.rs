//! `StepRecord::warm_started` tells a warm-started contact LCP from Lemke's pivot-free b ≥ 0 case.
//!
//! Invariant: an LCP(A, b) with b ≥ 0 is solved by z = 0, w = b (Cottle, Pang & Stone 1992,
//! The Linear Complementarity Problem, Sect. 1.1), which Lemke's method returns without a pivot;
//! a warm start solves A_αα z_α = −b_α for the previous step's complementary basis α, also
//! without a pivot. So `lcp_pivots == 0` does not identify a warm start; the flag does. The
//! impulses are checked against closed forms of Moreau's midpoint rule (Glocker & Studer 2005,
//! (17) with Newton's law (11)–(12)) for a point of mass m on a floor y = v_f t:
//!
//! * resting (y = u = 0, v_f = 0, gravity g): ξ_N = u_E = 0 and Λ_N = m g Δt in every step;
//!   the first LCP (b = −gΔt < 0) needs Lemke's pivots, the next ones are warm-started;
//! * separating (no gravity, u₀ = v_f + δ > v_f, the contact closed within the penetration
//!   tolerance): b = (1 + ε_N) δ > 0, Λ_N = 0 and u_E = u₀; the first LCP is Lemke's trivial
//!   case (0 pivots, **not** warm-started), the following ones with the same closed contact
//!   are warm-started from the basis z = 0 (0 pivots as well);
//! * a pivoting solve followed by such a trivial one: the basis kept for the next step is the
//!   trivial solution's (all w basic), so the step after it is warm-started.

use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

use mb_testsupport::models::PointOnFloor;
use mbruntime::Vector;

const EPS_N: f64 = PointOnFloor::RESTITUTION;
const DT: f64 = 1e-3;

fn stepper(model: PointOnFloor, y0: f64, u0: f64) -> TimeStepper<PointOnFloor, 1, 0, 1> {
    TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        Vector::<1>::new(y0),
        Vector::<1>::new(u0),
    )
    .unwrap()
}

#[test]
fn resting_contact_is_solved_by_lemke_then_warm_started() {
    let model = PointOnFloor {
        m: 2.0,
        g: 9.81,
        floor_speed: 0.0,
        ..PointOnFloor::default()
    };
    let mut ts = stepper(model, 0.0, 0.0);
    assert!(!ts.last().impulses.warm_started, "no step taken yet");
    let impulse = model.m * model.g * DT;
    for k in 1..=5 {
        let r = *ts.step(DT).unwrap();
        assert!(
            r.impulses.active[0] && r.impulses.lcp_size == 1,
            "step {k}: contact closed"
        );
        assert!(
            (r.impulses.lambda_n[0] - impulse).abs() <= 1e-12 * impulse,
            "step {k}: Λ_N {} vs m g Δt {impulse}",
            r.impulses.lambda_n[0]
        );
        assert!(r.u[0].abs() <= 1e-15 && r.impulses.xi_n[0].abs() <= 1e-15);
        if k == 1 {
            // Fresh stepper, b = −gΔt < 0: Lemke pivots.
            assert!(
                !r.impulses.warm_started && r.impulses.lcp_pivots > 0,
                "{r:?}"
            );
        } else {
            assert!(
                r.impulses.warm_started && r.impulses.lcp_pivots == 0,
                "step {k}: {r:?}"
            );
        }
    }
}

#[test]
fn separating_contact_with_b_nonnegative_is_not_warm_started_on_its_first_lcp() {
    let (floor_speed, delta) = (0.3, 1e-4);
    let model = PointOnFloor {
        m: 1.0,
        g: 0.0,
        floor_speed,
        ..PointOnFloor::default()
    };
    // Within the penetration tolerance (1e-5): the gap opens by δΔt = 1e-7 per step, so the
    // contact stays in H (gap at the midpoint ≤ 0) for the first steps.
    let y0 = -1e-6;
    let u0 = floor_speed + delta;
    let mut ts = stepper(model, y0, u0);
    let mut lcp_steps = 0;
    for k in 1..=20 {
        let r = *ts.step(DT).unwrap();
        // Closed form: no force, no impulse, the velocity is kept.
        assert_eq!(r.impulses.lambda_n[0], 0.0, "step {k}");
        assert!((r.u[0] - u0).abs() <= 1e-15, "step {k}: u {}", r.u[0]);
        let gap_mid = y0 + u0 * (k as f64 - 0.5) * DT - floor_speed * (k as f64 - 0.5) * DT;
        assert_eq!(
            r.impulses.active[0],
            gap_mid <= 0.0,
            "step {k}: gap {gap_mid:e}"
        );
        if !r.impulses.active[0] {
            assert!(
                r.impulses.lcp_size == 0 && !r.impulses.warm_started && r.impulses.lcp_pivots == 0
            );
            continue;
        }
        lcp_steps += 1;
        assert_eq!(r.impulses.lcp_size, 1);
        assert!(
            (r.impulses.xi_n[0] - (1.0 + EPS_N) * delta).abs() <= 1e-12,
            "ξ_N {}",
            r.impulses.xi_n[0]
        );
        // Both kinds of step report 0 pivots; only the flag tells them apart.
        assert_eq!(r.impulses.lcp_pivots, 0, "step {k}");
        assert_eq!(r.impulses.warm_started, k > 1, "step {k}");
    }
    assert!(lcp_steps >= 5, "{lcp_steps} steps with the contact closed");
}

#[test]
fn a_trivial_lemke_solve_after_a_pivoting_one_leaves_the_all_w_basis_for_the_next_step() {
    // No gravity; the floor moves up with v_f and hits the point at rest: b = (1 + ε_N)(−v_f) < 0,
    // Lemke pivots, its basis has z basic. Newton's law ξ_N = 0 gives u_E = v_f(1 + ε_N).
    let floor_speed = 0.3;
    let model = PointOnFloor {
        m: 1.0,
        g: 0.0,
        floor_speed,
        ..PointOnFloor::default()
    };
    let mut ts = stepper(model, 0.0, 0.0);
    let r = *ts.step(DT).unwrap();
    assert!(r.impulses.active[0] && r.impulses.lcp_pivots > 0 && !r.impulses.warm_started);
    assert!((r.u[0] - floor_speed * (1.0 + EPS_N)).abs() <= 1e-12);
    // Same closed contact, now separating slowly (b > 0): the previous basis (z basic) gives
    // z < 0 and is rejected, Lemke's trivial case solves it; the step after that is solved by
    // the warm start from this step's basis (z = 0), not from the older pivoting basis.
    let (t, delta) = (ts.t(), 1e-4);
    ts.set_state(
        t,
        Vector::<1>::new(floor_speed * t - 1e-6),
        Vector::<1>::new(floor_speed + delta),
    )
    .unwrap();
    let r = *ts.step(DT).unwrap();
    assert!(r.impulses.active[0] && r.impulses.lambda_n[0] == 0.0);
    assert!(
        r.impulses.lcp_pivots == 0 && !r.impulses.warm_started,
        "{r:?}"
    );
    let r = *ts.step(DT).unwrap();
    assert!(r.impulses.active[0] && r.impulses.lambda_n[0] == 0.0);
    assert!(
        r.impulses.lcp_pivots == 0 && r.impulses.warm_started,
        "{r:?}"
    );
}

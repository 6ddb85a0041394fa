//! The Moreau–Jean θ-method uses the generated, exact tangents K = −∂h/∂q, C = −∂h/∂u; before,
//! it used forward differences of `forces`. For the woodpecker and the bouncing ball, whose
//! forces are affine in (q, u) (Glocker & Studer 2005, (13)–(16)), both tangents agree to
//! rounding, so the switch must not change the simulated motion.
//!
//! Invariant: over 1 s of the woodpecker from Table I (about seven limit cycles, 10⁵ steps with
//! impacts, jams and stick–slip) and 2 s of the bouncing ball, the runs with exact and with
//! forward-difference tangents have the same active sets at every step, and their states agree
//! to 1e-9 (absolute, the states are O(1–10)). The forward-difference tangents are the route
//! the runtime used before (kept for the benchmark in `examples/benches/support`).

#[path = "../benches/support/fd_tangents.rs"]
mod fd_tangents;

use fd_tangents::FdTangents;
use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::woodpecker::Woodpecker;
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Jacobians, Vector};

fn run<M: Jacobians<NQ, 0, NU>, const NQ: usize, const NU: usize>(
    model: M,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    h: f64,
    t_end: f64,
) -> Vec<StepRecord<NQ, 0, NU>> {
    let scheme = Scheme::MoreauJean { theta: 0.5 };
    let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
    let mut records = Vec::new();
    ts.run(h, t_end, |r| records.push(*r)).unwrap();
    records
}

fn assert_same_motion<const NQ: usize, const NU: usize>(
    exact: &[StepRecord<NQ, 0, NU>],
    fd: &[StepRecord<NQ, 0, NU>],
) {
    assert_eq!(exact.len(), fd.len());
    let mut worst = 0.0_f64;
    for (a, b) in exact.iter().zip(fd) {
        assert_eq!(
            a.impulses.active, b.impulses.active,
            "step {}: active sets differ",
            a.step
        );
        worst = worst.max((a.q - b.q).amax()).max((a.u - b.u).amax());
    }
    assert!(worst <= 1e-9, "largest state difference {worst:e}");
}

#[test]
fn woodpecker_motion_is_unchanged_by_exact_tangents() {
    let q0 = Vector::<3>::new(0.0, -0.1036, -0.2788);
    let u0 = Vector::<3>::new(-0.3411, 0.0, -7.4583);
    let exact = run(Woodpecker::default(), q0, u0, 1e-5, 1.0);
    let fd = run(FdTangents(Woodpecker::default()), q0, u0, 1e-5, 1.0);
    assert!(exact.iter().any(|r| r.impulses.lambda_n.amax() > 0.0));
    assert_same_motion(&exact, &fd);
}

#[test]
fn bouncing_ball_motion_is_unchanged_by_exact_tangents() {
    let q0 = Vector::<1>::new(1.0);
    let u0 = Vector::<1>::zeros();
    let exact = run(BouncingBall::default(), q0, u0, 1e-3, 2.0);
    let fd = run(FdTangents(BouncingBall::default()), q0, u0, 1e-3, 2.0);
    assert!(exact.iter().any(|r| r.impulses.lambda_n.amax() > 0.0));
    assert_same_motion(&exact, &fd);
}

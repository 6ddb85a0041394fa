//! Bilateral constraints at velocity level with position projection keep the drift bounded.
//!
//! Invariants: (i) after every step of the slider-crank (two loop-closure constraints) the
//! position residual ‖g(q)‖_∞ stays below the projection tolerance 1e-12 (without the
//! projection it grows, which shows the projection is what bounds it) and the velocity
//! constraint Gᵀu = 0 holds at the step's evaluation point; (ii) the power balance of the
//! driven, damped mechanism (Lagrange: d(T + V)/dt = τ φ̇ − c ẋ², the constraint forces do no
//! work) holds along the run: T + V − (T + V)₀ equals the trapezoidal integral of τφ̇ − cẋ² to
//! 1e-3 relative — an independent route through the energy, not through the scheme.

use mb_examples::slider_crank::SliderCrank;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Vector};

fn crank_state(model: &SliderCrank, phi: f64) -> (Vector<3>, Vector<3>) {
    let psi = (model.r * phi.sin() / model.L).asin();
    let x = model.r * phi.cos() + model.L * psi.cos();
    (Vector::<3>::new(phi, psi, x), Vector::<3>::zeros())
}

#[test]
fn projection_bounds_drift_and_power_balance_holds() {
    let model = SliderCrank::default();
    let (q0, u0) = crank_state(&model, 0.3);
    let energy = |q: &Vector<3>, u: &Vector<3>| {
        model.kinetic_energy(q, u, 0.0) + model.potential_energy(q, 0.0)
    };
    let power = |u: &Vector<3>| model.tau * u[0] - model.c * u[2] * u[2];
    let e0 = energy(&q0, &u0);

    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let (mut work, mut worst_g, mut worst_gu, mut max_abs_work): (f64, f64, f64, f64) =
        (0.0, 0.0, 0.0, 0.0);
    let mut g = Vector::<2>::zeros();
    let (mut jac, mut gh) = (Matrix::<3, 2>::zeros(), Vector::<2>::zeros());
    ts.run(1e-4, 2.0, |r| {
        work += 0.5 * r.h * (power(&r.u_start) + power(&r.u));
        max_abs_work = max_abs_work.max(work.abs());
        model.bilateral(&r.q, r.t, &mut g);
        worst_g = worst_g.max(g.amax());
        model.bilateral_jacobian(&r.q_eval, r.t - 0.5 * r.h, &mut jac, &mut gh);
        worst_gu = worst_gu.max((jac.transpose() * r.u).amax());
    })
    .unwrap();
    let e1 = energy(ts.q(), ts.u());
    assert!(worst_g <= 1e-12, "position drift {worst_g:e}");
    assert!(worst_gu <= 1e-12, "velocity constraint {worst_gu:e}");
    assert!(ts.u()[0].abs() > 1.0, "the crank turns");
    assert!(
        ((e1 - e0) - work).abs() <= 1e-3 * max_abs_work,
        "ΔE {} vs work {work}",
        e1 - e0
    );

    // Without projection the same run drifts by much more than the projection tolerance.
    let no_proj = Settings {
        projection_iterations: 0,
        ..Settings::default()
    };
    let mut ts = TimeStepper::new(model, Scheme::MoreauMidpoint, no_proj, 0.0, q0, u0).unwrap();
    let mut drift: f64 = 0.0;
    ts.run(1e-4, 2.0, |r| {
        model.bilateral(&r.q, r.t, &mut g);
        drift = drift.max(g.amax());
    })
    .unwrap();
    assert!(
        drift > 1e3 * worst_g.max(1e-15),
        "unprojected drift {drift:e}"
    );
}

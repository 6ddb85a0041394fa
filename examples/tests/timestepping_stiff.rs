//! A stiff spring (k = 1e8 N/m, m = 1 kg, ω = 1e4 rad/s) at Δt = 1e-3 (ωΔt = 10): the
//! Moreau–Jean θ-method with θ = 1 and the generated, exact stiffness K = −∂h/∂x is stable,
//! Moreau's midpoint rule is not.
//!
//! Invariants, each against a closed form:
//! - Free oscillation about x_r (the stop x = 0 is never reached). The θ = 1 step is implicit
//!   Euler for x'' = −ω²(x − x_r): with e = x − x_r, (1 + Δt²ω²) e' = e + Δt u and
//!   u' = (u − Δtω² e)/(1 + Δt²ω²), so the energy E = ½mu² + ½k e² satisfies exactly
//!   E_{n+1} = E_n / (1 + Δt²ω²) (expand ω²e'² + u'²). Moreau's midpoint rule is the
//!   Störmer–Verlet (leapfrog) scheme on smooth phases, stable only for ωΔt < 2 (Hairer, Lubich &
//!   Wanner 2006, "Geometric Numerical Integration", Sect. I.5): its energy grows.
//! - Pressed against the stop (x_r < 0 behind it, restitution 0), released at rest at x₀ > 0.
//!   The first step's predicted gap x₀ > 0 leaves the contact open, so it is the implicit Euler
//!   step x₁ = x_r + (x₀ − x_r)/(1 + Δt²k/m), u₁ = Δt·(−k(x₀ − x_r))/(m + Δt²k); the second step
//!   closes the contact (x₁ < 0) with Newton's law ε_N = 0 (Glocker & Studer 2005, (11)), so
//!   u = 0 from then on, x stays x₁, and the contact force balances the spring,
//!   Λ_N/Δt = k(x₁ − x_r). The energy never increases (dissipative step and perfectly plastic
//!   impact).

use mb_examples::timestepping_models::stiff_spring_stop::StiffSpringStop;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const H: f64 = 1e-3;

/// E = ½mu² + ½k(x − x_r)², written with the deflection x − x_r so that it keeps its relative
/// accuracy for deflections far below x (the generated V expands the square).
fn energy(model: &StiffSpringStop, q: &Vector<1>, u: &Vector<1>) -> f64 {
    let deflection = q[0] - model.x_r;
    0.5 * model.m * u[0] * u[0] + 0.5 * model.k * deflection * deflection
}

#[test]
fn implicit_step_damps_a_stiff_free_oscillation_by_the_closed_form_factor() {
    let model = StiffSpringStop {
        x_r: 1e-3,
        ..StiffSpringStop::default()
    };
    let factor = 1.0 / (1.0 + H * H * model.k / model.m);
    let q0 = Vector::<1>::new(model.x_r + 1e-6);
    let u0 = Vector::<1>::new(0.0);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauJean { theta: 1.0 },
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let mut e = energy(&model, &q0, &u0);
    // Three steps: the deflection shrinks by √101 per step while x stays near x_r = 1e-3, so
    // the rounding of x (ε·1e-3) limits the relative accuracy of E to ~4ε·x/(x − x_r) ≈ 4e-10 at
    // step 3 (and 4e-9 at step 4, beyond the tolerance).
    for n in 1..=3 {
        let r = ts.step(H).unwrap();
        assert!(r.q[0] > 0.0, "the stop must stay open");
        let e_next = energy(&model, &r.q, &r.u);
        let expected = e * factor;
        assert!(
            (e_next - expected).abs() <= 1e-9 * expected,
            "step {n}: E = {e_next:e}, closed form {expected:e}"
        );
        e = e_next;
    }
}

#[test]
fn midpoint_rule_is_unstable_on_the_same_stiff_oscillation() {
    let model = StiffSpringStop {
        x_r: 1e-3,
        ..StiffSpringStop::default()
    };
    let q0 = Vector::<1>::new(model.x_r + 1e-6);
    let u0 = Vector::<1>::new(0.0);
    let e0 = energy(&model, &q0, &u0);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    // Leapfrog with ωΔt = 10 amplifies by ≈ (ωΔt)² per step; stop before the amplitude reaches
    // the stop (1e-6 · 100³ = 1 m would pass it).
    let mut e = e0;
    for _ in 0..2 {
        let r = ts.step(H).unwrap();
        e = energy(&model, &r.q, &r.u);
    }
    assert!(e > 1e3 * e0, "E grew only from {e0:e} to {e:e}");
}

#[test]
fn implicit_step_brings_the_stiff_spring_to_rest_on_the_stop() {
    let model = StiffSpringStop::default();
    let x0 = 2e-5;
    let q0 = Vector::<1>::new(x0);
    let u0 = Vector::<1>::new(0.0);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauJean { theta: 1.0 },
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let stiff = 1.0 + H * H * model.k / model.m;
    let x1 = model.x_r + (x0 - model.x_r) / stiff;
    let u1 = -H * model.k * (x0 - model.x_r) / (model.m * stiff);
    let force = model.k * (x1 - model.x_r);

    let first = *ts.step(H).unwrap();
    assert!(
        !first.impulses.active[0],
        "the first step's predicted gap is open"
    );
    assert!(
        (first.q[0] - x1).abs() <= 1e-12 * x0,
        "x₁ = {:e}, closed form {x1:e}",
        first.q[0]
    );
    assert!(
        (first.u[0] - u1).abs() <= 1e-12 * u1.abs(),
        "u₁ = {:e}, closed form {u1:e}",
        first.u[0]
    );
    assert!(x1 < 0.0);

    let mut e = energy(&model, &first.q, &first.u);
    let mut steps = 1;
    ts.run(H, 1.0, |r| {
        steps += 1;
        assert!(
            r.impulses.active[0],
            "step {}: the contact must stay closed",
            r.step
        );
        assert!(
            r.u[0].abs() <= 1e-12 * u1.abs(),
            "step {}: u = {:e}",
            r.step,
            r.u[0]
        );
        assert!(
            (r.q[0] - x1).abs() <= 1e-15,
            "step {}: x = {:e}",
            r.step,
            r.q[0]
        );
        if r.step > 2 {
            let lambda = r.impulses.lambda_n[0] / r.h;
            assert!(
                (lambda - force).abs() <= 1e-9 * force,
                "step {}: λ_N = {lambda:e}, spring force {force:e}",
                r.step
            );
        }
        let e_next = energy(&model, &r.q, &r.u);
        assert!(
            e_next <= e * (1.0 + 1e-12),
            "step {}: E {e:e} -> {e_next:e}",
            r.step
        );
        e = e_next;
    })
    .unwrap();
    assert_eq!(steps, 1000);
}

//! Passing singular configurations of closed loops, where rows of the constraint matrix G
//! vanish and the mobility jumps (Lötstedt 1982, "Mechanical systems of rigid bodies subject to
//! unilateral constraints", Sect. 2 and end of Sect. 5: the rank of G need not be constant
//! along the motion).
//!
//! - The N-four-bar of the IFToMM benchmark library (problem A02; `FourBarChain2`, `4`, `40`:
//!   cranks and couplers on revolute joints, two loop closures per window). With the cranks
//!   horizontal every x row of the closures vanishes and the mobility jumps from 1 to N + 1. With
//!   equal cranks the exact motion stays a parallelogram, φ̈ = −k cos φ, whose high-precision
//!   solution is in `bench/iftomm/reference/` (mpmath; two independent methods agree to 1e-24).
//!   The event-driven integrator must pass the horizontal position at every tolerance, with
//!   every crank at the same angle, at the accuracy and step count of that smooth
//!   one-degree-of-freedom problem integrated with the same tolerances (the `Pendulum` example
//!   with g/l = k): step counts grow like rtol^(−1/5), not like the millions of steps of a motion
//!   stuck at the singularity. Time-stepping (Moreau's midpoint rule) passes it too, at its
//!   order.
//! - The slider-crank passing its dead centres, and the isosceles slider-crank (crank and rod of
//!   equal length), whose second closure row vanishes where the crank is vertical and two
//!   branches (slider moving, slider at rest at the pivot) cross: the crank's passage times
//!   through given angles against a quadrature of the energy integral of the reduced
//!   one-degree-of-freedom motion, t(φ) = ∫ dφ / φ̇(φ) with ½ J(φ) φ̇² + V(φ) = E, written out
//!   here from the geometry.

use mb_examples::iftomm_four_bar::four_bar_chain2::FourBarChain2;
use mb_examples::iftomm_four_bar::four_bar_chain4::FourBarChain4;
use mb_examples::iftomm_four_bar::four_bar_chain40::FourBarChain40;
use mb_examples::iftomm_reference::{Reference, four_bar_k, four_bar_start, four_bar_state};
use mb_examples::pendulum::Pendulum;
use mb_examples::slider_crank::SliderCrank;
use mbruntime::event::{EventDriven, EventError, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Dynamics, Rates, Vector};
use std::f64::consts::{FRAC_PI_2, PI};

/// Largest |B0 − B0_ref| over the reference's output instants up to `t_end` (B0 = (cos φ₀,
/// sin φ₀), l = 1), the largest spread of the crank angles, the relative energy drift and the
/// number of steps of an event-driven run of an N-four-bar chain.
fn chain_run<M: Rates<NQ, NB, 0> + Copy, const NQ: usize, const NB: usize>(
    model: M,
    reference: &Reference,
    rtol: f64,
    t_end: f64,
) -> (f64, f64, f64, usize) {
    let n = (NQ - 1) / 2;
    let (q0, u0) = four_bar_start::<NQ>();
    let opts = EventOptions {
        rtol,
        atol: 1e-2 * rtol,
        max_step: 0.05,
        ..EventOptions::default()
    };
    let energy = |m: &M, q: &Vector<NQ>, u: &Vector<NQ>| {
        m.kinetic_energy(q, u, 0.0) + m.potential_energy(q, 0.0)
    };
    let e0 = energy(&model, &q0, &u0);
    let mut sim = EventDriven::new(model, opts, 0.0, q0, u0).unwrap();
    let (mut spread, mut drift) = (0.0_f64, 0.0_f64);
    let mut error = 0.0_f64;
    let model = *sim.model();
    let mut rows = reference.rows.iter().skip(1).peekable();
    let mut previous = (0.0, q0, u0);
    sim.run(t_end, |r| {
        let Report::Step { t, q, u, .. } = r else {
            panic!("no events in a chain without contacts");
        };
        spread = spread.max((0..=n).map(|i| (q[i] - q[0]).abs()).fold(0.0, f64::max));
        drift = drift.max((energy(&model, q, u) - e0).abs() / e0.abs());
        // Reference instants inside this step: the crank angle by cubic Hermite interpolation.
        while let Some(row) = rows.next_if(|row| row[0] <= t) {
            let phi = hermite(previous, (t, q[0], u[0]), row[0]);
            let (x, y) = (row[1], row[2]);
            error = error.max(((phi.cos() - x).powi(2) + (phi.sin() - y).powi(2)).sqrt());
        }
        previous = (t, *q, *u);
    })
    .unwrap_or_else(|e| panic!("{}, rtol = {rtol:e}: {e}", M::NAME));
    (error, spread, drift, sim.stats().steps)
}

/// q(t) by the cubic Hermite interpolant of (t₀, q₀, q̇₀) and (t₁, q₁, q̇₁) (first coordinate):
/// error h⁴ max|q⁗|/384 over a step of length h.
fn hermite<const NQ: usize>(
    (t0, q0, u0): (f64, Vector<NQ>, Vector<NQ>),
    (t1, q1, u1): (f64, f64, f64),
    t: f64,
) -> f64 {
    let h = t1 - t0;
    if h == 0.0 {
        return q1;
    }
    let s = (t - t0) / h;
    let (h00, h10) = (
        2.0 * s.powi(3) - 3.0 * s * s + 1.0,
        s.powi(3) - 2.0 * s * s + s,
    );
    let (h01, h11) = (-2.0 * s.powi(3) + 3.0 * s * s, s.powi(3) - s * s);
    h00 * q0[0] + h10 * h * u0[0] + h01 * q1 + h11 * h * u1
}

/// The same B0 error and step count for the smooth one-degree-of-freedom problem φ̈ = −k cos φ,
/// written as the `Pendulum` example (θ = φ + π/2, g/l = k) and run with the same options.
fn smooth_run(n: usize, reference: &Reference, rtol: f64, t_end: f64) -> (f64, usize) {
    let model = Pendulum {
        m: 1.0,
        l: 1.0,
        g: four_bar_k(n, 9.81, 1.0),
        c: 0.0,
    };
    let opts = EventOptions {
        rtol,
        atol: 1e-2 * rtol,
        max_step: 0.05,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(
        model,
        opts,
        0.0,
        Vector::<1>::new(PI),
        Vector::<1>::new(-1.0),
    )
    .unwrap();
    let mut error = 0.0_f64;
    let mut rows = reference.rows.iter().skip(1).peekable();
    let mut previous = (0.0, Vector::<1>::new(PI), Vector::<1>::new(-1.0));
    sim.run(t_end, |r| {
        if let Report::Step { t, q, u, .. } = r {
            while let Some(row) = rows.next_if(|row| row[0] <= t) {
                let phi = hermite(previous, (t, q[0], u[0]), row[0]) - FRAC_PI_2;
                let (x, y) = (row[1], row[2]);
                error = error.max(((phi.cos() - x).powi(2) + (phi.sin() - y).powi(2)).sqrt());
            }
            previous = (t, *q, *u);
        }
    })
    .unwrap();
    (error, sim.stats().steps)
}

/// A chain run (B0 error, crank spread, energy drift, steps) against the smooth problem's
/// (B0 error, steps): at most twice the error and a quarter more steps; cranks together but
/// inside the window where the x rows are left out (|sin φ| < rtol^(1/3)), where they part by
/// O(window²) until the projections join them again; energy to the tolerance.
fn assert_like_smooth(run: (f64, f64, f64, usize), smooth: (f64, usize), rtol: f64, what: &str) {
    let (error, spread, drift, steps) = run;
    let (smooth_error, smooth_steps) = smooth;
    assert!(
        error <= 2.0 * smooth_error + 1e-12,
        "{what}: B0 off by {error:e}, the smooth problem by {smooth_error:e}"
    );
    assert!(
        (steps as f64) <= 1.25 * smooth_steps as f64,
        "{what}: {steps} steps, the smooth problem {smooth_steps}"
    );
    assert!(
        spread <= rtol.powf(2.0 / 3.0),
        "{what}: cranks apart by {spread:e}"
    );
    assert!(drift <= 1e3 * rtol, "{what}: energy drift {drift:e}");
}

#[test]
fn four_bar_chains_pass_the_horizontal_like_a_smooth_problem_at_every_tolerance() {
    for (n, name) in [(2, "a02_four_bar_n2"), (4, "a02_four_bar_n4")] {
        let reference = Reference::load(name).unwrap();
        let mut steps = Vec::new();
        for rtol in [1e-6, 1e-8, 1e-10, 1e-12] {
            let run = if n == 2 {
                chain_run(FourBarChain2::default(), &reference, rtol, 20.0)
            } else {
                chain_run(FourBarChain4::default(), &reference, rtol, 20.0)
            };
            // Forty passages of the horizontal in 20 s, each as harmless as a smooth step.
            let smooth = smooth_run(n, &reference, rtol, 20.0);
            assert_like_smooth(run, smooth, rtol, &format!("N = {n}, rtol = {rtol:e}"));
            steps.push(run.3 as f64);
        }
        // rtol^(−1/5): a factor 10⁶ in rtol multiplies the steps by about 15.8.
        let growth = steps[3] / steps[0];
        assert!(
            growth <= 1.5 * 1e6_f64.powf(0.2),
            "N = {n}: steps grew by {growth} from rtol 1e-6 to 1e-12"
        );
    }
}

#[test]
fn forty_windows_pass_both_horizontal_positions() {
    // The benchmark's N = 40 through the first two singular positions (φ = 0 near t = 0.71 s,
    // φ = −π near 1.45 s): 81 coordinates, 80 loop closures, 40 of them vanishing at once.
    // The integrator of 81 coordinates keeps its workspaces (matrices of 81 × 81) on the stack:
    // an unoptimised build needs more than a test thread's 2 MiB.
    let reference = Reference::load("a02_four_bar_n40").unwrap();
    let rtol = 1e-10;
    let smooth = smooth_run(40, &reference, rtol, 1.6);
    let run = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || chain_run(FourBarChain40::default(), &reference, rtol, 1.6))
        .unwrap()
        .join()
        .unwrap();
    assert_like_smooth(run, smooth, rtol, "N = 40");
}

#[test]
fn a_chain_released_at_45_degrees_swings_through_the_horizontal() {
    // The failure as first seen: a four-bar chain released at rest from 45°, at the tolerance
    // where it used to stop at the horizontal position. Reference: the parallelogram motion
    // φ̈ = −k cos φ by classical RK4 with step 1e-5 (error ~1e-13 over the run).
    let k = four_bar_k(4, 9.81, 1.0);
    let (q0, u0) = four_bar_state::<9>(PI / 4.0, 0.0);
    for rtol in [1e-10, 1e-12] {
        let opts = EventOptions {
            rtol,
            atol: 1e-2 * rtol,
            ..EventOptions::default()
        };
        let mut sim = EventDriven::new(FourBarChain4::default(), opts, 0.0, q0, u0).unwrap();
        sim.run(5.0, |_| {}).unwrap();
        let (mut phi, mut omega) = (PI / 4.0, 0.0);
        let f = |p: f64| -k * p.cos();
        let h = 1e-5;
        for _ in 0..500_000 {
            let (k1p, k1v) = (omega, f(phi));
            let (k2p, k2v) = (omega + 0.5 * h * k1v, f(phi + 0.5 * h * k1p));
            let (k3p, k3v) = (omega + 0.5 * h * k2v, f(phi + 0.5 * h * k2p));
            let (k4p, k4v) = (omega + h * k3v, f(phi + h * k3p));
            phi += h / 6.0 * (k1p + 2.0 * k2p + 2.0 * k3p + k4p);
            omega += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        }
        let q = sim.q();
        assert!(
            (q[0] - phi).abs() <= 1e4 * rtol,
            "rtol = {rtol:e}: φ = {} vs {phi}",
            q[0]
        );
        assert!(sim.stats().steps < 5000, "{} steps", sim.stats().steps);
    }
}

#[test]
fn time_stepping_passes_the_horizontal_at_its_order() {
    // Moreau's midpoint rule on the N = 2 chain over 20 s: second order on this smooth motion
    // (error ∝ h², measured 2.7e-6 and 3.0e-8), no freezing, cranks together.
    let reference = Reference::load("a02_four_bar_n2").unwrap();
    let last = reference.rows.last().unwrap();
    let (q0, u0) = four_bar_start::<5>();
    let mut errors = Vec::new();
    for h in [1e-3, 1e-4] {
        let mut ts = TimeStepper::new(
            FourBarChain2::default(),
            Scheme::MoreauMidpoint,
            Settings::default(),
            0.0,
            q0,
            u0,
        )
        .unwrap();
        ts.run(h, last[0], |_| {}).unwrap();
        let q = ts.q();
        let spread = (0..=2).map(|i| (q[i] - q[0]).abs()).fold(0.0, f64::max);
        assert!(spread <= 1e-9, "h = {h:e}: cranks apart by {spread:e}");
        errors.push(((q[0].cos() - last[1]).powi(2) + (q[0].sin() - last[2]).powi(2)).sqrt());
    }
    assert!(errors[0] <= 1e-5, "h = 1e-3: {:e}", errors[0]);
    assert!(errors[0] / errors[1] >= 50.0, "order: {errors:?}");
}

/// J(φ) and V(φ) of the reduced slider-crank on the branch through its start (see
/// `SliderCrank`: crank OA, rod AB with angle ψ, B = A + L (cos ψ, −sin ψ) on the x axis), from
/// r sin φ = L sin ψ: ψ̇ = r cos φ φ̇ / (L cos ψ), with `isosceles` the branch ψ = φ of r = L.
fn slider_crank_inertia(m: &SliderCrank, phi: f64, isosceles: bool) -> (f64, f64) {
    let psi = if isosceles {
        phi
    } else {
        (m.r * phi.sin() / m.L).asin()
    };
    let dpsi = if isosceles {
        1.0
    } else {
        m.r * phi.cos() / (m.L * psi.cos())
    };
    // Per unit φ̇: centre of the rod xc = r cos φ + L/2 cos ψ, yc = r sin φ − L/2 sin ψ, slider
    // x = r cos φ + L cos ψ.
    let vxc = -m.r * phi.sin() - 0.5 * m.L * psi.sin() * dpsi;
    let vyc = m.r * phi.cos() - 0.5 * m.L * psi.cos() * dpsi;
    let vx = -m.r * phi.sin() - m.L * psi.sin() * dpsi;
    let j = m.m1 * m.r * m.r / 3.0
        + m.m2 * (vxc * vxc + vyc * vyc)
        + m.m2 * m.L * m.L / 12.0 * dpsi * dpsi
        + m.m3 * vx * vx;
    let yc = m.r * phi.sin() - 0.5 * m.L * psi.sin();
    let v = m.m1 * m.g * 0.5 * m.r * phi.sin() + m.m2 * m.g * yc;
    (j, v)
}

/// t(φ_b) − t(φ_a) = ∫ dφ / φ̇(φ) with φ̇ = √(2 (E − V)/J), by composite 8-point Gauss–Legendre
/// (1000 panels; the integrand is smooth while the crank turns).
fn quadrature_time(m: &SliderCrank, energy: f64, a: f64, b: f64, isosceles: bool) -> f64 {
    const X: [f64; 4] = [
        0.183_434_642_495_649_8,
        0.525_532_409_916_329,
        0.796_666_477_413_626_7,
        0.960_289_856_497_536_2,
    ];
    const W: [f64; 4] = [
        0.362_683_783_378_362,
        0.313_706_645_877_887_3,
        0.222_381_034_453_374_5,
        0.101_228_536_290_376_3,
    ];
    let speed = |phi: f64| {
        let (j, v) = slider_crank_inertia(m, phi, isosceles);
        (2.0 * (energy - v) / j).sqrt()
    };
    let panels = 1000;
    let h = (b - a) / panels as f64;
    let mut sum = 0.0;
    for p in 0..panels {
        let mid = a + (p as f64 + 0.5) * h;
        for (x, w) in X.iter().zip(W) {
            sum += w * (1.0 / speed(mid + 0.5 * h * x) + 1.0 / speed(mid - 0.5 * h * x));
        }
    }
    0.5 * h * sum
}

/// The crank of `model`, started at φ = 0.1 on the given branch with φ̇ = 40, turned by the
/// event-driven integrator (no torque, no damping): the time it reaches every quarter turn
/// against the quadrature, over two turns.
fn check_slider_crank(model: SliderCrank, isosceles: bool) {
    let (phi0, omega0): (f64, f64) = (0.1, 40.0);
    let psi0 = if isosceles {
        phi0
    } else {
        (model.r * phi0.sin() / model.L).asin()
    };
    let (j0, v0) = slider_crank_inertia(&model, phi0, isosceles);
    let psi_dot = if isosceles {
        omega0
    } else {
        model.r * phi0.cos() / (model.L * psi0.cos()) * omega0
    };
    let x0 = model.r * phi0.cos() + model.L * psi0.cos();
    let x_dot = -model.r * phi0.sin() * omega0 - model.L * psi0.sin() * psi_dot;
    let q0 = Vector::<3>::new(phi0, psi0, x0);
    let u0 = Vector::<3>::new(omega0, psi_dot, x_dot);
    let energy = 0.5 * j0 * omega0 * omega0 + v0;
    let opts = EventOptions {
        rtol: 1e-11,
        atol: 1e-13,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(model, opts, 0.0, q0, u0).unwrap();
    let targets: Vec<f64> = (1..=8).map(|k| k as f64 * FRAC_PI_2).collect();
    let mut found = vec![f64::NAN; targets.len()];
    let mut previous = (0.0, q0, u0);
    let mut drift = 0.0_f64;
    sim.run(1.0, |r| {
        if let Report::Step { t, q, u, .. } = r {
            drift = drift
                .max((model.kinetic_energy(q, u, t) + model.potential_energy(q, t) - energy).abs());
            for (target, slot) in targets.iter().zip(found.iter_mut()) {
                if slot.is_nan() && previous.1[0] < *target && q[0] >= *target {
                    // Bisection on the Hermite interpolant of the step.
                    let (mut lo, mut hi) = (previous.0, t);
                    for _ in 0..80 {
                        let mid = 0.5 * (lo + hi);
                        if hermite(previous, (t, q[0], u[0]), mid) < *target {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                    }
                    *slot = 0.5 * (lo + hi);
                }
            }
            previous = (t, *q, *u);
        }
    })
    .unwrap();
    for (target, t) in targets.iter().zip(&found) {
        let t_ref = quadrature_time(&model, energy, phi0, *target, isosceles);
        assert!(
            (t - t_ref).abs() <= 1e-9,
            "isosceles {isosceles}: φ = {target} at {t}, quadrature {t_ref}"
        );
    }
    assert!(drift <= 1e-8 * energy.abs(), "energy drift {drift:e}");
}

#[test]
fn slider_crank_passes_its_dead_centres() {
    let model = SliderCrank {
        tau: 0.0,
        c: 0.0,
        ..SliderCrank::default()
    };
    check_slider_crank(model, false);
}

#[test]
fn isosceles_slider_crank_passes_its_singular_position_on_its_branch() {
    let model = SliderCrank {
        tau: 0.0,
        c: 0.0,
        L: 0.1,
        ..SliderCrank::default()
    };
    assert_eq!(model.r, model.L);
    check_slider_crank(model, true);
}

#[test]
fn a_start_at_a_singular_configuration_is_refused() {
    // At rest with the cranks horizontal the x rows of every loop closure vanish: the N + 1
    // branches of the configuration space meet, and which one the chain falls along is not
    // decided by the constraints.
    let (q0, u0) = four_bar_state::<5>(0.0, 0.0);
    let err = EventDriven::new(
        FourBarChain2::default(),
        EventOptions::default(),
        0.0,
        q0,
        u0,
    )
    .err()
    .expect("refused");
    assert_eq!(
        err,
        EventError::SingularInitialConfiguration {
            constraint: "close1_x",
            index: 0,
            norm: 0.0
        }
    );
    assert!(err.to_string().contains("start beside it"), "{err}");
}

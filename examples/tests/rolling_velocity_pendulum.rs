//! A holonomic constraint written at velocity level gives the same motion: the pendulum of
//! `HolonomicPendulum` (rod ½(x² + y² − l²) = 0) and of `VelocityPendulum` (rod x ẋ + y ẏ = 0,
//! the derivative of the same function), started from the same state on the circle.
//!
//! Invariants and their sources:
//! * both index-1 systems are the same: the velocity row's acceleration equation
//!   x ẍ + y ÿ + ẋ² + ẏ² = 0 is the second derivative of ½(x² + y² − l²), so the circle and
//!   x ẋ + y ẏ = 0 are invariant and both models follow the pendulum's motion;
//! * the rod does no work, so E = ½ m (ẋ² + ẏ²) + m g y is conserved, and the motion from rest
//!   at the angle α₀ from the bottom is periodic with the exact period
//!   T = 4 √(l/g) K(sin(α₀/2)), K the complete elliptic integral of the first kind
//!   (e.g. Lawden, *Elliptic Functions and Applications*, 1989, Sect. 5.2), computed here by
//!   the arithmetic–geometric mean, K(k) = π/(2 AGM(1, √(1 − k²))) (Abramowitz & Stegun
//!   17.6): the state returns to the start at every multiple of T;
//! * what differs: the holonomic model's positions are projected back onto the circle after
//!   every step, the velocity model has no position-level constraint to project on, so its
//!   radius drifts at the integrator's error level. Under Moreau's midpoint rule the drift has
//!   a closed form: with q_M = q_A + ½h u_A, q_M·u_E = 0 and q_E = q_M + ½h u_E,
//!   |q_E|² − |q_M|² = ¼h²|u_E|² and, since q_A·u_A = ½h|u_A|² (u_A met the previous
//!   midpoint's row), |q_M|² − |q_A|² = ¾h²|u_A|² (¼h²|u_A|² on the first step, where
//!   q₀·u₀ = 0): r² − l² is the sum of these, ≈ h ∫|u|² dt, of first order in h (and the
//!   holonomic model's projection removes exactly this drift).

use mb_examples::rolling_models::holonomic_pendulum::HolonomicPendulum;
use mb_examples::rolling_models::velocity_pendulum::VelocityPendulum;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Jacobians, Rates, Vector};

/// Amplitude from the bottom [rad] (large enough that the period is far from 2π√(l/g)).
const ALPHA0: f64 = 1.2;
/// Number of periods of the event-driven runs.
const PERIODS: usize = 5;

/// Arithmetic–geometric mean (quadratic convergence: a handful of iterations reach round-off).
fn agm(mut a: f64, mut b: f64) -> f64 {
    for _ in 0..64 {
        if (a - b).abs() <= 4.0 * f64::EPSILON * a {
            break;
        }
        (a, b) = (0.5 * (a + b), (a * b).sqrt());
    }
    a
}

/// Complete elliptic integral of the first kind K(k) (modulus k).
fn elliptic_k(k: f64) -> f64 {
    std::f64::consts::PI / (2.0 * agm(1.0, (1.0 - k * k).sqrt()))
}

/// The exact period of the pendulum released from rest at α₀.
fn period(l: f64, g: f64, alpha0: f64) -> f64 {
    4.0 * (l / g).sqrt() * elliptic_k((0.5 * alpha0).sin())
}

/// The start: at rest at the angle α₀ from the bottom, on the circle.
fn start(l: f64) -> (Vector<2>, Vector<2>) {
    (
        Vector::<2>::new(l * ALPHA0.sin(), -l * ALPHA0.cos()),
        Vector::<2>::zeros(),
    )
}

fn energy(m: f64, g: f64, q: &Vector<2>, u: &Vector<2>) -> f64 {
    0.5 * m * u.norm_squared() + m * g * q[1]
}

#[test]
fn the_agm_gives_the_complete_elliptic_integral() {
    // K(1/√2) = Γ(1/4)²/(4√π) (the lemniscatic case), and the series
    // K(k) = (π/2)(1 + k²/4 + 9k⁴/64 + 25k⁶/256 + …) at small k.
    let gamma_quarter = 3.625_609_908_221_908_f64;
    let lemniscatic = gamma_quarter * gamma_quarter / (4.0 * std::f64::consts::PI.sqrt());
    assert!((elliptic_k(std::f64::consts::FRAC_1_SQRT_2) - lemniscatic).abs() <= 1e-15);
    let k: f64 = 0.01;
    let series = std::f64::consts::FRAC_PI_2
        * (1.0 + k.powi(2) / 4.0 + 9.0 * k.powi(4) / 64.0 + 25.0 * k.powi(6) / 256.0);
    assert!((elliptic_k(k) - series).abs() <= 1e-15);
    // Small amplitudes: T → 2π √(l/g).
    let small = period(1.0, 9.81, 1e-4);
    assert!((small - 2.0 * std::f64::consts::PI / 9.81_f64.sqrt()).abs() <= 1e-8);
}

/// A run of the event-driven integrator sampled at the times `times`: the states there, the
/// largest relative energy error, and the largest |r − l| over every accepted step.
struct EventRun {
    states: Vec<(Vector<2>, Vector<2>)>,
    energy: f64,
    radius: f64,
    steps: usize,
}

fn event_run<Model>(model: Model, m: f64, g: f64, l: f64, times: &[f64]) -> EventRun
where
    Model: Rates<2, 1, 0>,
{
    let options = EventOptions {
        rtol: 1e-10,
        atol: 1e-12,
        ..EventOptions::default()
    };
    let (q0, u0) = start(l);
    let e0 = energy(m, g, &q0, &u0);
    let mut sim = EventDriven::new(model, options, 0.0, q0, u0).unwrap();
    let mut run = EventRun {
        states: Vec::with_capacity(times.len()),
        energy: 0.0,
        radius: 0.0,
        steps: 0,
    };
    for &t in times {
        sim.run(t, |r| {
            let Report::Step { q, u, .. } = r else {
                panic!("a pendulum has no event");
            };
            run.energy = run.energy.max((energy(m, g, q, u) - e0).abs() / e0.abs());
            run.radius = run.radius.max((q.norm() - l).abs());
            run.steps += 1;
        })
        .unwrap();
        run.states.push((*sim.q(), *sim.u()));
    }
    run
}

#[test]
fn event_driven_trajectories_agree_and_have_the_exact_period() {
    let hol = HolonomicPendulum::default();
    let vel = VelocityPendulum::default();
    assert_eq!(VelocityPendulum::HOLONOMIC, [false]);
    assert_eq!((hol.m, hol.l, hol.g), (vel.m, vel.l, vel.g));
    let (m, l, g) = (hol.m, hol.l, hol.g);
    let period = period(l, g, ALPHA0);
    // Sixteen samples per period; every sixteenth is a multiple of T.
    let times: Vec<f64> = (1..=16 * PERIODS)
        .map(|k| k as f64 * period / 16.0)
        .collect();
    let a = event_run(hol, m, g, l, &times);
    let b = event_run(vel, m, g, l, &times);
    let speed = (2.0 * g * l * (1.0 - ALPHA0.cos())).sqrt();
    let mut worst_difference = 0.0_f64;
    for (sa, sb) in a.states.iter().zip(&b.states) {
        worst_difference = worst_difference
            .max((sa.0 - sb.0).amax() / l)
            .max((sa.1 - sb.1).amax() / speed);
    }
    let (q0, _) = start(l);
    let mut worst_return = 0.0_f64;
    for run in [&a, &b] {
        for state in run.states.iter().skip(15).step_by(16) {
            worst_return = worst_return
                .max((state.0 - q0).amax() / l)
                .max(state.1.amax() / speed);
        }
    }
    println!(
        "T = {period:.15} s; {} / {} steps; holonomic − velocity {worst_difference:.2e}; return to the start at nT {worst_return:.2e}",
        a.steps, b.steps
    );
    println!(
        "energy: {:.2e} / {:.2e}; |r − l|: {:.2e} / {:.2e}",
        a.energy, b.energy, a.radius, b.radius
    );
    assert!(worst_difference <= 1e-8);
    assert!(worst_return <= 1e-8);
    // Over ~1300 steps of local error ≤ rtol each (worst case 2·N·rtol = 2.7e-7).
    assert!(a.energy <= 1e-8 && b.energy <= 1e-8);
    assert!(
        a.radius <= 1e-14,
        "projected onto the circle: {:e}",
        a.radius
    );
    assert!(b.radius <= 1e-9, "velocity model's drift: {:e}", b.radius);
}

/// A Moreau midpoint run of two periods at step h: the end state, and for models without
/// position projection the radius drift predicted by the scheme's algebra (see the header).
struct MidpointRun {
    q: Vector<2>,
    u: Vector<2>,
    radius_squared_drift: f64,
    predicted_drift: f64,
}

fn midpoint_run<Model>(model: Model, l: f64, h: f64, t_end: f64) -> MidpointRun
where
    Model: Jacobians<2, 1, 0>,
{
    let (q0, u0) = start(l);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    // q_A·u_A = ½ h_prev |u_A|² (0 on the first step, h_prev = 0 there), so a step of size h
    // adds h (½ h_prev + ¼ h) |u_A|² + ¼ h² |u_E|² to r².
    let mut predicted = 0.0;
    let mut previous_step = 0.0;
    ts.run(h, t_end, |rec| {
        predicted += rec.h * (0.5 * previous_step + 0.25 * rec.h) * rec.u_start.norm_squared()
            + 0.25 * rec.h * rec.h * rec.u.norm_squared();
        previous_step = rec.h;
    })
    .unwrap();
    MidpointRun {
        q: *ts.q(),
        u: *ts.u(),
        radius_squared_drift: ts.q().norm_squared() - l * l,
        predicted_drift: predicted,
    }
}

#[test]
fn moreau_midpoint_converges_to_the_same_limit_for_both_models() {
    let hol = HolonomicPendulum::default();
    let vel = VelocityPendulum::default();
    let (l, g) = (hol.l, hol.g);
    let t_end = 2.0 * period(l, g, ALPHA0);
    let (q0, _) = start(l);
    let speed = (2.0 * g * l * (1.0 - ALPHA0.cos())).sqrt();
    let steps = [4e-3, 2e-3, 1e-3, 5e-4, 2.5e-4];
    // Per step size: errors at 2T against the exact state (the start) of the holonomic and the
    // velocity model, their distance, and the velocity model's r² − l².
    let mut errors = Vec::new();
    for &h in &steps {
        let a = midpoint_run(hol, l, h, t_end);
        let b = midpoint_run(vel, l, h, t_end);
        let error_a = ((a.q - q0).amax() / l).max(a.u.amax() / speed);
        let error_b = ((b.q - q0).amax() / l).max(b.u.amax() / speed);
        let apart = ((a.q - b.q).amax() / l).max((a.u - b.u).amax() / speed);
        println!(
            "h = {h:.1e}: holonomic {error_a:.3e}, velocity {error_b:.3e}, apart {apart:.3e}; r² − l²: holonomic {:.1e}, velocity {:.6e} (predicted {:.6e})",
            a.radius_squared_drift, b.radius_squared_drift, b.predicted_drift
        );
        // The holonomic model is projected onto the circle (to `projection_tolerance`).
        assert!(a.radius_squared_drift.abs() <= 1e-12);
        // The velocity model's radius grows exactly as the scheme's algebra predicts, to the
        // rounding of r² ≈ l² accumulated over the steps (ε l² per step).
        let rounding = (t_end / h).ceil() * f64::EPSILON * l * l;
        assert!(
            (b.radius_squared_drift - b.predicted_drift).abs() <= rounding,
            "h = {h}: {} vs {}",
            b.radius_squared_drift,
            b.predicted_drift
        );
        // ≈ h ∫|u|² dt ≤ h · 2T · (2 g l (1 − cos α₀)): first order, bounded by the top speed.
        assert!(
            b.radius_squared_drift > 0.0 && b.radius_squared_drift <= h * t_end * speed * speed
        );
        errors.push([error_a, error_b, apart, b.radius_squared_drift]);
    }
    for w in errors.windows(2) {
        let orders: Vec<f64> = (0..4).map(|k| (w[0][k] / w[1][k]).log2()).collect();
        println!("orders (holonomic, velocity, apart, drift): {orders:.3?}");
        for (what, p) in ["holonomic", "velocity", "apart", "drift"]
            .iter()
            .zip(&orders)
        {
            assert!((0.9..1.1).contains(p), "{what}: order {p} in {errors:?}");
        }
    }
    // Error constants at the finest step: both models within 25 h of the exact state.
    let finest = errors.last().unwrap();
    assert!(finest[0] <= 25.0 * steps[4] && finest[1] <= 25.0 * steps[4]);
}

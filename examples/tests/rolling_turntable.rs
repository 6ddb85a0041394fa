//! The generated ball on a turntable (`TurntableBall`: a uniform ball of radius r rolling on a
//! table spinning at Ω(t) = ω + α t about the vertical through the origin, a rheonomic
//! `rolling` item with `surface_velocity`) under both integrators, against the motion of its
//! centre derived here (the classical result; e.g. Ehrlich & Tuszynski, "Ball on a rotating
//! turntable: comparison of theory and experiment", Am. J. Phys. 63, 1995).
//!
//! Derivation. Centre ρ = (x, y) at height r, velocity v = ρ̇, ball angular velocity ω_b,
//! horizontal contact force F on the ball at P = ρ − r ẑ. Newton and Euler about the centre:
//! m v̇ = F, I ω̇_b = (P − ρ) × F = −r ẑ × F with I = (2/5) m r². Rolling: the material point at
//! P moves with the table, v + ω_b × (−r ẑ) = Ω ẑ × ρ, i.e. v = Ω ẑ × ρ + r ω_b × ẑ. Then
//! r ω̇_b × ẑ = −(r²/I)(ẑ × F) × ẑ = −(r²/I) F = −(5/2) v̇, and differentiating the rolling
//! condition, v̇ = α ẑ × ρ + Ω ẑ × v − (5/2) v̇:
//!
//! ```text
//! v̇ = (2/7) (Ω ẑ × v + α ẑ × ρ),   ω_b·ẑ constant (the torque −r ẑ × F is horizontal).
//! ```
//!
//! For α = 0 the centre's velocity turns at the constant rate κ = 2Ω/7: the centre runs a
//! circle of radius |v₀|/κ about ρ₀ + ẑ × v₀/κ at angular frequency 2Ω/7. For α ≠ 0 (the table
//! spins up; γ = A q̇ + a with a(q, t) ≠ 0) the equation is linear with z = x + i y:
//! z̈ = (2i/7) d(Ω z)/dt, so ż − (2i/7)Ω z is conserved and
//! z(t) = e^{iφ(t)}[z₀ + C₀ ∫₀ᵗ e^{−iφ}], φ = (2/7)(ω t + α t²/2), evaluated by Gauss–Legendre
//! quadrature in `mb_examples::rolling_reference` (checked here against the differential
//! equation by central differences).
//!
//! Checked: the event-driven run (rtol 1e-10) on the circle over more than two revolutions
//! and on the spinning-up table, the vertical spin constant, the rolling constraint at
//! round-off, and the orientation chart R_z(a) R_y(b) R_x(c) far from its singularity
//! b = ±π/2; Moreau's time-stepping converging to the circle at first order.

use mb_examples::rolling_models::turntable_ball::TurntableBall;
use mb_examples::rolling_reference::{
    TurntableCentre, rolling_ball_velocity, zyx_angular_velocity,
};
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Matrix, Vector};
use nalgebra::Matrix3;
use std::f64::consts::{FRAC_PI_2, PI};

/// Initial orientation angles (a, b, c) of the chart R_z(a) R_y(b) R_x(c), near 0.
const ANGLES0: [f64; 3] = [0.1, -0.05, 0.08];
/// The ball's spin about the vertical in units of the table's initial rate.
const SPIN: f64 = 3.0;

/// The initial state: centre at (0.25 r, 0.02 r), moving along +y so that its circle (α = 0)
/// has radius 0.2 r about (0.05 r, 0.02 r); the ball spins about the vertical at three times
/// the table's initial rate (ω_z = 3Ω(0)), which keeps its tilt small; ω_x, ω_y from the
/// rolling condition.
fn initial_state(ball: &TurntableBall) -> (Vector<5>, Vector<5>, TurntableCentre) {
    let r = ball.r;
    let kappa = 2.0 * ball.omega / 7.0;
    let position0 = (0.25 * r, 0.02 * r);
    let velocity0 = (0.0, 0.2 * r * kappa);
    let q = [position0.0, position0.1, ANGLES0[0], ANGLES0[1], ANGLES0[2]];
    let qd = rolling_ball_velocity(r, ball.omega, &q, velocity0, SPIN * ball.omega);
    let reference = TurntableCentre {
        omega: ball.omega,
        alpha: ball.alpha,
        position0,
        velocity0,
    };
    (Vector::<5>::from(q), Vector::<5>::from(qd), reference)
}

/// The spin ω_b·ẑ of the ball from its chart.
fn vertical_spin(q: &Vector<5>, qd: &Vector<5>) -> f64 {
    zyx_angular_velocity([q[2], q[3], q[4]], [qd[2], qd[3], qd[4]])[2]
}

/// The slip of the material point at the contact against the table, v + ω_b × (−r ẑ) − Ω ẑ × ρ,
/// from the chart's angular velocity (not from the model).
fn slip(ball: &TurntableBall, t: f64, q: &Vector<5>, qd: &Vector<5>) -> f64 {
    let w = zyx_angular_velocity([q[2], q[3], q[4]], [qd[2], qd[3], qd[4]]);
    let rate = ball.omega + ball.alpha * t;
    let sx = qd[0] - ball.r * w[1] + rate * q[1];
    let sy = qd[1] + ball.r * w[0] - rate * q[0];
    sx.abs().max(sy.abs())
}

fn rotation(angles: [f64; 3]) -> Matrix3<f64> {
    let (sa, ca) = angles[0].sin_cos();
    let (sb, cb) = angles[1].sin_cos();
    let (sc, cc) = angles[2].sin_cos();
    let rz = Matrix3::new(ca, -sa, 0.0, sa, ca, 0.0, 0.0, 0.0, 1.0);
    let ry = Matrix3::new(cb, 0.0, sb, 0.0, 1.0, 0.0, -sb, 0.0, cb);
    let rx = Matrix3::new(1.0, 0.0, 0.0, 0.0, cc, -sc, 0.0, sc, cc);
    rz * ry * rx
}

#[test]
fn the_references_solve_their_equations() {
    // The chart's angular velocity: ω̃ = Ṙ Rᵀ by central differences of R along the rates.
    let (angles, rates) = ([0.7, -0.4, 1.9], [0.3, -1.2, 2.1]);
    let d = 1e-6;
    let at = |s: f64| rotation([0, 1, 2].map(|k| angles[k] + s * rates[k]));
    let skew = (at(d) - at(-d)) / (2.0 * d) * at(0.0).transpose();
    let w = zyx_angular_velocity(angles, rates);
    for (k, (i, j)) in [(2, 1), (0, 2), (1, 0)].into_iter().enumerate() {
        assert!((skew[(i, j)] - w[k]).abs() < 1e-9, "ω_{k}");
    }
    // The centre on a spinning-up table: z̈ = (2i/7)(Ω ż + α z), by central differences.
    let reference = TurntableCentre {
        omega: 2.0,
        alpha: 0.5,
        position0: (0.012, 0.005),
        velocity0: (0.0, 0.0011),
    };
    let h = 1e-3;
    for t in [0.5, 3.0, 7.5] {
        let z = |s: f64| {
            let (x, y) = reference.position(s);
            nalgebra::Complex::new(x, y)
        };
        let zd = (z(t + h) - z(t - h)) / (2.0 * h);
        let zdd = (z(t + h) - z(t) * 2.0 + z(t - h)) / (h * h);
        let rhs = nalgebra::Complex::new(0.0, 2.0 / 7.0)
            * (zd * reference.table_rate(t) + z(t) * reference.alpha);
        assert!((zdd - rhs).norm() < 1e-8, "t = {t}: {zdd} vs {rhs}");
    }
    let (x0, y0) = reference.position(0.0);
    assert!((x0 - 0.012).abs() < 1e-16 && (y0 - 0.005).abs() < 1e-16);
    // At α = 0 the quadrature gives the circle.
    let steady = TurntableCentre {
        alpha: 0.0,
        ..reference
    };
    let circle = steady.circle();
    for t in [1.0, 5.0, 20.0] {
        let (x, y) = steady.position(t);
        let (xc, yc) = circle.point(steady.position0, t);
        assert!((x - xc).abs() < 1e-15 && (y - yc).abs() < 1e-15, "t = {t}");
    }
}

#[test]
fn the_initial_velocity_satisfies_the_generated_rolling_constraint() {
    for alpha in [0.0, 0.5] {
        let ball = TurntableBall {
            alpha,
            ..TurntableBall::default()
        };
        let (q, qd, _) = initial_state(&ball);
        let (mut jac, mut rate) = (Matrix::<5, 2>::zeros(), Vector::<2>::zeros());
        ball.bilateral_jacobian(&q, 0.0, &mut jac, &mut rate);
        let gamma = jac.transpose() * qd + rate;
        assert!(gamma.amax() < 1e-17, "γ = {gamma}");
        assert!(slip(&ball, 0.0, &q, &qd) < 1e-17);
        assert!((vertical_spin(&q, &qd) - SPIN * ball.omega).abs() < 1e-15);
    }
}

/// Largest deviations of one event-driven run.
#[derive(Debug, Default)]
struct Deviations {
    centre: f64,
    spin: f64,
    slip: f64,
    first_integral: f64,
    max_b: f64,
    steps: usize,
}

/// Runs the ball with the event-driven integrator (rtol 1e-10) to `t_end`, checking every
/// accepted step against `expected(t)`.
fn event_run(
    ball: &TurntableBall,
    t_end: f64,
    expected: impl Fn(f64) -> (f64, f64),
) -> (Deviations, Vector<5>) {
    let (q0, qd0, reference) = initial_state(ball);
    let spin0 = vertical_spin(&q0, &qd0);
    let c0 = reference.first_integral(0.0, (q0[0], q0[1]), (qd0[0], qd0[1]));
    let mut sim = EventDriven::new(*ball, EventOptions::default(), 0.0, q0, qd0).unwrap();
    let mut dev = Deviations::default();
    sim.run(t_end, |r| {
        let Report::Step { t, q, u: qd, .. } = r else {
            panic!("the ball has no event");
        };
        let (x, y) = expected(t);
        dev.centre = dev.centre.max((q[0] - x).abs()).max((q[1] - y).abs());
        dev.spin = dev.spin.max((vertical_spin(q, qd) - spin0).abs());
        dev.slip = dev.slip.max(slip(ball, t, q, qd));
        let c = reference.first_integral(t, (q[0], q[1]), (qd[0], qd[1]));
        dev.first_integral = dev
            .first_integral
            .max((c.0 - c0.0).abs())
            .max((c.1 - c0.1).abs());
        dev.max_b = dev.max_b.max(q[3].abs());
        dev.steps += 1;
    })
    .unwrap();
    (dev, *sim.q())
}

#[test]
fn on_a_steady_table_the_centre_runs_a_circle_at_two_sevenths_of_its_rate() {
    let ball = TurntableBall::default();
    assert_eq!(ball.alpha, 0.0);
    let (q0, _, reference) = initial_state(&ball);
    let circle = reference.circle();
    // The circle from the initial state: radius 0.2 r about (0.05 r, 0.02 r), rate 2Ω/7.
    assert!((circle.radius - 0.2 * ball.r).abs() < 1e-15);
    assert!((circle.centre.0 - 0.05 * ball.r).abs() < 1e-15);
    assert!((circle.centre.1 - 0.02 * ball.r).abs() < 1e-15);
    assert!((circle.rate - 2.0 * ball.omega / 7.0).abs() < 1e-15);
    let period = 2.0 * PI / circle.rate;
    let t_end = 2.25 * period;
    let (dev, q_end) = event_run(&ball, t_end, |t| circle.point(reference.position0, t));
    println!("steady table, {t_end} s: {dev:?}");
    assert!(dev.steps > 100, "{} steps", dev.steps);
    // Measured: 2.8e-11 m (radius 1e-2 m), ω_z drift 5.7e-11 rad/s, slip 7e-18 m/s, |b| ≤ 0.19.
    assert!(dev.centre < 1e-8 * circle.radius, "centre {:e}", dev.centre);
    assert!(
        dev.first_integral < 1e-10,
        "ż − (2i/7)Ωz drift {:e}",
        dev.first_integral
    );
    assert!(
        dev.spin < 1e-10 * SPIN * ball.omega,
        "ω_z drift {:e}",
        dev.spin
    );
    assert!(dev.slip < 1e-16, "slip {:e}", dev.slip);
    assert!(dev.max_b < 0.2 * FRAC_PI_2, "|b| up to {}", dev.max_b);
    // A quarter turn after two whole revolutions: 90° round the circle from the start.
    let (x, y) = (q_end[0] - circle.centre.0, q_end[1] - circle.centre.1);
    let (x0, y0) = (q0[0] - circle.centre.0, q0[1] - circle.centre.1);
    assert!((x + y0).abs() < 1e-8 * circle.radius && (y - x0).abs() < 1e-8 * circle.radius);
}

#[test]
fn on_a_table_spinning_up_the_centre_follows_the_linear_equation() {
    let ball = TurntableBall {
        alpha: 0.5,
        ..TurntableBall::default()
    };
    let (_, _, reference) = initial_state(&ball);
    // Ω grows from 2 to 7 rad/s.
    let (dev, _) = event_run(&ball, 10.0, |t| reference.position(t));
    println!("spinning-up table: {dev:?}");
    assert!(dev.steps > 100, "{} steps", dev.steps);
    // Measured: 9.9e-12 m, ż − (2i/7)Ωz to 2.9e-12 m/s, ω_z drift 6.8e-11 rad/s, |b| ≤ 0.39.
    let radius = reference.circle().radius;
    assert!(dev.centre < 1e-8 * radius, "centre {:e}", dev.centre);
    assert!(
        dev.first_integral < 1e-10,
        "ż − (2i/7)Ωz drift {:e}",
        dev.first_integral
    );
    assert!(
        dev.spin < 1e-10 * SPIN * ball.omega,
        "ω_z drift {:e}",
        dev.spin
    );
    assert!(dev.slip < 1e-16, "slip {:e}", dev.slip);
    assert!(dev.max_b < 0.3 * FRAC_PI_2, "|b| up to {}", dev.max_b);
}

/// Largest distance of a time-stepping run from the circle over one revolution.
fn stepping_error(scheme: Scheme, h: f64) -> f64 {
    let ball = TurntableBall::default();
    let (q0, qd0, reference) = initial_state(&ball);
    let circle = reference.circle();
    let period = 2.0 * PI / circle.rate;
    let mut ts = TimeStepper::new(ball, scheme, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut worst = 0.0_f64;
    ts.run(h, period, |rec| {
        let (x, y) = circle.point(reference.position0, rec.t);
        worst = worst.max((rec.q[0] - x).abs()).max((rec.q[1] - y).abs());
    })
    .unwrap();
    worst
}

#[test]
fn moreau_time_stepping_converges_to_the_circle_at_first_order() {
    let steps = [1e-3, 5e-4, 2.5e-4, 1.25e-4];
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 1.0 }] {
        let errors: Vec<f64> = steps.iter().map(|&h| stepping_error(scheme, h)).collect();
        let orders: Vec<f64> = errors.windows(2).map(|e| (e[0] / e[1]).log2()).collect();
        println!("{scheme:?}: errors {errors:?}, orders {orders:?}");
        for p in &orders {
            assert!((0.95..1.1).contains(p), "{scheme:?}: orders {orders:?}");
        }
        // Error constants over one revolution (measured 1.36 and 1.21 m/s times Δt).
        for (e, h) in errors.iter().zip(steps) {
            assert!(*e < 1.5 * h, "{scheme:?} at Δt = {h}: {e:e} m");
        }
    }
}

//! The generated Chaplygin sleigh (`ChaplyginSleigh`, its knife edge written with
//! `velocity(sleigh, edge)`) under both integrators and the linearisation, against the closed
//! form of Chaplygin (1911), Neimark & Fufaev (*Dynamics of Nonholonomic Systems*, 1972,
//! ch. III) and Borisov & Mamaev ("The dynamics of a Chaplygin sleigh", J. Appl. Math. Mech.
//! 73, 2009), written out in `mb_examples::rolling_reference`.
//!
//! Invariants and their sources:
//! * with forward speed u and yaw rate ω, u̇ = a ω², ω̇ = −m a u ω/(I + m a²), so the energy
//!   ½m(u² + k ω²), k = (I + m a²)/m, is conserved (the knife edge does no work) and
//!   u = c tanh(β(t − t₀)), ω = ±(c/√k) sech(β(t − t₀)), θ = θ₀ ± (√k/a)[gd(β(t − t₀)) −
//!   gd(−βt₀)], c² = u₀² + kω₀², β = a c/k: the sleigh ends in straight-line motion, u → c,
//!   ω → 0, θ → θ∞ = θ₀ ± (√k/a)(π/2 − gd(−βt₀)); the centre follows the quadrature of
//!   ż = (u + i a ω) e^{iθ};
//! * the knife edge γ = e₂·v_P = −sin θ ẋ + cos θ ẏ − a θ̇ (written here from the geometry) stays
//!   at round-off under the event-driven integrator, and its multiplier is the lateral force
//!   m(u ω + a ω̇) on the centre of mass (Newton's law along e₂);
//! * Moreau's time-stepping converges to the closed form at first order (Glocker & Studer 2005;
//!   the constraint is imposed at velocity level at the step's evaluation point);
//! * linearised about straight-line motion at speed v (x, y cyclic), the yaw rate obeys
//!   δω̇ = −m a v δω/(I + m a²) (from ω̇ above at u = v): spectrally stable (`Marginal`, with the
//!   zero eigenvalues of θ and the forward speed) for a v > 0, `Unstable` for a v < 0.

use mb_examples::rolling_models::chaplygin_sleigh::ChaplyginSleigh;
use mb_examples::rolling_reference::{SleighMotion, sleigh_body_velocities, sleigh_velocity};
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, Stability, StateComponent, SteadyMotion,
    SteadyMotionOptions,
};
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use nalgebra::Complex;

/// (θ₀, u₀, ω₀): moving forward, and backward (the sleigh turns round, u changes sign).
const STARTS: [(f64, f64, f64); 2] = [(0.4, 0.5, 2.0), (-0.3, -0.8, 0.5)];
/// Initial centre of mass.
const X0: f64 = 0.2;
const Y0: f64 = -0.1;

fn motion(s: &ChaplyginSleigh, (theta0, u0, omega0): (f64, f64, f64)) -> SleighMotion {
    SleighMotion {
        m: s.m,
        inertia: s.inertia,
        a: s.a,
        theta0,
        u0,
        omega0,
    }
}

fn initial_state(s: &ChaplyginSleigh, (theta0, u0, w0): (f64, f64, f64)) -> (Vector<3>, Vector<3>) {
    (
        Vector::<3>::new(X0, Y0, theta0),
        Vector::<3>::from(sleigh_velocity(s.a, theta0, u0, w0)),
    )
}

/// The lateral velocity of the knife edge, e₂·(v_C − a θ̇ e₂).
fn knife_residual(s: &ChaplyginSleigh, q: &Vector<3>, qd: &Vector<3>) -> f64 {
    let (sn, cs) = q[2].sin_cos();
    -sn * qd[0] + cs * qd[1] - s.a * qd[2]
}

fn energy(s: &ChaplyginSleigh, qd: &Vector<3>) -> f64 {
    0.5 * s.m * (qd[0] * qd[0] + qd[1] * qd[1]) + 0.5 * s.inertia * qd[2] * qd[2]
}

fn body(q: &Vector<3>, qd: &Vector<3>) -> (f64, f64) {
    sleigh_body_velocities(q[2], &[qd[0], qd[1], qd[2]])
}

#[test]
fn the_closed_form_solves_the_body_equations() {
    let s = ChaplyginSleigh::default();
    let d = 1e-5;
    for start in STARTS {
        let mo = motion(&s, start);
        let at0 = mo.at(0.0);
        assert!((at0.u - start.1).abs() < 1e-14 && (at0.omega - start.2).abs() < 1e-14);
        assert!((at0.theta - start.0).abs() < 1e-14);
        for t in [0.3, 1.0, 2.5] {
            let (p, m, x) = (mo.at(t + d), mo.at(t - d), mo.at(t));
            let scale = 1.0 + x.u.abs() + x.omega.abs();
            let wdot = -s.m * s.a * x.u * x.omega / (s.inertia + s.m * s.a * s.a);
            assert!(((p.u - m.u) / (2.0 * d) - s.a * x.omega * x.omega).abs() < 1e-8 * scale);
            assert!(((p.omega - m.omega) / (2.0 * d) - wdot).abs() < 1e-8 * scale);
            assert!(((p.theta - m.theta) / (2.0 * d) - x.omega).abs() < 1e-8 * scale);
            // The centre's quadrature has the velocity u e₁ + a ω e₂.
            let (xp, yp) = mo.centre(X0, Y0, t + d);
            let (xm, ym) = mo.centre(X0, Y0, t - d);
            let v = Complex::new(x.u, s.a * x.omega) * Complex::from_polar(1.0, x.theta);
            assert!(((xp - xm) / (2.0 * d) - v.re).abs() < 1e-8 * scale);
            assert!(((yp - ym) / (2.0 * d) - v.im).abs() < 1e-8 * scale);
        }
        // Energy and the limit.
        let end = mo.at(60.0);
        assert!((end.u - mo.c()).abs() < 1e-14 * mo.c() && end.omega.abs() < 1e-20);
        assert!((end.theta - mo.final_heading()).abs() < 1e-13);
    }
}

/// Largest deviations of one event-driven run from the closed form.
#[derive(Debug, Default)]
struct Deviations {
    body: f64,
    heading: f64,
    centre: f64,
    energy: f64,
    knife: f64,
    multiplier: f64,
    steps: usize,
}

/// Runs the sleigh from `start` to `t_end` with the event-driven integrator (rtol 1e-10),
/// sampling every 0.1 s for the multiplier and checking every accepted step.
fn event_run(s: &ChaplyginSleigh, start: (f64, f64, f64), t_end: f64) -> (Deviations, [f64; 4]) {
    let mo = motion(s, start);
    let (q0, qd0) = initial_state(s, start);
    let e0 = energy(s, &qd0);
    let mut sim = EventDriven::new(*s, EventOptions::default(), 0.0, q0, qd0).unwrap();
    let mut dev = Deviations::default();
    let samples = (t_end / 0.1).round() as usize;
    for k in 1..=samples {
        sim.run(k as f64 * 0.1, |r| {
            let Report::Step { t, q, u: qd, .. } = r else {
                panic!("the level sleigh has no event");
            };
            let (u, w) = body(q, qd);
            let reference = mo.at(t);
            dev.body = dev
                .body
                .max((u - reference.u).abs())
                .max((w - reference.omega).abs());
            dev.heading = dev.heading.max((q[2] - reference.theta).abs());
            if dev.steps % 10 == 0 {
                let (x, y) = mo.centre(X0, Y0, t);
                dev.centre = dev.centre.max((q[0] - x).abs()).max((q[1] - y).abs());
            }
            dev.energy = dev.energy.max((energy(s, qd) - e0).abs() / e0);
            dev.knife = dev.knife.max(knife_residual(s, q, qd).abs());
            dev.steps += 1;
        })
        .unwrap();
        let (u, w) = body(sim.q(), sim.u());
        let wdot = -s.m * s.a * u * w / (s.inertia + s.m * s.a * s.a);
        let lateral = s.m * (u * w + s.a * wdot);
        let lambda = sim.bilateral_multipliers()[0];
        dev.multiplier = dev.multiplier.max((lambda - lateral).abs());
    }
    let (q, qd) = (sim.q(), sim.u());
    let (u, w) = body(q, qd);
    (dev, [u, w, q[2], sim.t()])
}

#[test]
fn event_driven_follows_the_closed_form_to_straight_line_motion() {
    let s = ChaplyginSleigh::default();
    for start in STARTS {
        let mo = motion(&s, start);
        // 20 s is more than 30/β: the yaw rate has decayed below e⁻³⁰ of its peak.
        assert!(20.0 * mo.beta() > 30.0);
        let (dev, [u, w, theta, t]) = event_run(&s, start, 20.0);
        println!(
            "{start:?}: {dev:?}, u_end − c = {:e}, ω_end = {w:e}, θ_end − θ∞ = {:e}",
            u - mo.c(),
            theta - mo.final_heading()
        );
        assert!(dev.steps > 50, "{} steps", dev.steps);
        assert!((t - 20.0).abs() < 1e-12);
        assert!(dev.body < 1e-10, "u, ω: {:e}", dev.body);
        assert!(dev.heading < 1e-10, "θ: {:e}", dev.heading);
        assert!(dev.centre < 1e-9, "x, y: {:e}", dev.centre);
        assert!(dev.energy < 1e-10, "relative energy drift {:e}", dev.energy);
        assert!(dev.knife < 1e-15, "γ = {:e}", dev.knife);
        assert!(
            dev.multiplier < 1e-13,
            "λ − m(uω + aω̇): {:e}",
            dev.multiplier
        );
        // The asymptotic straight-line motion.
        assert!((u - mo.c()).abs() < 1e-10 * mo.c(), "u → c");
        assert!(w.abs() < 1e-12, "ω → 0: {w:e}");
        assert!((theta - mo.final_heading()).abs() < 1e-10, "θ → θ∞");
    }
}

/// Largest |Δu|, |Δω|, |Δθ| of a time-stepping run against the closed form over 3 s.
fn stepping_error(scheme: Scheme, h: f64) -> f64 {
    let s = ChaplyginSleigh::default();
    let start = STARTS[0];
    let mo = motion(&s, start);
    let (q0, qd0) = initial_state(&s, start);
    let mut ts = TimeStepper::new(s, scheme, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut worst = 0.0_f64;
    ts.run(h, 3.0, |rec| {
        let (u, w) = body(&rec.q, &rec.u);
        let reference = mo.at(rec.t);
        worst = worst
            .max((u - reference.u).abs())
            .max((w - reference.omega).abs())
            .max((rec.q[2] - reference.theta).abs());
        // The knife edge holds at the evaluation point, where the step imposes it.
        assert!(knife_residual(&s, &rec.q_eval, &rec.u).abs() < 1e-14);
    })
    .unwrap();
    worst
}

#[test]
fn moreau_time_stepping_converges_to_the_closed_form_at_first_order() {
    let steps = [4e-3, 2e-3, 1e-3, 5e-4];
    // Error constants over 3 s (measured 1.08 Δt and 2.20 Δt).
    for (scheme, constant) in [
        (Scheme::MoreauMidpoint, 1.5),
        (Scheme::MoreauJean { theta: 1.0 }, 3.0),
    ] {
        let errors: Vec<f64> = steps.iter().map(|&h| stepping_error(scheme, h)).collect();
        let orders: Vec<f64> = errors.windows(2).map(|e| (e[0] / e[1]).log2()).collect();
        println!("{scheme:?}: errors {errors:?}, orders {orders:?}");
        for p in &orders {
            assert!((0.95..1.1).contains(p), "{scheme:?}: orders {orders:?}");
        }
        for (e, h) in errors.iter().zip(steps) {
            assert!(*e < constant * h, "{scheme:?} at Δt = {h}: {e:e}");
        }
    }
}

/// The eigenvalue of largest modulus.
fn dominant(values: &[Complex<f64>]) -> Complex<f64> {
    *values
        .iter()
        .max_by(|x, y| x.norm().total_cmp(&y.norm()))
        .expect("a non-empty spectrum")
}

#[test]
fn straight_line_motion_has_the_yaw_eigenvalue_and_the_verdicts() {
    let mut worst = 0.0_f64;
    for a in [0.3, -0.3] {
        let s = ChaplyginSleigh {
            a,
            ..ChaplyginSleigh::default()
        };
        for v in [0.5, 1.0, 2.5, -0.5, -1.0, -2.5] {
            let theta = 0.6;
            let op = OperatingPoint {
                q: Vector::<3>::new(0.3, -0.2, theta),
                qd: Vector::<3>::from(sleigh_velocity(a, theta, v, 0.0)),
                t: 0.0,
            };
            let steady = SteadyMotion::at(
                &s,
                &op,
                &SteadyMotionOptions {
                    cyclic: &[0, 1],
                    ..Default::default()
                },
            )
            .unwrap();
            assert_eq!(steady.state[0], StateComponent::Position(2));
            assert_eq!(steady.a.nrows(), 3, "θ and two independent speeds");
            let eig = steady.eigen().unwrap();
            let values = eig.eigenvalues();
            let yaw = dominant(&values);
            let expected = -s.m * a * v / (s.inertia + s.m * a * a);
            assert!(
                (yaw.re - expected).abs() <= 1e-13 * expected.abs() && yaw.im == 0.0,
                "a = {a}, v = {v}: {yaw} vs {expected}"
            );
            let zeros = values.iter().filter(|z| z.norm() <= eig.tolerance).count();
            assert_eq!(zeros, 2, "θ and the forward speed are neutral: {values:?}");
            let verdict = if a * v > 0.0 {
                Stability::Marginal
            } else {
                Stability::Unstable
            };
            assert_eq!(eig.stability, verdict, "a = {a}, v = {v}");
            // The full linearisation has the same non-zero eigenvalue, x and y cyclic.
            let full = Linearisation::at(&s, &op, &LinearisationOptions::default()).unwrap();
            assert_eq!(full.a.columns(0, 2).amax(), 0.0, "x and y are cyclic");
            let full_yaw = dominant(&full.eigen().unwrap().eigenvalues());
            assert!((full_yaw.re - expected).abs() <= 1e-13 * expected.abs());
            worst = worst.max((yaw.re - expected).abs() / expected.abs());
        }
    }
    println!("largest relative error of the yaw eigenvalue: {worst:e}");
}

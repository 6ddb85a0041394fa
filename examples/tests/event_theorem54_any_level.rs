//! Lötstedt (1982), Theorem 5.4 at every level: when a contact's multiplier λ and normal
//! acceleration δ vanish at t₀ together with their first k − 1 derivatives, the level-k LCP of
//! (5.10)–(5.13) decides, with the k-th derivatives of the equations of motion and the
//! (k+2)-th of the constraints (from the model's jets, `mbruntime::Rates`).
//!
//! Construction (`PolynomialLift`): a block of mass m at rest on the floor under gravity with
//! the vertical force m g + c τ^k, τ = t − t₀. Closed, λ(t) = −c τ^k; free, ÿ = c τ^k/m. So
//! λ⁽ʲ⁾ = δ⁽ʲ⁾ = 0 for j < k and (λ⁽ᵏ⁾, δ⁽ᵏ⁾) = (0, k! c/m) for c > 0 (lift-off at t₀, then
//! y = c τ^(k+2)/((k+1)(k+2) m)) or (−k! c, 0) for c < 0 (held down with λ = −c τ^k): closed
//! forms checked for k = 1, …, 6. For odd k the force also pushes before t₀, and a block
//! started earlier must leave the floor at t₀ as an event (the multiplier's zero of multiplicity
//! k, located to about (ε_mach)^(1/k)). Cut below level k the iteration cannot decide and says
//! so (`EventError::UndecidedContact`).
//!
//! The same on a curved guide (`CurvedLift`: a particle sliding on the outside of a circle
//! under gravity and a radial force that makes λ = −c τ^k exactly): the curvature enters every
//! derivative of the gap. Reference: the motion written independently here — sliding on the
//! circle (θ̈ = −g cos θ / R), then free under gravity and the same force — by classical RK4.
//!
//! Defence in depth: a closed contact never pulls. With Coulomb friction the mode problem keeps
//! a contact with λ = δ = 0 closed (it has no higher levels); when its normal force then turns
//! negative from zero, the integrator opens it at the instant it started pulling.

use mb_examples::event_models::curved_lift::CurvedLift;
use mb_examples::event_models::polynomial_lift::PolynomialLift;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventError, EventKind, EventOptions, Report};

const T0: f64 = 0.4;
const M: f64 = 1.5;

/// Sets coefficient c_k (k = 1, …, 6) of the force polynomial among `slots` = [c1, …, c6].
fn set_coefficient(slots: [&mut f64; 6], k: usize, c: f64) {
    *slots.into_iter().nth(k - 1).expect("k ≤ 6") = c;
}

/// `PolynomialLift` with only c_k = c non-zero (and friction μ).
fn lift(k: usize, c: f64, mu: f64) -> PolynomialLift {
    let mut m = PolynomialLift {
        m: M,
        mu,
        t0: T0,
        ..PolynomialLift::default()
    };
    set_coefficient(
        [
            &mut m.c1, &mut m.c2, &mut m.c3, &mut m.c4, &mut m.c5, &mut m.c6,
        ],
        k,
        c,
    );
    m
}

fn factorial(k: usize) -> f64 {
    (1..=k).fold(1.0, |f, i| f * i as f64)
}

fn start(
    model: PolynomialLift,
    t: f64,
) -> Result<EventDriven<PolynomialLift, 2, 0, 1>, EventError> {
    let sim = EventDriven::new(
        model,
        EventOptions::default(),
        t,
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    )?;
    Ok(sim)
}

#[test]
fn every_level_decides_with_the_closed_form_derivatives() {
    for k in 1..=6 {
        for c in [2.0, -2.0] {
            let mut sim = start(lift(k, c, 0.0), T0).unwrap();
            for j in 1..k {
                let (l, d) = sim.last_derivative_lcp_of_order(j).expect("level reached");
                assert!(
                    l[0].abs() < 1e-9 && d[0].abs() < 1e-9,
                    "k = {k}, c = {c}: level {j} ({}, {})",
                    l[0],
                    d[0]
                );
            }
            let (l, d) = sim
                .last_derivative_lcp_of_order(k)
                .expect("level k reached");
            let (l_exact, d_exact) = if c > 0.0 {
                (0.0, factorial(k) * c / M)
            } else {
                (-factorial(k) * c, 0.0)
            };
            let scale = factorial(k) * c.abs();
            assert!(
                (l[0] - l_exact).abs() <= 1e-9 * scale && (d[0] - d_exact).abs() <= 1e-9 * scale,
                "k = {k}, c = {c}: (λ⁽ᵏ⁾, δ⁽ᵏ⁾) = ({}, {}), closed form ({l_exact}, {d_exact})",
                l[0],
                d[0]
            );
            assert!(sim.last_derivative_lcp_of_order(k + 1).is_none());
            assert_eq!(sim.closed()[0], c < 0.0, "k = {k}, c = {c}");
            let span = 0.6;
            let mut min_lambda = f64::INFINITY;
            sim.run(T0 + span, |r| {
                if let Report::Step { lambda, .. } = r {
                    min_lambda = min_lambda.min(lambda[0]);
                }
            })
            .unwrap();
            let y = sim.q()[1];
            if c > 0.0 {
                let kk = k as f64;
                let y_exact = c * span.powi(k as i32 + 2) / ((kk + 1.0) * (kk + 2.0) * M);
                assert!(!sim.closed()[0]);
                assert!(
                    (y - y_exact).abs() <= 1e-10,
                    "k = {k}: y = {y}, closed form {y_exact}"
                );
            } else {
                let lam = sim.contact_multipliers()[0];
                let lam_exact = -c * span.powi(k as i32);
                assert!(sim.closed()[0] && y.abs() < 1e-12, "k = {k}: y = {y}");
                assert!(
                    (lam - lam_exact).abs() <= 1e-10,
                    "k = {k}: λ = {lam}, closed form {lam_exact}"
                );
                assert!(min_lambda >= -1e-12, "k = {k}: λ dipped to {min_lambda}");
            }
        }
    }
}

#[test]
fn odd_levels_lift_off_as_an_event_at_t0() {
    // The case first seen gluing the block: k = 3, c = 3, t₀ = 0.5 (the level-2 iteration
    // kept it closed and it hung on at λ(1) = −0.375 N), here for every odd k.
    for k in [1, 3, 5] {
        let c = 3.0;
        let mut sim = start(lift(k, c, 0.0), 0.0).unwrap();
        assert!(sim.closed()[0]);
        let mut lift_off = None;
        let mut min_lambda = f64::INFINITY;
        sim.run(T0 + 0.6, |r| match r {
            Report::Step { lambda, .. } => min_lambda = min_lambda.min(lambda[0]),
            Report::Event(ev) => {
                lift_off.get_or_insert((ev.t, ev.kind));
            }
        })
        .unwrap();
        let (t, kind) = lift_off.expect("the block lifts off");
        assert_eq!(kind, EventKind::MultiplierZero);
        // A zero of multiplicity k is located to about (ε |λ| / |c|)^(1/k).
        let located = (1e-14_f64).powf(1.0 / k as f64);
        assert!((t - T0).abs() <= located, "k = {k}: lift-off at {t}");
        assert!(min_lambda >= -1e-12, "k = {k}: λ dipped to {min_lambda}");
        let kk = k as f64;
        let y_exact = c * 0.6_f64.powi(k as i32 + 2) / ((kk + 1.0) * (kk + 2.0) * M);
        let y = sim.q()[1];
        assert!(
            (y - y_exact).abs() <= 1e-10,
            "k = {k}: y = {y}, closed form {y_exact}"
        );
    }
}

#[test]
fn below_the_deciding_level_the_contact_is_undecided_not_glued() {
    for k in 2..=6 {
        let opts = EventOptions {
            max_derivative_order: k - 1,
            ..EventOptions::default()
        };
        let err = EventDriven::new(
            lift(k, 2.0, 0.0),
            opts,
            T0,
            Vector::<2>::zeros(),
            Vector::<2>::zeros(),
        )
        .err()
        .expect("undecided");
        assert_eq!(
            err,
            EventError::UndecidedContact {
                t: T0,
                contact: "floor",
                index: 0,
                level: k - 1
            }
        );
    }
}

#[test]
fn a_closed_contact_never_pulls() {
    // With friction (μ = 0.5) the mode problem keeps the block closed at t₀ (λ = δ = 0, at
    // rest: sticking); λ = −c τ then turns negative at once, and the contact is opened at t₀.
    let c = 2.0;
    let mut sim = start(lift(1, c, 0.5), T0).unwrap();
    assert!(
        sim.closed()[0],
        "the mode problem keeps the degenerate contact closed"
    );
    let mut events = Vec::new();
    let mut min_lambda = f64::INFINITY;
    sim.run(T0 + 0.6, |r| match r {
        Report::Step { lambda, .. } => min_lambda = min_lambda.min(lambda[0]),
        Report::Event(ev) => events.push((ev.t, ev.kind)),
    })
    .unwrap();
    assert_eq!(events, vec![(T0, EventKind::MultiplierZero)]);
    assert!(min_lambda >= 0.0, "λ dipped to {min_lambda}");
    let y_exact = c * 0.6_f64.powi(3) / (6.0 * M);
    let y = sim.q()[1];
    assert!(
        (y - y_exact).abs() <= 1e-10,
        "y = {y}, closed form {y_exact}"
    );
}

/// RK4 of the particle of `CurvedLift` from (θ₀, θ̇₀) at t_start: sliding on the circle
/// (θ̈ = −(g/R) cos θ: only gravity's tangential part acts) until t₀, free after
/// (r̈ = a, a = −g e_y + F/m with the force of the block); the position at t_end.
fn curved_reference(
    model: &CurvedLift,
    k: usize,
    c: f64,
    start: (f64, f64, f64),
    t_end: f64,
) -> (f64, f64) {
    let (t_start, theta0, omega0) = start;
    let (g, r0, m) = (model.g, model.R, model.m);
    let h = 1e-5;
    // Phase 1 on the circle.
    let mut state = (theta0, omega0);
    let steps = ((T0 - t_start) / h).round() as usize;
    let hh = (T0 - t_start) / steps.max(1) as f64;
    let f1 = |th: f64| -g / r0 * th.cos();
    for _ in 0..steps {
        let (p, v) = state;
        let (k1p, k1v) = (v, f1(p));
        let (k2p, k2v) = (v + 0.5 * hh * k1v, f1(p + 0.5 * hh * k1p));
        let (k3p, k3v) = (v + 0.5 * hh * k2v, f1(p + 0.5 * hh * k2p));
        let (k4p, k4v) = (v + hh * k3v, f1(p + hh * k3p));
        state = (
            p + hh / 6.0 * (k1p + 2.0 * k2p + 2.0 * k3p + k4p),
            v + hh / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v),
        );
    }
    let (th, om) = state;
    // Phase 2, free: x = (x, y, vx, vy).
    let mut x = [
        r0 * th.cos(),
        r0 * th.sin(),
        -r0 * th.sin() * om,
        r0 * th.cos() * om,
    ];
    let accel = |t: f64, s: &[f64; 4]| {
        let r = (s[0] * s[0] + s[1] * s[1]).sqrt();
        let p = c * (t - T0).powi(k as i32);
        let push = m * g * s[1] / r - m * (s[2] * s[2] + s[3] * s[3]) / r + p;
        [s[2], s[3], push * s[0] / (r * m), push * s[1] / (r * m) - g]
    };
    let steps = ((t_end - T0) / h).round() as usize;
    let hh = (t_end - T0) / steps as f64;
    let mut t = T0;
    for _ in 0..steps {
        let add = |a: &[f64; 4], b: [f64; 4], s: f64| std::array::from_fn(|i| a[i] + s * b[i]);
        let k1 = accel(t, &x);
        let k2 = accel(t + 0.5 * hh, &add(&x, k1, 0.5 * hh));
        let k3 = accel(t + 0.5 * hh, &add(&x, k2, 0.5 * hh));
        let k4 = accel(t + hh, &add(&x, k3, hh));
        x = std::array::from_fn(|i| x[i] + hh / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]));
        t += hh;
    }
    (x[0], x[1])
}

#[test]
fn on_a_curved_guide_every_level_decides() {
    // The particle slides over the top of the circle (θ from 1.2 rad, θ̇ = 0.4 rad/s towards the
    // top); the radial force makes λ = −c τ^k: for odd k it leaves the guide at t₀ as an event
    // (started 0.3 s before), for every k started at t₀ itself on the guide the iteration
    // decides at level k.
    for k in 1..=6 {
        let c = 2.0;
        let mut model = CurvedLift {
            t0: T0,
            ..CurvedLift::default()
        };
        let m = &mut model;
        set_coefficient(
            [
                &mut m.c1, &mut m.c2, &mut m.c3, &mut m.c4, &mut m.c5, &mut m.c6,
            ],
            k,
            c,
        );
        let starts: &[f64] = if k % 2 == 1 { &[T0, T0 - 0.3] } else { &[T0] };
        for &t_start in starts {
            let (theta0, omega0): (f64, f64) = (1.2, 0.4);
            let r = model.R;
            let q0 = Vector::<2>::new(r * theta0.cos(), r * theta0.sin());
            let u0 = Vector::<2>::new(-r * theta0.sin() * omega0, r * theta0.cos() * omega0);
            let mut sim =
                EventDriven::new(model, EventOptions::default(), t_start, q0, u0).unwrap();
            if t_start == T0 {
                assert!(!sim.closed()[0], "k = {k}: opens at t₀");
                let (_, d) = sim
                    .last_derivative_lcp_of_order(k)
                    .expect("level k reached");
                assert!(d[0] > 0.0, "k = {k}: δ⁽ᵏ⁾ = {}", d[0]);
            }
            let mut min_lambda = f64::INFINITY;
            sim.run(T0 + 0.5, |r| {
                if let Report::Step { lambda, .. } = r {
                    min_lambda = min_lambda.min(lambda[0]);
                }
            })
            .unwrap();
            let (x, y) = curved_reference(&model, k, c, (t_start, theta0, omega0), T0 + 0.5);
            let q = sim.q();
            assert!(
                (q[0] - x).abs() <= 1e-9 && (q[1] - y).abs() <= 1e-9,
                "k = {k}, start {t_start}: ({}, {}) vs ({x}, {y})",
                q[0],
                q[1]
            );
            assert!(min_lambda >= -1e-12, "k = {k}: λ dipped to {min_lambda}");
        }
    }
}

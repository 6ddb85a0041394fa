//! Lötstedt (1982), Theorem 5.4 at the second level, k = 2, with non-zero constraint forces
//! carried through the differentiated equations of motion (5.10)–(5.12):
//! M q⁗ = ḧ − 2Ṁq⃛ − M̈q̈ + G̈λ_B + 2Ġλ̇_B + Ẅλ + 2Ẇλ̇ + Gλ̈_B + Wλ̈, δ̈ = wᵀq⁗ + ρ₄.
//! The existing level-2 cases (`event_theorem54_second_order.rs`) have λ = 0 at every decided
//! contact, so these terms vanish there. Here a cart against a wall carries a swinging
//! pendulum (models `CartPendulumWall`, rod: λ_B, Ġ, λ̇_B ≠ 0, and `CartStringWall`, taut
//! string: a second contact closed with λ > 0 and Ẇ, λ̇ ≠ 0); a horizontal force
//! f(t) = a0 + a1 τ + c τ² cancels the rod's pull P = T sin θ and its rate at t0 (see the
//! model docs), so the wall has λ = δ = λ̇ = δ̇ = 0 and κ = 2c + P̈(t0) decides at level 2:
//! held at the wall λ̈ = −κ, released δ̈ = κ/(mc + m sin²θ0).
//!
//! Invariants checked against independent routes:
//! * the level-2 values (λ̈, δ̈) of the wall equal the second derivatives, by a five-point
//!   finite-difference stencil, of λ(t) and δ(t) = g̈_N(t) of each candidate active set
//!   simulated separately with a fixed-step RK4 of the constrained ODE written here (KKT
//!   solve from the generated `dynamics`, Jacobians and drifts), and the closed forms above;
//! * exactly one candidate is consistent (λ ≥ 0 held, g_N ≥ 0 released) and the iteration picks
//!   it; the integrator's motion from there agrees with the RK4 motion of that candidate.
//!
//! Dropping any one of G̈λ_B, 2Ġλ̇_B (rod) or Ẅλ, 2Ẇλ̇ (string) from the level-2 right-hand
//! side in `active_set.rs` turns the held case κ < 0 into a release with δ̈ ≈ 17 resp. 23
//! (instead of λ̈ = 8): the level-2 values and the choice of the consistent set both fail.
//!
//! Termination criterion 2 (Lötstedt, after (5.15), with Lemma 5.3): a string duplicating a
//! rod (`PendulumRodAndString`, string column = −rod column) is undecided at level 0, found
//! dependent on the equality columns at level 1 and kept closed with λ = 0 without reaching
//! level 2; the motion is the rigid pendulum (rod multiplier −T with T = m l θ̇² + m g cos θ,
//! energy conserved) with g_N = 0 and λ_string = 0 throughout.

use mb_examples::event_models::cart_pendulum_wall::CartPendulumWall;
use mb_examples::event_models::cart_string_wall::CartStringWall;
use mb_examples::event_models::pendulum_rod_and_string::PendulumRodAndString;
use mb_testsupport::second_derivative_of_samples;
use mbruntime::event::{ActiveSetRule, EventDriven, EventOptions, Report};
use mbruntime::{Matrix, Mechanism, Vector};
use nalgebra::{DMatrix, DVector};

const MC: f64 = 2.0;
const M: f64 = 1.0;
const L: f64 = 1.0;
const G: f64 = 9.81;
const T0: f64 = 0.3;
const THETA0: f64 = 0.6;
const OMEGA0: f64 = 1.5;
/// Contact index of the wall in both cart models.
const WALL: usize = 0;
/// Contact index of the string in `CartStringWall`.
const STRING: usize = 1;

/// Closed-form pendulum data at t0 with the cart held: rod tension T and the cart pull
/// P = T sin θ with its first two time derivatives (θ̈ = −(g/l) sin θ,
/// Ṫ = −3 m g θ̇ sin θ, T̈ = −3 m g (θ̈ sin θ + θ̇² cos θ)).
struct Pull {
    tension: f64,
    p: f64,
    p_dot: f64,
    p_ddot: f64,
}

fn pull() -> Pull {
    let (s, c, w) = (THETA0.sin(), THETA0.cos(), OMEGA0);
    let alpha = -(G / L) * s;
    let t = M * L * w * w + M * G * c;
    let t_dot = -3.0 * M * G * w * s;
    let t_ddot = -3.0 * M * G * (alpha * s + w * w * c);
    Pull {
        tension: t,
        p: t * s,
        p_dot: t_dot * s + t * w * c,
        p_ddot: t_ddot * s + 2.0 * t_dot * w * c + t * (alpha * c - w * w * s),
    }
}

/// Force coefficients (a0, a1, c) giving the level-2 discriminant κ = 2c + P̈(t0).
fn force_coefficients(kappa: f64) -> (f64, f64, f64) {
    let p = pull();
    (-p.p, -p.p_dot, 0.5 * (kappa - p.p_ddot))
}

/// Closed-form effective inverse mass of the wall direction with the rod (string) held:
/// a = wᵀM⁻¹P w = 1/(mc + m sin²θ0).
fn wall_inverse_mass() -> f64 {
    1.0 / (MC + M * THETA0.sin().powi(2))
}

fn rod_model(kappa: f64) -> CartPendulumWall {
    let (a0, a1, c) = force_coefficients(kappa);
    CartPendulumWall {
        mc: MC,
        m: M,
        l: L,
        g: G,
        a0,
        a1,
        c,
        t0: T0,
    }
}

fn string_model(kappa: f64) -> CartStringWall {
    let (a0, a1, c) = force_coefficients(kappa);
    CartStringWall {
        mc: MC,
        m: M,
        l: L,
        g: G,
        a0,
        a1,
        c,
        t0: T0,
    }
}

/// Initial state: cart at the wall at rest, bob at θ0 with angular velocity ω0.
fn initial_state() -> (Vector<3>, Vector<3>) {
    let (s, c) = (THETA0.sin(), THETA0.cos());
    (
        Vector::<3>::new(0.0, L * s, -L * c),
        Vector::<3>::new(0.0, L * OMEGA0 * c, L * OMEGA0 * s),
    )
}

/// The constrained ODE of one candidate active set, solved independently of the event
/// integrator: the bilateral constraints and the contacts in `held` are equalities,
/// M q̈ = h + Σ cⱼ μⱼ, cⱼᵀq̈ + driftⱼ = 0 (dense KKT solve). Returns q̈, the multipliers of the
/// held contacts (by contact index, zero elsewhere) and the normal accelerations
/// δ = wᵀq̈ + drift of all contacts.
fn held_acceleration<Mo, const NB: usize, const NU: usize>(
    model: &Mo,
    held: &[usize],
    q: &Vector<3>,
    u: &Vector<3>,
    t: f64,
) -> (Vector<3>, Vector<NU>, Vector<NU>)
where
    Mo: Mechanism<3, NB, NU>,
{
    let mut m = Matrix::<3, 3>::zeros();
    let mut h = Vector::<3>::zeros();
    model.dynamics(q, u, t, &mut m, &mut h);
    let (mut gb, mut gb_t) = (Matrix::<3, NB>::zeros(), Vector::<NB>::zeros());
    model.bilateral_jacobian(q, t, &mut gb, &mut gb_t);
    let (mut wn, mut wn_t) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
    model.gap_jacobian(q, t, &mut wn, &mut wn_t);
    let (mut drift_b, mut drift_n) = (Vector::<NB>::zeros(), Vector::<NU>::zeros());
    model.bilateral_drift(q, u, t, &mut drift_b);
    model.gap_drift(q, u, t, &mut drift_n);
    let k = NB + held.len();
    let mut a = DMatrix::<f64>::zeros(3 + k, 3 + k);
    let mut b = DVector::<f64>::zeros(3 + k);
    a.view_mut((0, 0), (3, 3)).copy_from(&m);
    b.rows_mut(0, 3).copy_from(&h);
    for j in 0..k {
        let (col, rhs) = if j < NB {
            (gb.column(j).into_owned(), -drift_b[j])
        } else {
            let i = held[j - NB];
            (wn.column(i).into_owned(), -drift_n[i])
        };
        for r in 0..3 {
            a[(r, 3 + j)] = -col[r];
            a[(3 + j, r)] = col[r];
        }
        b[3 + j] = rhs;
    }
    let x = a.lu().solve(&b).expect("KKT matrix regular");
    let qdd = Vector::<3>::new(x[0], x[1], x[2]);
    let mut lambda = Vector::<NU>::zeros();
    for (j, &i) in held.iter().enumerate() {
        lambda[i] = x[3 + NB + j];
    }
    let delta = wn.tr_mul(&qdd) + drift_n;
    (qdd, lambda, delta)
}

/// One classical RK4 step of the constrained ODE of a candidate set (q̇ = u, u̇ = q̈).
fn rk4_step<Mo, const NB: usize, const NU: usize>(
    model: &Mo,
    held: &[usize],
    (q, u, t): (Vector<3>, Vector<3>, f64),
    dt: f64,
) -> (Vector<3>, Vector<3>, f64)
where
    Mo: Mechanism<3, NB, NU>,
{
    let f = |q: &Vector<3>, u: &Vector<3>, t: f64| (*u, held_acceleration(model, held, q, u, t).0);
    let (k1q, k1u) = f(&q, &u, t);
    let (k2q, k2u) = f(
        &(q + k1q * (dt / 2.0)),
        &(u + k1u * (dt / 2.0)),
        t + dt / 2.0,
    );
    let (k3q, k3u) = f(
        &(q + k2q * (dt / 2.0)),
        &(u + k2u * (dt / 2.0)),
        t + dt / 2.0,
    );
    let (k4q, k4u) = f(&(q + k3q * dt), &(u + k3u * dt), t + dt);
    (
        q + (k1q + k2q * 2.0 + k3q * 2.0 + k4q) * (dt / 6.0),
        u + (k1u + k2u * 2.0 + k3u * 2.0 + k4u) * (dt / 6.0),
        t + dt,
    )
}

/// Samples (λ, δ) of the wall along the RK4 motion of one candidate set at
/// τ = t − t0 = j·step, j = −2..=2 (integrating backward and forward from t0, `sub` RK4
/// steps per sample).
fn sample_candidate<Mo, const NB: usize, const NU: usize>(
    model: &Mo,
    held: &[usize],
    step: f64,
    sub: usize,
) -> [(f64, f64); 5]
where
    Mo: Mechanism<3, NB, NU>,
{
    let (q0, u0) = initial_state();
    let probe = |q: &Vector<3>, u: &Vector<3>, t: f64| {
        let (_, lambda, delta) = held_acceleration(model, held, q, u, t);
        (lambda[WALL], delta[WALL])
    };
    let mut out = [(0.0, 0.0); 5];
    out[2] = probe(&q0, &u0, T0);
    for dir in [-1.0, 1.0] {
        let mut state = (q0, u0, T0);
        let dt = dir * step / sub as f64;
        for j in 1..=2usize {
            for _ in 0..sub {
                state = rk4_step(model, held, state, dt);
            }
            let idx = if dir < 0.0 { 2 - j } else { 2 + j };
            out[idx] = probe(&state.0, &state.1, state.2);
        }
    }
    out
}

/// λ̈ of the wall held and δ̈ of the wall released, from the RK4 motions of the two
/// candidates (`other_held`: the contacts other than the wall held in both).
fn finite_difference_derivatives<Mo, const NB: usize, const NU: usize>(
    model: &Mo,
    other_held: &[usize],
) -> (f64, f64)
where
    Mo: Mechanism<3, NB, NU>,
{
    let step = 2.5e-3;
    let mut held = [WALL; NU];
    held[1..=other_held.len()].copy_from_slice(other_held);
    let closed = sample_candidate(model, &held[..=other_held.len()], step, 10);
    let open = sample_candidate(model, other_held, step, 10);
    (
        second_derivative_of_samples(closed.map(|s| s.0), step),
        second_derivative_of_samples(open.map(|s| s.1), step),
    )
}

fn options(rule: ActiveSetRule) -> EventOptions {
    EventOptions {
        active_set_rule: rule,
        ..EventOptions::default()
    }
}

/// Checks the level-0/1/2 values of the wall at the initial decision against the finite
/// differences and the closed forms, and the chosen set against the sign of κ.
fn check_level_two<Mo, const NB: usize, const NU: usize>(
    s: &EventDriven<Mo, 3, NB, NU>,
    kappa: f64,
    fd: (f64, f64),
    name: &str,
) where
    Mo: Mechanism<3, NB, NU>,
{
    let scale = kappa.abs();
    let (l0, d0) = s.last_acceleration_lcp();
    let (l1, d1) = s.last_derivative_lcp().expect("level 1 reached");
    assert!(
        l0[WALL].abs() < 1e-9 * scale
            && d0[WALL].abs() < 1e-9 * scale
            && l1[WALL].abs() < 1e-9 * scale
            && d1[WALL].abs() < 1e-9 * scale,
        "{name}, κ = {kappa}: wall not undecided up to level 1: (λ, δ) = ({}, {}), (λ̇, δ̇) = ({}, {})",
        l0[WALL],
        d0[WALL],
        l1[WALL],
        d1[WALL]
    );
    let (l2, d2) = s.last_derivative_lcp_of_order(2).expect("level 2 reached");
    let (lam_fd, del_fd) = fd;
    let a = wall_inverse_mass();
    // The independent routes agree with each other: held λ̈ = −κ, released δ̈ = aκ.
    assert!(
        (lam_fd + kappa).abs() < 1e-6 * scale && (del_fd - a * kappa).abs() < 1e-6 * scale,
        "{name}, κ = {kappa}: finite differences λ̈ = {lam_fd}, δ̈ = {del_fd}; closed forms {}, {}",
        -kappa,
        a * kappa
    );
    let (lam_want, del_want) = if kappa < 0.0 {
        (lam_fd, 0.0)
    } else {
        (0.0, del_fd)
    };
    assert!(
        (l2[WALL] - lam_want).abs() < 1e-6 * scale && (d2[WALL] - del_want).abs() < 1e-6 * scale,
        "{name}, κ = {kappa}: level 2 (λ̈, δ̈) = ({}, {}), simulated candidates give ({lam_want}, {del_want})",
        l2[WALL],
        d2[WALL]
    );
    // And the closed forms, to rounding: held λ̈ = −κ, released δ̈ = κ/(mc + m sin²θ0).
    let (lam_exact, del_exact) = if kappa < 0.0 {
        (-kappa, 0.0)
    } else {
        (0.0, a * kappa)
    };
    assert!(
        (l2[WALL] - lam_exact).abs() < 1e-9 * scale && (d2[WALL] - del_exact).abs() < 1e-9 * scale,
        "{name}, κ = {kappa}: level 2 (λ̈, δ̈) = ({}, {}), closed forms ({lam_exact}, {del_exact})",
        l2[WALL],
        d2[WALL]
    );
    assert_eq!(
        s.closed()[WALL],
        kappa < 0.0,
        "{name}, κ = {kappa}: wall active set at t0"
    );
}

#[test]
fn rod_force_rates_enter_the_second_level() {
    for kappa in [-8.0, 8.0] {
        let model = rod_model(kappa);
        let (q0, u0) = initial_state();
        let s = EventDriven::new(
            model,
            options(ActiveSetRule::DerivativeIteration),
            T0,
            q0,
            u0,
        )
        .unwrap();
        // The rod carries the tension: λ_B = −T (G = r/|r| points away from the hinge).
        let tension = pull().tension;
        assert!(
            (s.bilateral_multipliers()[0] + tension).abs() < 1e-9 * tension,
            "λ_B = {}, closed form −T = {}",
            s.bilateral_multipliers()[0],
            -tension
        );
        let fd = finite_difference_derivatives(&model, &[]);
        check_level_two(&s, kappa, fd, "rod");
    }
}

#[test]
fn string_force_rates_enter_the_second_level() {
    for kappa in [-8.0, 8.0] {
        let model = string_model(kappa);
        let (q0, u0) = initial_state();
        let s = EventDriven::new(
            model,
            options(ActiveSetRule::DerivativeIteration),
            T0,
            q0,
            u0,
        )
        .unwrap();
        // The string is decided closed at level 0 with λ = T > 0.
        let tension = pull().tension;
        let (l0, _) = s.last_acceleration_lcp();
        assert!(
            s.closed()[STRING] && (l0[STRING] - tension).abs() < 1e-9 * tension,
            "string λ = {}, closed form T = {tension}",
            l0[STRING]
        );
        let fd = finite_difference_derivatives(&model, &[STRING]);
        check_level_two(&s, kappa, fd, "string");
    }
}

/// What an event-driven run over [t0, t0 + span] shows: the wall's state chosen at t0, the
/// smallest wall gap and multiplier at accepted steps, and the final state.
struct Outcome {
    closed_at_start: bool,
    min_gap: f64,
    min_lambda: f64,
    q: Vector<3>,
}

fn run<Mo, const NB: usize, const NU: usize>(model: Mo, rule: ActiveSetRule, span: f64) -> Outcome
where
    Mo: Mechanism<3, NB, NU>,
{
    let (q0, u0) = initial_state();
    let mut s = EventDriven::new(model, options(rule), T0, q0, u0).unwrap();
    let closed_at_start = s.closed()[WALL];
    let (mut min_gap, mut min_lambda) = (f64::INFINITY, f64::INFINITY);
    let _ = s.run(T0 + span, |r| {
        if let Report::Step { q, lambda, .. } = r {
            min_gap = min_gap.min(q[0]);
            min_lambda = min_lambda.min(lambda[WALL]);
        }
    });
    Outcome {
        closed_at_start,
        min_gap,
        min_lambda,
        q: *s.q(),
    }
}

fn consistent(o: &Outcome) -> bool {
    if o.closed_at_start {
        o.min_lambda >= -1e-12
    } else {
        o.min_gap >= -1e-12
    }
}

/// RK4 positions of one candidate at t0 + span (independent of the event integrator).
fn rk4_positions<Mo, const NB: usize, const NU: usize>(
    model: &Mo,
    held: &[usize],
    span: f64,
) -> Vector<3>
where
    Mo: Mechanism<3, NB, NU>,
{
    let (q0, u0) = initial_state();
    let n = 2000;
    let mut state = (q0, u0, T0);
    for _ in 0..n {
        state = rk4_step(model, held, state, span / n as f64);
    }
    state.0
}

fn check_candidates<Mo, const NB: usize, const NU: usize>(
    model: Mo,
    other_held: &[usize],
    kappa: f64,
    name: &str,
) where
    Mo: Mechanism<3, NB, NU> + Copy,
{
    let span = 0.02;
    // The two candidates for the wall, forced: open (naive multiplier rule, λ(t0) = 0) and
    // closed (naive acceleration rule, δ(t0) = 0).
    let open = run(model, ActiveSetRule::NaiveMultiplier, span);
    let closed = run(model, ActiveSetRule::NaiveAcceleration, span);
    assert!(!open.closed_at_start && closed.closed_at_start, "{name}");
    assert!(
        consistent(&open) != consistent(&closed),
        "{name}, κ = {kappa}: open consistent {}, closed consistent {}",
        consistent(&open),
        consistent(&closed)
    );
    let chosen = run(model, ActiveSetRule::DerivativeIteration, span);
    assert_eq!(
        chosen.closed_at_start,
        consistent(&closed),
        "{name}, κ = {kappa}: the iteration picks the consistent set"
    );
    assert!(
        consistent(&chosen),
        "{name}, κ = {kappa}: min g_N = {}, min λ = {}",
        chosen.min_gap,
        chosen.min_lambda
    );
    // The chosen motion is the RK4 motion of the consistent candidate.
    let mut held = [WALL; NU];
    held[1..=other_held.len()].copy_from_slice(other_held);
    let q_ref = if chosen.closed_at_start {
        rk4_positions(&model, &held[..=other_held.len()], span)
    } else {
        rk4_positions(&model, other_held, span)
    };
    assert!(
        (chosen.q - q_ref).amax() < 1e-9,
        "{name}, κ = {kappa}: q = {}, RK4 {}",
        chosen.q,
        q_ref
    );
}

#[test]
fn the_iteration_picks_the_consistent_candidate() {
    for kappa in [-8.0, 8.0] {
        check_candidates(rod_model(kappa), &[], kappa, "rod");
        check_candidates(string_model(kappa), &[STRING], kappa, "string");
    }
}

/// Criterion 2: the string duplicating the rod is kept closed with λ = 0 at level 1 (its
/// column is dependent on the rod's), level 2 is never reached, and the motion is the rigid
/// pendulum with the string slack-free and force-free.
#[test]
fn redundant_string_is_kept_closed_by_criterion_two() {
    let model = PendulumRodAndString { m: M, l: L, g: G };
    let (s0, c0) = (THETA0.sin(), THETA0.cos());
    let q0 = Vector::<2>::new(L * s0, -L * c0);
    let u0 = Vector::<2>::new(L * OMEGA0 * c0, L * OMEGA0 * s0);
    let mut s = EventDriven::new(
        model,
        options(ActiveSetRule::DerivativeIteration),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let tension = |q: &Vector<2>, u: &Vector<2>| {
        // T = m v²/l + m g cos θ, cos θ = −y/l.
        M * u.norm_squared() / L - M * G * q[1] / L
    };
    let (l0, d0) = s.last_acceleration_lcp();
    assert!(
        l0[0].abs() < 1e-9 && d0[0].abs() < 1e-9,
        "level 0 leaves the string undecided: λ = {}, δ = {}",
        l0[0],
        d0[0]
    );
    assert!(
        s.last_derivative_lcp().is_some(),
        "level 1 is where criterion 2 is applied"
    );
    assert!(
        s.last_derivative_lcp_of_order(2).is_none(),
        "criterion 2 decides at level 1: level 2 must not be reached"
    );
    assert!(s.closed()[0], "the redundant string is kept closed");
    assert!(
        s.contact_multipliers()[0].abs() < 1e-9,
        "λ_string = {}",
        s.contact_multipliers()[0]
    );
    let t0 = tension(&q0, &u0);
    assert!(
        (s.bilateral_multipliers()[0] + t0).abs() < 1e-9 * t0,
        "λ_rod = {}, closed form −T = {}",
        s.bilateral_multipliers()[0],
        -t0
    );

    let energy0 = 0.5 * M * u0.norm_squared() + M * G * q0[1];
    let (mut min_gap, mut min_lambda, mut max_lambda) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    let (mut steps, mut energy_err) = (0usize, 0.0_f64);
    s.run(1.0, |r| {
        if let Report::Step { q, u, lambda, .. } = r {
            steps += 1;
            min_gap = min_gap.min(L - q.norm());
            min_lambda = min_lambda.min(lambda[0]);
            max_lambda = max_lambda.max(lambda[0]);
            let e = 0.5 * M * u.norm_squared() + M * G * q[1];
            energy_err = energy_err.max((e - energy0).abs());
        }
    })
    .unwrap();
    assert!(steps > 0);
    assert!(s.closed()[0], "the string stays closed");
    assert!(
        min_gap >= -1e-9 && min_lambda >= -1e-9 && max_lambda <= 1e-9,
        "g_N ≥ {min_gap}, λ ∈ [{min_lambda}, {max_lambda}]"
    );
    assert!(
        energy_err < 1e-7 * energy0.abs(),
        "energy drift {energy_err:e}"
    );
    let (q, u) = (*s.q(), *s.u());
    let t_end = tension(&q, &u);
    assert!(
        (s.bilateral_multipliers()[0] + t_end).abs() < 1e-7 * t_end,
        "λ_rod = {}, closed form −T = {}",
        s.bilateral_multipliers()[0],
        -t_end
    );
}

//! Lötstedt (1982), Theorem 5.4 at the second level, k = 2 ((5.10)–(5.13)): when a contact
//! has λ = δ = λ̇ = δ̇ = 0 at t₀, the second derivatives λ̈, δ̈ decide, from
//! M q⁗ = ḧ − 2Ṁq⃛ − M̈q̈ + Ẅλ + 2Ẇλ̇ + Wλ̈ and δ̈ = wᵀq⁗ + ρ₄ with J_λ1, J_δ1 carried over from
//! level 1. Construction (model `QuadraticForce`): a block of mass m on the floor y ≥ 0
//! under gravity, with the vertical force m g + c (t − t₀)², at rest on the floor at t₀.
//! Closed forms: kept closed, m ÿ = c (t − t₀)² + λ = 0 gives λ(t) = −c (t − t₀)²; released,
//! y(t) = c (t − t₀)⁴/(12 m). So λ(t₀) = λ̇(t₀) = 0, δ(t₀) = δ̇(t₀) = 0 in both, and
//! * c < 0 (pushed down): λ̈ = −2c > 0, the contact stays closed (δ ≡ 0);
//! * c > 0 (pulled up): δ̈ = 2c/m > 0, it lifts off (λ ≡ 0).
//!
//! Checked against two independent routes: the closed forms above (state, multiplier and the
//! derivatives λ̈, δ̈), and the simulation of each candidate active set (forced closed, forced
//! open) over a short time, of which exactly one is consistent (λ ≥ 0 while closed,
//! g_N ≥ 0 while open) — the one the iteration picks. Each naive rule ("closed iff λ > 0",
//! "closed iff δ = 0") picks the inconsistent set in one of the two cases. Both signs of c
//! exercise the second level with λ̈ > 0 and with δ̈ > 0. Cut after level 1
//! (max_derivative_order = 1) the iteration cannot decide and says so
//! (`EventError::UndecidedContact`) instead of keeping the contact closed, which would glue the
//! block for c > 0.

use mb_examples::event_models::quadratic_force::QuadraticForce;
use mbruntime::Vector;
use mbruntime::event::{ActiveSetRule, EventDriven, EventError, EventOptions, Report};

const T0: f64 = 0.3;
const T: f64 = 0.5;
const M: f64 = 2.0;

fn sim(c: f64, rule: ActiveSetRule, max_order: usize) -> EventDriven<QuadraticForce, 1, 0, 1> {
    let model = QuadraticForce {
        m: M,
        g: 9.81,
        c,
        t0: T0,
    };
    let opts = EventOptions {
        active_set_rule: rule,
        max_derivative_order: max_order,
        ..EventOptions::default()
    };

    EventDriven::new(model, opts, T0, Vector::<1>::zeros(), Vector::<1>::zeros()).unwrap()
}

/// What a simulation over [t₀, t₀ + T] shows: the active set chosen at t₀, and the smallest
/// gap and multiplier seen at accepted steps while open resp. closed.
struct Outcome {
    closed_at_start: bool,
    min_gap: f64,
    min_lambda: f64,
}

fn run(
    c: f64,
    rule: ActiveSetRule,
    max_order: usize,
) -> (Outcome, EventDriven<QuadraticForce, 1, 0, 1>) {
    let mut s = sim(c, rule, max_order);
    let closed_at_start = s.closed()[0];
    let (mut min_gap, mut min_lambda) = (f64::INFINITY, f64::INFINITY);
    let _ = s.run(T0 + T, |r| {
        if let Report::Step { q, lambda, .. } = r {
            min_gap = min_gap.min(q[0]);
            min_lambda = min_lambda.min(lambda[0]);
        }
    });
    (
        Outcome {
            closed_at_start,
            min_gap,
            min_lambda,
        },
        s,
    )
}

/// Whether a candidate active set is consistent over the run: a closed contact needs λ ≥ 0,
/// an open one g_N ≥ 0 (to the integrator's tolerances).
fn consistent(o: &Outcome) -> bool {
    if o.closed_at_start {
        o.min_lambda >= -1e-12
    } else {
        o.min_gap >= -1e-12
    }
}

#[test]
fn second_derivatives_decide_and_match_the_closed_form() {
    for c in [-3.0, 3.0] {
        let s = sim(c, ActiveSetRule::DerivativeIteration, 2);
        // Levels 0 and 1 leave the contact undecided: λ = δ = 0, λ̇ = δ̇ = 0.
        let (l0, d0) = s.last_acceleration_lcp();
        assert!(
            l0[0].abs() < 1e-12 && d0[0].abs() < 1e-12,
            "c = {c}: {l0} {d0}"
        );
        let (l1, d1) = s.last_derivative_lcp().expect("level 1 reached");
        assert!(
            l1[0].abs() < 1e-12 && d1[0].abs() < 1e-12,
            "c = {c}: {l1} {d1}"
        );
        // Level 2 against the closed-form second derivatives.
        let (l2, d2) = s.last_derivative_lcp_of_order(2).expect("level 2 reached");
        let (l2_exact, d2_exact) = if c < 0.0 {
            (-2.0 * c, 0.0)
        } else {
            (0.0, 2.0 * c / M)
        };
        assert!(
            (l2[0] - l2_exact).abs() < 1e-12 && (d2[0] - d2_exact).abs() < 1e-12,
            "c = {c}: (λ̈, δ̈) = ({}, {}), closed form ({l2_exact}, {d2_exact})",
            l2[0],
            d2[0]
        );
        assert!(s.last_derivative_lcp_of_order(3).is_none());
        assert_eq!(s.closed()[0], c < 0.0, "c = {c}: active set at t0");

        let (o, s) = run(c, ActiveSetRule::DerivativeIteration, 2);
        assert!(consistent(&o), "c = {c}: chosen set inconsistent");
        let y = s.q()[0];
        if c < 0.0 {
            let lam = s.contact_multipliers()[0];
            assert!(s.closed()[0] && y.abs() < 1e-12, "c = {c}: y = {y}");
            assert!(
                (lam + c * T * T).abs() < 1e-10,
                "c = {c}: λ = {lam}, closed form {}",
                -c * T * T
            );
        } else {
            let y_exact = c * T.powi(4) / (12.0 * M);
            assert!(!s.closed()[0]);
            assert!(
                (y - y_exact).abs() < 1e-10,
                "c = {c}: y = {y}, closed form {y_exact}"
            );
        }
    }
}

#[test]
fn exactly_one_candidate_set_is_consistent_and_the_iteration_picks_it() {
    for c in [-3.0, 3.0] {
        // The two candidates, simulated: forced open (naive multiplier rule: λ(t₀) = 0) and
        // forced closed (naive acceleration rule: δ(t₀) = 0).
        let (open, _) = run(c, ActiveSetRule::NaiveMultiplier, 2);
        let (closed, _) = run(c, ActiveSetRule::NaiveAcceleration, 2);
        assert!(!open.closed_at_start && closed.closed_at_start);
        assert!(
            consistent(&open) != consistent(&closed),
            "c = {c}: open consistent {}, closed consistent {}",
            consistent(&open),
            consistent(&closed)
        );
        let (chosen, _) = run(c, ActiveSetRule::DerivativeIteration, 2);
        assert_eq!(
            chosen.closed_at_start,
            consistent(&closed),
            "c = {c}: the iteration picks the consistent set"
        );
    }
}

#[test]
fn each_naive_rule_fails_in_one_case() {
    // Pushed down (c < 0): "closed iff λ > 0" opens the contact and the block sinks into the
    // floor, y ≈ c (t − t₀)⁴/(12m) < 0, beyond the gap tolerance, until the integrator's
    // penetration guard repairs it.
    let (o, _) = run(-3.0, ActiveSetRule::NaiveMultiplier, 2);
    let gap_tol = EventOptions::default().gap_tolerance;
    assert!(
        !o.closed_at_start && o.min_gap < -gap_tol,
        "min y = {}",
        o.min_gap
    );
    // Pulled up (c > 0): "closed iff δ = 0" glues the block with λ = −c (t − t₀)² < 0.
    let (o, s) = run(3.0, ActiveSetRule::NaiveAcceleration, 2);
    assert!(o.closed_at_start && s.closed()[0]);
    let lam = s.contact_multipliers()[0];
    assert!(
        (lam + 3.0 * T * T).abs() < 1e-10 && lam < 0.0,
        "λ = {lam}: an adhesive contact force"
    );
}

#[test]
fn first_level_alone_cannot_decide() {
    // Cut after k = 1, λ = δ = λ̇ = δ̇ = 0 leaves the contact undecided for both signs of c:
    // keeping it closed would be right for c < 0 by luck and wrong for c > 0 (λ(t) =
    // −c (t − t₀)² < 0), so the integration refuses to start, naming the contact and the level.
    for c in [3.0, -3.0] {
        let model = QuadraticForce {
            m: M,
            g: 9.81,
            c,
            t0: T0,
        };
        let opts = EventOptions {
            max_derivative_order: 1,
            ..EventOptions::default()
        };
        let err = EventDriven::new(model, opts, T0, Vector::<1>::zeros(), Vector::<1>::zeros())
            .err()
            .expect("undecided");
        assert_eq!(
            err,
            EventError::UndecidedContact {
                t: T0,
                contact: "floor",
                index: 0,
                level: 1
            },
            "c = {c}"
        );
    }
}

/// A nonlinear second-level case (constraint curvature: Ẇ, Ẅ and the remainders ρ₃, ρ₄ of
/// the gap derivatives are non-zero): the ball on a string (`BallOnString`, gap
/// ℓ − |r|) at the top of the circle, r = (0, ℓ), with speed v = √(gℓ). Taut, the tension
/// is λ = m v²/ℓ + m g cos θ = 3mg(1 + cos θ) (energy: v² = gℓ + 2gℓ(1 + cos θ)), so
/// λ = λ̇ = 0 and λ̈ = 3mg θ̇² = 3mg²/ℓ > 0 at the top; free, the parabola has
/// |r|² = ℓ² + g²t⁴/4, i.e. g_N ≈ −g²t⁴/(8ℓ): δ = δ̇ = 0 and δ̈ = −3g²/ℓ < 0. The iteration
/// must keep the string taut with the closed-form λ̈; the free candidate (naive multiplier
/// rule) leaves the circle.
#[test]
fn ball_over_the_top_stays_taut_by_its_second_derivatives() {
    use mb_examples::event_models::ball_on_string::BallOnString;
    let model = BallOnString::default();
    let (m, g, ell) = (model.m, model.g, model.ell);
    let q0 = Vector::<2>::new(0.0, ell);
    let u0 = Vector::<2>::new((g * ell).sqrt(), 0.0);
    let start = |rule| {
        let opts = EventOptions {
            active_set_rule: rule,
            ..EventOptions::default()
        };

        EventDriven::new(model, opts, 0.0, q0, u0).unwrap()
    };
    let s = start(ActiveSetRule::DerivativeIteration);
    let (l1, d1) = s.last_derivative_lcp().expect("λ = δ = 0 at the top");
    assert!(
        l1[0].abs() < 1e-9 && d1[0].abs() < 1e-9,
        "λ̇ = {l1}, δ̇ = {d1}"
    );
    let (l2, d2) = s
        .last_derivative_lcp_of_order(2)
        .expect("λ̇ = δ̇ = 0 at the top");
    let l2_exact = 3.0 * m * g * g / ell;
    assert!(
        (l2[0] - l2_exact).abs() < 1e-9 * l2_exact && d2[0].abs() < 1e-9 * l2_exact,
        "λ̈ = {}, δ̈ = {}, closed form λ̈ = {l2_exact}",
        l2[0],
        d2[0]
    );
    assert!(s.closed()[0]);

    let t_end = 0.2;
    for (rule, taut) in [
        (ActiveSetRule::DerivativeIteration, true),
        (ActiveSetRule::NaiveMultiplier, false),
    ] {
        let mut s = start(rule);
        assert_eq!(s.closed()[0], taut, "{rule:?}");
        let (mut min_gap, mut min_lambda, mut lambda_err) = (f64::INFINITY, f64::INFINITY, 0.0_f64);
        let _ = s.run(t_end, |r| {
            if let Report::Step { q, lambda, .. } = r {
                min_gap = min_gap.min(ell - q.norm());
                min_lambda = min_lambda.min(lambda[0]);
                // Closed form while taut: λ = 3mg(1 + cos θ) with cos θ = −y/ℓ.
                lambda_err = lambda_err.max((lambda[0] - 3.0 * m * g * (1.0 - q[1] / ell)).abs());
            }
        });
        if taut {
            assert!(min_lambda >= -1e-9, "taut: min λ = {min_lambda}");
            assert!(
                lambda_err < 1e-7,
                "taut: λ off the closed form by {lambda_err:e}"
            );
        } else {
            let gap_tol = EventOptions::default().gap_tolerance;
            assert!(min_gap < -gap_tol, "free: min g_N = {min_gap}");
        }
    }
}

//! One contact with an isotropic diagonal Delassus matrix: the solver matches the closed form.
//!
//! Invariant: for `W = diag(w_N, w_T, w_T)` the normal and tangential rows decouple, and the
//! conditions `K ∋ r ⊥ ũ ∈ K*` of De Saxcé & Feng (1991) (Acary & Brogliato 2008, §13.3) give,
//! derived by hand:
//!
//! * `q_N ≥ 0`: open, `r = 0` (then `ũ = (q_N + μ‖q_T‖, q_T) ∈ K*`);
//! * `q_N < 0`: `r_N = −q_N / w_N` (`u_N = 0` in both closed states, since `W_NT = 0`), and with
//!   the threshold `τ = μ w_T r_N`
//!   - stick if `‖q_T‖ ≤ τ`: `u_T = 0`, `r_T = −q_T / w_T` (then `‖r_T‖ = ‖q_T‖/w_T ≤ μ r_N`);
//!   - slip if `‖q_T‖ > τ`: `r_T = −μ r_N q_T/‖q_T‖`, so `u_T = q_T (1 − τ/‖q_T‖)` is a positive
//!     multiple of `q_T` and `r_T = −μ r_N u_T/‖u_T‖`;
//!   - both formulas agree at `‖q_T‖ = τ`;
//! * `μ = 0`: `r_T = 0` whatever `q_T`.
//!
//! Every method must reproduce these to 1e-12 (relative to `max(1, |r|)`), at and around the
//! threshold, in every direction of `q_T`, and classify the contact accordingly.

use mbruntime::cone::{
    ConeMethod, ConeOptions, ConeProblem, ConeSolver, ContactStatus, natural_map,
};

const METHODS: [ConeMethod; 3] = [
    ConeMethod::Newton,
    ConeMethod::GaussSeidel,
    ConeMethod::Auto,
];

/// The closed form above: reaction and state.
fn closed_form(w_n: f64, w_t: f64, q: [f64; 3], mu: f64) -> ([f64; 3], ContactStatus) {
    if q[0] >= 0.0 {
        return ([0.0; 3], ContactStatus::Open);
    }
    let rn = -q[0] / w_n;
    let nq = q[1].hypot(q[2]);
    let tau = mu * w_t * rn;
    if nq <= tau {
        ([rn, -q[1] / w_t, -q[2] / w_t], ContactStatus::Stick)
    } else {
        (
            [rn, -mu * rn * q[1] / nq, -mu * rn * q[2] / nq],
            ContactStatus::Slip,
        )
    }
}

/// Solves one contact with every method and compares with the closed form.
fn check(w_n: f64, w_t: f64, q: [f64; 3], mu: f64, expect_status: bool) {
    let w = [w_n, 0.0, 0.0, 0.0, w_t, 0.0, 0.0, 0.0, w_t];
    let mu_s = [mu];
    let problem = ConeProblem::new(&w, &q, &mu_s).unwrap();
    let (expected, status) = closed_form(w_n, w_t, q, mu);
    let scale = expected.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
    let mut solver = ConeSolver::with_capacity(1);
    for method in METHODS {
        let mut r = [0.0; 3];
        let mut u = [0.0; 3];
        let opts = ConeOptions::with_method(method);
        let report = solver
            .solve(&problem, &mut r, &mut u, &opts)
            .unwrap_or_else(|e| panic!("{method:?} q = {q:?} μ = {mu}: {e}"));
        for k in 0..3 {
            assert!(
                (r[k] - expected[k]).abs() <= 1e-12 * scale,
                "{method:?} q = {q:?} μ = {mu}: r = {r:?}, closed form {expected:?}"
            );
        }
        // The closed form itself satisfies the natural map exactly (up to round-off).
        let u_exact = [
            w_n * expected[0] + q[0],
            w_t * expected[1] + q[1],
            w_t * expected[2] + q[2],
        ];
        let e = natural_map(expected, u_exact, mu);
        let q_scale = q.iter().fold(scale, |m, x| m.max(x.abs()));
        assert!(e.iter().all(|x| x.abs() <= 1e-14 * q_scale), "{e:?}");
        assert!(report.residual <= opts.tolerance);
        if expect_status {
            assert_eq!(
                solver.statuses()[0],
                status,
                "{method:?} q = {q:?} μ = {mu}"
            );
        }
    }
}

#[test]
fn open_contact_has_zero_reaction() {
    for q_n in [0.0, 1e-9, 0.3, 5.0] {
        for q_t in [[0.0, 0.0], [0.7, -0.2], [-3.0, 4.0]] {
            check(2.0, 0.5, [q_n, q_t[0], q_t[1]], 0.4, true);
        }
    }
}

#[test]
fn normal_reaction_without_tangential_load() {
    for (w_n, q_n) in [(1.0, -1.0), (2.5, -0.3), (1e-3, -7.0), (40.0, -1e-6)] {
        check(w_n, 0.7 * w_n, [q_n, 0.0, 0.0], 0.3, true);
    }
}

#[test]
fn stick_and_slip_around_the_threshold() {
    for (w_n, w_t, q_n, mu) in [
        (1.0, 1.0, -1.0, 0.5),
        (2.0, 0.5, -0.7, 0.3),
        (0.3, 1.7, -2.0, 1.2),
        (1.0, 1.0, -1.0, 0.05),
    ] {
        let tau = mu * w_t * (-q_n / w_n);
        for ratio in [
            0.0, 0.3, 0.9, 0.999_999, 1.0, 1.000_001, 1.1, 2.0, 10.0, 1e3,
        ] {
            for k in 0..12 {
                let theta = std::f64::consts::TAU * k as f64 / 12.0 + 0.1;
                let nq = ratio * tau;
                let q = [q_n, nq * theta.cos(), nq * theta.sin()];
                // Within 1e-6 of the threshold the state is ill-conditioned: the slip speed
                // u_T is below the certified accuracy, so only the reaction is compared.
                let clear = (ratio - 1.0).abs() > 1e-3;
                check(w_n, w_t, q, mu, clear);
            }
        }
    }
}

#[test]
fn frictionless_contact_has_no_tangential_reaction() {
    for q_t in [[0.0, 0.0], [1.0, 0.0], [-2.0, 3.0]] {
        check(1.5, 0.8, [-0.9, q_t[0], q_t[1]], 0.0, true);
        check(1.5, 0.8, [0.2, q_t[0], q_t[1]], 0.0, true);
    }
}

//! Manufactured problems: both methods recover the known solution from a zero start, and
//! Newton and Gauss–Seidel agree where the solution is not known.
//!
//! Invariant: per contact a state (open, stick, slip) and a pair `r_i ∈ K_i`, `ũ_i ∈ K_i*`
//! with `r_iᵀ ũ_i = 0` are chosen (open `r = 0`, `u_N > 0`; stick `u = 0`, `r` inside the
//! cone; slip `u_N = 0`, `u_T = α e`, `r = r_N (1, −μ e)`, so `ũ_N = μ α`), the Delassus
//! matrix is SPD with eigenvalues in about [1.03, 1.97] and `q = u − W r`. Then `r` solves the
//! cone complementarity problem of De Saxcé & Feng (1991) (Acary & Brogliato 2008, §13.3) by
//! construction; for such a well-conditioned `W` and μ ≤ 0.6 the solution is unique (a
//! second, different solution would show up as a recovery failure from the zero start, which
//! is checked to 1e-9 for nc up to 100). Where no solution is known, two different methods
//! (semismooth Newton and Gauss–Seidel with exact local solves) must land on the same `r`.

use mb_testsupport::cone_instances::{State, manufactured, max_abs_difference, random_q};
use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver, ContactStatus};

/// Tolerance 1e-12: near a solution the error in `r` is about `‖W⁻¹‖ (1 + ‖q‖)` times the
/// normalised residual (`‖W⁻¹‖ ≤ 1` here, `‖q‖ ≲ 30` for nc = 100), so 1e-12 leaves the 1e-9
/// recovery bound a margin of more than an order of magnitude.
fn options(method: ConeMethod) -> ConeOptions {
    ConeOptions {
        tolerance: 1e-12,
        max_iterations: 5000,
        ..ConeOptions::with_method(method)
    }
}

#[test]
fn both_methods_recover_manufactured_solutions() {
    let mut solver = ConeSolver::with_capacity(100);
    let mut worst = 0.0_f64;
    for (seed, nc) in [
        (1, 1),
        (2, 2),
        (3, 4),
        (4, 8),
        (5, 16),
        (6, 32),
        (7, 50),
        (8, 100),
    ] {
        for trial in 0..3 {
            let inst = manufactured(1000 * seed + trial, nc, 0.6);
            let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
            for method in [
                ConeMethod::Newton,
                ConeMethod::GaussSeidel,
                ConeMethod::Auto,
            ] {
                let (mut r, mut u) = (vec![0.0; 3 * nc], vec![0.0; 3 * nc]);
                let report = solver
                    .solve(&problem, &mut r, &mut u, &options(method))
                    .unwrap_or_else(|e| panic!("nc = {nc}, trial {trial}, {method:?}: {e}"));
                let err = max_abs_difference(&r, &inst.r);
                worst = worst.max(err);
                assert!(
                    err <= 1e-9,
                    "nc = {nc}, trial {trial}, {method:?}: |r − r*| = {err:e}"
                );
                assert!(max_abs_difference(&u, &inst.u) <= 1e-8);
                for (i, (&state, &status)) in inst.states.iter().zip(solver.statuses()).enumerate()
                {
                    let expected = match state {
                        State::Open => ContactStatus::Open,
                        State::Stick => ContactStatus::Stick,
                        // Sliding without friction has r_T = 0 but u_T ≠ 0: still slip.
                        State::Slip => ContactStatus::Slip,
                    };
                    assert_eq!(status, expected, "nc = {nc}, contact {i}, {method:?}");
                }
                assert_eq!(report.open + report.stick + report.slip, nc);
            }
        }
    }
    println!("largest |r − r*| over all problems: {worst:e}");
}

#[test]
fn newton_and_gauss_seidel_agree_on_random_problems() {
    let mut solver = ConeSolver::with_capacity(60);
    for seed in 0..20u64 {
        let nc = 1 + (seed as usize * 7) % 60;
        let inst = random_q(0xa9ee + seed, nc, 0.6);
        let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
        let mut results = Vec::new();
        for method in [ConeMethod::Newton, ConeMethod::GaussSeidel] {
            let (mut r, mut u) = (vec![0.0; 3 * nc], vec![0.0; 3 * nc]);
            solver
                .solve(&problem, &mut r, &mut u, &options(method))
                .unwrap_or_else(|e| panic!("seed {seed}, nc = {nc}, {method:?}: {e}"));
            results.push(r);
        }
        let scale = results[0].iter().fold(1.0_f64, |m, x| m.max(x.abs()));
        let diff = max_abs_difference(&results[0], &results[1]);
        assert!(
            diff <= 1e-9 * scale,
            "seed {seed}, nc = {nc}: methods differ by {diff:e}"
        );
    }
}

#[test]
fn warm_start_from_the_solution_needs_no_iteration() {
    let inst = manufactured(77, 20, 0.5);
    let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
    let mut solver = ConeSolver::with_capacity(20);
    for method in [
        ConeMethod::Newton,
        ConeMethod::GaussSeidel,
        ConeMethod::Auto,
    ] {
        let (mut r, mut u) = (inst.r.clone(), vec![0.0; 60]);
        let report = solver
            .solve(&problem, &mut r, &mut u, &ConeOptions::with_method(method))
            .unwrap();
        assert_eq!(report.iterations, 0, "{method:?}");
        assert_eq!(r, inst.r);
    }
}

#[test]
fn over_relaxed_gauss_seidel_recovers_the_solution() {
    let inst = manufactured(4242, 30, 0.5);
    let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
    let mut solver = ConeSolver::with_capacity(30);
    for relaxation in [0.7, 1.0, 1.3] {
        let (mut r, mut u) = (vec![0.0; 90], vec![0.0; 90]);
        let opts = ConeOptions {
            relaxation,
            ..options(ConeMethod::GaussSeidel)
        };
        solver.solve(&problem, &mut r, &mut u, &opts).unwrap();
        let err = max_abs_difference(&r, &inst.r);
        assert!(err <= 1e-9, "ω = {relaxation}: {err:e}");
    }
}

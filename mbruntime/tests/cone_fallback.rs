//! `ConeMethod::Auto` solves problems on which semismooth Newton alone stalls.
//!
//! Invariant: whatever path the solver takes, a returned solution is certified — its
//! normalised natural-map residual `‖r − proj_K(r − ũ)‖/(1 + ‖q‖)` (Acary & Brogliato 2008,
//! §13.3), re-evaluated here from the data by `ConeProblem::residual`, is below the tolerance.
//! On rank-deficient Delassus matrices `W = H M⁻¹ Hᵀ` (f < 3 nc degrees of freedom) with large
//! friction coefficients the Alart–Curnier Newton iteration can stall (its line search fails or
//! the residual stops decreasing); the fallback runs Gauss–Seidel sweeps and then returns to
//! Newton from their iterate. The instances below are seeded ones on which Newton alone fails:
//! Auto must succeed, use both methods, and its answer must pass the independent re-evaluation.

use mb_testsupport::cone_instances::dynamics;
use mbruntime::cone::{ConeError, ConeMethod, ConeOptions, ConeProblem, ConeSolver};

#[test]
fn auto_recovers_where_newton_stalls() {
    let mut solver = ConeSolver::with_capacity(20);
    // (seed, nc, f, μ_max): Newton alone stalls on each.
    for (seed, nc, f, mu_max) in [
        (3, 5, 7, 1.5),
        (84, 6, 9, 1.5),
        (186, 8, 12, 3.0),
        (78, 20, 30, 3.0),
    ] {
        let inst = dynamics(seed, nc, f, mu_max);
        let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
        let m = 3 * nc;
        let opts = |method| ConeOptions {
            max_iterations: 3000,
            ..ConeOptions::with_method(method)
        };
        let (mut r, mut u) = (vec![0.0; m], vec![0.0; m]);
        let newton = solver.solve(&problem, &mut r, &mut u, &opts(ConeMethod::Newton));
        assert!(
            matches!(newton, Err(ConeError::NotConverged { .. })),
            "seed {seed}: Newton alone was expected to stall: {newton:?}"
        );
        r.fill(0.0);
        let report = solver
            .solve(&problem, &mut r, &mut u, &opts(ConeMethod::Auto))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            report.newton_iterations > 0 && report.gauss_seidel_sweeps > 0,
            "{report:?}"
        );
        let mut u_check = vec![0.0; m];
        let res = problem.residual(&r, &mut u_check).unwrap();
        assert!(
            res.value <= opts(ConeMethod::Auto).tolerance,
            "seed {seed}: {res:?}"
        );
        assert_eq!(res.value, report.residual);
    }
}

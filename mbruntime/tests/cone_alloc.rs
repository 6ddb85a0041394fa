//! `ConeSolver::solve` and `PyramidSolver::solve` perform no heap allocation once built.
//!
//! Invariant (from the module contract of `mbruntime::cone`, required for per-step use in the
//! time-stepping integrators): a counting global allocator observes zero allocations across
//! many solves after `with_capacity` — every method, problem sizes up to the capacity,
//! converged solves, exhausted budgets, refused input and the certificate evaluation.

use mb_testsupport::cone_instances::{manufactured, random_q};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver, PyramidSolver};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn solve_does_not_allocate() {
    const CAPACITY: usize = 40;
    // All problem data first (this allocates; the counter is read afterwards).
    let mut problems = Vec::new();
    for (seed, nc) in [(1, 1), (2, 3), (3, 10), (4, 25), (5, 40)] {
        problems.push(manufactured(seed, nc, 0.6));
        problems.push(random_q(seed, nc, 0.6));
    }
    let mut solver = ConeSolver::with_capacity(CAPACITY);
    let mut pyramid = PyramidSolver::with_capacity(10, 4).unwrap();
    let (mut r, mut u) = (vec![0.0; 3 * CAPACITY + 1], vec![0.0; 3 * CAPACITY]);
    let mut outcomes = [0usize; 3];
    let before = allocations_on_this_thread();
    for inst in &problems {
        let m = 3 * inst.contacts;
        let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
        for method in [
            ConeMethod::Newton,
            ConeMethod::GaussSeidel,
            ConeMethod::Auto,
        ] {
            for max_iterations in [1, 1000] {
                for relaxation in [1.0, 1.2] {
                    r[..m].fill(0.0);
                    let opts = ConeOptions {
                        method,
                        max_iterations,
                        relaxation,
                        ..ConeOptions::default()
                    };
                    match solver.solve(&problem, &mut r[..m], &mut u[..m], &opts) {
                        Ok(_) => outcomes[0] += 1,
                        Err(_) => outcomes[1] += 1,
                    }
                }
            }
        }
        let _ = problem.residual(&r[..m], &mut u[..m]);
        // Refused input: wrong slice length.
        if solver
            .solve(
                &problem,
                &mut r[..m + 1],
                &mut u[..m],
                &ConeOptions::default(),
            )
            .is_err()
        {
            outcomes[2] += 1;
        }
        if inst.contacts <= 10 {
            pyramid
                .solve(&problem, &mut r[..m], &mut u[..m])
                .expect("pyramid LCP");
        }
    }
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "a cone solve allocated");
    // Both converged and budget-exhausted solves were exercised.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    assert_eq!(outcomes[2], problems.len());
}

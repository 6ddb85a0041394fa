//! The certificate rejects what is not a solution, and bad input gives typed errors.
//!
//! Invariant: the normalised natural-map residual `‖r − proj_K(r − ũ)‖ / (1 + ‖q‖)` vanishes
//! exactly at solutions of the cone complementarity problem (Acary & Brogliato 2008, §13.3;
//! the error of Siconos' `fc3d_compute_error`), so a solution moved off by δ in one component
//! has a residual of order δ and is rejected, with the moved contact named as the worst one.
//! Every refusal is a typed error naming the offending slice, entry and contact; an exhausted
//! budget reports the residual actually reached (equal to the certificate of the iterate left
//! in `r`); nothing returned is NaN.

use mb_testsupport::cone_instances::{manufactured, random_q};
use mbruntime::cone::{
    ConeError, ConeMethod, ConeOptions, ConeProblem, ConeSlice, ConeSolver, PyramidSolver,
};

#[test]
fn certificate_rejects_a_perturbed_solution() {
    let inst = manufactured(31, 12, 0.5);
    let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
    let mut u = vec![0.0; 36];
    let exact = problem.residual(&inst.r, &mut u).unwrap();
    assert!(exact.value <= 1e-14, "{exact:?}");
    for (k, delta) in [(0, 1e-6), (7, -1e-6), (20, 1e-4), (35, 1e-8)] {
        let mut r = inst.r.clone();
        r[k] += delta;
        let res = problem.residual(&r, &mut u).unwrap();
        assert!(
            res.value > ConeOptions::default().tolerance,
            "k = {k}: {res:?}"
        );
        // The residual is Lipschitz in r: at most (1 + ‖W‖_F-ish) δ, and at least a fraction.
        assert!(res.value >= 1e-3 * delta.abs() / (1.0 + problem.free_velocity_norm()));
        assert_eq!(res.worst_contact, k / 3, "k = {k}");
    }
    // A non-finite candidate is rejected with an infinite residual, not NaN.
    let mut r = inst.r.clone();
    r[4] = f64::NAN;
    let res = problem.residual(&r, &mut u).unwrap();
    assert_eq!(res.value, f64::INFINITY);
}

#[test]
fn bad_data_give_typed_errors() {
    let inst = random_q(5, 3, 0.5);
    let (w, q, mu) = (&inst.w, &inst.q, &inst.mu);
    assert!(ConeProblem::new(w, q, mu).is_ok());

    let mut bad = w.clone();
    bad[2 + 7 * 9] = f64::NAN; // row 2 (contact 0), column 7
    let e = ConeProblem::new(&bad, q, mu).unwrap_err();
    assert!(
        matches!(e, ConeError::NonFinite {
            what: ConeSlice::Delassus,
            index,
            contact: 0,
            value
        } if index == 2 + 7 * 9 && value.is_nan()),
        "{e:?}"
    );
    assert!(e.to_string().contains("is NaN"), "{e}");
    let mut bad = q.clone();
    bad[5] = f64::INFINITY;
    assert_eq!(
        ConeProblem::new(w, &bad, mu).unwrap_err(),
        ConeError::NonFinite {
            what: ConeSlice::FreeVelocity,
            index: 5,
            contact: 1,
            value: f64::INFINITY
        }
    );
    let bad = [0.3, -0.1, 0.2];
    assert_eq!(
        ConeProblem::new(w, q, &bad).unwrap_err(),
        ConeError::NegativeFriction {
            contact: 1,
            mu: -0.1
        }
    );
    let bad = [0.3, 0.1, f64::NAN];
    assert!(matches!(
        ConeProblem::new(w, q, &bad).unwrap_err(),
        ConeError::NonFinite {
            what: ConeSlice::Friction,
            contact: 2,
            ..
        }
    ));
    assert_eq!(
        ConeProblem::new(w, &q[..8], mu).unwrap_err(),
        ConeError::Dimension {
            what: ConeSlice::FreeVelocity,
            expected: 9,
            got: 8
        }
    );
    assert_eq!(
        ConeProblem::new(&w[..80], q, mu).unwrap_err(),
        ConeError::Dimension {
            what: ConeSlice::Delassus,
            expected: 81,
            got: 80
        }
    );
    let mut bad = w.clone();
    bad[4 + 4 * 9] = -1e-3; // diagonal of contact 1, first tangent
    assert_eq!(
        ConeProblem::new(&bad, q, mu).unwrap_err(),
        ConeError::NegativeDiagonal {
            contact: 1,
            component: 1,
            value: -1e-3
        }
    );
    // Messages say what is wrong.
    let msg = ConeError::NegativeFriction {
        contact: 1,
        mu: -0.1,
    }
    .to_string();
    assert!(msg.contains("contact 1") && msg.contains("≥ 0"), "{msg}");
}

#[test]
fn solve_refuses_bad_slices_options_and_capacity() {
    let inst = random_q(6, 4, 0.5);
    let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
    let mut small = ConeSolver::with_capacity(3);
    let (mut r, mut u) = (vec![0.0; 12], vec![0.0; 12]);
    let opts = ConeOptions::default();
    assert_eq!(
        small.solve(&problem, &mut r, &mut u, &opts).unwrap_err(),
        ConeError::CapacityExceeded {
            contacts: 4,
            capacity: 3
        }
    );
    let mut solver = ConeSolver::with_capacity(4);
    assert_eq!(
        solver
            .solve(&problem, &mut r[..11], &mut u, &opts)
            .unwrap_err(),
        ConeError::Dimension {
            what: ConeSlice::Reaction,
            expected: 12,
            got: 11
        }
    );
    let mut long_u = vec![0.0; 13];
    assert!(matches!(
        solver.solve(&problem, &mut r, &mut long_u, &opts),
        Err(ConeError::Dimension {
            what: ConeSlice::Velocity,
            ..
        })
    ));
    r[10] = f64::NEG_INFINITY;
    assert_eq!(
        solver.solve(&problem, &mut r, &mut u, &opts).unwrap_err(),
        ConeError::NonFinite {
            what: ConeSlice::Reaction,
            index: 10,
            contact: 3,
            value: f64::NEG_INFINITY
        }
    );
    r[10] = 0.0;
    for (bad, name) in [
        (
            ConeOptions {
                tolerance: 0.0,
                ..opts
            },
            "tolerance",
        ),
        (
            ConeOptions {
                tolerance: f64::NAN,
                ..opts
            },
            "tolerance",
        ),
        (
            ConeOptions {
                max_iterations: 0,
                ..opts
            },
            "max_iterations",
        ),
        (
            ConeOptions {
                relaxation: 2.0,
                ..opts
            },
            "relaxation",
        ),
    ] {
        match solver.solve(&problem, &mut r, &mut u, &bad) {
            Err(ConeError::InvalidOption { option, .. }) => assert_eq!(option, name),
            other => panic!("{name}: {other:?}"),
        }
    }
    assert_eq!(
        PyramidSolver::with_capacity(2, 2).unwrap_err(),
        ConeError::TooFewFacets { facets: 2 }
    );
}

#[test]
fn one_iteration_budget_reports_the_residual_reached() {
    let inst = random_q(8, 30, 0.6);
    let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).unwrap();
    let mut solver = ConeSolver::with_capacity(30);
    for method in [
        ConeMethod::Newton,
        ConeMethod::GaussSeidel,
        ConeMethod::Auto,
    ] {
        let (mut r, mut u) = (vec![0.0; 90], vec![0.0; 90]);
        let opts = ConeOptions {
            max_iterations: 1,
            ..ConeOptions::with_method(method)
        };
        match solver.solve(&problem, &mut r, &mut u, &opts) {
            Err(ConeError::NotConverged {
                method: m,
                residual,
                worst_contact,
                iterations,
            }) => {
                assert_eq!(m, method);
                assert_eq!(iterations, 1, "{method:?}");
                assert!(
                    residual.is_finite() && residual > opts.tolerance,
                    "{residual}"
                );
                // The reported residual is the certificate of the iterate left in r.
                let mut u2 = vec![0.0; 90];
                let res = problem.residual(&r, &mut u2).unwrap();
                assert_eq!(res.value, residual);
                assert_eq!(res.worst_contact, worst_contact);
                assert_eq!(u, u2);
            }
            other => panic!("{method:?}: {other:?}"),
        }
    }
}

#[test]
fn overflowing_iterates_are_a_typed_error() {
    // W_NN = 1e-300 and q_N = −1e10: the normal reaction −q_N / W_NN overflows.
    let w = [1e-300, 0.0, 0.0, 0.0, 1e-300, 0.0, 0.0, 0.0, 1e-300];
    let q = [-1e10, 0.0, 0.0];
    let mu = [0.5];
    let problem = ConeProblem::new(&w, &q, &mu).unwrap();
    let mut solver = ConeSolver::with_capacity(1);
    for method in [
        ConeMethod::Newton,
        ConeMethod::GaussSeidel,
        ConeMethod::Auto,
    ] {
        let (mut r, mut u) = ([0.0; 3], [0.0; 3]);
        match solver.solve(&problem, &mut r, &mut u, &ConeOptions::with_method(method)) {
            Err(ConeError::NonFiniteIterate { method: m, .. }) => assert_eq!(m, method),
            Err(ConeError::NotConverged { residual, .. }) => {
                // Newton refuses the non-finite step and keeps a finite iterate.
                assert!(residual.is_finite());
                assert!(r.iter().all(|x| x.is_finite()));
            }
            other => panic!("{method:?}: {other:?}"),
        }
    }
    let (mut r, mut u) = ([0.0; 3], [0.0; 3]);
    let gs = ConeOptions::with_method(ConeMethod::GaussSeidel);
    assert!(matches!(
        solver.solve(&problem, &mut r, &mut u, &gs),
        Err(ConeError::NonFiniteIterate { .. })
    ));
}

//! Schulz & Pellegrino (2000), "Equilibrium paths of mechanical systems with unilateral
//! constraints I. Theory", Sect. 3, Fig. 1: a positive semidefinite potential with two weakly
//! active constraints, where the reduced Hessian H_+ is singular and the path LCP (4.1) cannot be
//! formed.
//!
//! Model: `mb_testsupport::models::TwoStopValley`, U = ½k(x + y)² − p(x + βy) with the stops
//! x ≥ 0, y ≥ 0 (closed forms in its docs, derived by hand over the four active sets). At p = 0
//! the origin is the only feasible equilibrium, both stops weakly active, stable on the cone of
//! admissible directions (3.19)–(3.20) (Fig. 1a) although H_+ = k[[1, 1], [1, 1]] is singular.
//! * β = 1 (Fig. 1b): for p > 0 every point of the segment x + y = p/k, x, y ≥ 0, is an
//!   equilibrium, so the path derivative at the origin is not unique (the paper's (i)–(iii)):
//!   the tracer must not pick one; it reports a bifurcation point and stops.
//! * β = 2 (Fig. 1c): the path is unique — x = 0, y = 2p/k, λ_x = p (λ̇_x > 0) for p > 0, and
//!   the origin with λ = −p(1, β) ≥ 0 for p < 0 — so the origin is a regular change of contact
//!   state (one branch for each sign of ṗ) and the tracer follows the path; every traced point
//!   is compared with the closed form.

use mb_testsupport::models::TwoStopValley;
use mbruntime::Vector;
use mbruntime::analysis::{PathOptions, SpecialPointKind, Termination, trace_equilibrium_path};

fn options() -> PathOptions {
    PathOptions {
        parameter: 2,
        step: 0.05,
        parameter_range: (-1.0, 1.0),
        ..Default::default()
    }
}

#[test]
fn figure_1b_non_unique_path_derivative_is_reported_not_chosen() {
    let mut model = TwoStopValley {
        k: 2.0,
        beta: 1.0,
        p: 0.0,
    };
    let path = trace_equilibrium_path(&mut model, &Vector::<2>::zeros(), &options()).unwrap();
    assert_eq!(path.termination, Termination::SingularWeaklyActive);
    assert_eq!(path.special_points.len(), 1);
    assert_eq!(
        path.special_points[0].kind,
        SpecialPointKind::BifurcationPoint
    );
    let origin = &path.points[0];
    assert_eq!(
        origin.stable_on_cone,
        Some(true),
        "Fig. 1a: stable on the admissible cone"
    );
}

#[test]
fn figure_1c_unique_path_derivative_is_followed() {
    for (k, beta) in [(2.0, 2.0), (0.7, 1.5), (3.0, 4.0)] {
        let mut model = TwoStopValley { k, beta, p: 0.0 };
        let path = trace_equilibrium_path(&mut model, &Vector::<2>::zeros(), &options()).unwrap();
        assert_eq!(
            path.termination,
            Termination::ParameterRange,
            "k = {k}, β = {beta}"
        );
        let start = &path.special_points[0];
        assert_eq!(start.kind, SpecialPointKind::ContactChange);
        assert_eq!(start.branches, Some((1, 1)));
        assert!(path.points.len() > 10);
        let reached = path
            .points
            .iter()
            .map(|pt| pt.p)
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(reached >= 1.0 - 1e-9, "traced to p = {reached}");
        for pt in &path.points {
            let (p, q, lambda) = (pt.p, pt.q, pt.contact_multipliers);
            let scale = 1.0 + p.abs() * beta / k;
            if p > 1e-12 {
                assert!(q[0].abs() <= 1e-9 * scale && (q[1] - beta * p / k).abs() <= 1e-9 * scale);
                assert!(
                    (lambda[0] - (beta - 1.0) * p).abs() <= 1e-9 * scale && lambda[1].abs() <= 1e-9
                );
            } else {
                assert!(q.amax() <= 1e-9 * scale);
            }
        }
    }
}

//! Bad input to the time-stepping integrators gives typed errors with messages, never a panic
//! or a silent NaN (runtime contract; Glocker & Studer 2005, (17) needs M(q) ≻ 0, a finite state,
//! Δt > 0, an admissible initial configuration g_N(q₀) ≥ 0 and a solvable LCP (33)).
//!
//! Every error is provoked on a hand-written one-degree-of-freedom model (a point of mass m
//! above a floor y = 0 that may move with velocity `floor_speed`, so ŵ_N = −floor_speed), and
//! its message is checked to name the offending quantity and value.

use mbruntime::lcp::LcpError;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};

use mb_testsupport::models::PointOnFloor as Point;
use mbruntime::Vector;

fn stepper(
    model: Point,
    y0: f64,
    v0: f64,
) -> Result<TimeStepper<Point, 1, 0, 1>, TimeSteppingError> {
    TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        Vector::<1>::new(y0),
        Vector::<1>::new(v0),
    )
}

#[test]
fn initial_penetration_beyond_tolerance_is_rejected() {
    let err = stepper(Point::default(), -1e-3, 0.0)
        .err()
        .expect("must fail");
    assert!(
        matches!(err, TimeSteppingError::InitialPenetration { contact: "floor", gap, .. } if gap == -1e-3)
    );
    let msg = err.to_string();
    assert!(msg.contains("floor") && msg.contains("-1e-3"), "{msg}");
    // Within the tolerance the state is accepted.
    assert!(stepper(Point::default(), -1e-6, 0.0).is_ok());
}

#[test]
fn non_positive_definite_mass_matrix_is_reported() {
    let model = Point {
        m: -2.0,
        ..Point::default()
    };
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let mut ts = TimeStepper::new(
            model,
            scheme,
            Settings::default(),
            0.0,
            Vector::<1>::new(1.0),
            Vector::<1>::zeros(),
        )
        .unwrap();
        let err = ts.step(1e-3).expect_err("must fail");
        assert!(
            matches!(err, TimeSteppingError::MassMatrixNotPositiveDefinite { smallest_eigenvalue, .. } if smallest_eigenvalue == -2.0)
        );
        assert!(err.to_string().contains("not positive definite"), "{err}");
        assert_eq!(ts.q()[0], 1.0, "state unchanged after an error");
    }
}

#[test]
fn non_finite_parameter_is_rejected() {
    let err = stepper(
        Point {
            g: f64::NAN,
            ..Point::default()
        },
        1.0,
        0.0,
    )
    .err()
    .expect("must fail");
    assert!(matches!(
        err,
        TimeSteppingError::NonFiniteParameter { name: "g", .. }
    ));
    assert!(err.to_string().contains("`g`"), "{err}");
}

#[test]
fn non_finite_state_is_rejected() {
    let err = stepper(Point::default(), 1.0, f64::INFINITY)
        .err()
        .expect("must fail");
    assert!(matches!(
        err,
        TimeSteppingError::NonFiniteState {
            what: "u",
            index: 0,
            ..
        }
    ));
    assert!(err.to_string().contains("u[0]"), "{err}");
}

#[test]
fn non_positive_or_non_finite_step_is_rejected() {
    let mut ts = stepper(Point::default(), 1.0, 0.0).unwrap();
    for h in [0.0, -1e-3, f64::NAN, f64::INFINITY] {
        let err = ts.step(h).expect_err("must fail");
        assert!(matches!(err, TimeSteppingError::InvalidStep { .. }));
        assert!(err.to_string().contains("time step"), "{err}");
        assert!(matches!(
            ts.run(h, 1.0, |_| {}),
            Err(TimeSteppingError::InvalidStep { .. })
        ));
    }
}

#[test]
fn theta_outside_half_to_one_is_rejected() {
    for theta in [0.49, 1.01, f64::NAN] {
        let err = TimeStepper::new(
            Point::default(),
            Scheme::MoreauJean { theta },
            Settings::default(),
            0.0,
            Vector::<1>::new(1.0),
            Vector::<1>::zeros(),
        )
        .err()
        .expect("must fail");
        assert!(matches!(err, TimeSteppingError::InvalidTheta { .. }));
        assert!(err.to_string().contains("θ"), "{err}");
    }
}

/// A closed contact whose normal direction vanishes (W_N = 0) while the floor moves up into
/// the point (ŵ_N < 0): ξ_N = ŵ_N(1 + ε_N) < 0 whatever Λ_N, so the LCP (33) has no solution.
#[test]
fn infeasible_contact_lcp_is_a_wrapped_lcp_error() {
    let model = Point {
        w_n: 0.0,
        floor_speed: 1.0,
        ..Point::default()
    };
    let mut ts = stepper(model, 0.0, 0.0).unwrap();
    let err = ts.step(1e-3).expect_err("must fail");
    assert!(
        matches!(
            err,
            TimeSteppingError::Lcp {
                size: 1,
                source: LcpError::RayTermination { .. },
                ..
            }
        ),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("contact LCP of size 1") && msg.contains("ray termination"),
        "{msg}"
    );
}

#[test]
fn moreau_jean_without_jacobians_is_refused() {
    let err = TimeStepper::without_jacobians(
        Point::default(),
        Scheme::MoreauJean { theta: 0.5 },
        Settings::default(),
        0.0,
        Vector::<1>::new(1.0),
        Vector::<1>::zeros(),
    )
    .err()
    .expect("must fail");
    assert!(matches!(
        err,
        TimeSteppingError::SchemeNeedsJacobians {
            model: "PointOnFloor"
        }
    ));
    assert!(err.to_string().contains("Jacobians"), "{err}");
    // The midpoint rule needs no Jacobians.
    assert!(
        TimeStepper::without_jacobians(
            Point::default(),
            Scheme::MoreauMidpoint,
            Settings::default(),
            0.0,
            Vector::<1>::new(1.0),
            Vector::<1>::zeros(),
        )
        .is_ok()
    );
}

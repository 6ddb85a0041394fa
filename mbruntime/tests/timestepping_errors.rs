//! Bad input to the time-stepping integrators gives typed errors with messages, never a panic
//! or a silent NaN (runtime contract; Glocker & Studer 2005, (17) needs M(q) ≻ 0, a finite state,
//! Δt > 0, an admissible initial configuration g_N(q₀) ≥ 0 and a solvable LCP (33)).
//!
//! Every error is provoked on a hand-written one-degree-of-freedom model (a point of mass m
//! above a floor y = 0 that may move with velocity `floor_speed`, so ŵ_N = −floor_speed), and
//! its message is checked to name the offending quantity and value.

use mbruntime::lcp::LcpError;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Constraints, ContactLaw, Dynamics, Jacobians, Matrix, Vector};

#[derive(Clone, Copy)]
struct Point {
    m: f64,
    g: f64,
    /// Normal direction scale of the contact (0 makes the contact insensitive to q).
    w_n: f64,
    floor_speed: f64,
}

impl Default for Point {
    fn default() -> Self {
        Self {
            m: 1.0,
            g: 9.81,
            w_n: 1.0,
            floor_speed: 0.0,
        }
    }
}

impl Dynamics<1> for Point {
    const NAME: &'static str = "Point";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 1] = ["y"];
    const RHEONOMIC: bool = true;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["m", "g", "w_n", "floor_speed"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        [self.m, self.g, self.w_n, self.floor_speed].get(k).copied()
    }
    fn kinetic_energy(&self, _: &Vector<1>, u: &Vector<1>, _: f64) -> f64 {
        0.5 * self.m * u[0] * u[0]
    }
    fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 {
        self.m * self.g * q[0]
    }
    fn mass_matrix(&self, _: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) {
        m[0] = self.m;
    }
    fn forces(&self, _: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) {
        h[0] = -self.m * self.g;
    }
    fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) {
        c.fill(0.0);
    }
}

impl Constraints<1, 0, 1> for Point {
    const BILATERAL: [&'static str; 0] = [];
    const CONTACTS: [&'static str; 1] = ["floor"];
    fn bilateral(&self, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
    fn bilateral_jacobian(&self, _: &Vector<1>, _: f64, _: &mut Matrix<1, 0>, _: &mut Vector<0>) {}
    fn bilateral_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
    fn gaps(&self, q: &Vector<1>, t: f64, g: &mut Vector<1>) {
        g[0] = self.w_n * q[0] - self.floor_speed * t;
    }
    fn gap_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w[0] = self.w_n;
        p[0] = -self.floor_speed;
    }
    fn gap_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [ContactLaw {
            normal_restitution: 0.5,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }]
    }
}

/// Exact Jacobians: h is constant in (q, u, t), so only its parameter derivatives are nonzero.
impl Jacobians<1, 0, 1> for Point {
    fn force_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        a: &mut Matrix<1, 1>,
        b: &mut Matrix<1, 1>,
    ) {
        a.fill(0.0);
        b.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<1>, _: f64, _: &Vector<1>, o: &mut Matrix<1, 1>) {
        o.fill(0.0);
    }
    fn force_parameter_derivative(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        k: usize,
        o: &mut Vector<1>,
    ) -> bool {
        // h = −m g.
        match k {
            0 => o[0] = -self.g,
            1 => o[0] = -self.m,
            2 | 3 => o[0] = 0.0,
            _ => return false,
        }
        true
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<1>,
        _: f64,
        a: &Vector<1>,
        k: usize,
        o: &mut Vector<1>,
    ) -> bool {
        // M a = m a.
        match k {
            0 => o[0] = a[0],
            1..=3 => o[0] = 0.0,
            _ => return false,
        }
        true
    }
    fn parameter_enters_constraints(&self, k: usize) -> bool {
        k == 2 || k == 3
    }
    fn bilateral_drift_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        _: &mut Matrix<0, 1>,
        _: &mut Matrix<0, 1>,
    ) {
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        a: &mut Matrix<1, 1>,
        b: &mut Matrix<1, 1>,
    ) {
        a.fill(0.0);
        b.fill(0.0);
    }
}

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
        TimeSteppingError::SchemeNeedsJacobians { model: "Point" }
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

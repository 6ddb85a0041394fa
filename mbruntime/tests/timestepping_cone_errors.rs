//! Failures around spatial friction are typed errors, never a panic or a silent NaN.
//!
//! Invariants (runtime contract: every returned solution certified, failures typed): (1) a
//! cone problem that the solver cannot certify within its budget gives
//! `FrictionConeNotConverged` naming the contact and the residual reached, and leaves the state
//! unchanged; the same step with the default budget is certified. The budget here is one
//! iteration for an oblique slip of a block whose lateral motion drives a flywheel: its
//! tangential Delassus matrix is anisotropic, so the sliding direction at the end of the step
//! differs from that of the free velocity and one semismooth Newton step on the Alart–Curnier
//! function (nonlinear in that direction; Alart & Curnier 1991) does not reach it. (2) Out-of-range solver
//! options are refused at construction. (3) A non-finite second tangent W_T2 is reported as
//! such. (4) A sliding sign σ fixes the slip direction of planar friction only: the
//! sliding-friction analysis refuses it for a contact with a tangent plane with
//! `AnalysisError::SpatialFriction`, naming the constructor that takes a direction in the plane.

use mb_testsupport::models::Block;
use mbruntime::analysis::{AnalysisError, SlidingContactProblem};
use mbruntime::cone::ConeOptions;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

fn slope() -> Block {
    Block {
        m: 1.0,
        lateral_mass: 3.0,
        alpha: 25f64.to_radians(),
        mu: 0.3,
        e_n: 0.0,
        e_t: 0.0,
    }
}

fn budget(max_iterations: usize) -> Settings {
    Settings {
        friction_cone: ConeOptions {
            max_iterations,
            ..ConeOptions::default()
        },
        ..Settings::default()
    }
}

#[test]
fn an_uncertified_cone_problem_is_a_typed_error_and_leaves_the_state() {
    let model = slope();
    let q0 = -model.normal() * 1e-9;
    // Launched sideways across the slope: gravity turns the slip direction within the step.
    let u0 = model.lateral() * 0.05 + model.up_slope() * 0.01;
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let mut ts = TimeStepper::new(model, scheme, budget(1), 0.0, q0, u0).unwrap();
        let err = ts.step(1e-2).unwrap_err();
        let TimeSteppingError::FrictionConeNotConverged {
            t,
            contacts,
            contact,
            residual,
            iterations,
        } = err
        else {
            panic!("{scheme:?}: {err:?}");
        };
        assert_eq!((t, contacts, contact, iterations), (0.0, 1, "plane", 1));
        assert!(residual.is_finite() && residual > ConeOptions::default().tolerance);
        let msg = err.to_string();
        assert!(
            msg.contains("`plane`") && msg.contains("max_iterations"),
            "{msg}"
        );
        assert_eq!((ts.t(), *ts.q(), *ts.u()), (0.0, q0, u0), "state unchanged");
        assert_eq!(ts.last().step, 0);

        // The default budget certifies the same step.
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let r = ts.step(1e-2).unwrap();
        assert!(
            r.impulses.cone_iterations > 1 && r.u.iter().all(|x| x.is_finite()),
            "{r:?}"
        );
    }
}

#[test]
fn out_of_range_cone_options_are_refused() {
    let model = slope();
    let q0 = Vector::<3>::zeros();
    for (options, option) in [
        (
            ConeOptions {
                max_iterations: 0,
                ..ConeOptions::default()
            },
            "max_iterations",
        ),
        (
            ConeOptions {
                tolerance: f64::NAN,
                ..ConeOptions::default()
            },
            "tolerance",
        ),
        (
            ConeOptions {
                tolerance: 0.0,
                ..ConeOptions::default()
            },
            "tolerance",
        ),
        (
            ConeOptions {
                relaxation: 2.0,
                ..ConeOptions::default()
            },
            "relaxation",
        ),
    ] {
        let settings = Settings {
            friction_cone: options,
            ..Settings::default()
        };
        let err = TimeStepper::new(model, Scheme::MoreauMidpoint, settings, 0.0, q0, q0)
            .expect_err("refused");
        assert!(
            matches!(err, TimeSteppingError::InvalidFrictionConeSetting { option: o, .. } if o == option),
            "{err:?}"
        );
        assert!(
            err.to_string().contains(&format!("friction_cone.{option}")),
            "{err}"
        );
    }
}

/// A [`Block`] whose second tangent becomes NaN (a broken model).
#[derive(Clone, Copy)]
struct BrokenTangent(Block);

impl Dynamics<3> for BrokenTangent {
    const NAME: &'static str = "BrokenTangent";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, u: &Vector<3>, t: f64) -> f64 {
        self.0.kinetic_energy(q, u, t)
    }
    fn potential_energy(&self, q: &Vector<3>, t: f64) -> f64 {
        self.0.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<3>, t: f64, m: &mut Matrix<3, 3>) {
        self.0.mass_matrix(q, t, m)
    }
    fn forces(&self, q: &Vector<3>, u: &Vector<3>, t: f64, h: &mut Vector<3>) {
        self.0.forces(q, u, t, h)
    }
    fn coriolis(&self, q: &Vector<3>, u: &Vector<3>, t: f64, c: &mut Matrix<3, 3>) {
        self.0.coriolis(q, u, t, c)
    }
}

impl Constraints<3, 0, 1> for BrokenTangent {
    const BILATERAL: [&'static str; 0] = [];
    const CONTACTS: [&'static str; 1] = ["plane"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn bilateral(&self, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn bilateral_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn bilateral_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn gaps(&self, q: &Vector<3>, t: f64, g: &mut Vector<1>) {
        self.0.gaps(q, t, g)
    }
    fn gap_jacobian(&self, q: &Vector<3>, t: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        self.0.gap_jacobian(q, t, w, p)
    }
    fn gap_drift(&self, q: &Vector<3>, u: &Vector<3>, t: f64, d: &mut Vector<1>) {
        self.0.gap_drift(q, u, t, d)
    }
    fn slip_jacobian(&self, q: &Vector<3>, t: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        self.0.slip_jacobian(q, t, w, p)
    }
    fn slip_drift(&self, q: &Vector<3>, u: &Vector<3>, t: f64, d: &mut Vector<1>) {
        self.0.slip_drift(q, u, t, d)
    }
    fn second_slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.fill(f64::NAN);
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        self.0.contact_laws()
    }
}

#[test]
fn a_non_finite_second_tangent_is_reported() {
    let model = BrokenTangent(slope());
    let q0 = -slope().normal() * 1e-9;
    let mut ts = TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        Vector::zeros(),
    )
    .unwrap();
    let err = ts.step(1e-3).unwrap_err();
    assert!(
        matches!(
            err,
            TimeSteppingError::NonFiniteModelOutput {
                quantity: "W_T2",
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(*ts.q(), q0);
}

#[test]
fn the_sliding_friction_analysis_refuses_a_sign_for_a_tangent_plane() {
    let model = slope();
    let q = Vector::<3>::zeros();
    let err = SlidingContactProblem::with_directions(&model, &q, 0.0, &[(0, 1.0)]).unwrap_err();
    assert_eq!(err, AnalysisError::SpatialFriction { contact: 0 });
    assert!(err.to_string().contains("with_slip_directions"), "{err}");
}

//! Steady motions of the spherical pendulum (polar angle θ from the downward vertical,
//! azimuth φ cyclic; T = ½ m l² (θ̇² + sin²θ φ̇²), V = −m g l cos θ).
//!
//! Conical motion: θ = θ*, φ̇ = Ω with Ω² = g/(l cos θ*) (θ̈ = sinθ cosθ φ̇² − (g/l) sinθ = 0).
//! Small oscillations about it, derived here by Routh's reduction (independently of the
//! linearisation's Jacobian route): with the conserved p = m l² sin²θ φ̇ the reduced potential
//! V_R(θ) = −m g l cos θ + p²/(2 m l² sin²θ) has
//! V_R″ = m g l cos θ + (p²/(m l²)) (1 + 2cos²θ)/sin⁴θ, so at θ* (p² = m² l⁴ sin⁴θ* Ω²)
//! ω² = V_R″/(m l²) = (g/l) cos θ* + Ω² (1 + 2cos²θ*) = (g/l)(1 + 3cos²θ*)/cos θ*.
//! In the reduced state (δθ, δθ̇, δφ̇) the spectrum is {0, ±iω}: the zero eigenvalue is the
//! neighbouring steady motion, whose direction follows from differentiating Ω² = g/(l cos θ):
//! δφ̇/δθ = g sin θ*/(2 Ω l cos²θ*), δθ̇ = 0.
//!
//! At a generic (non-steady) state, A is checked against central differences of the closed-form
//! accelerations θ̈ = sinθ cosθ φ̇² − (g/l) sinθ, φ̈ = −2 cotθ θ̇ φ̇ (with φ̈ ≠ 0, which
//! exercises the ∂(M a)/∂q term of the mass-dependent M).

use mb_testsupport::derivative;
use mb_testsupport::models::{Pendulum, SphericalPendulum};
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationError as E, LinearisationOptions, OperatingPoint, Stability,
    StateComponent, SteadyMotion, SteadyMotionOptions,
};

fn conical(model: &SphericalPendulum, theta: f64) -> OperatingPoint<2> {
    let omega = (model.g / (model.l * theta.cos())).sqrt();
    OperatingPoint {
        q: Vector::<2>::new(theta, 0.4),
        qd: Vector::<2>::new(0.0, omega),
        t: 0.0,
    }
}

const CYCLIC_PHI: SteadyMotionOptions<'static> = SteadyMotionOptions {
    linearisation: LinearisationOptions {
        closed_contacts: &[],
        inputs: &[],
        independent: None,
        independent_speeds: None,
        constraint_tolerance: 1e-9,
    },
    cyclic: &[1],
    steady_tolerance: 1e-8,
};

#[test]
fn conical_pendulum_oscillates_at_the_routh_frequency() {
    let model = SphericalPendulum::default();
    for theta in [0.2_f64, 0.8, 1.3] {
        let op = conical(&model, theta);
        let steady = SteadyMotion::at(&model, &op, &CYCLIC_PHI).unwrap();
        assert_eq!(
            steady.state,
            vec![
                StateComponent::Position(0),
                StateComponent::Velocity(0),
                StateComponent::Velocity(1)
            ]
        );
        let c = theta.cos();
        let w2 = model.g / model.l * (1.0 + 3.0 * c * c) / c;
        let eig = steady.eigen().unwrap();
        assert_eq!(eig.stability, Stability::Marginal, "θ* = {theta}");
        let mut imaginary: Vec<f64> = eig.modes.iter().map(|m| m.value.im).collect();
        imaginary.sort_by(f64::total_cmp);
        let w = w2.sqrt();
        assert!(
            (imaginary[0] + w).abs() <= 1e-12 * w,
            "θ* = {theta}: {imaginary:?} vs ±{w}"
        );
        assert!(imaginary[1].abs() <= 1e-12 * w);
        assert!((imaginary[2] - w).abs() <= 1e-12 * w);
        for mode in &eig.modes {
            assert!(mode.value.re.abs() <= eig.tolerance);
            assert!(mode.residual <= 1e-13);
        }
        // The zero mode is the neighbouring conical motion.
        let zero = eig
            .modes
            .iter()
            .min_by(|a, b| a.value.norm().total_cmp(&b.value.norm()))
            .unwrap();
        let omega = op.qd[1];
        let slope = model.g * theta.sin() / (2.0 * omega * model.l * c * c);
        let v = &zero.vector;
        assert!(v[1].norm() <= 1e-12);
        assert!(
            (v[2] / v[0] - slope).norm() <= 1e-10 * slope,
            "θ* = {theta}"
        );
    }
}

#[test]
fn full_linearisation_of_the_steady_motion_has_a_vanishing_cyclic_column() {
    let model = SphericalPendulum::default();
    let steady = SteadyMotion::at(&model, &conical(&model, 0.6), &CYCLIC_PHI).unwrap();
    let lin = &steady.linearisation;
    assert_eq!(lin.a.shape(), (4, 4));
    assert_eq!(lin.a.column(1).amax(), 0.0);
    assert!(lin.residual() <= 1e-14);
    // The reduced A is the full one without the δφ row and column.
    let keep = [0, 2, 3];
    assert_eq!(steady.a, lin.a.select_rows(&keep).select_columns(&keep));
}

#[test]
fn steady_motion_checks_are_typed_errors() {
    let model = SphericalPendulum::default();
    let op = conical(&model, 0.7);
    // θ is not cyclic.
    let theta_cyclic = SteadyMotionOptions {
        cyclic: &[0, 1],
        ..CYCLIC_PHI
    };
    match SteadyMotion::at(&model, &op, &theta_cyclic) {
        Err(E::NotCyclic {
            coordinate: "theta",
            index: 0,
            column_norm,
            threshold,
        }) => {
            assert!(column_norm > threshold);
        }
        other => panic!("{other:?}"),
    }
    // Wrong precession rate: θ̈ = sinθ cosθ φ̇² − (g/l) sinθ ≠ 0.
    let fast = OperatingPoint {
        qd: op.qd * 1.1,
        ..op
    };
    let (s, c) = op.q[0].sin_cos();
    let expected = (s * c * fast.qd[1].powi(2) - model.g / model.l * s).abs();
    match SteadyMotion::at(&model, &fast, &CYCLIC_PHI) {
        Err(E::NotSteady {
            residual,
            tolerance,
        }) => {
            assert!((residual - expected).abs() <= 1e-12 * expected && tolerance == 1e-8);
        }
        other => panic!("{other:?}"),
    }
    // A cyclic coordinate left out of the user's independent coordinates.
    let only_theta = SteadyMotionOptions {
        linearisation: LinearisationOptions {
            independent: Some(&[0]),
            ..CYCLIC_PHI.linearisation
        },
        ..CYCLIC_PHI
    };
    assert_eq!(
        SteadyMotion::at(&model, &op, &only_theta),
        Err(E::CyclicNotIndependent {
            coordinate: "phi",
            index: 1
        })
    );
    // A pendulum passing the bottom has θ̈ = 0 but moves: not steady without a cyclic coordinate.
    let pendulum = Pendulum::default();
    let passing = OperatingPoint {
        q: Vector::<1>::zeros(),
        qd: Vector::<1>::new(0.5),
        t: 0.0,
    };
    let no_cyclic = SteadyMotionOptions::default();
    assert_eq!(
        SteadyMotion::at(&pendulum, &passing, &no_cyclic),
        Err(E::NonCyclicMoving {
            coordinate: "theta",
            index: 0,
            velocity: 0.5,
            tolerance: 1e-8
        })
    );
}

/// (θ̈, φ̈) of the spherical pendulum in closed form.
fn accelerations(model: &SphericalPendulum, x: &[f64; 4]) -> [f64; 2] {
    let (s, c) = x[0].sin_cos();
    [
        s * c * x[3] * x[3] - model.g / model.l * s,
        -2.0 * c / s * x[2] * x[3],
    ]
}

#[test]
fn generic_state_matches_the_jacobian_of_the_closed_form_accelerations() {
    let model = SphericalPendulum::default();
    let x0 = [0.7, 0.3, 0.4, 1.9];
    let op = OperatingPoint {
        q: Vector::<2>::new(x0[0], x0[1]),
        qd: Vector::<2>::new(x0[2], x0[3]),
        t: 0.0,
    };
    let lin = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap();
    let a0 = accelerations(&model, &x0);
    assert!(
        (lin.acceleration[0] - a0[0]).abs() <= 1e-13
            && (lin.acceleration[1] - a0[1]).abs() <= 1e-13
    );
    for j in 0..4 {
        for i in 0..2 {
            let fd = derivative(
                |e| {
                    let mut x = x0;
                    x[j] += e;
                    accelerations(&model, &x)[i]
                },
                1e-4,
            );
            let a = lin.a[(2 + i, j)];
            assert!(
                (a - fd).abs() <= 1e-9 * fd.abs().max(1.0),
                "∂q̈{i}/∂x{j}: {a} vs {fd}"
            );
        }
    }
}

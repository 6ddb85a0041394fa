//! Inputs the linearisation cannot treat are refused with typed errors that carry the numbers
//! a user needs, never with NaN: a state off the constraint manifold (values and velocities
//! checked against the closed forms g = x² + y² − l² and ġ = 2(x ẋ + y ẏ) of the circle
//! model), a closed contact that is open or penetrated, non-finite input, unknown parameters
//! or one that moves the manifold, a mass matrix that is not positive definite (smallest
//! eigenvalue m l² of the 1 × 1 pendulum mass matrix), independent coordinates of the wrong
//! number, out of range or repeated, and a vanishing constraint gradient (l = 0 at the origin,
//! where the linearised constraint 2q·δq = 0 constrains nothing).

use mb_testsupport::models::{CircleMass, Pendulum};
use mbruntime::Vector;
use mbruntime::analysis::ConstraintRef;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationError as E, LinearisationOptions, OperatingPoint, ParameterInput,
};

fn point(x: f64, y: f64, xd: f64, yd: f64) -> OperatingPoint<2> {
    OperatingPoint {
        q: Vector::<2>::new(x, y),
        qd: Vector::<2>::new(xd, yd),
        t: 0.0,
    }
}

fn circle_error<const NB: usize, const NU: usize>(
    model: &CircleMass<NB, NU>,
    op: &OperatingPoint<2>,
    options: &LinearisationOptions<'_>,
) -> E {
    Linearisation::at(model, op, options).expect_err("the linearisation must be refused")
}

#[test]
fn state_off_the_manifold_is_refused_with_the_violation() {
    let model = CircleMass::<1, 0>::default();
    let l = model.l;
    let opts = LinearisationOptions::default();
    let e = circle_error(&model, &point(0.0, -1.1 * l, 0.0, 0.0), &opts);
    let g = 1.21 * l * l - l * l;
    match e {
        E::ConstraintViolated {
            constraint: ConstraintRef::Bilateral(0),
            value,
            ..
        } => {
            assert!((value - g).abs() <= 1e-14 * g);
        }
        other => panic!("{other:?}"),
    }
    let e = circle_error(&model, &point(0.0, -l, 0.0, 0.1), &opts);
    match e {
        E::VelocityViolated {
            constraint: ConstraintRef::Bilateral(0),
            value,
            tolerance,
        } => {
            assert!((value + 0.2 * l).abs() <= 1e-15 && tolerance == 1e-9);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn closed_contact_that_is_open_or_penetrated_is_refused() {
    let model = CircleMass::<0, 1>::default();
    let l = model.l;
    let closed = [0];
    let opts = LinearisationOptions {
        closed_contacts: &closed,
        ..Default::default()
    };
    for (r, sign) in [(0.9, 1.0), (1.1, -1.0)] {
        match circle_error(&model, &point(0.0, -r * l, 0.0, 0.0), &opts) {
            E::ConstraintViolated {
                constraint: ConstraintRef::Unilateral(0),
                value,
                ..
            } => {
                assert_eq!(value.signum(), sign, "gap at radius {r} l");
                assert!((value - (1.0 - r * r) * l * l).abs() <= 1e-14);
            }
            other => panic!("{other:?}"),
        }
    }
    let out_of_range = [1];
    let opts = LinearisationOptions {
        closed_contacts: &out_of_range,
        ..Default::default()
    };
    assert_eq!(
        circle_error(&model, &point(0.0, -l, 0.0, 0.0), &opts),
        E::IndexOutOfRange {
            what: "closed contact",
            index: 1,
            len: 1
        }
    );
    let twice = [0, 0];
    let opts = LinearisationOptions {
        closed_contacts: &twice,
        ..Default::default()
    };
    assert_eq!(
        circle_error(&model, &point(0.0, -l, 0.0, 0.0), &opts),
        E::Duplicate {
            what: "closed contact",
            index: 0
        }
    );
}

#[test]
fn non_finite_input_is_refused() {
    let model = CircleMass::<1, 0>::default();
    let opts = LinearisationOptions::default();
    for op in [
        point(f64::NAN, -model.l, 0.0, 0.0),
        point(0.0, -model.l, f64::INFINITY, 0.0),
    ] {
        assert!(matches!(
            circle_error(&model, &op, &opts),
            E::NonFinite { .. }
        ));
    }
    let op = OperatingPoint {
        t: f64::NAN,
        ..point(0.0, -model.l, 0.0, 0.0)
    };
    assert!(matches!(
        circle_error(&model, &op, &opts),
        E::NonFinite { .. }
    ));
    for tolerance in [f64::NAN, -1e-9] {
        let opts = LinearisationOptions {
            constraint_tolerance: tolerance,
            ..Default::default()
        };
        let e = circle_error(&model, &point(0.0, -model.l, 0.0, 0.0), &opts);
        assert!(
            matches!(e, E::InvalidTolerance { what: "constraint tolerance", value }
                if value.to_bits() == tolerance.to_bits()),
            "{e:?}"
        );
    }
}

#[test]
fn unknown_parameters_and_parameters_in_the_constraints_are_refused() {
    let model = CircleMass::<1, 0>::default();
    let op = point(0.0, -model.l, 0.0, 0.0);
    for input in [ParameterInput::Name("k"), ParameterInput::Index(4)] {
        let inputs = [input];
        let opts = LinearisationOptions {
            inputs: &inputs,
            ..Default::default()
        };
        match circle_error(&model, &op, &opts) {
            E::UnknownParameter { parameter, known } => {
                assert_eq!(parameter, input.to_string());
                assert_eq!(known, &["m", "g", "l", "fx"]);
            }
            other => panic!("{other:?}"),
        }
    }
    let inputs = [ParameterInput::Name("l")];
    let opts = LinearisationOptions {
        inputs: &inputs,
        ..Default::default()
    };
    assert_eq!(
        circle_error(&model, &op, &opts),
        E::ParameterMovesConstraints {
            name: "l",
            index: 2
        }
    );
}

#[test]
fn mass_matrix_that_is_not_positive_definite_is_refused_with_its_eigenvalue() {
    for m in [0.0, -2.0] {
        let model = Pendulum {
            m,
            ..Default::default()
        };
        let op = OperatingPoint {
            q: Vector::<1>::new(0.2),
            qd: Vector::zeros(),
            t: 0.0,
        };
        match Linearisation::at(&model, &op, &LinearisationOptions::default()) {
            Err(E::MassNotPositiveDefinite {
                smallest_eigenvalue,
            }) => {
                assert_eq!(smallest_eigenvalue, m * model.l * model.l);
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn independent_coordinates_of_wrong_number_range_or_repetition_are_refused() {
    let model = CircleMass::<1, 0>::default();
    let op = point(0.0, -model.l, 0.0, 0.0);
    let cases: [(&[usize], E); 3] = [
        (
            &[0, 1],
            E::IndependentCount {
                expected: 1,
                got: 2,
            },
        ),
        (
            &[2],
            E::IndexOutOfRange {
                what: "independent coordinate",
                index: 2,
                len: 2,
            },
        ),
        (
            &[0, 0],
            E::Duplicate {
                what: "independent coordinate",
                index: 0,
            },
        ),
    ];
    for (chosen, expected) in cases {
        let opts = LinearisationOptions {
            independent: Some(chosen),
            ..Default::default()
        };
        assert_eq!(circle_error(&model, &op, &opts), expected);
    }
}

#[test]
fn vanishing_constraint_gradient_is_refused() {
    let model = CircleMass::<1, 0> {
        l: 0.0,
        ..Default::default()
    };
    let e = circle_error(
        &model,
        &point(0.0, 0.0, 0.0, 0.0),
        &LinearisationOptions::default(),
    );
    assert_eq!(
        e,
        E::VanishingGradient {
            constraint: ConstraintRef::Bilateral(0)
        }
    );
}

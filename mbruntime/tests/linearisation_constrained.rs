//! Linearisation on a constraint manifold: a point mass m on the circle x² + y² = l² written in
//! Cartesian coordinates (x, y), under gravity g and a constant horizontal force f_x. It is a
//! pendulum of angle θ (x = l sin θ, y = −l cos θ) with m l² θ̈ = −m g l sin θ + f_x l cos θ,
//! so (closed forms derived here by hand):
//!
//! * at the bottom (f_x = 0): λ = ±i√(g/l) in either chart;
//! * held at θ* by f_x = m g tan θ*: the potential −m g l cos θ − f_x l sin θ has second
//!   derivative m g l / cos θ*, so λ² = −g/(l cos θ*); the input column is
//!   ∂θ̈/∂f_x = cos θ*/(m l), i.e. B = cos²θ*/m in the δẍ row (δx = l cos θ* δθ) and
//!   sin θ* cos θ*/m in the δÿ row (δy = l sin θ* δθ); the multiplier of
//!   m q̈ = h + 2q λ is λ* = −m g/(2 l cos θ*);
//! * at a moving state the linearisation is the Jacobian of the reduced vector field, here
//!   ẍ(x, ẋ) = l cos θ θ̈ − l sin θ θ̇² with θ = asin(x/l), θ̇ = ẋ/(l cos θ), differentiated
//!   by central differences (an independent route through the angle, not through the index-1
//!   system);
//! * duplicating the constraint, or adding the same circle as a closed string contact, leaves
//!   everything unchanged and the duplicate is reported as dropped (Lötstedt 1982,
//!   "Mechanical systems of rigid bodies subject to unilateral constraints", SIAM J. Appl.
//!   Math. 42, Lemma 5.2: q̈ and the constraint force are unique, the dropped multipliers are
//!   zero).

use mb_testsupport::derivative;
use mb_testsupport::models::CircleMass;
use mbruntime::Vector;
use mbruntime::analysis::ConstraintRef;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationError, LinearisationOptions, OperatingPoint, ParameterInput,
    Stability,
};

const TOL: f64 = 1e-12;

fn close(a: f64, b: f64, scale: f64) -> bool {
    (a - b).abs() <= TOL * scale.max(b.abs())
}

/// Rest at angle θ with the holding force f_x = m g tan θ.
fn held<const NB: usize, const NU: usize>(theta: f64) -> (CircleMass<NB, NU>, OperatingPoint<2>) {
    let mut model = CircleMass::<NB, NU>::default();
    model.fx = model.m * model.g * theta.tan();
    let q = Vector::<2>::new(model.l * theta.sin(), -model.l * theta.cos());
    (
        model,
        OperatingPoint {
            q,
            qd: Vector::zeros(),
            t: 0.0,
        },
    )
}

const FX: [ParameterInput<'static>; 1] = [ParameterInput::Name("fx")];

#[test]
fn bottom_gives_the_pendulum_frequency_with_automatic_and_chosen_coordinates() {
    let (model, op) = held::<1, 0>(0.0);
    let w2 = model.g / model.l;
    for independent in [None, Some(&[0][..])] {
        let options = LinearisationOptions {
            independent,
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &op, &options).unwrap();
        assert_eq!(
            (lin.independent.clone(), lin.dependent.clone()),
            (vec![0], vec![1])
        );
        assert!(lin.dropped.is_empty());
        assert_eq!(lin.a.shape(), (2, 2));
        assert!(close(lin.a[(1, 0)], -w2, w2) && lin.a[(1, 1)].abs() <= TOL * w2);
        assert!(close(
            lin.multipliers[0],
            -model.m * model.g / (2.0 * model.l),
            1.0
        ));
        assert!(lin.tangent[(0, 0)] == 1.0 && lin.tangent[(1, 0)].abs() <= TOL);
        let eig = lin.eigen().unwrap();
        assert_eq!(eig.stability, Stability::Marginal);
        for mode in &eig.modes {
            assert!(close(mode.value.im.abs(), w2.sqrt(), 1.0) && mode.value.re.abs() <= 1e-12);
        }
    }
}

#[test]
fn held_off_bottom_gives_the_shifted_frequency_and_input_gain_in_either_chart() {
    for theta in [0.3_f64, 0.7, 1.1] {
        let (model, op) = held::<1, 0>(theta);
        let w2 = model.g / (model.l * theta.cos());
        let (s, c) = theta.sin_cos();
        // (independent coordinate, expected B in its acceleration row)
        for (y, gain) in [(0, c * c / model.m), (1, s * c / model.m)] {
            let chosen = [y];
            let options = LinearisationOptions {
                inputs: &FX,
                independent: Some(&chosen),
                ..Default::default()
            };
            let lin = Linearisation::at(&model, &op, &options).unwrap();
            assert!(lin.residual() <= TOL * model.g, "θ* = {theta}, y = {y}");
            assert!(
                close(lin.a[(1, 0)], -w2, w2),
                "θ* = {theta}, y = {y}: {}",
                lin.a[(1, 0)]
            );
            assert!(lin.a[(1, 1)].abs() <= TOL * w2);
            assert!(
                close(lin.b[(1, 0)], gain, 1.0 / model.m),
                "θ* = {theta}, y = {y}"
            );
            let lambda = -model.m * model.g / (2.0 * model.l * c);
            assert!(close(lin.multipliers[0], lambda, 1.0));
            let eig = lin.eigen().unwrap();
            let l2 = eig.modes[0].value * eig.modes[0].value;
            assert!((l2.re + w2).abs() <= 1e-11 * w2 && l2.im.abs() <= 1e-11 * w2);
        }
        // The automatic choice takes the coordinate with the larger gradient entry as
        // dependent: y while |cos θ| > |sin θ|.
        let auto = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap();
        let expected = if c.abs() > s.abs() { 1 } else { 0 };
        assert_eq!(auto.dependent, vec![expected], "θ* = {theta}");
    }
}

/// ẍ and ÿ of the circle pendulum in the x- and y-charts, through the angle.
fn reduced_acceleration(model: &CircleMass<1, 0>, chart: usize, y: f64, yd: f64) -> f64 {
    let l = model.l;
    let theta = if chart == 0 {
        (y / l).asin()
    } else {
        (-y / l).acos()
    };
    let (s, c) = theta.sin_cos();
    let thd = if chart == 0 {
        yd / (l * c)
    } else {
        yd / (l * s)
    };
    let thdd = -model.g / l * s + model.fx * c / (model.m * l);
    if chart == 0 {
        l * c * thdd - l * s * thd * thd
    } else {
        l * s * thdd + l * c * thd * thd
    }
}

#[test]
fn moving_state_is_linearised_as_the_jacobian_of_the_reduced_vector_field() {
    let model = CircleMass::<1, 0> {
        fx: 0.7,
        ..Default::default()
    };
    let (theta, thd) = (0.4_f64, 1.3);
    let (s, c, l) = (theta.sin(), theta.cos(), model.l);
    let op = OperatingPoint {
        q: Vector::<2>::new(l * s, -l * c),
        qd: Vector::<2>::new(l * c * thd, l * s * thd),
        t: 0.0,
    };
    for chart in [0, 1] {
        let chosen = [chart];
        let options = LinearisationOptions {
            independent: Some(&chosen),
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &op, &options).unwrap();
        let (y, yd) = (op.q[chart], op.qd[chart]);
        let f = |y, yd| reduced_acceleration(&model, chart, y, yd);
        let dy = derivative(|e| f(y + e, yd), 1e-4);
        let dyd = derivative(|e| f(y, yd + e), 1e-4);
        let scale = dy.abs().max(dyd.abs());
        assert!(close(
            lin.independent_acceleration[0],
            f(y, yd),
            f(y, yd).abs()
        ));
        assert!(
            (lin.a[(1, 0)] - dy).abs() <= 1e-8 * scale,
            "chart {chart}: {} vs {dy}",
            lin.a[(1, 0)]
        );
        assert!(
            (lin.a[(1, 1)] - dyd).abs() <= 1e-8 * scale,
            "chart {chart}: {} vs {dyd}",
            lin.a[(1, 1)]
        );
    }
}

#[test]
fn duplicated_constraint_is_dropped_and_changes_nothing() {
    let theta = 0.8;
    let options = LinearisationOptions {
        inputs: &FX,
        ..Default::default()
    };
    let (single, op) = held::<1, 0>(theta);
    let reference = Linearisation::at(&single, &op, &options).unwrap();
    let (double, _) = held::<2, 0>(theta);
    let lin = Linearisation::at(&double, &op, &options).unwrap();
    assert_eq!(
        lin.constraints,
        vec![ConstraintRef::Bilateral(0), ConstraintRef::Bilateral(1)]
    );
    assert_eq!(lin.dropped, vec![ConstraintRef::Bilateral(1)]);
    assert_eq!(lin.multipliers[1], 0.0);
    assert!(close(lin.multipliers[0], reference.multipliers[0], 1.0));
    assert!((&lin.a - &reference.a).amax() <= TOL * reference.a.amax());
    assert!((&lin.b - &reference.b).amax() <= TOL * reference.b.amax());
    // The same circle as a closed string contact on top of the bilateral constraint.
    let (both, _) = held::<1, 1>(theta);
    let closed = [0];
    let with_string = LinearisationOptions {
        closed_contacts: &closed,
        ..options
    };
    let lin = Linearisation::at(&both, &op, &with_string).unwrap();
    assert_eq!(lin.dropped, vec![ConstraintRef::Unilateral(0)]);
    assert!((&lin.a - &reference.a).amax() <= TOL * reference.a.amax());
}

#[test]
fn redundancy_at_a_moving_state_changes_nothing() {
    let single = CircleMass::<1, 0> {
        fx: -0.4,
        ..Default::default()
    };
    let double = CircleMass::<2, 0> {
        fx: single.fx,
        ..Default::default()
    };
    let (theta, thd) = (2.0_f64, -0.9);
    let l = single.l;
    let op = OperatingPoint {
        q: Vector::<2>::new(l * theta.sin(), -l * theta.cos()),
        qd: Vector::<2>::new(l * theta.cos() * thd, l * theta.sin() * thd),
        t: 0.0,
    };
    let options = LinearisationOptions::default();
    let reference = Linearisation::at(&single, &op, &options).unwrap();
    let lin = Linearisation::at(&double, &op, &options).unwrap();
    assert_eq!(lin.dropped, vec![ConstraintRef::Bilateral(1)]);
    assert!((&lin.a - &reference.a).amax() <= TOL * reference.a.amax());
    assert!((&lin.acceleration - &reference.acceleration).amax() <= TOL * single.g);
}

#[test]
fn closed_string_acts_as_the_bilateral_circle_and_open_one_leaves_a_free_particle() {
    let theta = 0.5;
    let (string, op) = held::<0, 1>(theta);
    let (circle, _) = held::<1, 0>(theta);
    let closed = [0];
    let options = LinearisationOptions {
        closed_contacts: &closed,
        ..Default::default()
    };
    let lin = Linearisation::at(&string, &op, &options).unwrap();
    let reference = Linearisation::at(&circle, &op, &LinearisationOptions::default()).unwrap();
    assert!((&lin.a - &reference.a).amax() <= TOL * reference.a.amax());
    // Tension: m q̈ = h − 2qλ_N = 0 ⇒ λ_N = m g/(2 l cos θ) > 0.
    let tension = string.m * string.g / (2.0 * string.l * f64::cos(theta));
    assert!(close(lin.multipliers[0], tension, 1.0));
    // Inside the circle with the contact open: a free particle, A = [0 I; 0 0], q̈ = (f_x/m, −g).
    let inside = OperatingPoint {
        q: op.q * 0.5,
        ..op
    };
    let free = Linearisation::at(&string, &inside, &LinearisationOptions::default()).unwrap();
    assert_eq!(free.independent, vec![0, 1]);
    assert_eq!(free.a.shape(), (4, 4));
    assert!((free.a.view((2, 0), (2, 4))).amax() == 0.0);
    assert!(close(free.independent_acceleration[1], -string.g, 1.0));
    assert!(close(
        free.independent_acceleration[0],
        string.fx / string.m,
        1.0
    ));
    assert_eq!(free.eigen().unwrap().stability, Stability::Marginal);
}

#[test]
fn chosen_coordinate_with_a_singular_dependent_block_is_refused() {
    // At the bottom ∂g/∂x = 2x = 0: x cannot be solved for from y.
    let (model, op) = held::<1, 0>(0.0);
    let chosen = [1];
    let options = LinearisationOptions {
        independent: Some(&chosen),
        ..Default::default()
    };
    match Linearisation::at(&model, &op, &options) {
        Err(LinearisationError::SingularDependentBlock {
            dependent,
            smallest_singular_value,
            threshold,
            ..
        }) => {
            assert_eq!(dependent, vec![0]);
            assert!(smallest_singular_value <= threshold);
        }
        other => panic!("expected SingularDependentBlock, got {other:?}"),
    }
}

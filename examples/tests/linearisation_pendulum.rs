//! Linearisation of the generated `Pendulum` (T = ½ m l² θ̇², V = −m g l cos θ, viscous
//! damping Q = −c θ̇) with the generated Jacobians, against the closed forms of
//! m l² δθ̈ = −m g l cos θ* δθ − c δθ̇ (first-order expansion written out here by hand):
//!
//! * bottom, c > 0: λ = −ζ ± i√(g/l − ζ²), ζ = c/(2 m l²): asymptotically stable;
//! * bottom, c = 0: λ = ±i√(g/l): marginal; top: λ = ±√(g/l): unstable;
//! * parameter columns at a moving state, from θ̈ = −(g/l) sin θ − c θ̇/(m l²):
//!   ∂θ̈/∂m = c θ̇/(m² l²), ∂θ̈/∂g = −sin θ / l, ∂θ̈/∂c = −θ̇/(m l²).

use mb_examples::pendulum::Pendulum;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, ParameterInput, Stability,
};

const TOL: f64 = 1e-12;

fn at(theta: f64, theta_dot: f64) -> OperatingPoint<1> {
    OperatingPoint {
        q: Vector::<1>::new(theta),
        qd: Vector::<1>::new(theta_dot),
        t: 0.0,
    }
}

#[test]
fn damped_bottom_is_asymptotically_stable_with_the_damped_frequency() {
    let model = Pendulum {
        c: 0.4,
        ..Default::default()
    };
    let lin = Linearisation::at(&model, &at(0.0, 0.0), &LinearisationOptions::default()).unwrap();
    let zeta = model.c / (2.0 * model.m * model.l * model.l);
    let wd = (model.g / model.l - zeta * zeta).sqrt();
    let eig = lin.eigen().unwrap();
    assert_eq!(eig.stability, Stability::AsymptoticallyStable);
    for mode in &eig.modes {
        assert!((mode.value.re + zeta).abs() <= TOL * wd, "{}", mode.value);
        assert!(
            (mode.value.im.abs() - wd).abs() <= TOL * wd,
            "{}",
            mode.value
        );
    }
}

#[test]
fn undamped_bottom_is_marginal_and_top_unstable() {
    let model = Pendulum::default();
    let w = (model.g / model.l).sqrt();
    let bottom = Linearisation::at(&model, &at(0.0, 0.0), &LinearisationOptions::default())
        .unwrap()
        .eigen()
        .unwrap();
    assert_eq!(bottom.stability, Stability::Marginal);
    for mode in &bottom.modes {
        assert!(mode.value.re.abs() <= TOL * w && (mode.value.im.abs() - w).abs() <= TOL * w);
    }
    let top = Linearisation::at(
        &model,
        &at(std::f64::consts::PI, 0.0),
        &LinearisationOptions::default(),
    )
    .unwrap()
    .eigen()
    .unwrap();
    assert_eq!(top.stability, Stability::Unstable);
    assert!((top.modes[0].value.re - w).abs() <= TOL * w && top.modes[0].value.im == 0.0);
    assert!((top.modes[1].value.re + w).abs() <= TOL * w);
}

#[test]
fn parameter_columns_at_a_moving_state_are_derivatives_of_the_acceleration() {
    let model = Pendulum {
        c: 0.3,
        ..Default::default()
    };
    let (theta, theta_dot) = (0.8_f64, -1.7);
    let inputs = [
        ParameterInput::Name("m"),
        ParameterInput::Name("g"),
        ParameterInput::Name("c"),
    ];
    let options = LinearisationOptions {
        inputs: &inputs,
        ..Default::default()
    };
    let lin = Linearisation::at(&model, &at(theta, theta_dot), &options).unwrap();
    let (m, l, g, c) = (model.m, model.l, model.g, model.c);
    let ml2 = m * l * l;
    let accel = -g / l * theta.sin() - c * theta_dot / ml2;
    assert!((lin.acceleration[0] - accel).abs() <= TOL * g);
    let expected = [
        c * theta_dot / (m * ml2),
        -theta.sin() / l,
        -theta_dot / ml2,
    ];
    for (j, e) in expected.iter().enumerate() {
        assert!(
            (lin.b[(1, j)] - e).abs() <= TOL * e.abs().max(1.0),
            "input {j}"
        );
    }
    // A = [[0, 1], [−(g/l) cos θ, −c/(m l²)]] at any state.
    assert!((lin.a[(1, 0)] + g / l * theta.cos()).abs() <= TOL * g / l);
    assert!((lin.a[(1, 1)] + c / ml2).abs() <= TOL);
}

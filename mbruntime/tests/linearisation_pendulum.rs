//! Linearisation of a planar pendulum (T = ½ m l² θ̇², V = −m g l cos θ, torque τ) about its
//! equilibria, checked against the closed forms of the linearised Lagrange equation
//! m l² δθ̈ = −m g l cos θ* δθ + δτ (first-order Taylor expansion of m l² θ̈ = −m g l sin θ + τ,
//! written out here by hand):
//!
//! * bottom θ* = 0: λ = ±i√(g/l) (marginal); top θ* = π: λ = ±√(g/l) (unstable);
//! * held off-vertical at θ* by the constant torque τ = m g l sin θ* (a parameter taken as the
//!   input u = δτ): λ² = −(g/l) cos θ*, and B = 1/(m l²) in the δθ̈ row — the input enters
//!   through M⁻¹ at the operating point, not at θ = 0;
//! * away from equilibrium the parameter columns are ∂θ̈/∂p of θ̈ = −(g/l) sin θ + τ/(m l²),
//!   which checks the ∂(M a)/∂p term (θ̈ does not depend on m when τ = 0).

use mb_testsupport::models::Pendulum;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, ParameterInput, Stability, StateComponent,
};

const TOL: f64 = 1e-12;

fn at_rest(theta: f64) -> OperatingPoint<1> {
    OperatingPoint {
        q: Vector::<1>::new(theta),
        qd: Vector::<1>::zeros(),
        t: 0.0,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOL * b.abs().max(1.0)
}

#[test]
fn bottom_oscillates_at_the_pendulum_frequency() {
    let model = Pendulum::default();
    let lin = Linearisation::at(&model, &at_rest(0.0), &LinearisationOptions::default()).unwrap();
    let w2 = model.g / model.l;
    assert_eq!(lin.independent, vec![0]);
    assert!(lin.dependent.is_empty() && lin.constraints.is_empty());
    assert_eq!(
        lin.state,
        vec![StateComponent::Position(0), StateComponent::Velocity(0)]
    );
    assert!(close(lin.a[(0, 0)], 0.0) && close(lin.a[(0, 1)], 1.0));
    assert!(close(lin.a[(1, 0)], -w2) && close(lin.a[(1, 1)], 0.0));
    assert_eq!(lin.residual(), 0.0);
    let eig = lin.eigen().unwrap();
    assert_eq!(eig.stability, Stability::Marginal);
    for mode in &eig.modes {
        assert!(mode.value.re.abs() <= TOL * w2);
        assert!(close(mode.value.im.abs(), w2.sqrt()));
        // A v = λ v with v = (δθ, δθ̇): the velocity component is λ times the position one.
        let ratio = mode.vector[1] / mode.vector[0];
        assert!((ratio - mode.value).norm() <= TOL * w2.sqrt());
        assert!(mode.residual <= TOL);
    }
    assert!(eig.modes[0].value.im * eig.modes[1].value.im < 0.0);
}

#[test]
fn top_is_unstable_with_real_exponents() {
    let model = Pendulum::default();
    let op = at_rest(std::f64::consts::PI);
    let eig = Linearisation::at(&model, &op, &LinearisationOptions::default())
        .unwrap()
        .eigen()
        .unwrap();
    assert_eq!(eig.stability, Stability::Unstable);
    let rate = (model.g / model.l).sqrt();
    assert!(close(eig.modes[0].value.re, rate) && eig.modes[0].value.im == 0.0);
    assert!(close(eig.modes[1].value.re, -rate) && eig.modes[1].value.im == 0.0);
}

#[test]
fn torque_held_pendulum_has_the_shifted_frequency_and_the_input_gain_at_the_operating_point() {
    for theta in [0.3_f64, 0.9, 1.4, 2.2] {
        let mut model = Pendulum::default();
        model.tau = model.m * model.g * model.l * theta.sin();
        let inputs = [ParameterInput::Name("tau")];
        let options = LinearisationOptions {
            inputs: &inputs,
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &at_rest(theta), &options).unwrap();
        let w2 = (model.g / model.l) * theta.cos();
        assert!(lin.residual() <= TOL * model.g / model.l, "θ* = {theta}");
        assert!(close(lin.a[(1, 0)], -w2), "θ* = {theta}");
        assert_eq!(lin.inputs, vec![3]);
        assert_eq!(lin.b[(0, 0)], 0.0);
        assert!(close(lin.b[(1, 0)], 1.0 / (model.m * model.l * model.l)));
        let eig = lin.eigen().unwrap();
        let lambda2 = eig.modes[0].value * eig.modes[0].value;
        assert!(
            (lambda2.re + w2).abs() <= TOL * (model.g / model.l),
            "θ* = {theta}"
        );
        let expected = if theta.cos() > 0.0 {
            Stability::Marginal
        } else {
            Stability::Unstable
        };
        assert_eq!(eig.stability, expected, "θ* = {theta}");
    }
}

#[test]
fn parameter_columns_away_from_equilibrium_are_derivatives_of_the_acceleration() {
    let model = Pendulum::default();
    let theta = 0.6_f64;
    let inputs = [0.into(), "l".into(), 2.into(), "tau".into()];
    let options = LinearisationOptions {
        inputs: &inputs,
        ..Default::default()
    };
    let lin = Linearisation::at(&model, &at_rest(theta), &options).unwrap();
    let (m, l, g) = (model.m, model.l, model.g);
    // θ̈ = −(g/l) sin θ + τ/(m l²) at τ = 0.
    assert!(close(lin.residual(), g / l * theta.sin()));
    assert!(close(lin.acceleration[0], -g / l * theta.sin()));
    let expected = [
        0.0,
        g * theta.sin() / (l * l),
        -theta.sin() / l,
        1.0 / (m * l * l),
    ];
    for (j, e) in expected.iter().enumerate() {
        assert!(
            close(lin.b[(1, j)], *e),
            "input {j}: {} vs {e}",
            lin.b[(1, j)]
        );
        assert_eq!(lin.b[(0, j)], 0.0);
    }
}

//! The generated `CartPole` (cart mass M on a horizontal line, coordinate x; a point mass m on a
//! massless rod of length l at angle θ from the upward vertical; horizontal force f on the
//! cart) linearised about the upright equilibrium x = θ = 0, ẋ = θ̇ = 0, f = 0, with f as the
//! input.
//!
//! Closed form (derived here by hand): T = ½ (M + m) ẋ² + m l cos θ ẋ θ̇ + ½ m l² θ̇²,
//! V = m g l cos θ, Q_x = f give (M + m) ẍ + m l cos θ θ̈ − m l θ̇² sin θ = f and
//! l θ̈ + cos θ ẍ − g sin θ = 0, so
//! ẍ = (f + m l θ̇² sin θ − m g sin θ cos θ)/(M + m sin²θ), θ̈ = (g sin θ − ẍ cos θ)/l.
//! To first order about the upright state (sin θ ≈ θ, cos θ ≈ 1, θ̇² and sin²θ of second
//! order): ẍ = (f − m g θ)/M, θ̈ = (g θ − ẍ)/l = ((M + m) g θ − f)/(M l). With x = (δx, δθ,
//! δẋ, δθ̇):
//!
//! ```text
//! A = ⎡0  0                 1  0⎤      B = ⎡ 0        ⎤
//!     ⎢0  0                 0  1⎥          ⎢ 0        ⎥
//!     ⎢0  −m g/M            0  0⎥          ⎢ 1/M      ⎥
//!     ⎣0  (M + m) g/(M l)   0  0⎦          ⎣ −1/(M l) ⎦
//! ```
//!
//! with det(λI − A) = λ² (λ² − (M + m) g/(M l)): eigenvalues ±√((M + m) g/(M l)), 0, 0 (the
//! free cart), and the upright pole is unstable.

use mb_examples::linearisation_models::cart_pole::CartPole;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, ParameterInput, Stability, StateComponent,
};
use nalgebra::DMatrix;

fn assert_entrywise(name: &str, computed: &DMatrix<f64>, expected: &DMatrix<f64>) {
    assert_eq!(computed.shape(), expected.shape(), "{name}");
    let scale = expected.amax();
    for (i, j) in (0..expected.nrows()).flat_map(|i| (0..expected.ncols()).map(move |j| (i, j))) {
        let (c, e) = (computed[(i, j)], expected[(i, j)]);
        // 10⁻¹² relative to the entry, or to the largest entry for the zero ones.
        let tol = 1e-12 * if e == 0.0 { scale } else { e.abs() };
        assert!(
            (c - e).abs() <= tol,
            "{name}[({i}, {j})] = {c} vs closed form {e}\n{computed}"
        );
    }
}

#[test]
fn upright_cart_pole_has_the_closed_form_state_space_model() {
    for (big_m, m, l, g) in [(1.0, 0.1, 0.5, 9.81), (0.4, 2.5, 1.7, 3.7)] {
        let model = CartPole {
            M: big_m,
            m,
            l,
            g,
            ..Default::default()
        };
        let op = OperatingPoint {
            q: Vector::<2>::zeros(),
            qd: Vector::<2>::zeros(),
            t: 0.0,
        };
        let inputs = [ParameterInput::Name("f")];
        let opts = LinearisationOptions {
            inputs: &inputs,
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &op, &opts).unwrap();
        assert_eq!(
            lin.state,
            vec![
                StateComponent::Position(0),
                StateComponent::Position(1),
                StateComponent::Velocity(0),
                StateComponent::Velocity(1)
            ]
        );
        assert_eq!(lin.residual(), 0.0, "the upright state is an equilibrium");
        #[rustfmt::skip]
        let a = DMatrix::from_row_slice(4, 4, &[
            0.0, 0.0,                            1.0, 0.0,
            0.0, 0.0,                            0.0, 1.0,
            0.0, -m * g / big_m,                 0.0, 0.0,
            0.0, (big_m + m) * g / (big_m * l),  0.0, 0.0,
        ]);
        let b = DMatrix::from_column_slice(4, 1, &[0.0, 0.0, 1.0 / big_m, -1.0 / (big_m * l)]);
        assert_entrywise("A", &lin.a, &a);
        assert_entrywise("B", &lin.b, &b);

        let eig = lin.eigen().unwrap();
        assert_eq!(eig.stability, Stability::Unstable);
        let rate = ((big_m + m) * g / (big_m * l)).sqrt();
        // By decreasing real part: +rate, 0, 0, −rate (the double zero is a Jordan block, so
        // its computed pair is only √ε-accurate).
        let values = eig.eigenvalues();
        assert_eq!(values.len(), 4);
        assert!(
            (values[0].re - rate).abs() <= 1e-12 * rate && values[0].im == 0.0,
            "{values:?} vs ±{rate}"
        );
        assert!(
            (values[3].re + rate).abs() <= 1e-12 * rate && values[3].im == 0.0,
            "{values:?} vs ±{rate}"
        );
        for zero in &values[1..3] {
            assert!(zero.norm() <= 1e-7 * rate, "{values:?}: double zero");
        }
    }
}

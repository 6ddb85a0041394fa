//! Normal modes of the generated `DoublePendulum` (point masses m₁, m₂ on rods l₁, l₂,
//! absolute angles θ₁, θ₂ from the downward vertical) about the hanging equilibrium.
//!
//! Closed form (derived here by hand): at θ = 0 the linearised equations are M₀ δθ̈ + K δθ = 0
//! with M₀ = [[(m₁+m₂) l₁², m₂ l₁ l₂], [m₂ l₁ l₂, m₂ l₂²]] and
//! K = diag((m₁+m₂) g l₁, m₂ g l₂). det(K − ω² M₀) = 0 reduces, with μ = m₁ + m₂, to
//! m₁ l₁ l₂ ω⁴ − μ g (l₁ + l₂) ω² + μ g² = 0, so
//! ω² = g [μ (l₁ + l₂) ± √(μ (μ (l₁ + l₂)² − 4 m₁ l₁ l₂))] / (2 m₁ l₁ l₂),
//! with mode shapes δθ₂/δθ₁ = μ (g − ω² l₁) / (ω² m₂ l₂) (first row of (K − ω² M₀) v = 0).
//! The eigenvalues of A are ±iω and the position part of each eigenvector is the mode shape.

use mb_examples::double_pendulum::DoublePendulum;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, Stability,
};

#[test]
fn hanging_double_pendulum_has_the_closed_form_normal_modes() {
    for (m1, m2, l1, l2) in [(1.0, 0.5, 1.0, 0.7), (0.3, 2.0, 0.4, 1.5)] {
        let model = DoublePendulum {
            m1,
            m2,
            l1,
            l2,
            ..Default::default()
        };
        let g = model.g;
        let op = OperatingPoint {
            q: Vector::<2>::zeros(),
            qd: Vector::<2>::zeros(),
            t: 0.0,
        };
        let lin = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap();
        let eig = lin.eigen().unwrap();
        assert_eq!(eig.stability, Stability::Marginal);
        let mu = m1 + m2;
        let root = (mu * (mu * (l1 + l2).powi(2) - 4.0 * m1 * l1 * l2)).sqrt();
        let omegas2 = [
            g * (mu * (l1 + l2) - root) / (2.0 * m1 * l1 * l2),
            g * (mu * (l1 + l2) + root) / (2.0 * m1 * l1 * l2),
        ];
        for w2 in omegas2 {
            let w = w2.sqrt();
            let matching: Vec<_> = eig
                .modes
                .iter()
                .filter(|mode| (mode.value.im.abs() - w).abs() <= 1e-10 * w)
                .collect();
            assert_eq!(matching.len(), 2, "±i·{w} in {:?}", eig.eigenvalues());
            let shape = mu * (g - w2 * l1) / (w2 * m2 * l2);
            for mode in matching {
                assert!(mode.value.re.abs() <= eig.tolerance);
                let ratio = mode.vector[1] / mode.vector[0];
                assert!(
                    (ratio.re - shape).abs() <= 1e-9 * shape.abs().max(1.0)
                        && ratio.im.abs() <= 1e-9,
                    "mode ω = {w}: δθ₂/δθ₁ = {ratio} vs {shape}"
                );
            }
        }
    }
}

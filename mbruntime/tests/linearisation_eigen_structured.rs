//! A state matrix with exact zero structure on which a plain QR iteration stalls (the
//! linearised rolling coin in some choices of independent speeds): [[0, 0, 0, 1], [0, 0, 0, 0],
//! [0, 0, 0, b], [c, 0, d, 0]]. Its spectrum in closed form: x₂ is constant (λ = 0); otherwise
//! λ x₁ = x₄, λ x₃ = b x₄ and λ x₄ = c x₁ + d x₃, so λ² = c + d b, or λ = 0 with x₄ = 0 and
//! c x₁ + d x₃ = 0. Eigenvalues {0, 0, ±√(c + d b)}.

use mbruntime::analysis::linearisation::{EigenAnalysis, Stability};
use nalgebra::DMatrix;

#[test]
fn eigenvalues_of_a_structured_matrix() {
    let (b, c, d) = (
        -6.862_069_658_637_983,
        78.480_000_000_000_02,
        4.117_241_795_182_79,
    );
    let a = DMatrix::from_row_slice(
        4,
        4,
        &[
            0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, b, c, 0.0, d, 0.0,
        ],
    );
    // The plain iteration does stall on it (so the test exercises the fallback).
    assert!(nalgebra::Schur::try_new(a.clone(), f64::EPSILON, 4000).is_none());
    let eig = EigenAnalysis::of(&a).expect("eigenvalues");
    let root = (c + d * b).sqrt();
    let values = eig.eigenvalues();
    assert!((values[0].re - root).abs() <= 1e-12 * root && values[0].im.abs() <= 1e-12);
    assert!((values[3].re + root).abs() <= 1e-12 * root && values[3].im.abs() <= 1e-12);
    for z in &values[1..3] {
        assert!(z.norm() <= 1e-7 * root, "{z}");
    }
    assert_eq!(eig.stability, Stability::Unstable);
}

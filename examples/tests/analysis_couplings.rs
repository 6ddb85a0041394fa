//! Inertial couplings against Brogliato (2013): the rod of Sect. 4.3 with its wall contact
//! h = x − l cos θ and a prismatic guide g = αx + βy + γ (model `RodLine`), and the block
//! of Example 1. Invariants: A_c = 1/m + 3 sin²θ/(m(1 + 3cos²θ)) for the horizontal-tip
//! constraint (model `RodWall`), M_c⁻¹ equal to (39) with rank 2, kinetic angle π/2 for the
//! family g = βy + δ (Sect. 4.3, Proposition 16), the bilateral percussion derived by hand from
//! the impact equations (75) together with ∇gᵀ(q̇⁺ − q̇⁻) = 0, and the rank-1 Delassus matrix
//! (1/m)·𝟙𝟙ᵀ of Example 1, and Proposition 7 (30), A_c = A sin²θ, including the colinear pair
//! with θ = π that the proposition's exception omits. Closed forms are written out here
//! independently of the code.

use mb_examples::analysis_models::block_three_contacts::BlockThreeContacts;
use mb_examples::event_models::rod_line::RodLine;
use mb_examples::rod_wall::RodWall;
use mbruntime::analysis::{AnalysisError, ConstraintRankReport, ConstraintRef, InertialCouplings};
use mbruntime::{Dynamics, Matrix, Vector};

const TOL: f64 = 1e-10;

#[test]
fn rod_wall_constrained_delassus_and_inverse_mass_match_eq_39() {
    let mut rod = RodWall::default();
    for (m, l) in [(1.0, 0.5), (2.5, 0.3), (0.7, 1.2)] {
        rod.m = m;
        rod.l = l;
        for &theta in &[0.0, 0.3, 1.0, -0.8, 1.5, 2.7] {
            let q = Vector::<3>::new(0.2, 1.0 + l * f64::sin(theta), theta);
            let c = InertialCouplings::at(&rod, &q, 0.0).unwrap();
            let (s, co) = (f64::sin(theta), f64::cos(theta));
            let d = 1.0 + 3.0 * co * co;
            let a_c = c.constrained_delassus().unwrap()[(0, 0)];
            assert!(
                (a_c - (1.0 / m + 3.0 * s * s / (m * d))).abs() < TOL * (1.0 / m),
                "A_c at θ={theta}"
            );
            let expected = Matrix::<3, 3>::new(
                1.0 / m,
                0.0,
                0.0,
                0.0,
                3.0 * co * co / (m * d),
                3.0 * co / (m * l * d),
                0.0,
                3.0 * co / (m * l * d),
                3.0 / (m * l * l * d),
            );
            let mc = c.constrained_inverse_mass().unwrap();
            assert!(
                (mc - expected).amax() < TOL * expected.amax(),
                "M_c⁻¹ at θ={theta}"
            );
            let spectrum = mbruntime::analysis::SymmetricSpectrum::of(&mc).unwrap();
            assert_eq!(spectrum.rank, 2, "rank M_c⁻¹ = n − p = 2 (Lemma 2)");
            assert!(spectrum.min() > -TOL, "M_c⁻¹ is PSD (Lemma 3)");
        }
    }
}

#[test]
fn orthogonal_guide_family_has_kinetic_angle_pi_over_two_and_no_percussion() {
    let mut rod = RodLine {
        alpha: 0.0,
        ..Default::default()
    };
    for (beta, gamma) in [(1.0, -1.0), (-2.0, 0.5), (0.3, 4.0)] {
        rod.beta = beta;
        rod.gamma = gamma;
        for &theta in &[0.2, 0.9, 1.4] {
            let q = Vector::<3>::new(rod.l * f64::cos(theta), -gamma / beta, theta);
            let c = InertialCouplings::at(&rod, &q, 0.0).unwrap();
            let angle = c
                .kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0))
                .unwrap();
            assert!(angle.orthogonal);
            assert!((angle.angle - std::f64::consts::FRAC_PI_2).abs() < TOL);
            // Proposition 5: A_c = A for kinetically orthogonal constraints.
            assert!((c.constrained_delassus().unwrap() - c.delassus()).amax() < TOL);
            let p_b = c.bilateral_percussion(&Vector::<1>::new(1.7)).unwrap();
            assert!(p_b[0].abs() < TOL, "Proposition 16 / Example 3: p_b = 0");
        }
    }
}

/// Brogliato (2013), Proposition 7, (30): with one contact and one bilateral constraint,
/// A_c = (∇hᵀM⁻¹∇h) sin²θ with θ the kinetic angle (9) between them, so A_c vanishes exactly when
/// |cos θ| = 1. The paper's exception names θ = 0 only; θ = π (∇h = α∇g with α > 0, which (9)
/// maps to π) makes A_c vanish too. Checked on `RodLine` over slanted guides and rod angles, and
/// at the two colinear configurations (rod angle 0, guide αx + γ: ∇g = (α, 0, 0) ∥ ∇h = (1, 0, 0)).
#[test]
fn constrained_delassus_is_the_delassus_times_sine_squared_of_the_kinetic_angle() {
    for (alpha, beta) in [
        (1.0, 1.0),
        (0.5, -2.0),
        (-3.0, 0.2),
        (2.0, 0.0),
        (-2.0, 0.0),
    ] {
        let rod = RodLine {
            alpha,
            beta,
            gamma: -0.3,
            m: 1.3,
            l: 0.4,
            ..Default::default()
        };
        for theta in [0.0, 0.4, 1.1, -0.7] {
            if beta == 0.0 && theta != 0.0 {
                continue;
            }
            let x = rod.l * f64::cos(theta);
            let y = if beta == 0.0 {
                0.1
            } else {
                -(alpha * x + rod.gamma) / beta
            };
            let q = Vector::<3>::new(x, y, theta);
            let c = InertialCouplings::at(&rod, &q, 0.0).unwrap();
            let a = c.delassus()[(0, 0)];
            let angle = c
                .kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0))
                .unwrap();
            let a_c = c.constrained_delassus().unwrap()[(0, 0)];
            let sine2 = angle.angle.sin().powi(2);
            assert!(
                (a_c - a * sine2).abs() < TOL * a,
                "(30) at α = {alpha}, β = {beta}, θ = {theta}: A_c = {a_c}, A sin²θ = {}",
                a * sine2
            );
            if beta == 0.0 {
                // Colinear: θ = π for α > 0 (missing from the proposition's exception), θ = 0
                // for α < 0; A_c = 0 either way.
                let expected = if alpha > 0.0 {
                    std::f64::consts::PI
                } else {
                    0.0
                };
                assert!((angle.angle - expected).abs() < 1e-7, "θ = {}", angle.angle);
                assert!(a_c.abs() < TOL * a, "A_c = {a_c} at a colinear pair");
            }
        }
    }
}

/// Brogliato (2013), Lemma 1, (23): the kernel of M_c⁻¹ = M⁻¹ − M⁻¹∇g(∇gᵀM⁻¹∇g)⁻¹∇gᵀM⁻¹ is
/// the range of ∇g. On `RodLine` ∇g = (α, β, 0): M_c⁻¹∇g = 0, rank M_c⁻¹ = n − 1 = 2 (so the
/// kernel is no larger), and M_c⁻¹ v ≠ 0 for v = ∇g × e₃ and v = e₃, a basis of the
/// complement of R(∇g).
#[test]
fn constrained_inverse_mass_has_the_guide_gradient_as_kernel_lemma_1() {
    for (alpha, beta) in [(1.0, 1.0), (0.5, -2.0), (-3.0, 0.2), (0.0, 1.0)] {
        let rod = RodLine {
            alpha,
            beta,
            gamma: -0.3,
            ..Default::default()
        };
        let theta: f64 = 0.6;
        let x = rod.l * theta.cos();
        let q = Vector::<3>::new(x, -(alpha * x + rod.gamma) / beta, theta);
        let c = InertialCouplings::at(&rod, &q, 0.0).unwrap();
        let mc = c.constrained_inverse_mass().unwrap();
        let grad_g = Vector::<3>::new(alpha, beta, 0.0);
        assert!((mc * grad_g).amax() < TOL * mc.amax(), "M_c⁻¹ ∇g = 0");
        let rank = mc.svd(false, false).rank(1e-12 * mc.amax());
        assert_eq!(rank, 2, "the kernel is exactly R(∇g)");
        for v in [
            Vector::<3>::new(-beta, alpha, 0.0),
            Vector::<3>::new(0.0, 0.0, 1.0),
        ] {
            assert!(
                (mc * v).amax() > 1e-3 * mc.amax(),
                "{v} is not in the kernel"
            );
        }
    }
}

#[test]
fn slanted_guide_percussion_matches_equation_75() {
    // From (75): m Δẋ = p_u + α p_b, m Δẏ = β p_b, I Δθ̇ = l sinθ p_u, and the guide keeps
    // α Δẋ + β Δẏ = 0, so α(p_u + α p_b) + β² p_b = 0: p_b = −α/(α² + β²) p_u.
    for (alpha, beta) in [(1.0, 1.0), (0.5, -2.0), (-3.0, 0.2)] {
        let rod = RodLine {
            alpha,
            beta,
            gamma: 0.3,
            m: 1.3,
            l: 0.4,
            ..Default::default()
        };
        let theta: f64 = 0.7;
        let x = rod.l * theta.cos();
        let q = Vector::<3>::new(x, -(alpha * x + rod.gamma) / beta, theta);
        let c = InertialCouplings::at(&rod, &q, 0.0).unwrap();
        let p_u = 2.1;
        let p_b = c.bilateral_percussion(&Vector::<1>::new(p_u)).unwrap()[0];
        let expected = -alpha / (alpha * alpha + beta * beta) * p_u;
        assert!(
            (p_b - expected).abs() < TOL * p_u,
            "p_b = {p_b}, expected {expected}"
        );
        // (73): the velocity jump respects the guide and equals M⁻¹(∇h p_u + ∇g p_b) by (75).
        let dv = c.velocity_jump(&Vector::<1>::new(p_u)).unwrap();
        assert!((alpha * dv[0] + beta * dv[1]).abs() < TOL);
        let inertia = rod.m * rod.l * rod.l / 3.0;
        assert!((dv[0] - (p_u + alpha * p_b) / rod.m).abs() < TOL);
        assert!((dv[1] - beta * p_b / rod.m).abs() < TOL);
        assert!((dv[2] - rod.l * theta.sin() * p_u / inertia).abs() < TOL);
    }
}

#[test]
fn block_on_three_contacts_has_rank_one_delassus_and_is_hyperstatic() {
    let block = BlockThreeContacts {
        m: 2.0,
        ..Default::default()
    };
    let q = Vector::<2>::new(block.l, 0.3);
    let c = InertialCouplings::at(&block, &q, 0.0).unwrap();
    let a = c.delassus();
    assert!(
        (a - Matrix::<3, 3>::from_element(1.0 / block.m)).amax() < TOL,
        "A = (1/m) 𝟙𝟙ᵀ"
    );
    let s = c.delassus_spectrum().unwrap();
    assert_eq!(s.rank, 1);
    assert!((s.max() - 3.0 / block.m).abs() < TOL);
    let report = ConstraintRankReport::at(&block, &q, 0.0, &[0, 1, 2]).unwrap();
    assert!(report.redundant());
    assert!(report.accelerations_determined());
    assert!(!report.kkt_nonsingular());
    let text = report.to_string();
    assert!(text.contains("hyperstatic"), "{text}");
    assert!(text.contains("accelerations are unique"), "{text}");
}

#[test]
fn degenerate_inputs_give_typed_errors() {
    let rod = RodWall::default();
    let q = Vector::<3>::new(f64::NAN, 0.0, 0.0);
    assert!(matches!(
        InertialCouplings::at(&rod, &q, 0.0),
        Err(AnalysisError::NonFinite { .. })
    ));
    let singular = InertialCouplings::<3, 1, 1>::from_matrices(
        Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(1.0, 0.0, 1.0)),
        Matrix::<3, 1>::new(1.0, 0.0, 0.0),
        Matrix::<3, 1>::new(0.0, 1.0, 0.0),
    );
    assert!(matches!(
        singular,
        Err(AnalysisError::MassNotPositiveDefinite { .. })
    ));
    // A zero bilateral gradient violates Assumption 2 and has no kinetic angle.
    let c = InertialCouplings::<3, 1, 1>::from_matrices(
        Matrix::<3, 3>::identity(),
        Matrix::<3, 1>::new(1.0, 0.0, 0.0),
        Matrix::<3, 1>::zeros(),
    )
    .unwrap();
    assert!(matches!(
        c.constrained_delassus(),
        Err(AnalysisError::DependentBilateral { rank: 0, count: 1 })
    ));
    assert!(matches!(
        c.kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0)),
        Err(AnalysisError::ZeroGradient { .. })
    ));
    assert!(matches!(
        c.kinetic_angle(ConstraintRef::Unilateral(3), ConstraintRef::Bilateral(0)),
        Err(AnalysisError::IndexOutOfRange { .. })
    ));
    // A singular mass matrix with a blocking constraint: accelerations still determined.
    let report = ConstraintRankReport::from_matrices(
        &nalgebra::DMatrix::from_diagonal(&nalgebra::DVector::from_vec(vec![1.0, 0.0])),
        &nalgebra::DMatrix::from_column_slice(2, 1, &[0.0, 1.0]),
        1,
    )
    .unwrap();
    assert!(report.accelerations_determined() && report.kkt_nonsingular());
    assert!(report.to_string().contains("singular (rank 1 of 2)"));
    let _ = RodWall::NAME;
}

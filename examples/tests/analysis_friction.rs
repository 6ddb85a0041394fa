//! Painlevé's rod (uniform rod of length 2l, mass m, I = ml²/3, lower end sliding on a rough
//! floor at angle θ): with λ_T = −μ σ λ_N (Lötstedt 1982, (6.4)–(6.5)) the normal contact LCP has
//! the scalar matrix (1 + 3cos²θ + 3σμ sinθ cosθ)/m, written out here by hand from
//! W_N = (0, 1, −l cosθ), W_T = (1, 0, l sinθ), M = diag(m, m, ml²/3). It loses the P property
//! for σ = −1 at μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ), whose minimum over θ is 4/3 at tanθ = 2
//! (classical Painlevé bound). Both the sufficient (singular-value) and the exact bounds of
//! `SlidingContactProblem` must reproduce μ* to 1e-10, and the P-matrix test must flip there.

use mb_examples::analysis_models::painleve_rod::PainleveRod;
use mbruntime::Vector;
use mbruntime::analysis::{AnalysisError, SlidingContactProblem};

fn mu_star(theta: f64) -> f64 {
    (1.0 + 3.0 * theta.cos().powi(2)) / (3.0 * theta.sin() * theta.cos())
}

fn rod_state(rod: &PainleveRod, theta: f64) -> Vector<3> {
    Vector::<3>::new(0.0, rod.l * theta.sin(), theta)
}

#[test]
fn painleve_bound_matches_closed_form() {
    let rod = PainleveRod {
        m: 1.7,
        l: 0.4,
        ..Default::default()
    };
    for k in 1..40 {
        let theta = k as f64 * (std::f64::consts::FRAC_PI_2 / 40.0);
        let q = rod_state(&rod, theta);
        // Slip s = x − l cosθ; ṡ = ẋ + l sinθ θ̇. ẋ < 0 gives σ = −1.
        let qd = Vector::<3>::new(-1.0, 0.0, 0.0);
        let prob = SlidingContactProblem::at(&rod, &q, &qd, 0.0, &[0]).unwrap();
        assert_eq!(prob.directions, vec![-1.0]);
        let bound = prob.common_friction_bound().unwrap();
        let expected = mu_star(theta);
        assert!(
            (bound.sufficient - expected).abs() < 1e-10 * expected,
            "θ={theta}"
        );
        let exact = bound.exact.unwrap();
        assert!((exact - expected).abs() < 1e-10 * expected, "θ={theta}");
        assert_eq!(
            prob.well_posedness(&[0.999 * expected])
                .unwrap()
                .is_p_matrix(),
            Some(true)
        );
        assert_eq!(
            prob.well_posedness(&[1.001 * expected])
                .unwrap()
                .is_p_matrix(),
            Some(false)
        );
        // Sliding the other way, friction adds to the normal stiffness: never ill posed.
        let prob = SlidingContactProblem::at(&rod, &q, &(-qd), 0.0, &[0]).unwrap();
        assert_eq!(
            prob.common_friction_bound().unwrap().exact,
            Some(f64::INFINITY)
        );
        assert_eq!(
            prob.well_posedness(&[1e3]).unwrap().is_p_matrix(),
            Some(true)
        );
    }
}

#[test]
fn painleve_minimum_is_four_thirds_at_tan_theta_two() {
    let rod = PainleveRod::default();
    let theta = 2.0_f64.atan();
    let q = rod_state(&rod, theta);
    let prob = SlidingContactProblem::with_directions(&rod, &q, 0.0, &[(0, -1.0)]).unwrap();
    let b = prob.contact_friction_bound(0).unwrap();
    assert!((b.exact.unwrap() - 4.0 / 3.0).abs() < 1e-10);
    // Neighbouring angles give larger bounds.
    for dt in [-1e-3, 1e-3] {
        let q = rod_state(&rod, theta + dt);
        let p = SlidingContactProblem::with_directions(&rod, &q, 0.0, &[(0, -1.0)]).unwrap();
        assert!(p.common_friction_bound().unwrap().exact.unwrap() > 4.0 / 3.0);
    }
}

#[test]
fn sticking_contact_and_bad_input_are_typed_errors() {
    let rod = PainleveRod::default();
    let q = rod_state(&rod, 0.5);
    let still = Vector::<3>::zeros();
    assert!(matches!(
        SlidingContactProblem::at(&rod, &q, &still, 0.0, &[0]),
        Err(AnalysisError::NotSliding { contact: 0, .. })
    ));
    assert!(matches!(
        SlidingContactProblem::at(&rod, &q, &still, 0.0, &[3]),
        Err(AnalysisError::IndexOutOfRange { .. })
    ));
    let prob = SlidingContactProblem::with_directions(&rod, &q, 0.0, &[(0, -1.0)]).unwrap();
    assert!(matches!(
        prob.matrix(&[-0.1]),
        Err(AnalysisError::NegativeFriction { .. })
    ));
    assert!(matches!(
        prob.matrix(&[f64::NAN]),
        Err(AnalysisError::NonFinite { .. })
    ));
    assert!(matches!(
        prob.matrix(&[0.1, 0.2]),
        Err(AnalysisError::Dimension { .. })
    ));
}

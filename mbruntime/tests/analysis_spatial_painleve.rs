//! The sliding-friction analysis for a contact with a tangent plane: Painlevé's rod free to
//! translate sideways.
//!
//! Invariant (Painlevé 1895; the planar bound μ*(θ) = (1 + 3 cos²θ)/(3 sin θ cos θ) of the
//! `mbruntime::analysis` friction docs, after Lötstedt 1982, (6.4)–(6.5)). The rod
//! `mb_testsupport::models::SlidingRod` (mass m, length 2l, q = (x, y, z, θ), lower end
//! E = (x + l cos θ, y, z − l sin θ) on the floor, tangents e_x, e_y) has, written out by hand,
//! W_N = (0, 0, 1, −l c), W_T1 = (1, 0, 0, −l s), W_T2 = (0, 1, 0, 0) (s = sin θ, c = cos θ) and
//! M = diag(m, m, m, m l²/3). Sliding with the slip velocity γ = ‖γ‖ (cos β, sin β), Coulomb's
//! law in the plane puts the friction at −μ λ_N (W_T1 cos β + W_T2 sin β), so
//!
//! ```text
//! A₀ = W_Nᵀ M⁻¹ W_N = (1 + 3c²)/m,
//! B  = W_Nᵀ M⁻¹ (W_T1 cos β + W_T2 sin β) = (3 s c cos β + 0 · sin β)/m,
//! A(μ) = A₀ − μ B = (1 + 3c² − 3 μ s c cos β)/m:
//! ```
//!
//! W_Nᵀ M⁻¹ W_T2 = 0 because y is a free translation that moves neither z nor θ (M is diagonal
//! and W_N has no y component). The 1 × 1 matrix A(μ) is a P-matrix iff it is positive, so
//! for cos β > 0 the exact bound is μ*(θ)/cos β — the planar bound divided by cos β — and for
//! cos β ≤ 0 (backwards or sideways slip) uniqueness is never lost (+∞). The sufficient bound
//! λ_min(A₀)/‖B‖₂ = A₀/|B| is μ*(θ)/|cos β| (+∞ for β = ±90°, where B = 0 exactly).

use mb_testsupport::models::{PlanarBlock, SlidingRod};
use mbruntime::Vector;
use mbruntime::analysis::{AnalysisError, SlidingContactProblem};

const ROD: SlidingRod = SlidingRod {
    m: 1.7,
    l: 0.4,
    mu: 0.5,
    g: 9.81,
};

fn mu_star(theta: f64) -> f64 {
    (1.0 + 3.0 * theta.cos().powi(2)) / (3.0 * theta.sin() * theta.cos())
}

/// The rod at angle θ with its end on the floor.
fn rod_state(theta: f64) -> Vector<4> {
    Vector::<4>::new(0.0, 0.0, ROD.l * theta.sin(), theta)
}

/// Velocities whose slip is (cos β, sin β) at angle θ while the rod turns at `theta_dot`:
/// γ_T1 = ẋ − l sin θ θ̇, γ_T2 = ẏ.
fn sliding_velocity(theta: f64, beta: f64, theta_dot: f64) -> Vector<4> {
    Vector::<4>::new(
        beta.cos() + ROD.l * theta.sin() * theta_dot,
        beta.sin(),
        0.3,
        theta_dot,
    )
}

#[test]
fn the_bound_is_the_planar_painleve_bound_over_cos_beta() {
    for k in 1..12 {
        let theta = k as f64 * std::f64::consts::FRAC_PI_2 / 12.0;
        let q = rod_state(theta);
        for beta_deg in [0.0f64, 20.0, 45.0, 70.0, -35.0] {
            let beta = beta_deg.to_radians();
            let qd = sliding_velocity(theta, beta, 0.7);
            let prob = SlidingContactProblem::at(&ROD, &q, &qd, 0.0, &[0]).unwrap();
            let s = [prob.directions[0], prob.second_directions[0]];
            assert!(
                (s[0] - beta.cos()).abs() <= 1e-14 && (s[1] - beta.sin()).abs() <= 1e-14,
                "θ = {theta}, β = {beta_deg}°: ŝ = {s:?}"
            );
            let expected = mu_star(theta) / beta.cos();
            let bound = prob.common_friction_bound().unwrap();
            let exact = bound.exact.unwrap();
            for (name, got) in [("sufficient", bound.sufficient), ("exact", exact)] {
                assert!(
                    (got - expected).abs() <= 1e-10 * expected,
                    "θ = {theta}, β = {beta_deg}°: {name} {got} vs {expected}"
                );
            }
            let verdict = |mu: f64| prob.well_posedness(&[mu]).unwrap().is_p_matrix();
            assert_eq!(verdict(0.999 * expected), Some(true));
            assert_eq!(verdict(1.001 * expected), Some(false));
        }
    }
}

#[test]
fn backwards_or_sideways_slip_never_loses_uniqueness() {
    for k in 1..12 {
        let theta = k as f64 * std::f64::consts::FRAC_PI_2 / 12.0;
        let q = rod_state(theta);
        // Sideways only: γ_T1 = ẋ = 0 exactly, so B = 0 and both bounds are +∞.
        for side in [1.0, -1.0] {
            let qd = Vector::<4>::new(0.0, side * 0.8, 0.3, 0.0);
            let prob = SlidingContactProblem::at(&ROD, &q, &qd, 0.0, &[0]).unwrap();
            assert_eq!((prob.directions[0], prob.second_directions[0]), (0.0, side));
            let bound = prob.common_friction_bound().unwrap();
            assert_eq!(bound.sufficient, f64::INFINITY);
            assert_eq!(bound.exact, Some(f64::INFINITY));
            assert_eq!(
                prob.well_posedness(&[1e6]).unwrap().is_p_matrix(),
                Some(true)
            );
        }
        // Backwards (cos β < 0): friction adds to the normal stiffness; the sufficient bound
        // stays the conservative μ*/|cos β|.
        for beta_deg in [120.0f64, 180.0, -150.0] {
            let beta = beta_deg.to_radians();
            let qd = sliding_velocity(theta, beta, -0.4);
            let prob = SlidingContactProblem::at(&ROD, &q, &qd, 0.0, &[0]).unwrap();
            let bound = prob.contact_friction_bound(0).unwrap();
            assert_eq!(bound.exact, Some(f64::INFINITY), "β = {beta_deg}°");
            let conservative = mu_star(theta) / beta.cos().abs();
            assert!((bound.sufficient - conservative).abs() <= 1e-10 * conservative);
            assert_eq!(
                prob.well_posedness(&[1e3]).unwrap().is_p_matrix(),
                Some(true)
            );
        }
    }
}

#[test]
fn explicit_slip_directions_give_the_same_problem() {
    let theta = 2f64.atan();
    let q = rod_state(theta);
    let beta = 25f64.to_radians();
    let from_velocity =
        SlidingContactProblem::at(&ROD, &q, &sliding_velocity(theta, beta, 0.0), 0.0, &[0])
            .unwrap();
    // Any positive multiple of the direction; it is normalised.
    let given = [3.0 * beta.cos(), 3.0 * beta.sin()];
    let explicit =
        SlidingContactProblem::with_slip_directions(&ROD, &q, 0.0, &[(0, given)]).unwrap();
    assert_eq!(explicit.contacts, vec![0]);
    for (a, b) in [
        (explicit.directions[0], from_velocity.directions[0]),
        (
            explicit.second_directions[0],
            from_velocity.second_directions[0],
        ),
        (explicit.coupling[(0, 0)], from_velocity.coupling[(0, 0)]),
    ] {
        assert!((a - b).abs() <= 1e-15 * (1.0 + b.abs()), "{a} vs {b}");
    }
    assert_eq!(explicit.frictionless, from_velocity.frictionless);
    // The minimum of Painlevé's planar bound, 4/3 at tan θ = 2, over cos β.
    let exact = explicit.contact_friction_bound(0).unwrap().exact.unwrap();
    assert!((exact - 4.0 / 3.0 / beta.cos()).abs() <= 1e-10);

    // A planar contact: (σ, 0) is its direction, the same problem as the sign σ.
    let block = PlanarBlock {
        m: 2.0,
        mu: 0.3,
        pull: 0.0,
    };
    let qb = Vector::<2>::zeros();
    let by_sign = SlidingContactProblem::with_directions(&block, &qb, 0.0, &[(0, -1.0)]).unwrap();
    let by_vector =
        SlidingContactProblem::with_slip_directions(&block, &qb, 0.0, &[(0, [-0.5, 0.0])]).unwrap();
    assert_eq!(by_sign, by_vector);
    assert_eq!(
        (by_sign.directions[0], by_sign.second_directions[0]),
        (-1.0, 0.0)
    );
}

#[test]
fn no_slip_and_bad_directions_are_typed_errors() {
    let q = rod_state(0.6);
    // Zero slip: ẋ = ẏ = θ̇ = 0, the rod only moves vertically.
    let resting = Vector::<4>::new(0.0, 0.0, 0.5, 0.0);
    assert_eq!(
        SlidingContactProblem::at(&ROD, &q, &resting, 0.0, &[0]),
        Err(AnalysisError::NotSliding {
            contact: 0,
            velocity: 0.0
        })
    );
    for bad in [[0.0, 0.0], [f64::NAN, 1.0], [1.0, f64::INFINITY]] {
        let err =
            SlidingContactProblem::with_slip_directions(&ROD, &q, 0.0, &[(0, bad)]).unwrap_err();
        assert!(
            matches!(err, AnalysisError::NotSliding { contact: 0, .. }),
            "{bad:?}: {err:?}"
        );
    }
    assert_eq!(
        SlidingContactProblem::with_directions(&ROD, &q, 0.0, &[(0, 1.0)]),
        Err(AnalysisError::SpatialFriction { contact: 0 })
    );
    assert!(matches!(
        SlidingContactProblem::with_slip_directions(&ROD, &q, 0.0, &[(1, [1.0, 0.0])]),
        Err(AnalysisError::IndexOutOfRange { index: 1, .. })
    ));
    let mut broken = q;
    broken[3] = f64::NAN;
    assert!(matches!(
        SlidingContactProblem::at(&ROD, &broken, &resting, 0.0, &[0]),
        Err(AnalysisError::NonFinite { .. })
    ));
    // A planar contact has no second tangent to slide along.
    let block = PlanarBlock {
        m: 2.0,
        mu: 0.3,
        pull: 0.0,
    };
    let err = SlidingContactProblem::with_slip_directions(
        &block,
        &Vector::<2>::zeros(),
        0.0,
        &[(0, [1.0, 0.5])],
    )
    .unwrap_err();
    assert_eq!(
        err,
        AnalysisError::NoTangentPlane {
            contact: 0,
            component: 0.5
        }
    );
    assert!(err.to_string().contains("single tangent"), "{err}");
}

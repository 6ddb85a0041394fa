//! The acceleration-level planar frictional contact problem
//! (`mbruntime::event::friction_modes`) gives the accelerations, contact forces and modes of
//! Coulomb's law at acceleration level (Lötstedt 1982, "Mechanical systems of rigid bodies
//! subject to unilateral constraints", SIAM J. Appl. Math. 42, (6.4)–(6.5); Pfeiffer & Glocker
//! 1996, "Multibody Dynamics with Unilateral Contacts", ch. 7), and refuses Painlevé's
//! inconsistent and non-unique cases (Painlevé 1895; Génot & Brogliato 1999, "New results on
//! Painlevé paradoxes"). Every expected value is a closed form of Newton's laws for the
//! hand-written models of `mb_testsupport::models`:
//!
//! * `PulledBlock`, a block (mass m) on a line inclined at α, coordinates x (along the line,
//!   uphill) and y (normal), gravity and a pull (F_x, F_y): M = m𝟙,
//!   h = (F_x − m g sin α, F_y − m g cos α), g_N = y, W_N = e_y, W_T = e_x;
//! * `PainleveRod`, Painlevé's rod (mass m, half length l, J = m l²/3), q = (x, y, θ), lower end
//!   at (x + l cos θ, y − l sin θ): W_N = (0, 1, −l cos θ), ẇ_N = l sin θ θ̇²,
//!   W_T = (1, 0, −l sin θ), ẇ_T = −l cos θ θ̇²;
//! * `PulledBox`, a box (half width a, half height b, J = m(a² + b²)/3) on two corners
//!   r = (∓a, −b);
//! * `ParticlePair`, two particles held at a fixed offset by two bilateral constraints, the lower
//!   one on a rough floor (the bilateral constraints are condensed, so the pair acts as one block
//!   of mass m₁ + m₂).

use mb_testsupport::models::{G, PainleveRod, ParticlePair, PulledBlock, PulledBox, SlidingRod};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{
    ContactMode, FrictionModeError, FrictionalAcceleration, FrictionalContactLcp, ModeTolerances,
};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

fn solve_block(
    block: PulledBlock,
    v: f64,
) -> Result<FrictionalAcceleration<2, 0, 1>, FrictionModeError> {
    let mut lcp = FrictionalContactLcp::<2, 1>::default();
    let q = Vector::<2>::zeros();
    let u = Vector::<2>::new(v, 0.0);
    lcp.solve(&block, &[true], &ModeTolerances::default(), 0.0, &q, &u)
}

/// Painlevé's rod at angle θ on the floor with θ̇ and end slip velocity `slip`.
fn rod_state(rod: &PainleveRod, theta: f64, theta_dot: f64, slip: f64) -> (Vector<3>, Vector<3>) {
    let (s, c) = theta.sin_cos();
    let q = Vector::<3>::new(0.0, rod.l * s, theta);
    let u = Vector::<3>::new(
        slip + rod.l * s * theta_dot,
        rod.l * c * theta_dot,
        theta_dot,
    );
    (q, u)
}

fn solve_rod(
    rod: PainleveRod,
    theta: f64,
    theta_dot: f64,
    slip: f64,
) -> Result<FrictionalAcceleration<3, 0, 1>, FrictionModeError> {
    let (q, u) = rod_state(&rod, theta, theta_dot, slip);
    let mut lcp = FrictionalContactLcp::<3, 1>::default();
    lcp.solve(&rod, &[true], &ModeTolerances::default(), 0.0, &q, &u)
}

/// Painlevé's bound μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ).
fn painleve_bound(theta: f64) -> f64 {
    let (s, c) = theta.sin_cos();
    (1.0 + 3.0 * c * c) / (3.0 * s * c)
}

/// Test 1. A block at rest on an incline sticks iff μ ≥ tan α, with λ_T = m g sin α (up the
/// slope) and λ_N = m g cos α; otherwise it starts sliding downhill with
/// a = g(sin α − μ cos α) and λ_T = μ m g cos α (Coulomb's law, Newton's second law along and
/// normal to the slope).
#[test]
fn block_on_incline_sticks_iff_mu_exceeds_tan_alpha() {
    let (m, alpha) = (2.0, 30f64.to_radians());
    let tan = alpha.tan();
    for factor in [0.0, 0.5, 0.99, 1.01, 1.5, 3.0] {
        let mu = factor * tan;
        let sol = solve_block(
            PulledBlock {
                m,
                alpha,
                mu,
                pull: (0.0, 0.0),
            },
            0.0,
        )
        .unwrap();
        assert!(close(sol.lambda_n[0], m * G * alpha.cos(), 1e-12));
        assert!(close(sol.qdd[1], 0.0, 1e-12));
        if mu >= tan {
            assert_eq!(sol.modes[0], ContactMode::Sticking, "μ = {mu}");
            assert!(close(sol.lambda_t[0], m * G * alpha.sin(), 1e-12));
            assert!(sol.qdd[0].abs() < 1e-12);
        } else {
            assert_eq!(
                sol.modes[0],
                ContactMode::StartsSliding { sigma: -1.0 },
                "μ = {mu}"
            );
            let a = G * (alpha.sin() - mu * alpha.cos());
            assert!(close(sol.qdd[0], -a, 1e-12), "{} vs {}", sol.qdd[0], -a);
            assert!(close(sol.lambda_t[0], mu * m * G * alpha.cos(), 1e-12));
            assert!(close(sol.slip_acceleration[0], -a, 1e-12));
        }
    }
}

/// Test 2. A block on a rough floor under a horizontal pull F: sliding at v ≠ 0 it has
/// a = (F − sign(v) μ m g)/m and λ_T = −sign(v) μ m g; at rest it sticks with λ_T = −F when
/// |F| < μ m g and starts sliding with a = (F − sign(F) μ m g)/m when |F| > μ m g.
#[test]
fn block_on_rough_floor_slides_sticks_and_starts_sliding() {
    let (m, mu) = (1.5, 0.4);
    let limit = mu * m * G;
    for f in [-8.0, -3.0, 0.0, 2.0, 5.0, 9.0] {
        let block = PulledBlock {
            m,
            alpha: 0.0,
            mu,
            pull: (f, 0.0),
        };
        for v in [0.7, -0.7] {
            let sol = solve_block(block, v).unwrap();
            let sigma = v.signum();
            assert_eq!(sol.modes[0], ContactMode::Sliding { sigma });
            assert!(close(sol.qdd[0], (f - sigma * limit) / m, 1e-12));
            assert!(close(sol.lambda_t[0], -sigma * limit, 1e-12));
            assert!(close(sol.lambda_n[0], m * G, 1e-12));
        }
        let sol = solve_block(block, 0.0).unwrap();
        assert!(close(sol.lambda_n[0], m * G, 1e-12));
        if f.abs() < limit {
            assert_eq!(sol.modes[0], ContactMode::Sticking, "F = {f}");
            assert!(close(sol.lambda_t[0], -f, 1e-12));
            assert!(sol.qdd.amax() < 1e-12);
        } else {
            let sigma = f.signum();
            assert_eq!(
                sol.modes[0],
                ContactMode::StartsSliding { sigma },
                "F = {f}"
            );
            assert!(close(sol.qdd[0], (f - sigma * limit) / m, 1e-12));
            assert!(close(sol.lambda_t[0], -sigma * limit, 1e-12));
        }
    }
}

/// Test 3. A block pulled upwards by more than its weight lifts off, sliding or not: λ_N = 0,
/// λ_T = 0 and q̈ = (F_x, F_y − m g)/m (free flight).
#[test]
fn block_pulled_up_harder_than_its_weight_lifts_off() {
    let m = 0.8;
    let block = PulledBlock {
        m,
        alpha: 0.0,
        mu: 0.6,
        pull: (1.0, 2.0 * m * G),
    };
    for v in [0.0, 0.5, -0.5] {
        let sol = solve_block(block, v).unwrap();
        assert_eq!(sol.modes[0], ContactMode::LiftingOff);
        assert_eq!((sol.lambda_n[0], sol.lambda_t[0]), (0.0, 0.0));
        assert!(close(sol.qdd[0], 1.0 / m, 1e-12));
        assert!(close(sol.qdd[1], G, 1e-12));
        assert!(close(sol.normal_acceleration[0], G, 1e-12));
    }
}

/// Test 4a. Painlevé's rod sliding with μ below μ*(θ): inserting λ_T = −μσλ_N into Newton's
/// equations and g̈_N = 0 gives
/// λ_N = m(g − l sinθ θ̇²)/(1 + 3cos²θ − 3μσ sinθ cosθ), ẍ = −μσλ_N/m, ÿ = −g + λ_N/m,
/// θ̈ = −3(cosθ − μσ sinθ)λ_N/(m l). With σ = −1 the denominator stays positive for every μ,
/// so a μ above μ*(θ) is well posed in that direction.
#[test]
fn painleve_rod_below_the_bound_slides_with_the_closed_form() {
    let (m, l, theta, theta_dot) = (1.2, 0.5, 1.0, 0.8);
    let bound = painleve_bound(theta);
    let (s, c) = theta.sin_cos();
    for (mu, sigma) in [
        (0.3 * bound, 1.0),
        (0.9 * bound, 1.0),
        (0.5 * bound, -1.0),
        (2.0 * bound, -1.0),
    ] {
        let rod = PainleveRod { m, l, mu };
        let sol = solve_rod(rod, theta, theta_dot, sigma * 0.4).unwrap();
        let lambda_n = m * (G - l * s * theta_dot * theta_dot)
            / (1.0 + 3.0 * c * c - 3.0 * mu * sigma * s * c);
        assert_eq!(sol.modes[0], ContactMode::Sliding { sigma });
        assert!(close(sol.lambda_n[0], lambda_n, 1e-11));
        assert!(close(sol.lambda_t[0], -mu * sigma * lambda_n, 1e-11));
        assert!(close(sol.qdd[0], -mu * sigma * lambda_n / m, 1e-11));
        assert!(close(sol.qdd[1], -G + lambda_n / m, 1e-11));
        let theta_dd = -3.0 * (c - mu * sigma * s) * lambda_n / (m * l);
        assert!(close(sol.qdd[2], theta_dd, 1e-11));
        assert!(sol.normal_acceleration[0].abs() < 1e-10);
    }
}

/// Test 4b. Above μ*(θ), sliding with σ = +1 and a pressing free normal acceleration
/// (g > l sinθ θ̇²), A(μ) = (1 + 3cos²θ − 3μ sinθ cosθ)/m < 0 and the right-hand side is
/// negative: the LCP has no solution (Painlevé's inconsistent case). The error names the
/// contact, μ and μ*(θ).
#[test]
fn painleve_rod_above_the_bound_is_inconsistent() {
    let (m, l, theta) = (1.0, 1.0, 60f64.to_radians());
    let bound = painleve_bound(theta);
    let mu = 1.5 * bound;
    let err = solve_rod(PainleveRod { m, l, mu }, theta, 0.5, 0.6).unwrap_err();
    let FrictionModeError::Inconsistent {
        culprit: Some(culprit),
        ..
    } = &err
    else {
        panic!("expected the inconsistent case, got {err:?}");
    };
    assert_eq!((culprit.contact, culprit.index), ("end", 0));
    assert_eq!((culprit.friction, culprit.sigma), (mu, 1.0));
    assert!(close(culprit.bound.unwrap(), bound, 1e-9));
    assert!(close(culprit.common_bound.unwrap(), bound, 1e-9));
    let message = err.to_string();
    assert!(message.contains(&format!("{bound:.6}")), "{message}");
    assert!(message.contains("`end`"), "{message}");
}

/// Test 4c. Above μ*(θ), sliding with σ = +1 and a free normal acceleration pointing away
/// (l sinθ θ̇² > g): both lift-off (λ_N = 0) and λ_N = m(g − l sinθ θ̇²)/(1 + 3cos²θ −
/// 3μ sinθ cosθ) > 0 solve the LCP, so A(μ) is not a P-matrix and the problem is refused.
#[test]
fn painleve_rod_above_the_bound_with_two_solutions_is_refused() {
    let (m, l, theta, theta_dot) = (1.0, 1.0, 60f64.to_radians(), 4.0);
    let bound = painleve_bound(theta);
    let (s, c) = theta.sin_cos();
    assert!(l * s * theta_dot * theta_dot > G);
    let mu = 1.5 * bound;
    let second = m * (G - l * s * theta_dot * theta_dot) / (1.0 + 3.0 * c * c - 3.0 * mu * s * c);
    assert!(second > 0.0, "the second solution exists");
    let err = solve_rod(PainleveRod { m, l, mu }, theta, theta_dot, 0.6).unwrap_err();
    let FrictionModeError::NonUnique {
        culprit: Some(culprit),
        verdict,
    } = &err
    else {
        panic!("expected the non-unique case, got {err:?}");
    };
    assert_eq!(verdict.is_p_matrix(), Some(false));
    assert_eq!((culprit.contact, culprit.friction), ("end", mu));
    assert!(close(culprit.bound.unwrap(), bound, 1e-9));
    assert!(err.to_string().contains(&format!("{bound:.6}")));
    // Below the bound the same state lifts off: the only solution.
    let sol = solve_rod(
        PainleveRod {
            m,
            l,
            mu: 0.5 * bound,
        },
        theta,
        theta_dot,
        0.6,
    )
    .unwrap();
    assert_eq!(sol.modes[0], ContactMode::LiftingOff);
    assert_eq!(sol.lambda_n[0], 0.0);
}

/// Two contacts: a box sliding on two corners (σ = +1) has ẍ = −μ g, ÿ = θ̈ = 0, and the moment
/// balance about the centre gives λ_front − λ_rear = μ b m g / a with λ_rear + λ_front = m g. At
/// rest under a pull F < μ m g at the centre it sticks: λ_T,rear + λ_T,front = −F and
/// λ_front − λ_rear = b F / a.
#[test]
fn box_on_two_corners_slides_and_sticks_with_the_moment_balance() {
    let (m, a, b, mu) = (2.0, 0.5, 0.25, 0.3);
    let mut lcp = FrictionalContactLcp::<3, 2>::default();
    let tol = ModeTolerances::default();
    let q = Vector::<3>::new(0.0, b, 0.0);
    let sliding = PulledBox {
        m,
        a,
        b,
        mu,
        pull: 0.0,
    };
    let u = Vector::<3>::new(1.0, 0.0, 0.0);
    let sol = lcp.solve(&sliding, &[true; 2], &tol, 0.0, &q, &u).unwrap();
    assert_eq!(sol.modes, [ContactMode::Sliding { sigma: 1.0 }; 2]);
    let diff = mu * b * m * G / a;
    assert!(close(sol.lambda_n[0], (m * G - diff) / 2.0, 1e-11));
    assert!(close(sol.lambda_n[1], (m * G + diff) / 2.0, 1e-11));
    assert!(close(sol.qdd[0], -mu * G, 1e-11));
    assert!(sol.qdd[1].abs() < 1e-11 && sol.qdd[2].abs() < 1e-11);

    let f = 0.5 * mu * m * G;
    let pulled = PulledBox { pull: f, ..sliding };
    let sol = lcp
        .solve(&pulled, &[true; 2], &tol, 0.0, &q, &Vector::zeros())
        .unwrap();
    assert_eq!(sol.modes, [ContactMode::Sticking; 2]);
    assert!(close(sol.lambda_t[0] + sol.lambda_t[1], -f, 1e-11));
    assert!(close(sol.lambda_n[1] - sol.lambda_n[0], b * f / a, 1e-11));
    assert!(close(sol.lambda_n[0] + sol.lambda_n[1], m * G, 1e-11));
    assert!(sol.qdd.amax() < 1e-11);
    for i in 0..2 {
        assert!(sol.lambda_t[i].abs() <= mu * sol.lambda_n[i] * (1.0 + 1e-12));
    }
}

/// Bilateral constraints condensed by the constrained inverse: two particles at a fixed offset
/// act as one block of mass m₁ + m₂, so sliding gives a = (F − μ(m₁ + m₂)g)/(m₁ + m₂) for both,
/// λ_N = (m₁ + m₂)g, and the bilateral multipliers are those of particle 2's Newton equations,
/// λ_x = m₂ a − F, λ_y = m₂ g; at rest with F < μ(m₁ + m₂)g the pair sticks with λ_T = −F.
#[test]
fn bilateral_constraints_are_condensed() {
    let (m1, m2, mu, f) = (1.0, 3.0, 0.2, 12.0);
    let pair = ParticlePair {
        m1,
        m2,
        mu,
        pull: f,
    };
    let total = m1 + m2;
    let mut lcp = FrictionalContactLcp::<4, 1>::default();
    let tol = ModeTolerances::default();
    let q = Vector::<4>::new(0.0, 0.0, 0.3, 0.0);
    let u = Vector::<4>::new(0.5, 0.0, 0.5, 0.0);
    let sol = lcp.solve(&pair, &[true], &tol, 0.0, &q, &u).unwrap();
    let acc = (f - mu * total * G) / total;
    assert_eq!(sol.modes[0], ContactMode::Sliding { sigma: 1.0 });
    assert!(close(sol.qdd[0], acc, 1e-12) && close(sol.qdd[2], acc, 1e-12));
    assert!(sol.qdd[1].abs() < 1e-12 && sol.qdd[3].abs() < 1e-12);
    assert!(close(sol.lambda_n[0], total * G, 1e-12));
    assert!(close(sol.lambda_b[0], m2 * acc - f, 1e-12));
    assert!(close(sol.lambda_b[1], m2 * G, 1e-12));

    let weak = ParticlePair { pull: 5.0, ..pair };
    let sol = lcp
        .solve(&weak, &[true], &tol, 0.0, &q, &Vector::zeros())
        .unwrap();
    assert_eq!(sol.modes[0], ContactMode::Sticking);
    assert!(close(sol.lambda_t[0], -5.0, 1e-12));
    assert!(sol.qdd.amax() < 1e-12);
}

/// Typed errors for bad input: a non-finite state, a non-finite or negative μ, a contact given as
/// closed with a nonzero gap, a contact with a tangent plane; an open contact is reported Open.
#[test]
fn bad_input_gives_typed_errors() {
    let block = PulledBlock {
        m: 1.0,
        alpha: 0.0,
        mu: 0.3,
        pull: (0.0, 0.0),
    };
    let mut lcp = FrictionalContactLcp::<2, 1>::default();
    let tol = ModeTolerances::default();
    let nan = Vector::<2>::new(f64::NAN, 0.0);
    let zero = Vector::<2>::zeros();
    assert!(matches!(
        lcp.solve(&block, &[true], &tol, 0.0, &nan, &zero),
        Err(FrictionModeError::NonFinite { .. })
    ));
    assert!(matches!(
        lcp.solve(&block, &[true], &tol, 0.0, &zero, &nan),
        Err(FrictionModeError::NonFinite { .. })
    ));
    for mu in [f64::NAN, -0.1, f64::INFINITY] {
        let bad = PulledBlock { mu, ..block };
        assert!(matches!(
            lcp.solve(&bad, &[true], &tol, 0.0, &zero, &zero),
            Err(FrictionModeError::InvalidFriction { index: 0, .. })
        ));
    }
    let lifted = Vector::<2>::new(0.0, 0.1);
    assert!(matches!(
        lcp.solve(&block, &[true], &tol, 0.0, &lifted, &zero),
        Err(FrictionModeError::NotClosed { index: 0, .. })
    ));
    let sol = lcp
        .solve(&block, &[false], &tol, 0.0, &lifted, &zero)
        .unwrap();
    assert_eq!(sol.modes[0], ContactMode::Open);
    assert!(close(sol.qdd[1], -G, 1e-14));
}

/// The rod of [`SlidingRod`] moving in the (x, z) plane is Painlevé's rod with a tangent plane:
/// its acceleration-level problem goes through the cone complementarity problem
/// (`friction_cone_modes`) and must give the planar LCP's accelerations, forces and modes — at
/// rest (sticking, and starting to slide for a small μ) and sliding both ways below the
/// Painlevé bound — with the y direction untouched.
#[test]
fn the_cone_problem_agrees_with_the_planar_lcp_where_the_motion_is_planar() {
    let tol = ModeTolerances::default();
    let theta = 30f64.to_radians();
    let (m, l) = (1.0, 1.0);
    for (mu, vx, omega) in [
        (0.6, 0.0, 0.0),
        (0.05, 0.0, 0.0),
        (0.3, 0.8, 0.0),
        (0.3, -0.8, 0.5),
    ] {
        let rod3d = SlidingRod { m, l, mu, g: G };
        let rod2d = PainleveRod { m, l, mu };
        // The lower end on the floor with zero normal velocity: ż = l cos θ θ̇.
        let zdot = l * theta.cos() * omega;
        let q3 = Vector::<4>::new(0.0, 0.0, l * theta.sin(), theta);
        let u3 = Vector::<4>::new(vx, 0.0, zdot, omega);
        let q2 = Vector::<3>::new(0.0, l * theta.sin(), theta);
        let u2 = Vector::<3>::new(vx, zdot, omega);
        let spatial = FrictionalContactLcp::<4, 1>::default()
            .solve(&rod3d, &[true], &tol, 0.0, &q3, &u3)
            .expect("cone problem");
        let planar = FrictionalContactLcp::<3, 1>::default()
            .solve(&rod2d, &[true], &tol, 0.0, &q2, &u2)
            .expect("planar LCP");
        let (a3, a2) = (spatial.qdd, planar.qdd);
        for (k3, k2) in [(0, 0), (2, 1), (3, 2)] {
            assert!(
                close(a3[k3], a2[k2], 1e-12),
                "μ = {mu}, v = {vx}: {a3:?} vs {a2:?}"
            );
        }
        assert!(a3[1].abs() <= 1e-14, "no motion across");
        assert!(close(spatial.lambda_n[0], planar.lambda_n[0], 1e-12));
        assert!(close(spatial.lambda_t[0], planar.lambda_t[0], 1e-12));
        assert!(spatial.lambda_t2[0].abs() <= 1e-12);
        let mode = match planar.modes[0] {
            ContactMode::Sliding { sigma } => ContactMode::SlidingPlane {
                direction: [sigma, 0.0],
            },
            ContactMode::StartsSliding { sigma } => ContactMode::StartsSlidingPlane {
                direction: [sigma, 0.0],
            },
            other => other,
        };
        assert_eq!(spatial.modes[0], mode, "μ = {mu}, v = {vx}");
    }
    // Above Painlevé's bound μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ) the sliding rod has no unique
    // accelerations: a typed error naming the contact, its direction in the plane and μ*.
    let bound = (1.0 + 3.0 * theta.cos().powi(2)) / (3.0 * theta.sin() * theta.cos());
    let rod3d = SlidingRod {
        m,
        l,
        mu: 3.0,
        g: G,
    };
    let q3 = Vector::<4>::new(0.0, 0.0, l * theta.sin(), theta);
    let u3 = Vector::<4>::new(0.8, 0.0, 0.0, 0.0);
    match FrictionalContactLcp::<4, 1>::default().solve(&rod3d, &[true], &tol, 0.0, &q3, &u3) {
        Err(FrictionModeError::NonUnique {
            culprit: Some(c), ..
        }) => {
            assert_eq!((c.index, c.in_plane), (0, Some([1.0, 0.0])));
            assert!(close(c.bound.expect("μ*"), bound, 1e-10), "{c}");
        }
        other => panic!("{other:?}"),
    }
}

/// Test 5. Solving allocates nothing once the workspace exists (runtime contract: no heap
/// allocation in a per-step path), for every mode: sliding, sticking, starting to slide,
/// lifting off, the Painlevé rod below its bound, two contacts, bilateral constraints.
#[test]
fn solving_does_not_allocate() {
    let tol = ModeTolerances::default();
    let mut lcp2 = FrictionalContactLcp::<2, 1>::default();
    let mut lcp3 = FrictionalContactLcp::<3, 1>::default();
    let mut lcp_box = FrictionalContactLcp::<3, 2>::default();
    let mut lcp4 = FrictionalContactLcp::<4, 1>::default();
    let rod = PainleveRod {
        m: 1.0,
        l: 0.5,
        mu: 0.5,
    };
    let (rq, ru) = rod_state(&rod, 1.0, 0.8, 0.4);
    let boxed = PulledBox {
        m: 1.0,
        a: 0.5,
        b: 0.25,
        mu: 0.3,
        pull: 1.0,
    };
    let bq = Vector::<3>::new(0.0, 0.25, 0.0);
    let pair = ParticlePair {
        m1: 1.0,
        m2: 2.0,
        mu: 0.2,
        pull: 3.0,
    };
    let pq = Vector::<4>::new(0.0, 0.0, 0.3, 0.0);
    let mut modes = Vec::with_capacity(64);
    let before = allocations_on_this_thread();
    for (fx, fy) in [(0.0, 0.0), (1.0, 0.0), (9.0, 0.0), (0.0, 30.0)] {
        for v in [0.0, 0.5] {
            let block = PulledBlock {
                m: 1.0,
                alpha: 0.0,
                mu: 0.5,
                pull: (fx, fy),
            };
            let u = Vector::<2>::new(v, 0.0);
            let zero = Vector::<2>::zeros();
            modes.push(
                lcp2.solve(&block, &[true], &tol, 0.0, &zero, &u)
                    .unwrap()
                    .modes[0],
            );
        }
    }
    modes.push(
        lcp3.solve(&rod, &[true], &tol, 0.0, &rq, &ru)
            .unwrap()
            .modes[0],
    );
    for v in [0.0, 1.0] {
        let u = Vector::<3>::new(v, 0.0, 0.0);
        let sol = lcp_box
            .solve(&boxed, &[true; 2], &tol, 0.0, &bq, &u)
            .unwrap();
        modes.extend_from_slice(&sol.modes);
    }
    let pu = Vector::<4>::new(0.5, 0.0, 0.5, 0.0);
    modes.push(
        lcp4.solve(&pair, &[true], &tol, 0.0, &pq, &pu)
            .unwrap()
            .modes[0],
    );
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "solving allocated");
    for mode in [
        ContactMode::Sticking,
        ContactMode::Sliding { sigma: 1.0 },
        ContactMode::StartsSliding { sigma: 1.0 },
        ContactMode::LiftingOff,
    ] {
        assert!(modes.contains(&mode), "{mode:?} not exercised: {modes:?}");
    }
}

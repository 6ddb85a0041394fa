//! Bifurcation and end points on equilibrium paths (Schulz & Pellegrino 2000, Sects. 2(a), 4b).
//!
//! Bifurcation (2.21): H_+ singular with c₁ = w₁ᵀ T ∇U' = 0, where a limit point (2.22) has
//! c₁ ≠ 0. Euler strut (`EulerStrut`, V = ½kθ² + pL cos θ): the trivial path θ = 0 is stable for
//! p < k/L and unstable beyond (V'' = k − pL); the buckled branch p = kθ/(L sin θ) is stable
//! (V'' = k(1 − θ cot θ) > 0) and crosses the trivial path at the pitchfork p = k/L. Steep von
//! Mises truss (`VonMisesTrussStop` with h² > 3a²): on the symmetric path x = 0,
//! p = 8cy(h² − y²) and ∂²V/∂x² = c(16a² + 8(y² − h²)) vanishes at y_b = √(h² − 2a²) before the
//! snap-through limit y = h/√3, so the path bifurcates at p_b = 16ca²y_b into the asymmetric
//! branch x² + y² = y_b², p = 16ca²y, whose Hessian 16c[[x², xy], [xy, y² − a²]] has one negative
//! eigenvalue (all hand-derived from the energies).
//!
//! The situation of an end point (Fig. 4a; Sect. 8: needs ≥ 2 weakly active constraints), which
//! first order does not decide: `TwoStopEndPoint`, V = k(xy − ½x²) + p(2x − y), x ≥ 0, y ≥ 0.
//! By hand over the four active sets, the equilibria are x = 2p/k, y = 0, λ_y = p for p ≥ 0,
//! none for p < 0, and at p = 0 also the half-line x = 0, y ≥ 0 with λ_x = k y (only the stop
//! x ≥ 0 active: ∂V/∂y = kx − p = 0 forces p = 0). At the origin G = H⁻¹ = [[0, 1], [1, 1]]/k
//! and ĝ = (1, −1)/k in (4.1)–(4.4): the path LCP has one solution for ṗ > 0, none for ṗ < 0 —
//! and one with ṗ = 0, λ̇ = (1, 0) (G₁₁ = 0, ġ = (0, 1/k) ≥ 0), q̇ = H⁻¹ e_x ∝ (0, 1): the
//! horizontal half-line. So the path does not end there; it turns horizontal, and whether such a
//! branch bends up or down in p is for a higher-order analysis (Sect. 4(b)): the tracer says so
//! (`HigherOrderNeeded`) instead of calling the point an end point. The test checks the
//! horizontal half-line and that no active set admits an equilibrium at p < 0 with the generated
//! model.

use mb_examples::analysis_models::euler_strut::EulerStrut;
use mb_examples::analysis_models::two_stop_end_point::TwoStopEndPoint;
use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mbruntime::analysis::{
    ContactState, PathOptions, SpecialPointKind, Termination, trace_equilibrium_path,
};
use mbruntime::{Matrix, Statics, Vector};

#[test]
fn euler_strut_trivial_path_bifurcates_at_k_over_l() {
    let (k, l) = (2.0, 1.5);
    let mut strut = EulerStrut { k, L: l, p: 0.0 };
    let opts = PathOptions {
        parameter: 2,
        step: 0.05,
        parameter_range: (-1.0, 3.0),
        ..Default::default()
    };
    let path = trace_equilibrium_path(&mut strut, &Vector::<1>::new(0.0), &opts).unwrap();
    assert_eq!(path.special_points.len(), 1, "{:?}", path.special_points);
    let b = &path.special_points[0];
    assert_eq!(b.kind, SpecialPointKind::BifurcationPoint);
    let pb = &path.points[b.index];
    assert!(
        (pb.p - k / l).abs() < 1e-10,
        "p_b = {} vs k/L = {}",
        pb.p,
        k / l
    );
    assert_eq!((b.instability_before, b.instability_after), (0, Some(1)));
    let mode = b.critical_direction.expect("critical mode");
    assert!(
        (mode[0].abs() - 1.0).abs() < 1e-12,
        "buckling mode θ: {mode}"
    );
    for pt in &path.points {
        assert!(pt.q[0].abs() < 1e-12, "trivial path θ = 0");
        let stiffness = k - pt.p * l;
        if stiffness.abs() > 1e-6 {
            assert_eq!(
                pt.unstable_directions,
                usize::from(stiffness < 0.0),
                "p = {}",
                pt.p
            );
        }
    }
    assert_eq!(path.termination, Termination::ParameterRange);
}

#[test]
fn euler_strut_buckled_branch_is_stable_and_meets_the_trivial_path() {
    let (k, l) = (2.0, 1.5);
    let theta0: f64 = 1.0;
    let p0 = k * theta0 / (l * theta0.sin());
    // Several step lengths: the bisection bracket, hence |c₁| at the located point, varies.
    for step in [0.05, 0.02, 0.013] {
        let mut strut = EulerStrut { k, L: l, p: p0 };
        let opts = PathOptions {
            parameter: 2,
            step,
            direction: -1.0,
            parameter_range: (0.0, p0 + 1e-9),
            ..Default::default()
        };
        let path = trace_equilibrium_path(&mut strut, &Vector::<1>::new(theta0), &opts).unwrap();
        assert_eq!(path.special_points.len(), 1, "{:?}", path.special_points);
        let b = &path.special_points[0];
        // On this branch p has its minimum at θ = 0, yet c₁ = −L sin θ · w₁ = 0: a bifurcation.
        assert_eq!(b.kind, SpecialPointKind::BifurcationPoint);
        let pb = &path.points[b.index];
        // Near θ = 0 the Jacobian [k(1 − θ cot θ), −L sin θ] ≈ [kθ²/3, −Lθ] drowns in the rounding
        // ε·k of V'' = k − pL cos θ once θ² ≲ ε, so the sign of ṗ (and the bisection) resolves θ
        // only to O(√ε) ≈ 1.5·10⁻⁸; p = k/L + O(θ²) is exact to rounding.
        assert!(
            pb.q[0].abs() < 10.0 * f64::EPSILON.sqrt() && (pb.p - k / l).abs() < 1e-12,
            "{:?}",
            (pb.q, pb.p - k / l)
        );
        assert_eq!((b.instability_before, b.instability_after), (0, Some(0)));
        let mut crossed = false;
        for pt in &path.points {
            let th = pt.q[0];
            if th.abs() > 1e-6 {
                assert!(
                    (pt.p - k * th / (l * th.sin())).abs() < 1e-10,
                    "p(θ) at θ = {th}"
                );
                assert!(pt.stable(), "buckled branch stable, k(1 − θ cot θ) > 0");
            }
            crossed |= th < -0.5;
        }
        assert!(crossed, "continues onto the mirror branch θ < 0");
    }
}

fn steep_truss() -> VonMisesTrussStop {
    VonMisesTrussStop {
        k: 3.0,
        a: 0.5,
        h: 1.5,
        y_stop: 0.1,
        p: 0.0,
    }
}

#[test]
fn steep_truss_bifurcates_before_the_snap_through_limit() {
    let mut t = steep_truss();
    let (a, h) = (t.a, t.h);
    let c = t.k / (8.0 * (a * a + h * h));
    let y_b = (h * h - 2.0 * a * a).sqrt();
    let p_b = 16.0 * c * a * a * y_b;
    assert!(
        y_b > h / 3f64.sqrt(),
        "bifurcation precedes the limit point"
    );
    let opts = PathOptions {
        parameter: 4,
        step: 0.02,
        parameter_range: (-1.0, 2.0),
        max_steps: 400,
        ..Default::default()
    };
    let path = trace_equilibrium_path(&mut t, &Vector::<2>::new(0.0, h), &opts).unwrap();
    let b = &path.special_points[0];
    assert_eq!(
        b.kind,
        SpecialPointKind::BifurcationPoint,
        "{:?}",
        path.special_points
    );
    let pb = &path.points[b.index];
    assert!((pb.q[1] - y_b).abs() < 1e-8, "y_b {} vs {}", pb.q[1], y_b);
    assert!((pb.p - p_b).abs() < 1e-10, "p_b {} vs {}", pb.p, p_b);
    assert_eq!((b.instability_before, b.instability_after), (0, Some(1)));
    let mode = b.critical_direction.unwrap();
    assert!(
        (mode[0].abs() - 1.0).abs() < 1e-9 && mode[1].abs() < 1e-9,
        "asymmetric mode {mode}"
    );
    // The next singular point on the symmetric path is the snap-through limit y = h/√3 (c₁ ≠ 0).
    let lim = path
        .special_points
        .iter()
        .find(|s| s.kind == SpecialPointKind::CommonLimitPoint)
        .expect("limit point");
    let pl = &path.points[lim.index];
    assert!((pl.q[1] - h / 3f64.sqrt()).abs() < 1e-7);
    assert_eq!(
        (lim.instability_before, lim.instability_after),
        (1, Some(2))
    );
    // Stability along the symmetric path from the diagonal Hessian at x = 0.
    for pt in &path.points {
        if pt.states[0] != ContactState::Inactive {
            continue;
        }
        let y = pt.q[1];
        assert!(pt.q[0].abs() < 1e-9);
        assert!((pt.p - 8.0 * c * y * (h * h - y * y)).abs() < 1e-9);
        let kxx = c * (16.0 * a * a + 8.0 * (y * y - h * h));
        let kyy = c * (24.0 * y * y - 8.0 * h * h);
        if kxx.abs() > 1e-6 && kyy.abs() > 1e-6 {
            let negative = usize::from(kxx < 0.0) + usize::from(kyy < 0.0);
            assert_eq!(pt.unstable_directions, negative, "y = {y}");
        }
    }
}

#[test]
fn steep_truss_asymmetric_branch_follows_the_closed_form() {
    let mut t = steep_truss();
    let (a, h) = (t.a, t.h);
    let c = t.k / (8.0 * (a * a + h * h));
    let y_b = (h * h - 2.0 * a * a).sqrt();
    let x0 = 0.6 * y_b;
    let y0 = (y_b * y_b - x0 * x0).sqrt();
    t.p = 16.0 * c * a * a * y0;
    let opts = PathOptions {
        parameter: 4,
        step: 0.02,
        max_steps: 200,
        parameter_range: (0.0, 16.0 * c * a * a * y_b + 1.0),
        ..Default::default()
    };
    let path = trace_equilibrium_path(&mut t, &Vector::<2>::new(x0, y0), &opts).unwrap();
    let b = path
        .special_points
        .first()
        .expect("the branch reaches the symmetric path");
    // p = 16ca²y is largest at x = 0, so ṗ changes sign there, but c₁ = e_xᵀ ∂∇V/∂p = 0.
    assert_eq!(b.kind, SpecialPointKind::BifurcationPoint);
    let pb = &path.points[b.index];
    assert!(pb.q[0].abs() < 1e-7 && (pb.q[1] - y_b).abs() < 1e-7);
    // Until the branch reaches the stop y = y_stop (a corner limit point, not checked here).
    for pt in path
        .points
        .iter()
        .filter(|pt| pt.states[0] == ContactState::Inactive)
    {
        let (x, y) = (pt.q[0], pt.q[1]);
        assert!(
            (x * x + y * y - y_b * y_b).abs() < 1e-9,
            "circle x² + y² = y_b²"
        );
        assert!((pt.p - 16.0 * c * a * a * y).abs() < 1e-9, "p = 16ca²y");
        if x.abs() > 1e-3 {
            assert_eq!(
                pt.unstable_directions, 1,
                "det H = −(16c)² a² x² < 0 at {pt:?}"
            );
        }
    }
    assert!(
        path.points.iter().any(|pt| pt.q[0] < -0.1),
        "crosses to x < 0"
    );
}

#[test]
fn two_stop_model_turns_horizontal_at_the_origin_and_first_order_says_so() {
    let k = 2.0;
    let p0 = 1.0;
    let mut m = TwoStopEndPoint { k, p: p0 };
    let opts = PathOptions {
        parameter: 1,
        step: 0.05,
        direction: -1.0,
        ..Default::default()
    };
    let q0 = Vector::<2>::new(2.0 * p0 / k, 0.0);
    let path = trace_equilibrium_path(&mut m, &q0, &opts).unwrap();
    assert_eq!(path.termination, Termination::HigherOrderNeeded);
    assert_eq!(path.special_points.len(), 1, "{:?}", path.special_points);
    let e = &path.special_points[0];
    assert_eq!(e.kind, SpecialPointKind::HigherOrderNeeded);
    assert_eq!(
        e.branches,
        Some((1, 0)),
        "one LCP solution for ṗ > 0, none for ṗ < 0"
    );
    assert_eq!(e.horizontal_branches, 1, "λ̇ = (1, 0) with ṗ = 0");
    let flat = e.critical_direction.expect("the horizontal branch's q̇");
    assert!(
        flat[0].abs() < 1e-12 && (flat[1].abs() - 1.0).abs() < 1e-12,
        "q̇ ∝ (0, 1): {flat}"
    );
    let pe = &path.points[e.index];
    assert!(
        pe.p.abs() < 1e-9 && pe.q.amax() < 1e-9,
        "at the origin, p = 0"
    );
    assert_eq!(pe.states, [ContactState::WeaklyActive; 2]);
    for pt in &path.points[..e.index] {
        assert!((pt.q[0] - 2.0 * pt.p / k).abs() < 1e-10 && pt.q[1].abs() < 1e-12);
        assert!((pt.contact_multipliers[1] - pt.p).abs() < 1e-10);
        assert_eq!(pt.contact_multipliers[0], 0.0);
        assert_eq!(pt.unstable_directions, 1, "H_+ = ∂²V/∂x² = −k");
    }
    // The horizontal half-line is a family of equilibria (the generated ∇V against the
    // Kuhn–Tucker conditions (3.3)–(3.4)): at p = 0 and q = (0, y), ∇V = (k y, 0) = λ_x e_x with
    // λ_x = k y ≥ 0 on the closed stop x = 0, the stop y ≥ 0 open.
    m.p = 0.0;
    for y in [0.1, 0.5, 2.0] {
        let mut grad = Vector::<2>::zeros();
        m.potential_gradient(&Vector::<2>::new(0.0, y), 0.0, &mut grad);
        assert!(
            (grad[0] - k * y).abs() < 1e-14 && grad[0] > 0.0,
            "λ_x = k y ≥ 0"
        );
        assert!(grad[1].abs() < 1e-14, "no force on the open stop");
    }
    // No equilibrium for p < 0: V is quadratic, so for each active set S the conditions
    // ∇V(q) = H q + ∇V(0) = Σ_{j∈S} λ_j e_j, q_j = 0 (j ∈ S) are linear; none has q ≥ 0, λ ≥ 0.
    m.p = -0.1;
    let mut hess = Matrix::<2, 2>::zeros();
    m.potential_hessian(&Vector::zeros(), 0.0, &mut hess);
    let mut g0 = Vector::<2>::zeros();
    m.potential_gradient(&Vector::zeros(), 0.0, &mut g0);
    for set in 0..4u8 {
        let active = [set & 1 != 0, set & 2 != 0];
        // Unknowns (q₀, q₁, λ₀, λ₁): rows H q − λ = −g0, then q_j = 0 or λ_j = 0.
        let mut a = nalgebra::Matrix4::<f64>::zeros();
        let mut r = nalgebra::Vector4::<f64>::zeros();
        for i in 0..2 {
            a[(i, 0)] = hess[(i, 0)];
            a[(i, 1)] = hess[(i, 1)];
            a[(i, 2 + i)] = -1.0;
            r[i] = -g0[i];
            if active[i] {
                a[(2 + i, i)] = 1.0;
            } else {
                a[(2 + i, 2 + i)] = 1.0;
            }
        }
        if let Some(s) = a.lu().solve(&r) {
            let feasible = s.iter().all(|v| *v >= -1e-12);
            assert!(
                !feasible,
                "active set {active:?} gives an equilibrium {s} at p < 0"
            );
        }
    }
}

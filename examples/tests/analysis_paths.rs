//! Equilibrium paths against Schulz & Pellegrino (2000).
//!
//! Bar and zero-length spring with a stop (Sect. 6, Figs. 5–6; model `BarSpringStop`,
//! V = ½k[(L cosφ + L)² + (L sinφ − p)²], g = sinφ ≥ 0): the path is φ = 0 for p ∈ [−L, 0]
//! (stable, contact strongly active with λ = −kLp), (0, 0) is a corner limit point whose
//! path-derivative LCP (6.1)–(6.2) has two solutions for ṗ < 0 and none for ṗ > 0, and the
//! continuation is the unstable branch p = −L tanφ on which AB ∥ BD; the degree of instability
//! rises by one there ((5.9)). At the corner itself (λ = 0) the stability on the cone of
//! admissible directions (3.19)–(3.20) is checked against ∂²V/∂φ² = −kL² < 0 along φ > 0. The Cartesian formulation (`BarSpringStopCartesian`, bilateral
//! length constraint) must trace the same path: an independent second route.
//!
//! Von Mises truss with a stop (`VonMisesTrussStop`, on x = 0: p(y) = 8c y(h² − y²),
//! c = k/(8ℓ₀²)): a common limit point (snap-through) at y = h/√3, p = 16ch³/(3√3), instability
//! 0 → 1, then a corner limit point where the unstable branch meets the stop, instability 1 → 0.
//! Tangents are compared with closed-form dφ/dp and with finite differences of the equilibrium
//! equations.

use mb_examples::analysis_models::bar_spring_stop::BarSpringStop;
use mb_examples::analysis_models::bar_spring_stop_cartesian::BarSpringStopCartesian;
use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mbruntime::analysis::{
    ContactState, PathError, PathOptions, SpecialPointKind, Termination, trace_equilibrium_path,
};
use mbruntime::{Dynamics, Statics, Vector};

fn bar_options() -> PathOptions {
    PathOptions {
        parameter: 2,
        step: 0.05,
        parameter_range: (-3.0, 1.0),
        ..Default::default()
    }
}

#[test]
fn bar_spring_corner_limit_point() {
    let (k, l) = (2.0, 1.5);
    let mut bar = BarSpringStop { k, L: l, p: -l };
    let path = trace_equilibrium_path(&mut bar, &Vector::<1>::new(0.0), &bar_options()).unwrap();
    assert_eq!(bar.p, -l, "parameter restored");
    let corner: Vec<_> = path
        .special_points
        .iter()
        .filter(|s| s.kind == SpecialPointKind::CornerLimitPoint)
        .collect();
    assert_eq!(corner.len(), 1, "{:?}", path.special_points);
    let c = corner[0];
    let pc = &path.points[c.index];
    assert!(
        pc.p.abs() < 1e-10 && pc.q[0].abs() < 1e-10,
        "corner at (0, 0): {:?}",
        (pc.q, pc.p)
    );
    assert_eq!(
        c.branches,
        Some((0, 2)),
        "two solutions for ṗ < 0, none for ṗ > 0"
    );
    assert_eq!(c.instability_before, 0);
    assert_eq!(c.instability_after, Some(1));
    for pt in &path.points[..c.index] {
        assert!(pt.q[0].abs() < 1e-10 && pt.p >= -l - 1e-12 && pt.p <= 1e-10);
        if pt.p < -1e-9 {
            assert_eq!(pt.states[0], ContactState::StronglyActive);
            assert!(pt.stable());
        } else {
            // At the corner itself the stop is weakly active (λ = 0). The inertia of H_+ over
            // the enforced stop sees no direction at all (0 unstable directions), but the cone
            // of admissible directions (3.19)–(3.20) holds φ > 0 (g = sin φ ≥ 0), along which
            // ∂²V/∂φ² = k(−L² cos φ + L p sin φ) = −kL² < 0: not stable, as the paper's rise
            // of the degree of instability there says.
            assert_eq!(pt.states[0], ContactState::WeaklyActive);
            assert_eq!(pt.unstable_directions, 0);
            assert_eq!(pt.stable_on_cone, Some(false));
            assert!(!pt.stable());
        }
        assert!((pt.contact_multipliers[0] - (-k * l * pt.p)).abs() < 1e-9);
    }
    for pt in &path.points[c.index + 1..] {
        let phi = pt.q[0];
        assert!(phi > 0.0);
        assert!(
            (pt.p + l * phi.tan()).abs() < 1e-9,
            "unstable branch p = −L tanφ"
        );
        // AB ∥ BD: B = L(cosφ, sinφ), D = (−L, p).
        let (bx, by) = (l * phi.cos(), l * phi.sin());
        let cross = bx * (pt.p - by) - by * (-l - bx);
        assert!(cross.abs() < 1e-9);
        assert_eq!(pt.unstable_directions, 1);
        assert_eq!(pt.states[0], ContactState::Inactive);
        // Tangent: dφ/dp = −cos²φ / L.
        let dphi_dp = pt.tangent_q[0] / pt.tangent_p;
        assert!((dphi_dp + phi.cos().powi(2) / l).abs() < 1e-8);
    }
    assert_eq!(path.termination, Termination::ParameterRange);
}

#[test]
fn cartesian_formulation_traces_the_same_path() {
    let (k, l) = (2.0, 1.5);
    let mut bar = BarSpringStopCartesian { k, L: l, p: -l };
    let path = trace_equilibrium_path(&mut bar, &Vector::<2>::new(l, 0.0), &bar_options()).unwrap();
    let corner = path
        .special_points
        .iter()
        .find(|s| s.kind == SpecialPointKind::CornerLimitPoint)
        .expect("corner limit point");
    assert_eq!(corner.branches, Some((0, 2)));
    assert_eq!(
        (corner.instability_before, corner.instability_after),
        (0, Some(1))
    );
    for pt in &path.points {
        let phi = pt.q[1].atan2(pt.q[0]);
        assert!((pt.q.norm() - l).abs() < 1e-10);
        if pt.p < -1e-9 && phi.abs() < 1e-9 {
            assert!(pt.stable());
        } else if phi > 1e-6 {
            assert!((pt.p + l * phi.tan()).abs() < 1e-9);
            assert_eq!(pt.unstable_directions, 1);
        }
    }
}

fn truss() -> VonMisesTrussStop {
    VonMisesTrussStop {
        k: 3.0,
        a: 1.0,
        h: 0.5,
        y_stop: 0.1,
        p: 0.0,
    }
}

#[test]
fn truss_common_and_corner_limit_points() {
    let mut t = truss();
    let c = t.k / (8.0 * (t.a * t.a + t.h * t.h));
    let opts = PathOptions {
        parameter: 4,
        step: 0.02,
        parameter_range: (-1.0, 0.5),
        max_steps: 500,
        ..Default::default()
    };
    let q0 = Vector::<2>::new(0.0, t.h);
    let path = trace_equilibrium_path(&mut t, &q0, &opts).unwrap();
    let kinds: Vec<_> = path.special_points.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        vec![
            SpecialPointKind::CommonLimitPoint,
            SpecialPointKind::CornerLimitPoint
        ],
        "{:?}",
        path.special_points
    );
    let lim = &path.special_points[0];
    let pl = &path.points[lim.index];
    let y_l = t.h / 3f64.sqrt();
    assert!((pl.q[1] - y_l).abs() < 1e-7, "y_L {} vs {}", pl.q[1], y_l);
    let p_l = 16.0 * c * t.h.powi(3) / (3.0 * 3f64.sqrt());
    assert!(
        (pl.p - p_l).abs() < 1e-10,
        "snap-through load {} vs {}",
        pl.p,
        p_l
    );
    assert_eq!(
        (lim.instability_before, lim.instability_after),
        (0, Some(1))
    );
    let cor = &path.special_points[1];
    let pc = &path.points[cor.index];
    let p_s = 8.0 * c * t.y_stop * (t.h * t.h - t.y_stop * t.y_stop);
    assert!((pc.q[1] - t.y_stop).abs() < 1e-10 && (pc.p - p_s).abs() < 1e-10);
    assert_eq!(
        cor.branches,
        Some((2, 0)),
        "minimum of p: two branches for ṗ > 0"
    );
    assert_eq!(
        (cor.instability_before, cor.instability_after),
        (1, Some(0))
    );
    for pt in &path.points {
        assert!(pt.q[0].abs() < 1e-9, "symmetric");
        if pt.states[0] == ContactState::Inactive {
            let y = pt.q[1];
            assert!((pt.p - 8.0 * c * y * (t.h * t.h - y * y)).abs() < 1e-9);
        }
    }
}

#[test]
fn truss_tangent_matches_finite_differences_of_equilibrium_equations() {
    // Free branch, 2 unknowns (x, y) and p: F(q, p) = ∇V(q, p) = 0. Tangent direction solves
    // ∂F/∂q q̇ + ∂F/∂p ṗ = 0; the Jacobian is formed here by central differences of the
    // generated gradient, independently of the generated Hessian used by the tracer.
    let mut t = truss();
    let opts = PathOptions {
        parameter: 4,
        step: 0.02,
        max_steps: 15,
        ..Default::default()
    };
    let q0 = Vector::<2>::new(0.0, t.h);
    let path = trace_equilibrium_path(&mut t, &q0, &opts).unwrap();
    for pt in &path.points[1..] {
        let grad = |m: &mut VonMisesTrussStop, q: &Vector<2>, p: f64| {
            m.set_parameter(4, p).unwrap();
            let mut g = Vector::<2>::zeros();
            m.potential_gradient(q, 0.0, &mut g);
            g
        };
        let eps = 1e-6;
        let mut jq = nalgebra::Matrix2::zeros();
        for c in 0..2 {
            let mut dq = Vector::<2>::zeros();
            dq[c] = eps;
            let col =
                (grad(&mut t, &(pt.q + dq), pt.p) - grad(&mut t, &(pt.q - dq), pt.p)) / (2.0 * eps);
            jq.set_column(c, &col);
        }
        let jp = (grad(&mut t, &pt.q, pt.p + eps) - grad(&mut t, &pt.q, pt.p - eps)) / (2.0 * eps);
        let residual = jq * pt.tangent_q + jp * pt.tangent_p;
        assert!(residual.amax() < 1e-7, "J ż = {residual}");
        assert!((pt.tangent_q.norm_squared() + pt.tangent_p.powi(2) - 1.0).abs() < 1e-12);
    }
}

#[test]
fn bad_path_input_is_a_typed_error() {
    let mut bar = BarSpringStop {
        k: 1.0,
        L: 1.0,
        p: -1.0,
    };
    let q = Vector::<1>::new(0.0);
    let bad = PathOptions {
        parameter: 9,
        ..bar_options()
    };
    assert!(matches!(
        trace_equilibrium_path(&mut bar, &q, &bad),
        Err(PathError::NoParameter(9))
    ));
    let bad = PathOptions {
        step: -1.0,
        ..bar_options()
    };
    assert!(matches!(
        trace_equilibrium_path(&mut bar, &q, &bad),
        Err(PathError::InvalidOptions(_))
    ));
    assert!(matches!(
        trace_equilibrium_path(&mut bar, &Vector::<1>::new(f64::NAN), &bar_options()),
        Err(PathError::NonFinite)
    ));
    // p = +0.5 with φ = 0: the stop would have to pull (λ = −kLp < 0).
    let mut pulling = BarSpringStop {
        k: 1.0,
        L: 1.0,
        p: 0.5,
    };
    assert!(matches!(
        trace_equilibrium_path(&mut pulling, &q, &bar_options()),
        Err(PathError::NegativeMultiplier { contact: 0, .. })
    ));
}

//! The singular-H₊ cases at a weakly active constraint (Schulz & Pellegrino 2000, Sect. 7,
//! (7.2)–(7.9), Fig. 7), on `FoldAtStop`: V = a x³/3 − ½ b p x² + ½ d y² − p(u_x x + u_y y),
//! stop g = n_x x + n_y y ≥ 0, at the origin with p = 0 (weakly active, H₊ = diag(0, d)).
//!
//! Hand derivation (independent of the code): w₁ = s e_x with s = sign(n_x) so that c₂ > 0,
//! ∇U' = ∂∇V/∂p = −(u_x, u_y), hence c₁ = −s u_x (7.4), c₂ = |n_x| (7.5); with
//! v = n − (c₂/c₁)∇U' = n − (n_x/u_x) u, i.e. v_y = n_y − n_x u_y/u_x, (7.7)–(7.9) give
//! ‖c₃‖ = |v_y|/√|d| and c₄ = n_y v_y / d. Linearising the equilibrium ∇V = λ n, g = 0 at the
//! origin with λ̇ = 1 gives the tangent of the branch that stays in contact:
//! ṗ = −n_x/u_x, ẏ = v_y/d, ẋ = −n_y ẏ/n_x. Each outcome the paper distinguishes is realised:
//! bifurcation (u_x = 0, b ≠ 0: transcritical x(a x − b p) = 0), common limit point (n_x = 0,
//! u_y = 0: the stop stays weakly active on the fold), and the corners of Fig. 7(a)–(d).

use mb_examples::analysis_models::fold_at_stop::FoldAtStop;
use mbruntime::analysis::{
    CornerShape, PathOptions, SingularWeakOutcome, SingularWeaklyActive, SpecialPointKind,
    Termination, classify_singular_weakly_active, trace_equilibrium_path,
};
use mbruntime::{Matrix, Vector};

/// (b, d, u_x, u_y, n_x, n_y)
fn model(b: f64, d: f64, ux: f64, uy: f64, nx: f64, ny: f64) -> FoldAtStop {
    FoldAtStop {
        a: 1.0,
        b,
        d,
        ux,
        uy,
        nx,
        ny,
        p: 0.0,
    }
}

/// Traces from the singular point and returns its Sect. 7 record.
fn classify(m: &mut FoldAtStop) -> (SpecialPointKind, SingularWeaklyActive<2>) {
    let opts = PathOptions {
        parameter: 7,
        ..Default::default()
    };
    let path = trace_equilibrium_path(m, &Vector::<2>::zeros(), &opts).unwrap();
    assert_eq!(path.termination, Termination::SingularWeaklyActive);
    assert_eq!(path.special_points.len(), 1);
    let s = &path.special_points[0];
    (s.kind, s.singular.expect("Sect. 7 record"))
}

fn check_corner(m: &mut FoldAtStop, shape: CornerShape) {
    let (d, ux, uy, nx, ny) = (m.d, m.ux, m.uy, m.nx, m.ny);
    let (kind, s) = classify(m);
    assert_eq!(kind, SpecialPointKind::CornerLimitPoint);
    assert_eq!(s.outcome, SingularWeakOutcome::CornerLimitPoint(shape));
    let sign = nx.signum();
    let v_y = ny - nx * uy / ux;
    assert!((s.c1 - (-sign * ux)).abs() < 1e-12, "c1 {}", s.c1);
    assert!((s.c2 - nx.abs()).abs() < 1e-12, "c2 {}", s.c2);
    assert!(
        (s.c3_norm - v_y.abs() / d.abs().sqrt()).abs() < 1e-12,
        "c3 {}",
        s.c3_norm
    );
    assert!((s.c4 - ny * v_y / d).abs() < 1e-12, "c4 {}", s.c4);
    assert!((s.critical_direction - Vector::<2>::new(sign, 0.0)).amax() < 1e-12);
    let (q_dot, p_dot) = s.active_branch.expect("branch in contact");
    let y_dot = v_y / d;
    let x_dot = -ny * y_dot / nx;
    assert!((p_dot - (-nx / ux)).abs() < 1e-12, "ṗ {p_dot}");
    assert!(
        (q_dot - Vector::<2>::new(x_dot, y_dot)).amax() < 1e-12,
        "q̇ {q_dot} vs ({x_dot}, {y_dot})"
    );
    // The branch stays on the stop: ġ = nᵀ q̇ = 0 (3.11).
    assert!((nx * q_dot[0] + ny * q_dot[1]).abs() < 1e-12);
}

#[test]
fn corner_with_positive_c4_fig_7a() {
    check_corner(
        &mut model(0.0, 1.0, 1.0, 0.0, 1.0, 1.0),
        CornerShape::PositiveC4,
    );
}

#[test]
fn corner_with_negative_c4_fig_7b() {
    check_corner(
        &mut model(0.0, 1.0, 1.0, 2.0, 1.0, 1.0),
        CornerShape::NegativeC4,
    );
    // d < 0 (H₊ indefinite): √d of (7.9) is imaginary, c₄ = n_y v_y / d keeps its real meaning.
    check_corner(
        &mut model(0.0, -1.0, 1.0, 0.0, -1.0, 1.0),
        CornerShape::NegativeC4,
    );
}

#[test]
fn corner_with_zero_c4_fig_7c() {
    check_corner(
        &mut model(0.0, 1.0, 1.0, 1.0, 1.0, 0.0),
        CornerShape::ZeroC4,
    );
}

#[test]
fn corner_with_zero_c3_fig_7d() {
    // n ∥ u: v = 0, the branch in contact has q̇ = 0 (only p moves).
    let mut m = model(0.0, 2.0, 1.0, 1.0, 1.0, 1.0);
    check_corner(&mut m, CornerShape::ZeroC3);
    let (_, s) = classify(&mut m);
    assert_eq!(s.active_branch.unwrap().0, Vector::<2>::zeros());
}

#[test]
fn common_limit_point_when_c2_vanishes() {
    let mut m = model(0.0, 1.0, 1.5, 0.0, 0.0, 1.0);
    let (kind, s) = classify(&mut m);
    assert_eq!(kind, SpecialPointKind::CommonLimitPoint);
    assert_eq!(s.outcome, SingularWeakOutcome::CommonLimitPoint);
    assert!((s.c1 - 1.5).abs() < 1e-12 && s.c2.abs() < 1e-12);
    assert!(s.active_branch.is_none());
}

#[test]
fn bifurcation_when_c1_vanishes() {
    let mut m = model(1.0, 1.0, 0.0, 1.0, 1.0, 1.0);
    let (kind, s) = classify(&mut m);
    assert_eq!(kind, SpecialPointKind::BifurcationPoint);
    assert_eq!(s.outcome, SingularWeakOutcome::BifurcationPoint);
    assert!(s.c1.abs() < 1e-12 && (s.c2 - 1.0).abs() < 1e-12);
}

#[test]
fn classification_in_a_rotated_reduced_space() {
    // The same corner as Fig. 7(a) seen through a strongly active constraint: q ∈ ℝ³ with the
    // constraint gradient e_z eliminated, T₊ = [e₁', e₂'] a rotated basis of the x–y plane.
    // c₁, c₂, ‖c₃‖ and c₄ are invariant under the choice of T₊ and must match the 2-D values.
    let th: f64 = 0.3;
    let (c, s) = (th.cos(), th.sin());
    let mut basis = Matrix::<3, 3>::zeros();
    basis.set_column(0, &Vector::<3>::new(c, s, 0.0));
    basis.set_column(1, &Vector::<3>::new(-s, c, 0.0));
    let k_full = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(0.0, 1.0, 5.0));
    let h = basis.transpose() * k_full * basis;
    let e0 = Vector::<3>::new(1.0, 1.0, 0.7);
    let grad_p = Vector::<3>::new(-1.0, 0.0, 3.0);
    let r = classify_singular_weakly_active(&h, &basis, 2, &e0, &grad_p, 1e-10).unwrap();
    assert_eq!(
        r.outcome,
        SingularWeakOutcome::CornerLimitPoint(CornerShape::PositiveC4)
    );
    assert!((r.c1 + 1.0).abs() < 1e-12 && (r.c2 - 1.0).abs() < 1e-12);
    assert!((r.c3_norm - 1.0).abs() < 1e-12 && (r.c4 - 1.0).abs() < 1e-12);
    // Two zero eigenvalues: outside Sect. 7's assumption, a typed error.
    let h0 = Matrix::<3, 3>::zeros();
    assert!(classify_singular_weakly_active(&h0, &basis, 2, &e0, &grad_p, 1e-10).is_err());
}

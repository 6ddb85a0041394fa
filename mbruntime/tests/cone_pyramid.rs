//! The faceted pyramid biases the friction direction; the cone does not.
//!
//! Invariant: for one contact with `W = diag(w_N, w_T, w_T)`, `q_N < 0` and a sliding `q_T`,
//! the cone's friction is exactly anti-parallel to `q_T` (closed form, see
//! `tests/cone_closed_form.rs`). For the pyramid with generators `d_j` (Stewart & Trinkle
//! 1996) the LCP is maximal dissipation over the polygon `P = conv{μ r_N d_j}`, i.e. with
//! `u_T = w_T r_T + q_T`: `−u_T ∈ N_P(r_T)`, hence `r_T = proj_P(−q_T / w_T)` (derived by
//! hand). For 4 facets (`P` the square with vertices `±μ r_N t1`, `±μ r_N t2`) and
//! `q_T = ‖q_T‖ (cos θ, sin θ)` with θ strictly between a generator (0°) and the facet
//! normal (45°), that projection lands on a vertex or off the ray of `−q_T`: the pyramid's
//! friction is not anti-parallel to `q_T`. Along a generator or a facet normal both models
//! agree in direction by symmetry. The pyramid's `r_T` is checked against the projection,
//! computed independently in closed form.

use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver, PyramidSolver};

/// Projection of `p` onto the square `|x| + |y| ≤ s` (closed form for the third quadrant
/// edge `x + y = −s`, `x, y ≤ 0`, which is where `p` lies in these tests).
fn project_on_third_quadrant_edge(p: [f64; 2], s: f64) -> [f64; 2] {
    assert!(p[0] <= 0.0 && p[1] <= 0.0 && -(p[0] + p[1]) > s);
    // Orthogonal projection onto the line x + y = −s, clamped to the edge [(−s, 0), (0, −s)].
    let x = (p[0] - p[1] - s) / 2.0;
    let x = x.clamp(-s, 0.0);
    [x, -s - x]
}

fn solve_both(q: [f64; 3], w_n: f64, w_t: f64, mu: f64) -> ([f64; 3], [f64; 3]) {
    let w = [w_n, 0.0, 0.0, 0.0, w_t, 0.0, 0.0, 0.0, w_t];
    let mu_s = [mu];
    let problem = ConeProblem::new(&w, &q, &mu_s).unwrap();
    let (mut rc, mut uc) = ([0.0; 3], [0.0; 3]);
    let mut cone = ConeSolver::with_capacity(1);
    cone.solve(
        &problem,
        &mut rc,
        &mut uc,
        &ConeOptions::with_method(ConeMethod::Newton),
    )
    .unwrap();
    let (mut rp, mut up) = ([0.0; 3], [0.0; 3]);
    let mut pyramid = PyramidSolver::with_capacity(1, 4).unwrap();
    pyramid.solve(&problem, &mut rp, &mut up).unwrap();
    (rc, rp)
}

/// Angle between `r_T` and `−q_T`, in degrees.
fn deviation(r: [f64; 3], q: [f64; 3]) -> f64 {
    let cross = r[1] * (-q[2]) - r[2] * (-q[1]);
    let dot = r[1] * (-q[1]) + r[2] * (-q[2]);
    cross.atan2(dot).to_degrees().abs()
}

#[test]
fn pyramid_friction_is_biased_between_generator_and_facet_normal() {
    let (w_n, w_t, mu, q_n) = (1.0, 1.0, 0.5, -1.0);
    let r_n = -q_n / w_n;
    let s = mu * r_n;
    for (theta_deg, magnitude) in [(30.0_f64, 2.0), (20.0, 1.0), (10.0, 5.0), (35.0, 0.8)] {
        let theta = theta_deg.to_radians();
        // All three quadrant-one directions slide on the pyramid (−q_T/w_T outside P).
        let q = [q_n, magnitude * theta.cos(), magnitude * theta.sin()];
        let (rc, rp) = solve_both(q, w_n, w_t, mu);
        // The cone: anti-parallel, |r_T| = μ r_N.
        assert!(
            deviation(rc, q) <= 1e-12,
            "θ = {theta_deg}: cone deviates {}",
            deviation(rc, q)
        );
        assert!((rc[1].hypot(rc[2]) - s).abs() <= 1e-12);
        // The pyramid: the closed-form projection onto the square, not anti-parallel.
        let expected = project_on_third_quadrant_edge([-q[1] / w_t, -q[2] / w_t], s);
        assert!((rp[0] - r_n).abs() <= 1e-12);
        assert!(
            (rp[1] - expected[0]).abs() <= 1e-12 && (rp[2] - expected[1]).abs() <= 1e-12,
            "θ = {theta_deg}: pyramid r_T = {:?}, projection {expected:?}",
            &rp[1..]
        );
        let bias = deviation(rp, q);
        assert!(
            bias >= 1.0,
            "θ = {theta_deg}: pyramid deviates only {bias}°"
        );
        println!("θ = {theta_deg}°, |q_T| = {magnitude}: pyramid friction deviates {bias:.2}°");
    }
}

#[test]
fn pyramid_and_cone_agree_in_direction_on_the_symmetry_axes() {
    let (w_n, w_t, mu, q_n) = (2.0, 0.5, 0.4, -1.0);
    for theta_deg in [0.0_f64, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0] {
        let theta = theta_deg.to_radians();
        let q = [q_n, 3.0 * theta.cos(), 3.0 * theta.sin()];
        let (rc, rp) = solve_both(q, w_n, w_t, mu);
        assert!(deviation(rc, q) <= 1e-9, "θ = {theta_deg}");
        assert!(
            deviation(rp, q) <= 1e-9,
            "θ = {theta_deg}: {}",
            deviation(rp, q)
        );
    }
}

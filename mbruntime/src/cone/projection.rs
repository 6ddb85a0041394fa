//! Euclidean projections onto the Coulomb cone and onto a disk.

/// Euclidean projection of `x = (x_N, x_T1, x_T2)` onto the second-order cone
/// `K_μ = { ‖x_T‖ ≤ μ x_N }` (μ ≥ 0; for μ = 0 the half-line `x_N ≥ 0, x_T = 0`).
///
/// With `n = ‖x_T‖` (Acary & Brogliato 2008, "Numerical Methods for Nonsmooth Dynamical
/// Systems", §13.3; the same case split as Siconos' `projectionOnCone`):
///
/// ```text
/// μ n ≤ −x_N         (x in the polar cone −K_μ*):  0
/// n ≤ μ x_N          (x in K_μ):                    x
/// otherwise:  t = (x_N + μ n) / (1 + μ²),           (t, μ t x_T / n)
/// ```
#[inline]
pub fn project_onto_cone(x: [f64; 3], mu: f64) -> [f64; 3] {
    let n = x[1].hypot(x[2]);
    if mu * n <= -x[0] {
        [0.0; 3]
    } else if n <= mu * x[0] {
        x
    } else {
        // Here n > 0 (otherwise one of the two tests above holds).
        let t = (x[0] + mu * n) / (1.0 + mu * mu);
        let s = mu * t / n;
        [t, s * x[1], s * x[2]]
    }
}

/// Euclidean projection of `x ∈ ℝ²` onto the disk of radius `s ≥ 0` centred at 0; also
/// returns `‖x‖`.
#[inline]
pub(crate) fn project_onto_disk(x: [f64; 2], s: f64) -> ([f64; 2], f64) {
    let n = x[0].hypot(x[1]);
    if n <= s {
        (x, n)
    } else {
        let f = s / n;
        ([f * x[0], f * x[1]], n)
    }
}

//! Random LCP instances shared by the LCP tests and the LCP benchmark: SPD matrices, the
//! planar Coulomb friction LCP of Glocker & Studer (2005) and its copositivity test.

use nalgebra::DMatrix;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Planar friction LCP of Glocker & Studer (2005), eq. (33) with the complementarity pairing
/// (27): unknowns `z = (Λ_N, Λ_R, ξ_L)`, `w = (ξ_N, ξ_R, Λ_L)`, dimension `3k`.
///
/// `minv` is the `f × f` inverse mass matrix, `wn`, `wt` are `f × k`, `mu` the friction
/// coefficients, `h_dt = h Δt`, `gna`, `gta` the relative velocities γ^A at the start of the
/// step and `eps_n`, `eps_t` the restitution coefficients.
#[allow(clippy::too_many_arguments)]
pub fn friction_lcp(
    minv: &DMatrix<f64>,
    wn: &DMatrix<f64>,
    wt: &DMatrix<f64>,
    mu: &[f64],
    h_dt: &DMatrix<f64>,
    gna: &[f64],
    gta: &[f64],
    eps_n: &[f64],
    eps_t: &[f64],
) -> (DMatrix<f64>, Vec<f64>) {
    let k = wn.ncols();
    let mu_d = DMatrix::from_diagonal(&nalgebra::DVector::from_column_slice(mu));
    let wn_eff = wn - wt * &mu_d; // W_N − W_T μ
    let mut a = DMatrix::zeros(3 * k, 3 * k);
    a.view_mut((0, 0), (k, k))
        .copy_from(&(wn.transpose() * minv * &wn_eff));
    a.view_mut((0, k), (k, k))
        .copy_from(&(wn.transpose() * minv * wt));
    a.view_mut((k, 0), (k, k))
        .copy_from(&(wt.transpose() * minv * &wn_eff));
    a.view_mut((k, k), (k, k))
        .copy_from(&(wt.transpose() * minv * wt));
    for i in 0..k {
        a[(k + i, 2 * k + i)] = 1.0; // E
        a[(2 * k + i, i)] = 2.0 * mu[i]; // 2μ
        a[(2 * k + i, k + i)] = -1.0; // −E
    }
    let fn_ = wn.transpose() * minv * h_dt;
    let ft = wt.transpose() * minv * h_dt;
    let mut b = vec![0.0; 3 * k];
    for i in 0..k {
        b[i] = fn_[i] + (1.0 + eps_n[i]) * gna[i];
        b[k + i] = ft[i] + (1.0 + eps_t[i]) * gta[i];
    }
    (a, b)
}

/// `L Lᵀ + c I` with L uniform in [−1, 1] and c ∈ [0.05, 1): symmetric positive definite.
pub fn spd(rng: &mut ChaCha8Rng, f: usize) -> DMatrix<f64> {
    let l = DMatrix::from_fn(f, f, |_, _| rng.gen_range(-1.0..1.0));
    &l * l.transpose() + DMatrix::identity(f, f) * rng.gen_range(0.05..1.0)
}

/// Whether the friction matrix is copositive with the only isotropic directions `(0, 0, ξ_L)`:
/// with Λ_T = Λ_R − μΛ_N, `zᵀAz = (Λ_N, Λ_T)ᵀ Q (Λ_N, Λ_T) + 2 ξ_Lᵀ μ Λ_N` where
/// `Q = G + [[μ G_TN, μ G_TT], [0, 0]]`, `G = [W_N W_T]ᵀ M⁻¹ [W_N W_T]`. If `Q + Qᵀ` is positive
/// definite, `zᵀAz ≥ 0` on `z ≥ 0`, and `z ≥ 0, Az ≥ 0, zᵀAz = 0` forces `z = (0, 0, ξ_L)`
/// with `zᵀb = 0` (the third block of b vanishes), so Lemke's method processes the LCP
/// (Cottle, Pang & Stone 1992, Sect. 4.4; see the module docs of `mbruntime::lcp`). Configurations violating it are Painlevé-like
/// (μ G_TN dominating G_NN) and may have no solution at all.
pub fn friction_copositive(g: &DMatrix<f64>, mu: &[f64]) -> bool {
    let k = mu.len();
    let mut q = g.clone();
    for i in 0..k {
        for j in 0..2 * k {
            q[(i, j)] += mu[i] * g[(k + i, j)];
        }
    }
    // λ_min(S) > 1e-8 ‖S‖_F (≥ 1e-8 λ_max(S)) iff S − 1e-8 ‖S‖_F I admits a Cholesky factor.
    let s = &q + q.transpose();
    let shift = 1e-8 * s.norm();
    let n = s.nrows();
    (s - DMatrix::identity(n, n) * shift).cholesky().is_some()
}

/// The Delassus matrix `G = [W_N W_T]ᵀ M⁻¹ [W_N W_T]` of [`friction_copositive`].
pub fn delassus(minv: &DMatrix<f64>, wn: &DMatrix<f64>, wt: &DMatrix<f64>) -> DMatrix<f64> {
    let k = wn.ncols();
    let mut u = DMatrix::zeros(wn.nrows(), 2 * k);
    u.view_mut((0, 0), (wn.nrows(), k)).copy_from(wn);
    u.view_mut((0, k), (wn.nrows(), k)).copy_from(wt);
    u.transpose() * minv * &u
}

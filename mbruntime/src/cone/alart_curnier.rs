//! The Alart–Curnier function of one contact and an element of its generalised Jacobian.
//!
//! For one contact with reaction `r = (r_N, r_T)`, velocity `u = (u_N, u_T)` and parameters
//! `ρ_N, ρ_T > 0` (Alart & Curnier 1991, "A mixed formulation for frictional contact problems
//! prone to Newton like solution methods"; Acary & Brogliato 2008, ch. 13):
//!
//! ```text
//! p_N = r_N − ρ_N u_N,   p_T = r_T − ρ_T u_T,   s = μ max(p_N, 0)
//! Φ_N = r_N − max(p_N, 0)
//! Φ_T = r_T − proj_{D(s)}(p_T)                   (D(s): disk of radius s)
//! ```
//!
//! `Φ = 0` exactly when `K ∋ r ⊥ ũ ∈ K*`. Piecewise differentiation (one element of the
//! generalised Jacobian, the smooth branch chosen on the kinks), with `ĥ = p_T/‖p_T‖` and
//! `P = I − ĥĥᵀ`:
//!
//! ```text
//! p_N > 0:  ∂Φ_N/∂r_N = 0,  ∂Φ_N/∂u_N = ρ_N          p_N ≤ 0:  ∂Φ_N/∂r_N = 1,  ∂Φ_N/∂u_N = 0
//! s = 0 (open or μ = 0):  Φ_T = r_T,  ∂Φ_T/∂r_T = I
//! 0 < s, ‖p_T‖ ≤ s (stick):  ∂Φ_T/∂r_T = 0,  ∂Φ_T/∂u_T = ρ_T I
//! 0 < s < ‖p_T‖ (slip):      ∂Φ_T/∂r_T = I − s P/‖p_T‖,   ∂Φ_T/∂u_T = ρ_T s P/‖p_T‖,
//!                            ∂Φ_T/∂r_N = −μ ĥ,   ∂Φ_T/∂u_N = μ ρ_N ĥ        (here p_N > 0)
//! ```
//!
//! (all other entries zero). The rows of an open contact (`p_N ≤ 0`) and the tangential rows
//! of a frictionless one are therefore rows of the identity, which the [Newton
//! step](super::newton) eliminates before factorising.
//!
//! The global Jacobian is `A + B W` with the block-diagonal `A = ∂Φ/∂r`, `B = ∂Φ/∂u`.

use super::projection::project_onto_disk;

/// 3 × 3 block, row-major.
pub(crate) type Block = [[f64; 3]; 3];

/// Parameters `ρ_N = 1/W_NN` and `ρ_T = 2/(W_T1T1 + W_T2T2)` of one contact (1 where the
/// diagonal vanishes), which make `Φ` invariant under a rescaling of `W` and `q` together.
#[inline]
pub(crate) fn parameters(diagonal: [f64; 3]) -> [f64; 2] {
    let rho_n = if diagonal[0] > 0.0 {
        1.0 / diagonal[0]
    } else {
        1.0
    };
    let t = diagonal[1] + diagonal[2];
    let rho_t = if t > 0.0 { 2.0 / t } else { rho_n };
    [rho_n, rho_t]
}

/// `Φ(r, u)` of one contact.
#[inline]
pub(crate) fn value(r: [f64; 3], u: [f64; 3], mu: f64, rho: [f64; 2]) -> [f64; 3] {
    let p_n = (r[0] - rho[0] * u[0]).max(0.0);
    let p_t = [r[1] - rho[1] * u[1], r[2] - rho[1] * u[2]];
    let (proj, _) = project_onto_disk(p_t, mu * p_n);
    [r[0] - p_n, r[1] - proj[0], r[2] - proj[1]]
}

/// `Φ(r, u)` of one contact with `A = ∂Φ/∂r`, `B = ∂Φ/∂u` (see the [module docs](self)).
#[inline]
pub(crate) fn value_and_jacobian(
    r: [f64; 3],
    u: [f64; 3],
    mu: f64,
    rho: [f64; 2],
) -> ([f64; 3], Block, Block) {
    let mut a = [[0.0; 3]; 3];
    let mut b = [[0.0; 3]; 3];
    let p_n_raw = r[0] - rho[0] * u[0];
    let normal_active = p_n_raw > 0.0;
    let p_n = p_n_raw.max(0.0);
    if normal_active {
        b[0][0] = rho[0];
    } else {
        a[0][0] = 1.0;
    }
    let s = mu * p_n;
    let p_t = [r[1] - rho[1] * u[1], r[2] - rho[1] * u[2]];
    let (proj, n) = project_onto_disk(p_t, s);
    if s == 0.0 {
        a[1][1] = 1.0;
        a[2][2] = 1.0;
    } else if n <= s {
        b[1][1] = rho[1];
        b[2][2] = rho[1];
    } else {
        // n > s > 0 (so ĥ is defined) and s > 0 means p_N > 0.
        let h = [p_t[0] / n, p_t[1] / n];
        let f = s / n;
        for k in 0..2 {
            for l in 0..2 {
                let p_kl = f64::from(u8::from(k == l)) - h[k] * h[l];
                a[1 + k][1 + l] = f64::from(u8::from(k == l)) - f * p_kl;
                b[1 + k][1 + l] = rho[1] * f * p_kl;
            }
            a[1 + k][0] = -mu * h[k];
            b[1 + k][0] = mu * rho[0] * h[k];
        }
    }
    ([r[0] - p_n, r[1] - proj[0], r[2] - proj[1]], a, b)
}

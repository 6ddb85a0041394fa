//! The matrix of the planar frictional contact LCP in the arrangement of Glocker & Studer
//! (2005, "Formulation and preparation for numerical evaluation of linear complementarity
//! systems in dynamics", Multibody Syst. Dyn. 13, (24)–(33)), shared by the acceleration-level
//! problem ([`friction_modes`](super::friction_modes)) and the impact law
//! ([`friction_impact`](super::friction_impact)); they differ only in the right-hand side.
//!
//! With the contact columns in the kinetic metric, z_N = (I − QQᵀ)L⁻¹W_N and z_T likewise (so
//! that z_Nᵀ z_T = W_Nᵀ M_c⁻¹ W_T), the force column z_F = z_N − μ s z_T of each normal row
//! (s = σ for a sliding contact, 1 for one that may stick, 0 without friction), the k normal rows
//! and the k_f stick–slip rows, the matrix of the unknowns (λ_N, λ_R, ξ_L) is
//!
//! ```text
//! ⎛ z_Nᵀ z_F   z_Nᵀ z_T   0  ⎞
//! ⎜ z_Tᵀ z_F   z_Tᵀ z_T   cE ⎟     (c: the largest diagonal z_Nᵀz_N, z_Tᵀz_T of the normal
//! ⎝ 2μc        −cE        0  ⎠      rows, scaling the slack pair as the time-stepping LCP does)
//! ```

use crate::lcp::{LcpError, LcpSolution, Lemke};
use crate::mechanism::Matrix;

/// The LCP workspace of up to NU contacts (dimension at most 3·NU): Lemke's tableau, the
/// matrix `a` (column-major), the right-hand side `b` and the solution (`z`, `w`). Allocated
/// once by [`for_contacts`](Self::for_contacts); [`solve`](Self::solve) does not allocate.
#[derive(Debug, Clone)]
pub(crate) struct StickSlipWorkspace {
    lemke: Lemke,
    pub a: Vec<f64>,
    pub b: Vec<f64>,
    pub z: Vec<f64>,
    w: Vec<f64>,
}

impl StickSlipWorkspace {
    /// A workspace for up to `contacts` contacts.
    pub fn for_contacts(contacts: usize) -> Self {
        let n = 3 * contacts;
        Self {
            lemke: Lemke::with_capacity(n),
            a: vec![0.0; n * n],
            b: vec![0.0; n],
            z: vec![0.0; n],
            w: vec![0.0; n],
        }
    }

    /// Solves the LCP of dimension n written into `a` and `b`; the solution is in `z`.
    pub fn solve(&mut self, n: usize) -> Result<LcpSolution, LcpError> {
        self.lemke.solve(
            n,
            &self.a[..n * n],
            &self.b[..n],
            &mut self.z[..n],
            &mut self.w[..n],
        )
    }
}

/// The contacts of the LCP: `normal[..k]` the contacts with a normal row, `frictional[..kf]`
/// those of them that may stick (a stick–slip pair of rows each).
#[derive(Debug, Clone, Copy)]
pub(crate) struct StickSlipRows<'a> {
    /// Contacts with a normal row, in row order.
    pub normal: &'a [usize],
    /// Contacts with stick–slip rows, in row order (a subset of `normal`).
    pub frictional: &'a [usize],
}

/// Writes the n × n matrix (n = k + 2k_f) column-major into `a` (at least n² entries); `zf`
/// holds the force columns z_F, `mu` the friction coefficients. Returns n and the scale c.
pub(crate) fn stick_slip_matrix<const NQ: usize, const NU: usize>(
    zn: &Matrix<NQ, NU>,
    zt: &Matrix<NQ, NU>,
    zf: &Matrix<NQ, NU>,
    mu: &[f64; NU],
    rows: StickSlipRows<'_>,
    a: &mut [f64],
) -> (usize, f64) {
    let (k, kf) = (rows.normal.len(), rows.frictional.len());
    let n = k + 2 * kf;
    let dot =
        |x: &Matrix<NQ, NU>, i: usize, y: &Matrix<NQ, NU>, j: usize| x.column(i).dot(&y.column(j));
    let scale = rows
        .normal
        .iter()
        .map(|&i| dot(zn, i, zn, i).max(dot(zt, i, zt, i)))
        .fold(0.0_f64, f64::max);
    let c = if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    };
    let (r0, l0) = (k, k + kf);
    let a = &mut a[..n * n];
    a.fill(0.0);
    for (cb, &j) in rows.normal.iter().enumerate() {
        let col = &mut a[cb * n..(cb + 1) * n];
        for (ra, &i) in rows.normal.iter().enumerate() {
            col[ra] = dot(zn, i, zf, j);
        }
        for (fi, &i) in rows.frictional.iter().enumerate() {
            col[r0 + fi] = dot(zt, i, zf, j);
            if i == j {
                col[l0 + fi] = 2.0 * mu[j] * c;
            }
        }
    }
    for (g, &j) in rows.frictional.iter().enumerate() {
        let col = &mut a[(r0 + g) * n..(r0 + g + 1) * n];
        for (ra, &i) in rows.normal.iter().enumerate() {
            col[ra] = dot(zn, i, zt, j);
        }
        for (fi, &i) in rows.frictional.iter().enumerate() {
            col[r0 + fi] = dot(zt, i, zt, j);
        }
        col[l0 + g] = -c;
        a[(l0 + g) * n + r0 + g] = c;
    }
    (n, c)
}

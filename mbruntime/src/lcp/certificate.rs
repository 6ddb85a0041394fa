//! A-posteriori accuracy certificate of an LCP solution, evaluated on the original data.
//!
//! For a candidate `(z, w)` of LCP(A, b) the certificate records
//!
//! ```text
//! min_z           = min_i z_i                       (feasibility of z, ≥ 0 wanted)
//! min_w           = min_i w_i                       (feasibility of w, ≥ 0 wanted)
//! complementarity = Σ_i |z_i w_i|                   (≥ |zᵀw|, free of cancellation)
//! residual        = ‖w − (A z + b)‖_∞               (consistency with the data)
//! scale           = max(1, ‖b‖_∞, ‖A‖_max ‖z‖_∞) · max(1, ‖z‖_∞)
//! ```
//!
//! and the relative error is `max((−min_z)⁺, (−min_w)⁺, complementarity, residual) / scale`.
//! The first factor of `scale` bounds the size of the terms summed to form `w`, so a residual
//! of a few ulps of those terms is relative error ≈ `n·ε`; the second factor makes the products
//! `z_i w_i` (one factor is round-off of size `ε · max(‖b‖, ‖A‖‖z‖)`) relative as well. It is a
//! backward-error style measure: it is invariant under the positive rescalings
//! `(A, b) → (sA, sb)` once the data are ≳ 1, and it reduces to absolute errors for data of
//! size ≤ 1.

/// Accuracy certificate of an LCP solution; see the [module documentation](self) for the
/// exact definitions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Certificate {
    /// Smallest entry of `z` (0 for `n = 0`).
    pub min_z: f64,
    /// Smallest entry of `w` (0 for `n = 0`).
    pub min_w: f64,
    /// `Σ |z_i w_i|`, an upper bound of `|zᵀ w|`.
    pub complementarity: f64,
    /// `‖w − (A z + b)‖_∞`.
    pub residual: f64,
    /// `max(1, ‖b‖_∞, ‖A‖_max ‖z‖_∞) · max(1, ‖z‖_∞)`.
    pub scale: f64,
}

impl Certificate {
    /// `max((−min_z)⁺, (−min_w)⁺, complementarity, residual) / scale`; `+∞` if any field is NaN.
    ///
    /// ```
    /// use mbruntime::lcp::certificate;
    /// // A = [2], b = [-2]: z = 1, w = 0 is exact.
    /// let c = certificate(1, &[2.0], &[-2.0], &[1.0], &[0.0]);
    /// assert_eq!(c.relative_error(), 0.0);
    /// ```
    pub fn relative_error(&self) -> f64 {
        let parts = [
            (-self.min_z).max(0.0),
            (-self.min_w).max(0.0),
            self.complementarity,
            self.residual,
            self.scale,
        ];
        if parts.iter().any(|x| x.is_nan()) {
            return f64::INFINITY;
        }
        parts[..4].iter().fold(0.0_f64, |m, &x| m.max(x)) / self.scale
    }

    /// Whether [`relative_error`](Self::relative_error) is at most `tol` (false for NaN data).
    pub fn holds(&self, tol: f64) -> bool {
        self.relative_error() <= tol
    }
}

/// Evaluates the [`Certificate`] of `(z, w)` for LCP(A, b), `A` column-major `n × n`.
///
/// Does not allocate. Slices shorter than required make it panic; entries past the required
/// lengths are ignored.
pub fn certificate(n: usize, a: &[f64], b: &[f64], z: &[f64], w: &[f64]) -> Certificate {
    let (a, b, z, w) = (&a[..n * n], &b[..n], &z[..n], &w[..n]);
    let amax = a.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let bmax = b.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let zmax = z.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let min_z = if n == 0 {
        0.0
    } else {
        z.iter().fold(f64::INFINITY, |m, &x| m.min(x))
    };
    let min_w = if n == 0 {
        0.0
    } else {
        w.iter().fold(f64::INFINITY, |m, &x| m.min(x))
    };
    let complementarity = z.iter().zip(w).map(|(x, y)| (x * y).abs()).sum();
    let mut residual = 0.0_f64;
    for i in 0..n {
        let mut s = b[i];
        for j in 0..n {
            s += a[i + j * n] * z[j];
        }
        let r = (w[i] - s).abs();
        // NaN must propagate (f64::max would drop it).
        residual = if r.is_nan() {
            f64::NAN
        } else {
            residual.max(r)
        };
    }
    let scale = 1.0_f64.max(bmax).max(amax * zmax) * 1.0_f64.max(zmax);
    Certificate {
        min_z,
        min_w,
        complementarity,
        residual,
        scale,
    }
}

/// Relative size below which negative round-off in a computed `z` or `w` is set to zero: `z_i`
/// with `−CLAMP_TOLERANCE · max(1, ‖z‖_∞) ≤ z_i < 0` and `w_i` with
/// `−CLAMP_TOLERANCE · max(1, ‖b‖_∞, ‖A‖_max ‖z‖_∞) ≤ w_i < 0`. Clamping `w` moves at most that
/// amount into the certificate's `residual`; larger negatives are left for the certificate to
/// reject.
pub const CLAMP_TOLERANCE: f64 = 1e-11;

/// Clamps round-off in `z`, recomputes `w = A z + b` from the original data, clamps round-off
/// in `w` (see [`CLAMP_TOLERANCE`]) and returns the certificate.
pub(crate) fn finish(
    n: usize,
    a: &[f64],
    b: &[f64],
    amax: f64,
    z: &mut [f64],
    w: &mut [f64],
) -> Certificate {
    let zmax = z[..n].iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let ztol = CLAMP_TOLERANCE * zmax.max(1.0);
    for x in &mut z[..n] {
        if *x < 0.0 && *x >= -ztol {
            *x = 0.0;
        }
    }
    let bmax = b[..n].iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let wtol = CLAMP_TOLERANCE * 1.0_f64.max(bmax).max(amax * zmax);
    for i in 0..n {
        let mut s = b[i];
        for j in 0..n {
            s += a[i + j * n] * z[j];
        }
        w[i] = if s < 0.0 && s >= -wtol { 0.0 } else { s };
    }
    certificate(n, a, b, z, w)
}

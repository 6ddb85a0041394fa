//! Small dense LU factorisation with partial pivoting, in caller-provided storage.
//!
//! Used to polish Lemke's final complementary basis (`A_αα z_α = −b_α`) and by the
//! enumerative oracle. `m` is a `k × k` column-major matrix with leading dimension `k`.

/// Factors `m` in place as `P m = L U` (unit lower `L` below the diagonal, `U` on and above).
/// Returns `false` if a pivot is not larger than `tol` in magnitude (numerically singular).
pub(crate) fn lu_factor(k: usize, m: &mut [f64], perm: &mut [usize], tol: f64) -> bool {
    for c in 0..k {
        let mut p = c;
        let mut best = m[c + c * k].abs();
        for r in c + 1..k {
            let v = m[r + c * k].abs();
            if v > best {
                best = v;
                p = r;
            }
        }
        perm[c] = p;
        if best <= tol || best.is_nan() {
            return false;
        }
        if p != c {
            for j in 0..k {
                m.swap(c + j * k, p + j * k);
            }
        }
        let d = m[c + c * k];
        for r in c + 1..k {
            m[r + c * k] /= d;
        }
        for j in c + 1..k {
            let f = m[c + j * k];
            if f != 0.0 {
                for r in c + 1..k {
                    m[r + j * k] -= m[r + c * k] * f;
                }
            }
        }
    }
    true
}

/// Solves `m x = rhs` in place using the factors from [`lu_factor`].
pub(crate) fn lu_solve(k: usize, m: &[f64], perm: &[usize], x: &mut [f64]) {
    for (c, &p) in perm[..k].iter().enumerate() {
        x.swap(c, p);
    }
    for c in 0..k {
        let v = x[c];
        if v != 0.0 {
            for r in c + 1..k {
                x[r] -= m[r + c * k] * v;
            }
        }
    }
    for c in (0..k).rev() {
        x[c] /= m[c + c * k];
        let v = x[c];
        if v != 0.0 {
            for r in 0..c {
                x[r] -= m[r + c * k] * v;
            }
        }
    }
}

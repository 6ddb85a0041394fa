//! The dot product and the update y ← y + a·x over plain slices, for the per-step loops of the
//! kinetic factorisation.
//!
//! nalgebra's `dot` and `axpy` compute the same, but reached through its matrix views an
//! unoptimised build (a user's tests, this repository's) spends most of a large model's step in
//! the chain of calls each element access goes through. These read the slices directly and keep
//! nalgebra's order of operations — its `dot` sums in eight partial sums, with special cases for
//! two, three and four entries — so every result is bit for bit the one nalgebra gives (checked
//! below against nalgebra itself).

/// Σ xᵢ yᵢ, summed as nalgebra 0.33's `Matrix::dot` sums a fixed-size column vector
/// (`SVector`) of the same length.
pub(crate) fn dot(x: &[f64], y: &[f64]) -> f64 {
    debug_assert_eq!(x.len(), y.len());
    let n = x.len().min(y.len());
    match n {
        2 => return x[0] * y[0] + x[1] * y[1],
        3 => return x[0] * y[0] + x[1] * y[1] + x[2] * y[2],
        4 => {
            let (a, b) = (x[0] * y[0] + x[2] * y[2], x[1] * y[1] + x[3] * y[3]);
            return a + b;
        }
        _ => {}
    }
    let mut acc = [0.0_f64; 8];
    let mut i = 0;
    while n - i >= 8 {
        for (k, a) in acc.iter_mut().enumerate() {
            *a += x[i + k] * y[i + k];
        }
        i += 8;
    }
    let mut res = 0.0;
    res += acc[0] + acc[4];
    res += acc[1] + acc[5];
    res += acc[2] + acc[6];
    res += acc[3] + acc[7];
    for k in i..n {
        res += x[k] * y[k];
    }
    res
}

/// y ← y + a·x, as nalgebra's `y.axpy(a, x, 1.0)` computes it ((a·xᵢ)·1 + 1·yᵢ, the same
/// number).
pub(crate) fn add_scaled(y: &mut [f64], a: f64, x: &[f64]) {
    debug_assert_eq!(x.len(), y.len());
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

#[cfg(test)]
mod tests {
    //! Invariant: the same bits as nalgebra's `dot` and `axpy` (the routines these replace) at
    //! lengths from 1 to 100 (each of 1 to 9, and longer ones around multiples of eight), on values of mixed signs and magnitudes where the order of
    //! summation shows in the last bits.

    use super::*;
    use nalgebra::SVector;

    /// A deterministic sequence of values spread over twelve decades, of both signs.
    fn values(n: usize, seed: u64) -> Vec<f64> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let u = (s >> 11) as f64 / (1u64 << 53) as f64;
                let sign = if s & 1 == 0 { 1.0 } else { -1.0 };
                sign * u * 10f64.powi((s >> 3) as i32 % 12 - 6)
            })
            .collect()
    }

    /// The check at length `N`, against fixed-size vectors (nalgebra special-cases lengths 2 to
    /// 4 by type).
    fn check<const N: usize>() {
        let (x, y) = (values(N, N as u64), values(N, 1000 + N as u64));
        let xv = SVector::<f64, N>::from_column_slice(&x);
        let yv = SVector::<f64, N>::from_column_slice(&y);
        assert_eq!(dot(&x, &y).to_bits(), xv.dot(&yv).to_bits(), "dot, n = {N}");
        let a = values(1, 7 * N as u64)[0];
        let mut z = y.clone();
        add_scaled(&mut z, a, &x);
        let mut zv = yv;
        zv.axpy(a, &xv, 1.0);
        for (k, (p, q)) in z.iter().zip(zv.iter()).enumerate() {
            assert_eq!(p.to_bits(), q.to_bits(), "update, n = {N}, entry {k}");
        }
    }

    #[test]
    fn dot_and_update_give_nalgebras_bits_at_every_length() {
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<9>();
        check::<12>();
        check::<15>();
        check::<16>();
        check::<17>();
        check::<23>();
        check::<31>();
        check::<64>();
        check::<81>();
        check::<100>();
    }
}

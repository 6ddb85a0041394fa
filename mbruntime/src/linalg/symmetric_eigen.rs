//! Allocation-free eigen-decomposition of a symmetric matrix (or of its leading block) by
//! cyclic Jacobi rotations.
//!
//! Why written here: nalgebra's `SymmetricEigen` needs `DimSub<U1>`, which a generic
//! `Const<N>` does not implement on stable Rust, so fixed-size callers would have to copy into
//! a heap-allocated `DMatrix`; the reduced Hessians of the path tracer also live in the leading
//! block of a fixed buffer, which no library routine addresses.

use nalgebra::{SMatrix, SVector};
use std::ops::ControlFlow;

/// Eigen-decomposition of the symmetric part of the leading `r × r` block of `a` by cyclic
/// Jacobi rotations, without allocation (the reduced Hessians H_+ = T_+ᵀ ∇²𝓛 T_+ of the path
/// tracer live in the leading block of a fixed `N × N` buffer, Schulz & Pellegrino (3.14)).
///
/// Returns `(d, W)`: `d[0..r]` are the eigenvalues in ascending order and column `i < r` of `W`
/// the matching unit eigenvector (zero outside the leading `r` rows), so that
/// `Wᵀ H W = diag(d)` as in (2.18). Entries beyond `r` are zero. `r` is clamped to `N`.
/// Sweeps stop when the off-diagonal mass is below 10⁻³² of the Frobenius norm squared (or
/// after 64 sweeps; Jacobi converges quadratically, a handful suffices).
pub fn leading_block_eigen<const N: usize>(
    a: &SMatrix<f64, N, N>,
    r: usize,
) -> (SVector<f64, N>, SMatrix<f64, N, N>) {
    let r = r.min(N);
    let mut b = SMatrix::<f64, N, N>::zeros();
    let mut v = SMatrix::<f64, N, N>::zeros();
    for i in 0..r {
        v[(i, i)] = 1.0;
        for j in 0..r {
            b[(i, j)] = 0.5 * (a[(i, j)] + a[(j, i)]);
        }
    }
    let frob2: f64 = (0..r)
        .flat_map(|i| (0..r).map(move |j| (i, j)))
        .map(|(i, j)| b[(i, j)] * b[(i, j)])
        .sum();
    for _sweep in 0..64 {
        let mut off = 0.0;
        for p in 0..r {
            for q in p + 1..r {
                off += b[(p, q)] * b[(p, q)];
            }
        }
        if off <= 1e-32 * frob2 || !off.is_finite() {
            break;
        }
        for p in 0..r {
            for q in p + 1..r {
                rotate(&mut b, &mut v, r, p, q);
            }
        }
    }
    let mut d = SVector::<f64, N>::zeros();
    for i in 0..r {
        d[i] = b[(i, i)];
    }
    // Selection sort, ascending, carrying the eigenvectors along.
    for i in 0..r {
        let mut m = i;
        for j in i + 1..r {
            if d[j] < d[m] {
                m = j;
            }
        }
        if m != i {
            d.swap_rows(i, m);
            v.swap_columns(i, m);
        }
    }
    (d, v)
}

/// One Jacobi rotation annihilating `b[(p, q)]` in the leading `r × r` block, accumulated in `v`.
fn rotate<const N: usize>(
    b: &mut SMatrix<f64, N, N>,
    v: &mut SMatrix<f64, N, N>,
    r: usize,
    p: usize,
    q: usize,
) {
    let bpq = b[(p, q)];
    if bpq == 0.0 {
        return;
    }
    let theta = (b[(q, q)] - b[(p, p)]) / (2.0 * bpq);
    let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
    let c = 1.0 / (t * t + 1.0).sqrt();
    let s = t * c;
    for k in 0..r {
        let (bkp, bkq) = (b[(k, p)], b[(k, q)]);
        b[(k, p)] = c * bkp - s * bkq;
        b[(k, q)] = s * bkp + c * bkq;
    }
    for k in 0..r {
        let (bpk, bqk) = (b[(p, k)], b[(q, k)]);
        b[(p, k)] = c * bpk - s * bqk;
        b[(q, k)] = s * bpk + c * bqk;
    }
    for k in 0..r {
        let (vkp, vkq) = (v[(k, p)], v[(k, q)]);
        v[(k, p)] = c * vkp - s * vkq;
        v[(k, q)] = s * vkp + c * vkq;
    }
}

/// The eigen-decompositions of the principal submatrices of the symmetric `a` whose indices are
/// among those marked in `used`: calls `f(α, d, W)` for every non-empty index set α (increasing
/// indices, `α.len() = k`), with d[0..k] the eigenvalues of A_αα in ascending order and the
/// leading k rows of W's first k columns its unit eigenvectors, until `f` breaks. Copositivity
/// and the kernels of complementarity problems are read off these (Kaplan 2000; Schulz &
/// Pellegrino (4.1) with ṗ = 0). 2^|used| − 1 decompositions; callers bound |used|. No
/// allocation.
pub fn for_each_principal_eigen<const N: usize>(
    a: &SMatrix<f64, N, N>,
    used: &[bool; N],
    mut f: impl FnMut(&[usize], &SVector<f64, N>, &SMatrix<f64, N, N>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let count = used.iter().filter(|u| **u).count();
    for mask in 1usize..(1 << count) {
        let mut alpha = [0usize; N];
        let mut k = 0;
        for (r, i) in (0..N).filter(|&i| used[i]).enumerate() {
            if mask & (1 << r) != 0 {
                alpha[k] = i;
                k += 1;
            }
        }
        let block = SMatrix::<f64, N, N>::from_fn(|r, c| match r < k && c < k {
            true => a[(alpha[r], alpha[c])],
            false => 0.0,
        });
        let (d, w) = leading_block_eigen(&block, k);
        f(&alpha[..k], &d, &w)?;
    }
    ControlFlow::Continue(())
}

/// The sign (±1) shared by the first `k` components of column `e` of `w` when every one of them
/// exceeds `threshold` in magnitude with that sign, else `None`.
pub fn one_signed<const N: usize>(
    w: &SMatrix<f64, N, N>,
    e: usize,
    k: usize,
    threshold: f64,
) -> Option<f64> {
    let v = w.column(e);
    if (0..k).all(|r| v[r] > threshold) {
        Some(1.0)
    } else if (0..k).all(|r| v[r] < -threshold) {
        Some(-1.0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    //! Jacobi eigen-decomposition against closed forms: the second-difference matrix
    //! tridiag(−1, 2, −1) of order n has eigenvalues 2 − 2cos(kπ/(n+1)), k = 1…n (Golub & Van
    //! Loan 2013, *Matrix Computations*, Sect. 4.8.3), and `Wᵀ A W = diag(d)` with `W`
    //! orthogonal.

    use super::*;
    use std::f64::consts::PI;

    #[test]
    fn second_difference_matrix_has_its_closed_form_spectrum() {
        let a = SMatrix::<f64, 7, 7>::from_fn(|i, j| match i.abs_diff(j) {
            0 => 2.0,
            1 => -1.0,
            _ => 0.0,
        });
        let (d, w) = leading_block_eigen(&a, 7);
        for k in 0..7 {
            let exact = 2.0 - 2.0 * ((k + 1) as f64 * PI / 8.0).cos();
            assert!(
                (d[k] - exact).abs() <= 1e-14 * 4.0,
                "λ_{k}: {} vs {exact}",
                d[k]
            );
        }
        let diag = w.transpose() * a * w;
        let off = diag - SMatrix::<f64, 7, 7>::from_diagonal(&d);
        assert!(off.amax() <= 1e-13);
        assert!((w.transpose() * w - SMatrix::<f64, 7, 7>::identity()).amax() <= 1e-14);
    }

    #[test]
    fn only_the_leading_block_is_decomposed() {
        // Leading 2×2 block [[2, 1], [1, 2]]: eigenvalues 1 and 3; the rest is ignored.
        let mut a = SMatrix::<f64, 3, 3>::repeat(99.0);
        a[(0, 0)] = 2.0;
        a[(1, 1)] = 2.0;
        a[(0, 1)] = 1.0;
        a[(1, 0)] = 1.0;
        let (d, w) = leading_block_eigen(&a, 2);
        assert!((d[0] - 1.0).abs() <= 1e-15 && (d[1] - 3.0).abs() <= 1e-15);
        assert_eq!(d[2], 0.0);
        assert!(w.row(2).iter().all(|&x| x == 0.0) && w.column(2).iter().all(|&x| x == 0.0));
    }
}

//! LU factorisation with partial pivoting for fixed-size matrices of any const dimension.
//!
//! nalgebra's `LU` needs `DimMin`, which generic `Const<N>` does not implement on stable Rust,
//! so the θ-method's iteration matrix and the Schur complement Gᵀ A⁻¹ G use this one:
//! `P A = L U` by Doolittle elimination with row pivoting; a pivot below 1e-13·‖A‖_max marks A
//! singular. No allocation.

use crate::mechanism::Matrix;

/// `P A = L U` of an `N × N` matrix (L unit lower and U upper triangular, stored together).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SmallLu<const N: usize> {
    lu: Matrix<N, N>,
    perm: [usize; N],
    invertible: bool,
}

impl<const N: usize> SmallLu<N> {
    /// Factors `a`.
    pub(crate) fn new(a: Matrix<N, N>) -> Self {
        let mut lu = a;
        let mut perm = [0usize; N];
        for (i, p) in perm.iter_mut().enumerate() {
            *p = i;
        }
        let scale = a.amax();
        let mut invertible = scale > 0.0 || N == 0;
        for k in 0..N {
            let (mut piv, mut best) = (k, lu[(k, k)].abs());
            for i in k + 1..N {
                if lu[(i, k)].abs() > best {
                    piv = i;
                    best = lu[(i, k)].abs();
                }
            }
            if best <= 1e-13 * scale || best.is_nan() {
                invertible = false;
                continue;
            }
            if piv != k {
                lu.swap_rows(k, piv);
                perm.swap(k, piv);
            }
            let d = lu[(k, k)];
            for i in k + 1..N {
                let l = lu[(i, k)] / d;
                lu[(i, k)] = l;
                for j in k + 1..N {
                    lu[(i, j)] -= l * lu[(k, j)];
                }
            }
        }
        Self {
            lu,
            perm,
            invertible,
        }
    }

    /// Whether every pivot passed the singularity threshold.
    pub(crate) fn is_invertible(&self) -> bool {
        self.invertible
    }

    /// b ← A⁻¹ b column by column; `false` (b unspecified) if A is singular.
    pub(crate) fn solve_mut<const C: usize>(&self, b: &mut Matrix<N, C>) -> bool {
        if !self.invertible {
            return false;
        }
        for c in 0..C {
            let mut x = [0.0; N];
            for (i, xi) in x.iter_mut().enumerate() {
                *xi = b[(self.perm[i], c)];
            }
            for i in 0..N {
                for j in 0..i {
                    x[i] -= self.lu[(i, j)] * x[j];
                }
            }
            for i in (0..N).rev() {
                for j in i + 1..N {
                    x[i] -= self.lu[(i, j)] * x[j];
                }
                x[i] /= self.lu[(i, i)];
            }
            for (i, xi) in x.iter().enumerate() {
                b[(i, c)] = *xi;
            }
        }
        true
    }
}

//! LU factorisation with partial pivoting, `P A = L U`, in caller-provided storage.
//!
//! # Singularity policy (the only one in the crate)
//!
//! With `‖A‖_max = max_ij |a_ij|`, elimination step `k` takes as pivot the entry of largest
//! magnitude on or below the diagonal of column `k`; `A` is declared **singular** when that
//! magnitude is at most [`PIVOT_RELATIVE_TOLERANCE`]` · ‖A‖_max` (so `A = 0` of order `n ≥ 1`
//! is singular), and **non-finite** when an entry of `A` is NaN or infinite. No factor is returned in
//! either case, so no solve can divide by a round-off pivot or return NaN.
//!
//! The test is relative, so it is invariant under `A → sA`. Partial pivoting is backward stable
//! in practice (the growth factor stays small for the matrices met here), so an accepted
//! factorisation solves `(A + ΔA) x = b` with `‖ΔA‖ ≲ c · n · ε · ‖A‖`; the forward error is
//! that times the condition number. The threshold 10⁻¹³ sits about three decades above the
//! rounding level `ε ≈ 2.2·10⁻¹⁶`: matrices formed in floating point, such as the Delassus
//! matrices Wᵀ M⁻¹ W of redundant contacts (singular in exact arithmetic), carry rounding of a
//! few `n·ε·‖A‖` in their entries and leave pivots of ≈ 10⁻¹⁴ ‖A‖_max; a pivot that small is
//! indistinguishable from that rounding, i.e. `A` is singular to working precision. Hilbert
//! matrices are accepted up to order 11 (κ₂ ≈ 5·10¹⁴) and rejected from order 12
//! (κ₂ ≈ 1.7·10¹⁶ > 1/ε). Callers with stricter needs (Lemke's method, the warm start, the
//! enumerative oracle) add a-posteriori checks (certificates), not a second pivot rule.
//!
//! # Storage forms
//!
//! One elimination kernel works on a column-major `n × n` slice with leading dimension `n`;
//! [`factor_in_place`] records the row interchanges in `pivots` (LAPACK `getrf` style: at step
//! `k` rows `k` and `pivots[k]` were swapped) for later [`solve_in_place`], [`solve_once`]
//! applies them directly to one right-hand side. It serves
//! * [`Lu`], the fixed-size form for const-generic nalgebra matrices (the θ-method's iteration
//!   matrix, Schur complements), which lives on the stack, and
//! * [`LuWorkspace`], the runtime-sized form for the LCP solvers, allocated once.
//!
//! Why written here: nalgebra's `LU` needs `DimMin`, which a generic `Const<N>` does not
//! implement on stable Rust, and it has no slice-based form for runtime sizes inside a
//! preallocated buffer; faer would add a large dependency for matrices of order 1 to a few
//! hundred. Neither documents a singularity threshold; this one does, and it is the same for
//! every caller.

use nalgebra::{Const, Dim, Dyn};

use super::Matrix;

/// Relative pivot threshold of the [singularity policy](self): a pivot of magnitude
/// `≤ PIVOT_RELATIVE_TOLERANCE · ‖A‖_max` marks `A` singular.
pub const PIVOT_RELATIVE_TOLERANCE: f64 = 1e-13;

/// Why an LU factorisation or solve was refused.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum LuError {
    /// An entry of the matrix (or of the solution) is NaN or infinite.
    #[error("matrix or solution has a non-finite entry")]
    NonFinite,
    /// A pivot fell below the relative threshold: the matrix is singular to working precision.
    #[error(
        "matrix is singular: pivot {pivot:e} at elimination step {step} is not above {threshold:e} (= {PIVOT_RELATIVE_TOLERANCE:e} · ‖A‖_max)"
    )]
    Singular {
        /// Elimination step (column) at which it happened.
        step: usize,
        /// Magnitude of the best available pivot.
        pivot: f64,
        /// The threshold `PIVOT_RELATIVE_TOLERANCE · ‖A‖_max`.
        threshold: f64,
    },
}

/// Factors the column-major `n × n` matrix `a` (leading dimension `n`) in place as
/// `P A = L U`: afterwards the strictly lower part of `a` holds `L` (unit diagonal implied),
/// the upper part `U`, and `pivots[k]` the row swapped with row `k` at step `k`.
///
/// Applies the [singularity policy](self); on error `a` and `pivots` are unspecified.
/// Needs `a.len() ≥ n²` and `pivots.len() ≥ n`. Never allocates.
pub fn factor_in_place(n: usize, a: &mut [f64], pivots: &mut [usize]) -> Result<(), LuError> {
    eliminate(Dyn(n), a, |k, p| pivots[k] = p)
}

/// Solves `A x = b` in place (`x` holds `b` on entry) with the factors of [`factor_in_place`].
/// Never allocates.
pub fn solve_in_place(n: usize, lu: &[f64], pivots: &[usize], x: &mut [f64]) {
    solve_factored(Dyn(n), lu, pivots, x);
}

/// Solves `A x = b` once without a pivot record: factors `a` in place (the row interchanges
/// are applied to `b` as they happen), overwrites `b` (length `n`) with `x` and returns
/// `|det A|`. Errors: the [singularity policy](self), and [`LuError::NonFinite`] if `x`
/// overflowed. Never allocates.
pub fn solve_once(n: usize, a: &mut [f64], b: &mut [f64]) -> Result<f64, LuError> {
    eliminate(Dyn(n), a, |k, p| b.swap(k, p))?;
    substitute(Dyn(n), a, b);
    if b[..n].iter().all(|x| x.is_finite()) {
        Ok(abs_determinant(n, a))
    } else {
        Err(LuError::NonFinite)
    }
}

/// `|det A| = Π |u_kk|` from the factors of [`factor_in_place`].
pub fn abs_determinant(n: usize, lu: &[f64]) -> f64 {
    (0..n).map(|k| lu[k + k * n].abs()).product()
}

/// The elimination kernel: `P A = L U` in place with the [singularity policy](self); the
/// interchange of rows `k` and `p` at step `k` is reported as `record(k, p)`. Generic over the
/// dimension type so that the fixed-size form (`Const<N>`) is compiled with a constant order
/// (unrolled loops, no bounds checks) and the runtime form (`Dyn`) with a variable one.
///
/// Non-finite input is recognised without a pass of its own on the success path: an infinite
/// entry makes `‖A‖_max` infinite, and a NaN entry always reaches a pivot before the
/// factorisation can complete (a NaN is never selected over a number, every multiplier or
/// pivot-row entry that is NaN spreads NaN to the whole trailing part of its row or column,
/// and the last remaining row is taken as it is), where the search sees a NaN pivot; if a
/// singular pivot stops the elimination first, the array is scanned for the NaN.
#[inline]
fn eliminate<D: Dim>(
    dim: D,
    a: &mut [f64],
    mut record: impl FnMut(usize, usize),
) -> Result<(), LuError> {
    let n = dim.value();
    let a = &mut a[..n * n];
    // `f64::max` ignores NaN; NaN is caught at its pivot (see above).
    let scale = a.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    if scale.is_infinite() {
        return Err(LuError::NonFinite);
    }
    let threshold = PIVOT_RELATIVE_TOLERANCE * scale;
    for k in 0..n {
        let mut p = k;
        let mut best = a[k + k * n].abs();
        for r in k + 1..n {
            let v = a[r + k * n].abs();
            if v > best {
                best = v;
                p = r;
            }
        }
        if best.is_nan() {
            return Err(LuError::NonFinite);
        }
        if best <= threshold {
            // A NaN never disappears from the array (operations with it give NaN), so on this
            // failure path one scan tells a NaN input from a singular one.
            if a.iter().any(|x| x.is_nan()) {
                return Err(LuError::NonFinite);
            }
            return Err(LuError::Singular {
                step: k,
                pivot: best,
                threshold,
            });
        }
        record(k, p);
        if p != k {
            for j in 0..n {
                a.swap(k + j * n, p + j * n);
            }
        }
        // Column-oriented (right-looking, `jki`) update: the multipliers l_ik = a_ik / a_kk
        // first, then the trailing columns one at a time, a_ij −= l_ik a_kj, so the inner
        // loop runs down a contiguous column. Every entry gets the same two roundings, in the
        // same order, as in the row-oriented form, so the factors are bitwise the same.
        let d = a[k + k * n];
        for i in k + 1..n {
            a[i + k * n] /= d;
        }
        let (head, tail) = a.split_at_mut((k + 1) * n);
        let multipliers = &head[k * n + k + 1..(k + 1) * n];
        for column in tail.chunks_exact_mut(n) {
            let akj = column[k];
            for (aij, lik) in column[k + 1..].iter_mut().zip(multipliers) {
                *aij -= lik * akj;
            }
        }
    }
    Ok(())
}

/// Applies the recorded row interchanges to `x`, then [`substitute`].
#[inline]
fn solve_factored<D: Dim>(dim: D, lu: &[f64], pivots: &[usize], x: &mut [f64]) {
    let n = dim.value();
    let x = &mut x[..n];
    for (k, &p) in pivots[..n].iter().enumerate() {
        x.swap(k, p);
    }
    substitute(dim, lu, x);
}

/// Forward substitution with the unit lower `L`, back substitution with `U`, in place on an
/// already permuted right-hand side.
#[inline]
fn substitute<D: Dim>(dim: D, lu: &[f64], x: &mut [f64]) {
    let n = dim.value();
    let (lu, x) = (&lu[..n * n], &mut x[..n]);
    // Row-oriented (dot-product) form: no data-dependent branches, so a constant order is
    // fully unrolled.
    for i in 1..n {
        let mut s = x[i];
        for j in 0..i {
            s -= lu[i + j * n] * x[j];
        }
        x[i] = s;
    }
    for i in (0..n).rev() {
        let mut s = x[i];
        for j in i + 1..n {
            s -= lu[i + j * n] * x[j];
        }
        x[i] = s / lu[i + i * n];
    }
}

/// `P A = L U` of a fixed-size `N × N` matrix (on the stack; the elimination kernel of
/// [`factor_in_place`] underneath). The row interchanges are kept as the full permutation
/// (`(P b)_i = b_{perm[i]}`), so a solve gathers the right-hand side into a local array that
/// stays in registers.
#[derive(Debug, Clone, Copy)]
pub struct Lu<const N: usize> {
    lu: Matrix<N, N>,
    perm: [usize; N],
}

impl<const N: usize> Lu<N> {
    /// Factors `a`; errors by the [singularity policy](self). (Inlined so that the factors are
    /// built in the caller's storage rather than copied out of a returned `Result`.)
    #[inline(always)]
    pub fn new(a: Matrix<N, N>) -> Result<Self, LuError> {
        let mut this = Self {
            lu: a,
            perm: std::array::from_fn(|i| i),
        };
        let perm = &mut this.perm;
        eliminate(Const::<N>, this.lu.as_mut_slice(), |k, p| perm.swap(k, p))?;
        Ok(this)
    }

    /// `b ← A⁻¹ b`, column by column.
    pub fn solve_mut<const C: usize>(&self, b: &mut Matrix<N, C>) {
        for c in 0..C {
            let mut x: [f64; N] = std::array::from_fn(|i| b[(self.perm[i], c)]);
            substitute(Const::<N>, self.lu.as_slice(), &mut x);
            for (i, xi) in x.iter().enumerate() {
                b[(i, c)] = *xi;
            }
        }
    }

    /// `|det A|`.
    pub fn abs_determinant(&self) -> f64 {
        abs_determinant(N, self.lu.as_slice())
    }
}

/// Runtime-sized LU storage for matrices up to a capacity fixed at construction (the LCP
/// solvers' form). Allocate once with [`LuWorkspace::with_capacity`]; factoring and solving
/// never allocate.
#[derive(Debug, Clone)]
pub struct LuWorkspace {
    capacity: usize,
    n: usize,
    lu: Vec<f64>,
    pivots: Vec<usize>,
}

impl LuWorkspace {
    /// Room for matrices up to `capacity × capacity`.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            capacity,
            n: 0,
            lu: vec![0.0; capacity * capacity],
            pivots: vec![0; capacity],
        }
    }

    /// Largest order accepted.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Factors the `n × n` matrix with entries `entry(i, j)` (`n ≤ capacity`, otherwise this
    /// panics: sizes are checked by the callers against their own capacity). Errors by the
    /// [singularity policy](self); after an error [`LuWorkspace::solve`] leaves its argument
    /// unchanged (the stored order is reset to 0).
    pub fn factor(
        &mut self,
        n: usize,
        mut entry: impl FnMut(usize, usize) -> f64,
    ) -> Result<(), LuError> {
        assert!(n <= self.capacity, "LU of order {n} exceeds the workspace");
        let a = &mut self.lu[..n * n];
        for j in 0..n {
            for i in 0..n {
                a[i + j * n] = entry(i, j);
            }
        }
        self.n = 0;
        eliminate(Dyn(n), a, |k, p| self.pivots[k] = p)?;
        self.n = n;
        Ok(())
    }

    /// `x ← A⁻¹ x` for the last successfully factored `A` (`x` has at least `n` entries).
    pub fn solve(&self, x: &mut [f64]) {
        solve_in_place(self.n, &self.lu, &self.pivots, x);
    }
}

#[cfg(test)]
mod tests {
    //! Reconstruction `P L U = A` to `c·n·ε·‖A‖`, backward-stable residuals
    //! `‖A x − b‖ ≤ c·n·ε·‖A‖‖x‖`, rejection of singular and non-finite input and the behaviour
    //! on Hilbert matrices (Higham 2002, *Accuracy and Stability of Numerical Algorithms*,
    //! Theorem 9.3 and Sect. 9.3 for the bounds; κ₂(H_n) from Table 28.1 there).

    use super::*;
    use nalgebra::DMatrix;

    fn pseudo_random(n: usize, seed: u64) -> DMatrix<f64> {
        // A fixed linear congruential sequence in [−1, 1): reproducible, no extra dependency.
        let mut s = seed;
        DMatrix::from_fn(n, n, |_, _| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
    }

    fn hilbert(n: usize) -> DMatrix<f64> {
        DMatrix::from_fn(n, n, |i, j| 1.0 / (i + j + 1) as f64)
    }

    /// P L U rebuilt from the packed factors and the swap record.
    fn reconstruct(n: usize, lu: &[f64], pivots: &[usize]) -> DMatrix<f64> {
        let l = DMatrix::from_fn(n, n, |i, j| match i.cmp(&j) {
            std::cmp::Ordering::Greater => lu[i + j * n],
            std::cmp::Ordering::Equal => 1.0,
            std::cmp::Ordering::Less => 0.0,
        });
        let u = DMatrix::from_fn(n, n, |i, j| if i <= j { lu[i + j * n] } else { 0.0 });
        let mut a = l * u;
        // P A = L U with P = S_{n−1} ⋯ S_0: undo the swaps in reverse order.
        for k in (0..n).rev() {
            a.swap_rows(k, pivots[k]);
        }
        a
    }

    fn amax(a: &DMatrix<f64>) -> f64 {
        a.iter().fold(0.0_f64, |m, x| m.max(x.abs()))
    }

    /// The elimination as it was written before the column-oriented update: row by row, each
    /// multiplier applied across its row with stride n. Kept as the independent reference of
    /// `column_oriented_update_is_bitwise_the_row_oriented_one`.
    fn eliminate_row_oriented(
        n: usize,
        a: &mut [f64],
        pivots: &mut [usize],
    ) -> Result<(), LuError> {
        let scale = a.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        if scale.is_infinite() {
            return Err(LuError::NonFinite);
        }
        let threshold = PIVOT_RELATIVE_TOLERANCE * scale;
        for k in 0..n {
            let mut p = k;
            let mut best = a[k + k * n].abs();
            for r in k + 1..n {
                let v = a[r + k * n].abs();
                if v > best {
                    best = v;
                    p = r;
                }
            }
            if best.is_nan() {
                return Err(LuError::NonFinite);
            }
            if best <= threshold {
                if a.iter().any(|x| x.is_nan()) {
                    return Err(LuError::NonFinite);
                }
                return Err(LuError::Singular {
                    step: k,
                    pivot: best,
                    threshold,
                });
            }
            pivots[k] = p;
            if p != k {
                for j in 0..n {
                    a.swap(k + j * n, p + j * n);
                }
            }
            let d = a[k + k * n];
            for i in k + 1..n {
                let l = a[i + k * n] / d;
                a[i + k * n] = l;
                for j in k + 1..n {
                    a[i + j * n] -= l * a[k + j * n];
                }
            }
        }
        Ok(())
    }

    fn bits(a: &[f64]) -> Vec<u64> {
        a.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn column_oriented_update_is_bitwise_the_row_oriented_one() {
        // Random matrices of every order up to 40 (pivoting on almost every step), matrices
        // with entries spread over 2⁻³⁰…2³⁰ (rounding in every update), rank-deficient ones
        // (the error and its step must agree) and NaN input.
        let mut cases: Vec<(usize, Vec<f64>)> = Vec::new();
        for n in 1..=40 {
            cases.push((n, pseudo_random(n, 1000 + n as u64).as_slice().to_vec()));
            let spread = pseudo_random(n, 2000 + n as u64).map(|x| x * (30.0 * x).exp2());
            cases.push((n, spread.as_slice().to_vec()));
        }
        for n in [3, 8, 21] {
            let mut a = pseudo_random(n, 3000 + n as u64);
            let dependent = a.column(0) * 0.3 - a.column(1) * 1.7;
            a.set_column(n - 1, &dependent);
            cases.push((n, a.as_slice().to_vec()));
            let mut nan = pseudo_random(n, 4000 + n as u64);
            nan[(n / 2, n / 3)] = f64::NAN;
            cases.push((n, nan.as_slice().to_vec()));
        }
        let mut outcomes = [0usize; 2];
        for (n, a) in &cases {
            let n = *n;
            let (mut new, mut old) = (a.clone(), a.clone());
            let (mut p_new, mut p_old) = (vec![0; n], vec![0; n]);
            let r_new = factor_in_place(n, &mut new, &mut p_new);
            let r_old = eliminate_row_oriented(n, &mut old, &mut p_old);
            assert_eq!(r_new, r_old, "n = {n}: outcomes differ");
            outcomes[usize::from(r_new.is_err())] += 1;
            if r_new.is_ok() {
                assert_eq!(p_new, p_old, "n = {n}: pivots differ");
                assert_eq!(bits(&new), bits(&old), "n = {n}: factors differ");
            }
        }
        assert_eq!(
            outcomes,
            [80, 6],
            "regular and refused cases both exercised"
        );

        // The fixed-size form shares the kernel (a constant order unrolls it differently).
        let a = Matrix::<7, 7>::from_column_slice(pseudo_random(7, 5000).as_slice());
        let lu = Lu::new(a).unwrap();
        let mut old = a.as_slice().to_vec();
        let mut pivots = vec![0; 7];
        eliminate_row_oriented(7, &mut old, &mut pivots).unwrap();
        assert_eq!(bits(lu.lu.as_slice()), bits(&old));
    }

    #[test]
    fn reconstruction_reproduces_the_matrix() {
        for (n, seed) in [(1, 1), (2, 2), (5, 3), (17, 4), (40, 5)] {
            let a = pseudo_random(n, seed);
            let mut lu = a.as_slice().to_vec();
            let mut pivots = vec![0; n];
            factor_in_place(n, &mut lu, &mut pivots).unwrap();
            let err = amax(&(reconstruct(n, &lu, &pivots) - &a));
            assert!(
                err <= 4.0 * n as f64 * f64::EPSILON * amax(&a),
                "n = {n}: ‖PLU − A‖_max = {err:e}"
            );
        }
    }

    #[test]
    fn residual_is_backward_stable() {
        for (n, seed) in [(3, 11), (10, 12), (33, 13)] {
            let a = pseudo_random(n, seed);
            let x_true = pseudo_random(n, seed + 100).column(0).into_owned();
            let b = &a * &x_true;
            let mut lu = a.as_slice().to_vec();
            let mut x = b.as_slice().to_vec();
            solve_once(n, &mut lu, &mut x).unwrap();
            let x = nalgebra::DVector::from_vec(x);
            let r = (&a * &x - &b).amax();
            let bound = 4.0 * n as f64 * f64::EPSILON * amax(&a) * n as f64 * x.amax();
            assert!(r <= bound, "n = {n}: residual {r:e} > {bound:e}");
        }
    }

    #[test]
    fn fixed_size_and_workspace_forms_agree_with_the_kernel() {
        let a = Matrix::<3, 3>::new(4.0, -2.0, 1.0, 3.0, 6.0, -4.0, 2.0, 1.0, 8.0);
        let x_true = Matrix::<3, 2>::new(1.0, -1.0, 2.0, 0.5, -3.0, 0.25);
        let mut b = a * x_true;
        let lu = Lu::new(a).unwrap();
        lu.solve_mut(&mut b);
        assert!((b - x_true).amax() <= 16.0 * f64::EPSILON * x_true.amax());
        // |det| by cofactor expansion: 4(48+4) − 3(−16−1) + 2(8−6) = 263.
        assert!((lu.abs_determinant() - 263.0).abs() <= 1e-12 * 263.0);

        let mut ws = LuWorkspace::with_capacity(4);
        ws.factor(3, |i, j| a[(i, j)]).unwrap();
        let mut x = [
            a[(0, 0)] + a[(0, 2)],
            a[(1, 0)] + a[(1, 2)],
            a[(2, 0)] + a[(2, 2)],
        ];
        ws.solve(&mut x);
        // A (1, 0, 1)ᵀ = columns 0 + 2.
        for (xi, ei) in x.iter().zip([1.0, 0.0, 1.0]) {
            assert!((xi - ei).abs() <= 16.0 * f64::EPSILON);
        }
    }

    #[test]
    fn singular_and_non_finite_inputs_are_rejected() {
        // Rank one, exactly.
        let a = Matrix::<3, 3>::from_fn(|i, j| ((i + 1) * (j + 1)) as f64);
        assert!(matches!(Lu::new(a), Err(LuError::Singular { step: 1, .. })));
        // Zero matrix, and the empty matrix (which is regular).
        assert!(matches!(
            Lu::new(Matrix::<2, 2>::zeros()),
            Err(LuError::Singular { step: 0, .. })
        ));
        assert!(Lu::new(Matrix::<0, 0>::zeros()).is_ok());
        // Dependent up to rounding: third row = first + second, in inexact decimals.
        let a = Matrix::<3, 3>::new(0.1, 0.2, 0.3, 0.7, 0.3, 1.1, 0.8, 0.5, 1.4);
        assert!(matches!(Lu::new(a), Err(LuError::Singular { step: 2, .. })));
        // A NaN or an infinity at any position is reported as such (a NaN through the pivot
        // it contaminates, see `eliminate`), for a regular and a singular matrix alike.
        let regular = Matrix::<4, 4>::from_fn(|i, j| {
            if i == j {
                4.0
            } else {
                1.0 / (i + j + 1) as f64
            }
        });
        for base in [regular, Matrix::<4, 4>::zeros()] {
            for e in 0..16 {
                for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                    let mut a = base;
                    a[e] = bad;
                    assert!(
                        matches!(Lu::new(a), Err(LuError::NonFinite)),
                        "{bad} at {e}"
                    );
                    let mut pivots = [0; 4];
                    assert!(matches!(
                        factor_in_place(4, a.as_mut_slice(), &mut pivots),
                        Err(LuError::NonFinite)
                    ));
                }
            }
        }
    }

    #[test]
    fn singularity_test_is_scale_invariant() {
        let a = Matrix::<2, 2>::new(1.0, 2.0, 3.0, 4.0);
        for s in [1e-200, 1e-8, 1.0, 1e150] {
            let lu = Lu::new(a * s).unwrap();
            let mut b = nalgebra::Vector2::new(5.0, 11.0) * s; // A (1, 2)ᵀ
            lu.solve_mut(&mut b);
            assert!(
                (b - nalgebra::Vector2::new(1.0, 2.0)).amax() <= 1e-14,
                "s = {s}"
            );
        }
    }

    #[test]
    fn hilbert_matrices_are_accepted_while_above_the_pivot_threshold() {
        // Up to κ₂(H₁₁) ≈ 5.2·10¹⁴ the pivots stay above the threshold: accepted, and the
        // solution is backward stable; κ₂(H₁₂) ≈ 1.7·10¹⁶ exceeds 1/ε and H₁₂ is declared
        // singular, as are the larger orders.
        for n in 1..=11 {
            let a = hilbert(n);
            let x_true = nalgebra::DVector::from_element(n, 1.0);
            let b = &a * &x_true;
            let mut lu = a.as_slice().to_vec();
            let mut x = b.as_slice().to_vec();
            solve_once(n, &mut lu, &mut x).unwrap_or_else(|e| panic!("H_{n} rejected: {e}"));
            let x = nalgebra::DVector::from_vec(x);
            let r = (&a * &x - &b).amax();
            assert!(
                r <= 4.0 * (n * n) as f64 * f64::EPSILON * x.amax(),
                "H_{n}: residual {r:e}"
            );
        }
        for n in [12, 13, 16] {
            let mut lu = hilbert(n).as_slice().to_vec();
            let mut pivots = vec![0; n];
            assert!(
                matches!(
                    factor_in_place(n, &mut lu, &mut pivots),
                    Err(LuError::Singular { .. })
                ),
                "H_{n} accepted"
            );
        }
    }
}

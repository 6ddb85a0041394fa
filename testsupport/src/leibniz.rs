//! The determinant by Leibniz's formula: a route to principal minors independent of the LU
//! factorisations the runtime uses (small matrices only: n! terms).

use nalgebra::DMatrix;

/// det(A) = Σ_σ sign(σ) Π_i A_{i,σ(i)} over all permutations (Heap's algorithm); 1 for n = 0.
pub fn leibniz_determinant(a: &DMatrix<f64>) -> f64 {
    fn rec(k: usize, perm: &mut Vec<usize>, sign: &mut f64, a: &DMatrix<f64>, total: &mut f64) {
        if k <= 1 {
            let mut prod = *sign;
            for (i, &p) in perm.iter().enumerate() {
                prod *= a[(i, p)];
            }
            *total += prod;
            return;
        }
        for i in 0..k {
            rec(k - 1, perm, sign, a, total);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            if i + 1 < k {
                perm.swap(j, k - 1);
                *sign = -*sign;
            }
        }
    }
    let n = a.nrows();
    if n == 0 {
        return 1.0;
    }
    let mut perm: Vec<usize> = (0..n).collect();
    let (mut sign, mut total) = (1.0, 0.0);
    rec(n, &mut perm, &mut sign, a, &mut total);
    total
}

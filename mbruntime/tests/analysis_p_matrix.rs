//! P-matrix test against brute force. Invariant (Cottle, Pang & Stone 1992, Thm 3.3.7; used in
//! Brogliato 2013 Sect. 1 and Blumentals et al. 2016 App. A): A is a P-matrix iff LCP(A, b) has
//! exactly one solution for every b. Independent routes: (1) every principal minor recomputed
//! here by the Leibniz formula; (2) the number of LCP solutions counted by enumerating all
//! complementary bases (written here, not the library's) — exactly one for random b when the
//! test says P; and for a non-P (nondegenerate) matrix, by the degree argument, either a point
//! b inside a negatively oriented complementary cone or b = 𝟙 has a number of solutions ≠ 1.

use mb_testsupport::leibniz_determinant;
use mbruntime::analysis::{PMatrixVerdict, p_matrix_test};
use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sub(a: &DMatrix<f64>, mask: usize) -> DMatrix<f64> {
    let idx: Vec<usize> = (0..a.nrows()).filter(|i| mask & (1 << i) != 0).collect();
    DMatrix::from_fn(idx.len(), idx.len(), |r, c| a[(idx[r], idx[c])])
}

/// Number of distinct solutions of LCP(A, b) (generic A, b).
fn count_solutions(a: &DMatrix<f64>, b: &DVector<f64>) -> usize {
    let n = a.nrows();
    let mut count = 0;
    for mask in 0usize..(1 << n) {
        let idx: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let s = sub(a, mask);
        let rhs = DVector::from_fn(idx.len(), |r, _| -b[idx[r]]);
        let Some(zs) = (if idx.is_empty() {
            Some(rhs.clone())
        } else {
            s.lu().solve(&rhs)
        }) else {
            continue;
        };
        let mut z = DVector::zeros(n);
        for (r, &i) in idx.iter().enumerate() {
            z[i] = zs[r];
        }
        let w = a * &z + b;
        if z.iter().all(|x| *x >= -1e-12) && w.iter().all(|x| *x >= -1e-12) {
            count += 1;
        }
    }
    count
}

#[test]
fn p_matrix_test_agrees_with_minors_and_solution_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut n_p, mut n_not) = (0, 0);
    for trial in 0..400 {
        let n = 1 + trial % 4;
        // Diagonally shifted random matrices: a mix of P and non-P.
        let shift = rng.gen_range(-0.5..2.5);
        let a = DMatrix::from_fn(n, n, |r, c| {
            rng.gen_range(-1.0..1.0) + if r == c { shift } else { 0.0 }
        });
        let minors: Vec<f64> = (1usize..(1 << n))
            .map(|m| leibniz_determinant(&sub(&a, m)))
            .collect();
        if minors.iter().any(|m| m.abs() < 1e-6) {
            continue; // near-degenerate: outside the generic setting of the count argument
        }
        let is_p = minors.iter().all(|m| *m > 0.0);
        let verdict = p_matrix_test(&a).unwrap();
        assert_eq!(verdict.is_p_matrix(), Some(is_p), "trial {trial}: {a}");
        if is_p {
            n_p += 1;
            for _ in 0..20 {
                let b = DVector::from_fn(n, |_, _| rng.gen_range(-3.0..3.0));
                assert_eq!(
                    count_solutions(&a, &b),
                    1,
                    "P-matrix must have one solution"
                );
            }
        } else {
            n_not += 1;
            let PMatrixVerdict::NotPMatrix { index_set, .. } = verdict else {
                panic!("expected NotPMatrix");
            };
            let mask = index_set.iter().fold(0usize, |m, i| m | (1 << i));
            assert!(leibniz_determinant(&sub(&a, mask)) <= 0.0);
            // A negatively oriented cone: pick a mask with negative minor.
            let neg = (1usize..(1 << n))
                .find(|&m| leibniz_determinant(&sub(&a, m)) < 0.0)
                .unwrap();
            let z = DVector::from_fn(n, |i, _| {
                if neg & (1 << i) != 0 {
                    rng.gen_range(0.5..1.5)
                } else {
                    0.0
                }
            });
            let wv = DVector::from_fn(n, |i, _| {
                if neg & (1 << i) == 0 {
                    rng.gen_range(0.5..1.5)
                } else {
                    0.0
                }
            });
            let b_cone = &wv - &a * &z;
            let ones = DVector::from_element(n, 1.0);
            assert!(
                count_solutions(&a, &b_cone) != 1 || count_solutions(&a, &ones) != 1,
                "non-P matrix must have some b without a unique solution"
            );
        }
    }
    assert!(
        n_p > 50 && n_not > 50,
        "both cases exercised: {n_p} P, {n_not} non-P"
    );
}

#[test]
fn large_matrices_use_the_sufficient_test_and_bad_input_is_an_error() {
    let n = 20;
    let a = DMatrix::from_fn(n, n, |r, c| {
        if r == c {
            2.0
        } else {
            0.01 * (r as f64 - c as f64)
        }
    });
    assert!(matches!(
        p_matrix_test(&a).unwrap(),
        PMatrixVerdict::PositiveDefinite { .. }
    ));
    let b = -a.clone();
    assert!(matches!(
        p_matrix_test(&b).unwrap(),
        PMatrixVerdict::Undecided { .. }
    ));
    assert!(p_matrix_test(&DMatrix::from_element(2, 3, 1.0)).is_err());
    assert!(p_matrix_test(&DMatrix::from_element(2, 2, f64::NAN)).is_err());
    assert_eq!(
        p_matrix_test(&DMatrix::zeros(0, 0)).unwrap().is_p_matrix(),
        Some(true)
    );
    // Singular (rank-1, Brogliato Example 1) Delassus matrix: PSD but not P.
    assert_eq!(
        p_matrix_test(&DMatrix::from_element(3, 3, 1.0))
            .unwrap()
            .is_p_matrix(),
        Some(false)
    );
}

//! Warm start of an LCP from a guessed complementary basis (`mbruntime::lcp::WarmStart`).
//!
//! Invariant: a basic solution `A_αα z_α = −b_α`, `w = A z + b` of a complementary basis α
//! solves LCP(A, b) iff it is feasible (Cottle, Pang & Stone 1992, Sect. 1.1). Checked against
//! the independent route of Lemke's method:
//! * P-matrices (SPD, strictly diagonally dominant) have a unique solution (CPS Thm. 3.3.7),
//!   so an accepted warm start must reproduce Lemke's `z`, and with Lemke's own basis on a
//!   nondegenerate instance it must be accepted;
//! * PSD `A = Wᵀ M⁻¹ W` with dependent rows: `w` is unique (Lötstedt 1982, Lemma 5.2);
//! * a wrong basis (one flag flipped at a nondegenerate solution) is rejected, and so are
//!   wrong dimensions and singular blocks, so the caller falls back to Lemke;
//! * every accepted answer is certified to ≤ 1e-10 relative.

use mbruntime::lcp::{BasisGuess, LcpError, Lemke, WarmStart};
use nalgebra::DMatrix;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const TOL: f64 = 1e-10;

fn p_matrix(rng: &mut ChaCha8Rng, n: usize) -> DMatrix<f64> {
    if rng.gen_bool(0.5) {
        let l = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0));
        &l * l.transpose() + DMatrix::identity(n, n) * rng.gen_range(0.05..1.0)
    } else {
        let mut a: DMatrix<f64> = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0));
        for i in 0..n {
            let off: f64 = (0..n).filter(|&j| j != i).map(|j| a[(i, j)].abs()).sum();
            a[(i, i)] = off + rng.gen_range(0.01..1.0);
        }
        a
    }
}

fn psd_redundant(rng: &mut ChaCha8Rng, n: usize) -> (DMatrix<f64>, Vec<f64>) {
    let f = rng.gen_range(1..=n);
    let l = DMatrix::from_fn(f, f, |_, _| rng.gen_range(-1.0..1.0));
    let minv = &l * l.transpose() + DMatrix::identity(f, f) * 0.1;
    let mut w = DMatrix::from_fn(f, n, |_, _| rng.gen_range(-1.0..1.0));
    for j in 1..n {
        if rng.gen_bool(0.3) {
            let src = rng.gen_range(0..j);
            let col = w.column(src).clone_owned();
            w.set_column(j, &col);
        }
    }
    let a = w.transpose() * &minv * &w;
    let v = DMatrix::from_fn(f, 1, |_, _| rng.gen_range(-1.0..1.0));
    let wv = w.transpose() * v;
    let b = (0..n).map(|i| wv[i] + rng.gen_range(0.0..0.2)).collect();
    (a, b)
}

fn max_diff(x: &[f64], y: &[f64]) -> f64 {
    x.iter()
        .zip(y)
        .fold(0.0_f64, |m, (p, q)| m.max((p - q).abs()))
}

/// Solves with Lemke, records the basis, then solves a perturbation of size `eps` both ways
/// (`unique_z`: `a` is a P-matrix; otherwise the PSD family).
/// Returns whether the warm start was accepted on the perturbed problem.
fn round_trip(
    rng: &mut ChaCha8Rng,
    n: usize,
    a: &DMatrix<f64>,
    b: &[f64],
    eps: f64,
    unique_z: bool,
) -> bool {
    let mut lemke = Lemke::with_capacity(n);
    let mut warm = WarmStart::with_capacity(n);
    let mut guess = BasisGuess::with_capacity(n);
    let (mut z, mut w) = (vec![0.0; n], vec![0.0; n]);
    lemke.solve(n, a.as_slice(), b, &mut z, &mut w).unwrap();
    assert!(guess.record(&z));
    assert_eq!(guess.len(), n);

    // Same problem, own basis: accepted when the solution is nondegenerate.
    let gap = z
        .iter()
        .zip(&w)
        .fold(f64::INFINITY, |m, (p, q)| m.min(p.max(*q)));
    let (mut zw, mut ww) = (vec![0.0; n], vec![0.0; n]);
    let same = warm
        .solve_with_basis(n, a.as_slice(), b, &guess, &mut zw, &mut ww)
        .unwrap();
    if gap > 1e-6 {
        let sol = same.expect("own nondegenerate basis rejected");
        assert!(sol.certificate.holds(TOL));
        assert_eq!(sol.pivots, 0);
        if unique_z {
            assert!(
                max_diff(&z, &zw) <= 1e-9 * (1.0 + z.iter().fold(0.0_f64, |m, x| m.max(x.abs())))
            );
        }
        assert!(max_diff(&w, &ww) <= 1e-9 * (1.0 + w.iter().fold(0.0_f64, |m, x| m.max(x.abs()))));

        // A wrong basis: flip one flag. The flipped pair (z_j, w_j) had a strictly positive
        // member that is now forced to zero, so (for a P-matrix, unique solution) the basic
        // solution differs from the solution and cannot be feasible.
        if unique_z {
            let j = rng.gen_range(0..n);
            let mut flipped: Vec<f64> = z.clone();
            flipped[j] = if z[j] > 0.0 { 0.0 } else { 1.0 };
            let mut wrong = BasisGuess::with_capacity(n);
            wrong.record(&flipped);
            let r = warm
                .solve_with_basis(n, a.as_slice(), b, &wrong, &mut zw, &mut ww)
                .unwrap();
            assert!(r.is_none(), "wrong basis accepted: z {zw:?} w {ww:?}");
        }
    }

    // Perturbed problem: warm start (if accepted) agrees with Lemke.
    // P-matrices: small relative changes of A keep the P-property, any b is admissible.
    // PSD family: A is kept and b = Wᵀv + c only gains in c ≥ 0, which keeps it solvable.
    let a2 = if unique_z && eps <= 1e-3 {
        a.map(|x| x + eps * rng.gen_range(-1.0..1.0) * x.abs())
    } else {
        a.clone()
    };
    let b2: Vec<f64> = b
        .iter()
        .map(|x| x + eps * rng.gen_range(if unique_z { -1.0 } else { 0.0 }..1.0))
        .collect();
    let (mut zl, mut wl) = (vec![0.0; n], vec![0.0; n]);
    lemke
        .solve(n, a2.as_slice(), &b2, &mut zl, &mut wl)
        .unwrap();
    match warm
        .solve_with_basis(n, a2.as_slice(), &b2, &guess, &mut zw, &mut ww)
        .unwrap()
    {
        Some(sol) => {
            assert!(
                sol.certificate.holds(TOL),
                "{:e}",
                sol.certificate.relative_error()
            );
            assert!(zw.iter().chain(&ww).all(|&x| x >= 0.0));
            let scale = 1.0 + zl.iter().chain(&wl).fold(0.0_f64, |m, x| m.max(x.abs()));
            if unique_z {
                assert!(
                    max_diff(&zl, &zw) <= 1e-8 * scale,
                    "z {zw:?} vs Lemke {zl:?}"
                );
            }
            assert!(
                max_diff(&wl, &ww) <= 1e-8 * scale,
                "w {ww:?} vs Lemke {wl:?}"
            );
            true
        }
        None => false,
    }
}

#[test]
fn seeded_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_2005);
    // (perturbation size, accepted, total)
    let mut tally = [(1e-6, 0, 0), (0.3, 0, 0)];
    for round in 0..600 {
        let n = 1 + round % 12;
        for (eps, accepted, total) in tally.iter_mut() {
            let a = p_matrix(&mut rng, n);
            let b: Vec<f64> = (0..n).map(|_| rng.gen_range(-1.0..1.0)).collect();
            *accepted += usize::from(round_trip(&mut rng, n, &a, &b, *eps, true));
            let (a, b) = psd_redundant(&mut rng, n);
            *accepted += usize::from(round_trip(&mut rng, n, &a, &b, *eps, false));
            *total += 2;
        }
    }
    println!("warm start accepted (perturbation, accepted, total): {tally:?}");
    // Small perturbations keep the basis of almost every instance; large ones often change
    // it, and then the guess must be rejected (the fallback path is exercised).
    let [(_, small_ok, small_n), (_, large_ok, large_n)] = tally;
    assert!(small_ok * 10 > small_n * 9, "{small_ok} of {small_n}");
    assert!(large_ok < large_n, "{large_ok} of {large_n}");
}

#[test]
fn rejects_wrong_dimension_and_singular_blocks() {
    let mut warm = WarmStart::with_capacity(3);
    let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
    // A guess of another dimension.
    let mut guess = BasisGuess::with_capacity(3);
    guess.record(&[1.0, 1.0, 1.0]);
    let a = [2.0, 1.0, 1.0, 2.0];
    assert_eq!(
        warm.solve_with_basis(2, &a, &[-1.0, -1.0], &guess, &mut z, &mut w),
        Ok(None)
    );
    // Singular A_αα (zero matrix, α = {0}).
    guess.record(&[1.0, 0.0]);
    assert_eq!(
        warm.solve_with_basis(2, &[0.0; 4], &[-1.0, 1.0], &guess, &mut z, &mut w),
        Ok(None)
    );
    // Empty basis: accepted exactly when b ≥ 0.
    guess.record(&[0.0, 0.0]);
    let sol = warm
        .solve_with_basis(2, &a, &[0.5, 0.0], &guess, &mut z, &mut w)
        .unwrap()
        .unwrap();
    assert_eq!((z, w), ([0.0; 2], [0.5, 0.0]));
    assert!(sol.certificate.holds(0.0));
    assert!(!guess.is_empty());
    guess.clear();
    assert!(guess.is_empty());
    // Too large for the guess.
    assert!(!guess.record(&[1.0; 4]));
}

#[test]
fn invalid_input_is_a_typed_error() {
    let mut warm = WarmStart::with_capacity(1);
    let mut guess = BasisGuess::with_capacity(2);
    guess.record(&[1.0]);
    let (mut z, mut w) = ([0.0; 1], [0.0; 1]);
    let e = warm.solve_with_basis(1, &[f64::NAN], &[-1.0], &guess, &mut z, &mut w);
    assert!(
        matches!(e, Err(LcpError::NonFinite { index: 0, value }) if value.is_nan()),
        "{e:?}"
    );
    assert_eq!(
        warm.solve_with_basis(1, &[1.0, 2.0], &[-1.0], &guess, &mut z, &mut w),
        Err(LcpError::Dimension {
            expected: 1,
            got: 2
        })
    );
    let (mut z2, mut w2) = ([0.0; 2], [0.0; 2]);
    assert_eq!(
        warm.solve_with_basis(2, &[1.0; 4], &[-1.0; 2], &guess, &mut z2, &mut w2),
        Err(LcpError::CapacityExceeded { n: 2, capacity: 1 })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Any seed and size: an accepted warm start is certified and agrees with Lemke.
    #[test]
    fn proptest_agrees_with_lemke(seed in any::<u64>(), n in 1usize..=10, eps in 1e-9f64..1e-3) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = p_matrix(&mut rng, n);
        let b: Vec<f64> = (0..n).map(|_| rng.gen_range(-1.0..1.0)).collect();
        round_trip(&mut rng, n, &a, &b, eps, true);
        let (a, b) = psd_redundant(&mut rng, n);
        round_trip(&mut rng, n, &a, &b, eps, false);
    }
}

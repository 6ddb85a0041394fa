//! `Lemke::solve` performs no heap allocation once the workspace exists.
//!
//! Invariant (from the LCP module contract, required for per-step use in integrators): a
//! counting global allocator observes zero allocations across many solves of varied problems
//! (trivial, pivoting, degenerate, infeasible, invalid input) after `Lemke::with_capacity`.

use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::lcp::{BasisGuess, Lemke, WarmStart};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Every scenario counts the allocations of this test's thread between the end of its setup and
/// the end of its solves.
#[test]
fn solve_does_not_allocate() {
    small_and_degenerate();
    large();
    warm_start();
}

/// `WarmStart::solve_with_basis` and `BasisGuess::record`, accepted and rejected guesses.
fn warm_start() {
    let a = [2.0, 1.0, 1.0, 2.0];
    let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
    let mut warm = WarmStart::with_capacity(2);
    let mut guess = BasisGuess::with_capacity(2);
    let mut lemke = Lemke::with_capacity(2);
    let mut accepted = 0;
    let before = allocations_on_this_thread();
    for i in 0..100 {
        let b = [-5.0 + 0.01 * i as f64, if i % 10 < 5 { -6.0 } else { 6.0 }];
        // The time-stepping pattern: warm start, Lemke on rejection, record the basis.
        if let Ok(Some(_)) = warm.solve_with_basis(2, &a, &b, &guess, &mut z, &mut w) {
            accepted += 1;
        } else {
            lemke.solve(2, &a, &b, &mut z, &mut w).unwrap();
        }
        guess.record(&z);
    }
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "WarmStart allocated");
    assert!(accepted > 0 && accepted < 100, "{accepted}");
}

fn small_and_degenerate() {
    const N: usize = 40;
    // Build all problem data up front (this allocates; the counter is read afterwards).
    let mut problems: Vec<(usize, Vec<f64>, Vec<f64>)> = Vec::new();
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    for round in 0..200 {
        let n = 1 + round % N;
        let l: Vec<f64> = (0..n * n).map(|_| next()).collect();
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                a[i + j * n] = (0..n).map(|k| l[i + k * n] * l[j + k * n]).sum::<f64>();
            }
            a[i + i * n] += 0.1;
        }
        let mut b: Vec<f64> = (0..n).map(|_| next()).collect();
        if round % 7 == 0 {
            b.iter_mut().for_each(|x| *x = x.abs()); // trivial case
        }
        if round % 5 == 0 {
            b.iter_mut().step_by(2).for_each(|x| *x = 0.0); // degenerate
        }
        problems.push((n, a, b));
    }
    problems.push((1, vec![0.0], vec![-1.0])); // infeasible
    problems.push((1, vec![f64::NAN], vec![-1.0])); // invalid
    let mut lemke = Lemke::with_capacity(N);
    let (mut z, mut w) = (vec![0.0; N], vec![0.0; N]);
    let mut solved = 0;
    let before = allocations_on_this_thread();
    for _ in 0..5 {
        for (n, a, b) in &problems {
            if lemke.solve(*n, a, b, &mut z[..*n], &mut w[..*n]).is_ok() {
                solved += 1;
            }
        }
    }
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "Lemke::solve allocated");
    assert_eq!(solved, 5 * 200);
}

/// The large-size path (refactorisations of the basis, the round-off-zero exit of `z₀`,
/// polishing of an n = 300 basis) allocates nothing either.
fn large() {
    const N: usize = 300;
    let mut seed = 987654321u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    let mut problems: Vec<(usize, Vec<f64>, Vec<f64>)> = Vec::new();
    for n in [N, N / 2] {
        // A = L Lᵀ / n + 0.05 I with L of rank n / 3 (PSD part with dependent rows).
        let r = n / 3;
        let l: Vec<f64> = (0..n * r).map(|_| next()).collect();
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                a[i + j * n] = (0..r).map(|k| l[i + k * n] * l[j + k * n]).sum::<f64>() / n as f64;
            }
            a[i + i * n] += 0.05;
        }
        let b: Vec<f64> = (0..n).map(|_| next()).collect();
        problems.push((n, a, b));
    }
    let mut lemke = Lemke::with_capacity(N);
    let (mut z, mut w) = (vec![0.0; N], vec![0.0; N]);
    let before = allocations_on_this_thread();
    let mut pivots = 0;
    for (n, a, b) in &problems {
        let sol = lemke.solve(*n, a, b, &mut z[..*n], &mut w[..*n]);
        pivots += sol.map(|s| s.pivots).unwrap_or(0);
    }
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "Lemke::solve allocated at n = {N}");
    // Both solved, with more pivots than one refactorisation period (max(n, 16)) in total.
    assert!(pivots > N / 2, "pivots {pivots}");
}

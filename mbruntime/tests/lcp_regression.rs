//! Regression cases for the LCP layer: hand-checkable solutions, degenerate ties, redundant
//! (duplicated) constraint rows, infeasibility detection, input validation, and Murty's (1978)
//! exponential example for Lemke's method.
//!
//! Invariants: exact solutions are reproduced and certified; infeasible problems give
//! `RayTermination` (Cottle, Pang & Stone 1992, Sect. 4.4, for copositive-plus A); Murty's
//! example takes exactly 2ⁿ pivots in our counting (see `murty_exponential_example`).

use mbruntime::lcp::{LcpError, Lemke, certificate, solve_enumerative};

fn lemke(
    n: usize,
    a: &[f64],
    b: &[f64],
) -> (
    Result<mbruntime::lcp::LcpSolution, LcpError>,
    Vec<f64>,
    Vec<f64>,
) {
    let (mut z, mut w) = (vec![0.0; n], vec![0.0; n]);
    let r = Lemke::with_capacity(n).solve(n, a, b, &mut z, &mut w);
    (r, z, w)
}

#[test]
fn one_dimensional() {
    let (r, z, w) = lemke(1, &[2.0], &[3.0]);
    assert_eq!(r.unwrap().pivots, 0);
    assert_eq!((z[0], w[0]), (0.0, 3.0));
    let (r, z, w) = lemke(1, &[2.0], &[-3.0]);
    let sol = r.unwrap();
    assert_eq!(sol.pivots, 2);
    assert_eq!((z[0], w[0]), (1.5, 0.0));
    assert_eq!(sol.certificate.relative_error(), 0.0);
}

#[test]
fn degenerate_ties() {
    // b has exact zeros and equal entries; A = I + 11ᵀ (SPD). Solution: z = (1/3, 1/3, 0, 0)...
    let n = 4;
    let mut a = vec![1.0; n * n];
    for i in 0..n {
        a[i + i * n] = 2.0;
    }
    for b in [
        [-1.0, -1.0, 0.0, 0.0],
        [0.0, 0.0, 0.0, 0.0],
        [-1.0, -1.0, -1.0, -1.0],
        [0.0, -1.0, 0.0, -1.0],
    ] {
        let (r, z, w) = lemke(n, &a, &b);
        let sol = r.unwrap();
        assert!(sol.certificate.holds(1e-14), "{:?}", sol.certificate);
        let (mut ze, mut we) = (vec![0.0; n], vec![0.0; n]);
        solve_enumerative(n, &a, &b, &mut ze, &mut we).unwrap();
        for i in 0..n {
            assert!(
                (z[i] - ze[i]).abs() < 1e-14 && (w[i] - we[i]).abs() < 1e-14,
                "{z:?} {ze:?}"
            );
        }
    }
}

#[test]
fn duplicated_constraint_row() {
    // Two identical contacts on one degree of freedom: A = [[1, 1], [1, 1]], b = (-1, -1).
    // z is not unique (z₁ + z₂ = 1) but w = 0 is (Lötstedt 1982, Lemma 5.2).
    let a = [1.0, 1.0, 1.0, 1.0];
    let b = [-1.0, -1.0];
    let (r, z, w) = lemke(2, &a, &b);
    assert!(r.unwrap().certificate.holds(1e-14));
    assert_eq!(w, vec![0.0, 0.0]);
    assert!((z[0] + z[1] - 1.0).abs() < 1e-15 && z.iter().all(|&x| x >= 0.0));
    // The oracle agrees on w.
    let (mut ze, mut we) = ([0.0; 2], [0.0; 2]);
    solve_enumerative(2, &a, &b, &mut ze, &mut we).unwrap();
    assert_eq!(we, [0.0, 0.0]);
}

#[test]
fn zero_matrix() {
    let (r, z, w) = lemke(3, &[0.0; 9], &[1.0, 0.0, 2.0]);
    assert_eq!(r.unwrap().pivots, 0);
    assert_eq!(z, vec![0.0; 3]);
    assert_eq!(w, vec![1.0, 0.0, 2.0]);
    // b with a negative entry is infeasible for A = 0.
    assert!(matches!(
        lemke(3, &[0.0; 9], &[1.0, -1.0, 2.0]).0,
        Err(LcpError::RayTermination { .. })
    ));
}

#[test]
fn infeasible_instances_ray_terminate() {
    assert!(matches!(
        lemke(1, &[0.0], &[-1.0]).0,
        Err(LcpError::RayTermination { .. })
    ));
    // A = −I, b = −1: w = −z − 1 < 0 for every z ≥ 0.
    assert!(matches!(
        lemke(2, &[-1.0, 0.0, 0.0, -1.0], &[-1.0, -1.0]).0,
        Err(LcpError::RayTermination { .. })
    ));
    // PSD with inconsistent duplicated rows: w₁ = z₁ − z₂ − 1, w₂ = −z₁ + z₂ − 1 sum to −2.
    assert!(matches!(
        lemke(2, &[1.0, -1.0, -1.0, 1.0], &[-1.0, -1.0]).0,
        Err(LcpError::RayTermination { .. })
    ));
    let (mut z, mut w) = ([0.0; 1], [0.0; 1]);
    assert!(matches!(
        solve_enumerative(1, &[0.0], &[-1.0], &mut z, &mut w),
        Err(LcpError::RayTermination { pivots: 2 })
    ));
}

#[test]
fn input_validation() {
    let mut l = Lemke::with_capacity(2);
    let (mut z, mut w) = ([0.0; 2], [0.0; 2]);
    let a = [1.0, 0.0, 0.0, 1.0];
    let e = l.solve(2, &[1.0, f64::NAN, 0.0, 1.0], &[1.0, 1.0], &mut z, &mut w);
    assert!(
        matches!(e, Err(LcpError::NonFinite { index: 1, value }) if value.is_nan()),
        "{e:?}"
    );
    let e = l.solve(2, &a, &[1.0, f64::INFINITY], &mut z, &mut w);
    assert_eq!(
        e,
        Err(LcpError::NonFinite {
            index: 5,
            value: f64::INFINITY
        })
    );
    assert!(e.unwrap_err().to_string().ends_with(": inf"));
    assert_eq!(
        l.solve(2, &a[..3], &[1.0, 1.0], &mut z, &mut w),
        Err(LcpError::Dimension {
            expected: 4,
            got: 3
        })
    );
    assert_eq!(
        l.solve(2, &a, &[1.0], &mut z, &mut w),
        Err(LcpError::Dimension {
            expected: 2,
            got: 1
        })
    );
    let (mut z3, mut w3) = ([0.0; 3], [0.0; 3]);
    assert_eq!(
        l.solve(3, &[0.0; 9], &[1.0; 3], &mut z3, &mut w3),
        Err(LcpError::CapacityExceeded { n: 3, capacity: 2 })
    );
    let big = vec![0.0; 13 * 13];
    let (mut zb, mut wb) = (vec![0.0; 13], vec![0.0; 13]);
    assert_eq!(
        solve_enumerative(13, &big, &[0.0; 13], &mut zb, &mut wb),
        Err(LcpError::CapacityExceeded {
            n: 13,
            capacity: 12
        })
    );
    let e = solve_enumerative(2, &[1.0, 0.0, 0.0, f64::NAN], &[1.0, 1.0], &mut z, &mut w);
    assert!(
        matches!(e, Err(LcpError::NonFinite { index: 3, value }) if value.is_nan()),
        "{e:?}"
    );
    // Empty problem.
    assert_eq!(l.solve(0, &[], &[], &mut [], &mut []).unwrap().pivots, 0);
}

#[test]
fn iteration_limit() {
    let (a, b) = murty(8);
    let mut l = Lemke::with_capacity(8);
    l.set_iteration_limit(100);
    let (mut z, mut w) = ([0.0; 8], [0.0; 8]);
    assert_eq!(
        l.solve(8, &a, &b, &mut z, &mut w),
        Err(LcpError::IterationLimit {
            pivots: 100,
            limit: 100
        })
    );
}

/// Murty's (1978) example: the P-matrix with 1 on the diagonal and 2 on one side of it, b = −1.
/// Murty states it with 2 *above* the diagonal; our lexicographic rule breaks the initial tie
/// `b_i = −1` by taking the row of largest index (the lexicographic minimum of `(b_i, e_iᵀ)`),
/// so the equivalent form under the index reversal `i → n−1−i` — 2 *below* the diagonal — is
/// the one that triggers the exponential path. (With 2 above the diagonal our rule solves it in
/// 2 pivots.)
fn murty(n: usize) -> (Vec<f64>, Vec<f64>) {
    let mut a = vec![0.0; n * n];
    for j in 0..n {
        a[j + j * n] = 1.0;
        for i in j + 1..n {
            a[i + j * n] = 2.0;
        }
    }
    (a, vec![-1.0; n])
}

#[test]
fn murty_exponential_example() {
    for n in 1..=8 {
        let (a, b) = murty(n);
        let (r, z, w) = lemke(n, &a, &b);
        let sol = r.unwrap();
        // Counting every pivot, including the one that brings z₀ in and the one that drives it
        // out: 2ⁿ pivots in total, i.e. 2ⁿ − 1 complementary pivots after the initial z₀ pivot
        // (the 2ⁿ − 1 of Murty 1978; Cottle 1980 identifies the path with the binary Gray code).
        println!("Murty n = {n}: {} pivots", sol.pivots);
        assert_eq!(sol.pivots, 1 << n);
        // Unique solution z = e₁ (w = (0, 1, …, 1)).
        let mut ze = vec![0.0; n];
        ze[0] = 1.0;
        assert_eq!(z, ze);
        assert_eq!(w[0], 0.0);
        assert!(sol.certificate.holds(1e-15));
    }
    // With Murty's upper-triangular orientation our tie-break finishes at once.
    let (a, b) = murty(8);
    let mut upper = vec![0.0; 64];
    for i in 0..8 {
        for j in 0..8 {
            upper[i + j * 8] = a[j + i * 8];
        }
    }
    assert_eq!(lemke(8, &upper, &b).0.unwrap().pivots, 2);
}

#[test]
fn certificate_fields() {
    // A = [[1, 0], [0, 1]], b = (−1, 2); a slightly wrong candidate.
    let c = certificate(
        2,
        &[1.0, 0.0, 0.0, 1.0],
        &[-1.0, 2.0],
        &[1.0, -1e-3],
        &[0.0, 2.0],
    );
    assert_eq!(c.min_z, -1e-3);
    assert_eq!(c.min_w, 0.0);
    assert!((c.complementarity - 2e-3).abs() < 1e-15);
    assert!((c.residual - 1e-3).abs() < 1e-15);
    assert_eq!(c.scale, 2.0);
    assert!((c.relative_error() - 1e-3).abs() < 1e-15);
    assert!(!c.holds(1e-4) && c.holds(1e-2));
    let nan = certificate(1, &[1.0], &[0.0], &[f64::NAN], &[0.0]);
    assert!(!nan.holds(1.0));
}

/// After the trivial case b ≥ 0 (z = 0, no pivot), the reported final basis is that solution's
/// (all w basic), not the basis left in the workspace by an earlier pivoting solve: a warm
/// start seeded from it must describe the solution just returned.
#[test]
fn trivial_solution_reports_its_own_basis() {
    let mut lemke = Lemke::with_capacity(1);
    let (mut z, mut w) = ([0.0], [0.0]);
    let mut flags = [false];
    lemke.solve(1, &[2.0], &[-3.0], &mut z, &mut w).unwrap();
    lemke.basic_z(1, &mut flags);
    assert_eq!((z[0], flags[0]), (1.5, true), "pivoting solve: z basic");
    let sol = lemke.solve(1, &[2.0], &[3.0], &mut z, &mut w).unwrap();
    lemke.basic_z(1, &mut flags);
    assert_eq!(sol.pivots, 0);
    assert_eq!((z[0], flags[0]), (0.0, false), "trivial solve: w basic");
}

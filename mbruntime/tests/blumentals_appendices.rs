//! The complementarity tools of Blumentals, Brogliato & Bertails-Descoubes (2016), "The contact
//! problem in Lagrangian systems subject to bilateral and unilateral constraints, with or
//! without sliding Coulomb's friction: a tutorial", Appendices A, C and D, against the LCP
//! solver and the friction bounds of the runtime.
//!
//! * App. A (65): for symmetric positive definite A, 0 ≤ z ⟂ A z + b ≥ 0 ⇔ z = argmin over
//!   z ≥ 0 of ½zᵀAz + bᵀz ⇔ z = proj_A[ℝⁿ₊; −A⁻¹b]. Lemke's solution is compared with the
//!   projection computed here by enumerating the faces of the orthant (on each face the
//!   projection is a linear solve; the feasible one of least A-distance is the projection).
//! * App. C, Theorem 2 (Cottle, Pang & Stone 1992, Thm 3.8.6): A copositive and b ∈ 𝒬_A*
//!   (𝒬_A the solutions of the homogeneous LCP) ⇒ LCP(A, b) solvable. On a positive
//!   semidefinite A with a known kernel, 𝒬_A* is a half-space in closed form: Lemke's method
//!   solves every b inside it and reports ray termination (infeasible: A is copositive-plus)
//!   for every b outside it.
//! * App. D, Theorem 3 / Theorem 4 / Corollary 3 (Chen & Xiang 2007): a positive definite B
//!   perturbed by C with ‖C‖₂ < 1/‖((B + Bᵀ)/2)⁻¹‖₂ stays positive definite (so P); the bound is
//!   attained. The runtime's sufficient friction bound λ_min(A₀)/‖B diag d‖₂ is this corollary;
//!   its exact bound (the first zero of a principal minor of A₀ − s B diag d) is compared with
//!   the threshold found here by scanning every principal minor, computed by Leibniz's formula,
//!   on several sliding contacts.

use mb_testsupport::leibniz_determinant;
use mbruntime::analysis::{SlidingContactProblem, p_matrix_test};
use mbruntime::lcp::{LcpError, Lemke};
use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random symmetric positive definite n × n matrix with eigenvalues in [0.2, 3].
fn spd(rng: &mut ChaCha8Rng, n: usize) -> DMatrix<f64> {
    let q = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0))
        .qr()
        .q();
    let d = DMatrix::from_diagonal(&DVector::from_fn(n, |_, _| rng.gen_range(0.2..3.0)));
    let a = &q * d * q.transpose();
    (&a + a.transpose()) * 0.5
}

/// Lemke's solution of 0 ≤ z ⟂ A z + b ≥ 0.
fn lemke(a: &DMatrix<f64>, b: &DVector<f64>) -> Result<DVector<f64>, LcpError> {
    let n = b.len();
    let (mut z, mut w) = (vec![0.0; n], vec![0.0; n]);
    Lemke::with_capacity(n).solve(n, a.as_slice(), b.as_slice(), &mut z, &mut w)?;
    Ok(DVector::from_vec(z))
}

/// proj_A[ℝⁿ₊; x] by enumeration of the orthant's faces: on the face with free set F the
/// A-projection solves A_FF z_F = A_F· x (z = 0 off F); the feasible candidate nearest x in the
/// A-norm is the projection (strictly convex objective over a convex set).
fn orthant_projection(a: &DMatrix<f64>, x: &DVector<f64>) -> DVector<f64> {
    let n = x.len();
    let mut best: Option<(f64, DVector<f64>)> = None;
    for mask in 0usize..(1 << n) {
        let free: Vec<usize> = (0..n).filter(|&i| mask & (1 << i) != 0).collect();
        let mut z = DVector::zeros(n);
        if !free.is_empty() {
            let aff = DMatrix::from_fn(free.len(), free.len(), |r, c| a[(free[r], free[c])]);
            let rhs = DVector::from_fn(free.len(), |r, _| a.row(free[r]).dot(&x.transpose()));
            let zf = aff
                .lu()
                .solve(&rhs)
                .expect("principal submatrix of an SPD matrix");
            for (k, &i) in free.iter().enumerate() {
                z[i] = zf[k];
            }
        }
        if z.iter().all(|&v| v >= 0.0) {
            let e = &z - x;
            let d = e.dot(&(a * &e));
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, z));
            }
        }
    }
    best.expect("z = 0 is feasible").1
}

/// (65): Lemke's z equals proj_A[ℝⁿ₊; −A⁻¹b] for random SPD A (n = 2…6) and b, to 1e-10 of the
/// solution's size; z satisfies the variational form A z + b ∈ −N_K(z) (complementarity).
#[test]
fn appendix_a_lcp_qp_and_projection_coincide() {
    let mut rng = ChaCha8Rng::seed_from_u64(65);
    for k in 0..300 {
        let n = 2 + k % 5;
        let a = spd(&mut rng, n);
        let b = DVector::from_fn(n, |_, _| rng.gen_range(-1.0..1.0));
        let z = lemke(&a, &b).expect("SPD: a P-matrix, always solvable");
        let x = -a.clone().lu().solve(&b).expect("regular");
        let p = orthant_projection(&a, &x);
        let scale = 1.0 + p.amax();
        assert!(
            (&z - &p).amax() <= 1e-10 * scale,
            "case {k}: Lemke {z} projection {p}"
        );
        let w = &a * &z + &b;
        assert!(
            w.iter()
                .zip(z.iter())
                .all(|(w, z)| *w >= -1e-10 * scale && (w * z).abs() <= 1e-10 * scale)
        );
    }
}

/// App. C, Theorem 2: A = [[1, −1, 0], [−1, 1, 0], [0, 0, 2]] + a skew part is copositive
/// (positive semidefinite), its homogeneous solutions are 𝒬_A = {t (1, 1, 0), t ≥ 0} (Av ≥ 0
/// with vᵀAv = 0 forces v in the kernel of the symmetric part, which must also satisfy Av ≥ 0),
/// so 𝒬_A* = {b : b₁ + b₂ ≥ 0}. Lemke's method solves every sampled b with b₁ + b₂ > 0 and
/// ends on a ray for every b with b₁ + b₂ < 0, where the LCP is infeasible
/// (vᵀ(Az + b) = vᵀb < 0 for v = (1, 1, 0) and any z ≥ 0, since vᵀAz = 0 for the symmetric
/// kernel direction with zero skew coupling).
#[test]
fn appendix_c_copositive_lcp_solvable_exactly_on_the_dual_of_the_homogeneous_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(386);
    // Skew part coupling only the third coordinate to the difference z₁ − z₂ (so that
    // vᵀA = 0 for v = (1, 1, 0)).
    let s = 0.7;
    let a = DMatrix::from_row_slice(3, 3, &[1.0, -1.0, s, -1.0, 1.0, -s, -s, s, 2.0]);
    let v = DVector::from_row_slice(&[1.0, 1.0, 0.0]);
    assert!((v.transpose() * &a).amax() == 0.0 && (&a * &v).amax() == 0.0);
    let (mut solved, mut infeasible) = (0, 0);
    for _ in 0..400 {
        let b = DVector::from_fn(3, |_, _| rng.gen_range(-1.0..1.0));
        let side: f64 = b[0] + b[1];
        if side.abs() < 1e-3 {
            continue;
        }
        match lemke(&a, &b) {
            Ok(z) => {
                assert!(side > 0.0, "solved with b₁ + b₂ = {side}: {z}");
                let w = &a * &z + &b;
                assert!(z.iter().all(|&x| x >= 0.0) && w.iter().all(|&x| x >= -1e-10));
                assert!(z.dot(&w).abs() <= 1e-10 * (1.0 + z.amax()));
                solved += 1;
            }
            Err(LcpError::RayTermination { .. }) => {
                assert!(side < 0.0, "ray termination with b ∈ 𝒬_A*: b = {b}");
                infeasible += 1;
            }
            Err(e) => panic!("unexpected {e} for b = {b}"),
        }
    }
    assert!(solved > 100 && infeasible > 100, "{solved} {infeasible}");
}

/// App. D, Corollary 3 (Theorem 4): A = B + C with B ≻ 0 (not symmetric) and
/// ‖C‖₂ < 1/‖((B + Bᵀ)/2)⁻¹‖₂ is positive definite, hence a P-matrix (checked by the runtime's
/// exact P-matrix test); at ‖C‖₂ = (1 + δ)/‖((B + Bᵀ)/2)⁻¹‖₂ the choice C = −(1 + δ) λ_min v vᵀ
/// (v the eigenvector of λ_min of the symmetric part) makes A indefinite: the bound is sharp.
#[test]
fn appendix_d_perturbation_bound_keeps_positive_definiteness_and_is_sharp() {
    let mut rng = ChaCha8Rng::seed_from_u64(2007);
    for k in 0..200 {
        let n = 2 + k % 4;
        let sym = spd(&mut rng, n);
        let skew = {
            let r = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0));
            (&r - r.transpose()) * 0.5
        };
        let b = &sym + skew;
        let eig = sym.clone().symmetric_eigen();
        let (i_min, lambda_min) = eig
            .eigenvalues
            .iter()
            .copied()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("n ≥ 2");
        // A random C scaled just inside the bound.
        let c = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0));
        let norm: f64 = c.clone().svd(false, false).singular_values.max();
        let c: DMatrix<f64> = &c * (0.999 * lambda_min / norm);
        let a: DMatrix<f64> = &b + c;
        let sym_a = (&a + a.transpose()) * 0.5;
        assert!(
            sym_a.symmetric_eigen().eigenvalues.min() > 0.0,
            "case {k}: A ≻ 0"
        );
        assert_eq!(
            p_matrix_test(&a).unwrap().is_p_matrix(),
            Some(true),
            "case {k}: A is P"
        );
        // Sharp: just outside the bound along the weakest direction.
        let v = eig.eigenvectors.column(i_min).into_owned();
        let a: DMatrix<f64> = &b + &v * v.transpose() * (-1.01 * lambda_min);
        let sym_a = (&a + a.transpose()) * 0.5;
        assert!(
            sym_a.symmetric_eigen().eigenvalues.min() < 0.0,
            "case {k}: bound attained"
        );
    }
}

/// The smallest s > 0 at which some principal minor of A₀ − s C vanishes (scan on a grid of
/// `steps` points up to `s_max`, then bisection on the first sign change); +∞ if none.
fn scanned_threshold(a0: &DMatrix<f64>, c: &DMatrix<f64>, s_max: f64, steps: usize) -> f64 {
    let n = a0.nrows();
    let minors_positive = |s: f64| {
        let a = a0 - c * s;
        (1usize..(1 << n)).all(|mask| {
            let set: Vec<usize> = (0..n).filter(|&i| mask & (1 << i) != 0).collect();
            leibniz_determinant(&DMatrix::from_fn(set.len(), set.len(), |r, k| {
                a[(set[r], set[k])]
            })) > 0.0
        })
    };
    let mut lo = 0.0;
    for k in 1..=steps {
        let hi = s_max * k as f64 / steps as f64;
        if !minors_positive(hi) {
            let (mut l, mut h) = (lo, hi);
            for _ in 0..60 {
                let m = 0.5 * (l + h);
                if minors_positive(m) {
                    l = m;
                } else {
                    h = m;
                }
            }
            return 0.5 * (l + h);
        }
        lo = hi;
    }
    f64::INFINITY
}

/// Friction bounds with several sliding contacts (Blumentals et al. 2016, Sect. 4 and App. D):
/// for random frictionless matrices A₀ (SPD, 2–4 contacts) and couplings B, the runtime's exact
/// common bound equals the first zero of a principal minor of A₀ − μ B found by scanning
/// (to 1e-8 relative), its sufficient bound λ_min(A₀)/‖B‖₂ lies below it, and the P-matrix test
/// flips across the exact bound.
#[test]
fn several_contacts_friction_bounds_against_the_scanned_threshold() {
    let mut rng = ChaCha8Rng::seed_from_u64(2016);
    let mut finite = 0;
    for k in 0..120 {
        let n = 2 + k % 3;
        let a0 = spd(&mut rng, n);
        let coupling = DMatrix::from_fn(n, n, |_, _| rng.gen_range(-1.0..1.0));
        let problem = SlidingContactProblem {
            contacts: (0..n).collect(),
            directions: vec![1.0; n],
            second_directions: vec![0.0; n],
            frictionless: a0.clone(),
            coupling: coupling.clone(),
        };
        let bound = problem.common_friction_bound().unwrap();
        let exact = bound.exact.expect("n ≤ 14: exact");
        assert!(
            bound.sufficient <= exact * (1.0 + 1e-12),
            "case {k}: sufficient ≤ exact"
        );
        let scanned = scanned_threshold(&a0, &coupling, 20.0, 2000);
        if exact.is_finite() && exact < 19.0 {
            finite += 1;
            assert!(
                (exact - scanned).abs() <= 1e-8 * exact,
                "case {k}: exact {exact} scanned {scanned}"
            );
            let mu = |s: f64| vec![s; n];
            let below = problem
                .well_posedness(&mu(exact * (1.0 - 1e-6)))
                .unwrap()
                .is_p_matrix();
            let above = problem
                .well_posedness(&mu(exact * (1.0 + 1e-6)))
                .unwrap()
                .is_p_matrix();
            assert_eq!(
                (below, above),
                (Some(true), Some(false)),
                "case {k} at μ = {exact}"
            );
        } else {
            assert!(scanned > 19.0, "case {k}: exact {exact}, scanned {scanned}");
        }
    }
    assert!(finite > 60, "{finite}");
}

//! Definiteness of the constrained Delassus matrix from the kinetic angles: Brogliato (2013),
//! "Inertial couplings between unilateral and bilateral holonomic constraints in frictionless
//! Lagrangian systems", Theorem 1 (31), Corollaries 2 (34), 3 (35), 4 and 5, Proposition 9
//! (36)–(38).
//!
//! Construction (independent of the code under test): M = L Lᵀ with a random non-diagonal L, so
//! that the kinetic inner product is ⟨a, b⟩ = aᵀM⁻¹b = (L⁻¹a)·(L⁻¹b). Unilateral gradients
//! ∇hᵢ = sᵢ L uᵢ and bilateral gradients ∇gⱼ = tⱼ L vⱼ with unit uᵢ, vⱼ: the uᵢ mutually
//! orthogonal make the hᵢ orthogonal in the kinetic metric, likewise the vⱼ for the gⱼ (the
//! conditions of Theorem 1), and the cosine of the kinetic angle between hᵢ and gⱼ is ±uᵢ·vⱼ.
//! Then, with S = diag(s), U = [uᵢ], V = [vⱼ], (16) gives in closed form
//!
//! ```text
//! A_c = A − ∇hᵀM⁻¹∇g (∇gᵀM⁻¹∇g)⁻¹ ∇gᵀM⁻¹∇h = S (I − UᵀV VᵀU) S,
//! ```
//!
//! so A_c > 0 exactly when I − C Cᵀ > 0 with C = UᵀV (Theorem 1; C Cᵀ is the matrix of (31),
//! [Σₖ cos θⱼₖ cos θᵢₖ]). The code computes A_c = ∇hᵀ M_c⁻¹ ∇h through its constrained inverse
//! mass (a QR of the bilateral columns in the kinetic metric) and the cosines through
//! `kinetic_angle`; both are compared with the closed form, and each corollary's condition is
//! checked against the definiteness of the computed A_c.

use mbruntime::analysis::{ConstraintRef, InertialCouplings, SymmetricSpectrum};
use mbruntime::{Matrix, Vector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Relative tolerance of the closed forms (round-off of a 4 × 4 Cholesky and QR).
const TOL: f64 = 1e-12;

/// A random lower-triangular L with a well-conditioned positive diagonal, and M = L Lᵀ.
fn random_metric<const N: usize>(rng: &mut ChaCha8Rng) -> (Matrix<N, N>, Matrix<N, N>) {
    let mut l = Matrix::<N, N>::zeros();
    for i in 0..N {
        for j in 0..i {
            l[(i, j)] = rng.gen_range(-0.5..0.5);
        }
        l[(i, i)] = rng.gen_range(0.7..1.6);
    }
    (l * l.transpose(), l)
}

/// K orthonormal vectors of ℝᴺ from random vectors (Gram–Schmidt), as columns.
fn orthonormal<const N: usize, const K: usize>(rng: &mut ChaCha8Rng) -> Matrix<N, K> {
    let mut q = Matrix::<N, K>::zeros();
    for k in 0..K {
        let mut v = Vector::<N>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        for j in 0..k {
            let qj = q.column(j).into_owned();
            v -= qj * qj.dot(&v);
        }
        q.set_column(k, &v.normalize());
    }
    q
}

/// ∇h = L U S and ∇g = L V T.
fn gradients<const N: usize, const M: usize, const P: usize>(
    l: &Matrix<N, N>,
    u: &Matrix<N, M>,
    s: &[f64; M],
    v: &Matrix<N, P>,
    t: &[f64; P],
) -> (Matrix<N, M>, Matrix<N, P>) {
    let mut h = l * u;
    for (i, si) in s.iter().enumerate() {
        h.column_mut(i).scale_mut(*si);
    }
    let mut g = l * v;
    for (j, tj) in t.iter().enumerate() {
        g.column_mut(j).scale_mut(*tj);
    }
    (h, g)
}

/// The cosines cos θᵢⱼ between unilateral i and bilateral j as the code reports them.
fn cosines<const N: usize, const M: usize, const P: usize>(
    c: &InertialCouplings<N, P, M>,
) -> Matrix<M, P> {
    Matrix::<M, P>::from_fn(|i, j| {
        c.kinetic_angle(ConstraintRef::Unilateral(i), ConstraintRef::Bilateral(j))
            .expect("nonzero gradients")
            .cosine
    })
}

/// The smallest eigenvalue of a symmetric matrix.
fn smallest<const K: usize>(a: &Matrix<K, K>) -> f64 {
    SymmetricSpectrum::of(a).expect("finite").min()
}

/// One instance of Theorem 1's setting: (A_c computed, A_c closed form, C from the code).
struct Instance<const M: usize, const P: usize> {
    computed: Matrix<M, M>,
    closed_form: Matrix<M, M>,
    cosines: Matrix<M, P>,
}

fn instance<const N: usize, const M: usize, const P: usize>(
    l: &Matrix<N, N>,
    u: &Matrix<N, M>,
    s: &[f64; M],
    v: &Matrix<N, P>,
    t: &[f64; P],
) -> Instance<M, P> {
    let mass = l * l.transpose();
    let (h, g) = gradients(l, u, s, v, t);
    let c = InertialCouplings::from_matrices(mass, h, g).expect("a valid instance");
    let sd = Matrix::<M, M>::from_diagonal(&Vector::<M>::from_column_slice(s));
    let uv = u.transpose() * v;
    Instance {
        computed: c
            .constrained_delassus()
            .expect("independent bilateral gradients"),
        closed_form: sd * (Matrix::<M, M>::identity() - uv * uv.transpose()) * sd,
        cosines: cosines(&c),
    }
}

fn assert_close<const M: usize>(what: &str, a: &Matrix<M, M>, b: &Matrix<M, M>, scale: f64) {
    let err = (a - b).amax();
    assert!(
        err <= TOL * scale,
        "{what}: computed {a} closed form {b} (|Δ| = {err:e})"
    );
}

/// Theorem 1 (31): with mutually orthogonal unilateral and mutually orthogonal bilateral
/// constraints, A_c = S (I − C Cᵀ) S, so A_c > 0 ⇔ I − C Cᵀ > 0; in the generic case (the
/// span of the uᵢ meets the span of the vⱼ only in 0, n = 5, m = 2, p = 2) both hold, with the
/// same smallest eigenvalue after scaling. |C| from `kinetic_angle` equals |UᵀV|.
#[test]
fn theorem_1_constrained_delassus_from_kinetic_angles() {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    for _ in 0..200 {
        let (_, l) = random_metric::<5>(&mut rng);
        let u = orthonormal::<5, 2>(&mut rng);
        let v = orthonormal::<5, 2>(&mut rng);
        let s = [rng.gen_range(0.3..3.0), rng.gen_range(0.3..3.0)];
        let t = [rng.gen_range(0.3..3.0), rng.gen_range(0.3..3.0)];
        let x = instance(&l, &u, &s, &v, &t);
        let scale = s[0].max(s[1]).powi(2);
        assert_close("A_c", &x.computed, &x.closed_form, scale);
        let uv = u.transpose() * v;
        for (c, e) in x.cosines.iter().zip(uv.iter()) {
            assert!((c.abs() - e.abs()).abs() < TOL, "|cos θ| = |uᵢ·vⱼ|");
        }
        let criterion = Matrix::<2, 2>::identity() - x.cosines * x.cosines.transpose();
        let s_inv = Matrix::<2, 2>::from_diagonal(&Vector::<2>::new(1.0 / s[0], 1.0 / s[1]));
        let scaled = s_inv * x.computed * s_inv;
        assert!(smallest(&criterion) > 0.0 && smallest(&x.computed) > 0.0);
        assert!((smallest(&scaled) - smallest(&criterion)).abs() < TOL);
    }
}

/// Theorem 1 and Corollary 2 (34) at the boundary: when u₁ lies in the span of the vⱼ,
/// Σⱼ cos²θ₁ⱼ = 1, (34) fails for j = 1 and A_c is singular (positive semidefinite only), its
/// kernel the first unit vector.
#[test]
fn corollary_2_a_unilateral_gradient_in_the_bilateral_span_makes_a_c_singular() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    for _ in 0..100 {
        let (_, l) = random_metric::<4>(&mut rng);
        let v = orthonormal::<4, 2>(&mut rng);
        let a: f64 = rng.gen_range(0.0..std::f64::consts::TAU);
        let u1 = v.column(0) * a.cos() + v.column(1) * a.sin();
        // u₂ orthogonal to u₁, otherwise random.
        let mut u2 = Vector::<4>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        u2 -= u1 * u1.dot(&u2);
        let u = Matrix::<4, 2>::from_columns(&[u1, u2.normalize()]);
        let s = [rng.gen_range(0.3..3.0), rng.gen_range(0.3..3.0)];
        let x = instance(&l, &u, &s, &v, &[1.0, 2.0]);
        let scale = s[0].max(s[1]).powi(2);
        assert_close("A_c", &x.computed, &x.closed_form, scale);
        let sum: f64 = x.cosines.row(0).iter().map(|c| c * c).sum();
        assert!((sum - 1.0).abs() < TOL, "Σ cos²θ₁ⱼ = 1: (34) fails");
        assert!(smallest(&x.computed).abs() < TOL * scale, "A_c singular");
        assert!(x.computed.row(0).amax() < TOL * scale, "kernel e₁");
    }
}

/// Corollary 3 (35): (34) and the diagonal dominance (35) of I − C Cᵀ suffice for A_c > 0.
/// Random instances (n = 6, m = 3, p = 2) with the bilateral directions tilted towards the
/// unilateral ones by a random amount: every instance that satisfies (34) and (35) has A_c > 0,
/// and more than 20 of the 400 have A_c > 0 without (35) (the condition is sufficient only).
#[test]
fn corollary_3_diagonal_dominance_suffices() {
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let (mut dominant, mut positive_not_dominant) = (0, 0);
    for _ in 0..400 {
        let (_, l) = random_metric::<6>(&mut rng);
        let basis = orthonormal::<6, 6>(&mut rng);
        let u = basis.fixed_columns::<3>(0).into_owned();
        // vⱼ: orthonormalised mixtures of the remaining directions and the uᵢ.
        let tilt: f64 = rng.gen_range(0.0..5.0);
        let mut v = Matrix::<6, 2>::zeros();
        for j in 0..2 {
            let mut w = basis.column(3 + j).into_owned();
            for i in 0..3 {
                w += basis.column(i) * (tilt * rng.gen_range(-1.0..1.0));
            }
            for k in 0..j {
                let vk = v.column(k).into_owned();
                w -= vk * vk.dot(&w);
            }
            v.set_column(j, &w.normalize());
        }
        let s = [1.0, rng.gen_range(0.5..2.0), rng.gen_range(0.5..2.0)];
        let x = instance(&l, &u, &s, &v, &[0.7, 1.9]);
        assert_close("A_c", &x.computed, &x.closed_form, 4.0);
        let cct = x.cosines * x.cosines.transpose();
        let diagonal_ok = (0..3).all(|j| cct[(j, j)] < 1.0);
        let dominance = (0..3).all(|j| {
            let off: f64 = (0..3).filter(|&i| i != j).map(|i| cct[(j, i)].abs()).sum();
            off < 1.0 - cct[(j, j)]
        });
        let positive = smallest(&x.computed) > TOL;
        if diagonal_ok && dominance {
            assert!(
                positive,
                "(34) and (35) hold but A_c is not positive definite"
            );
            dominant += 1;
        } else if positive {
            assert!(diagonal_ok, "A_c > 0 requires (34) (Corollary 2)");
            positive_not_dominant += 1;
        }
    }
    assert!(
        dominant > 20 && positive_not_dominant > 20,
        "{dominant} {positive_not_dominant}"
    );
}

/// Corollary 5: A_c > 0 only if m + p ≤ n, since rank M_c⁻¹ = n − p. With n = 3, m = 2, p = 2
/// every instance (random gradients, no orthogonality asked) has rank A_c ≤ 1.
#[test]
fn corollary_5_more_constraints_than_coordinates_leave_a_c_singular() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..100 {
        let (mass, _) = random_metric::<3>(&mut rng);
        let h = Matrix::<3, 2>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let g = Matrix::<3, 2>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let c = InertialCouplings::from_matrices(mass, h, g).expect("valid");
        let a_c = c
            .constrained_delassus()
            .expect("independent bilateral gradients");
        let spectrum = SymmetricSpectrum::of(&a_c).expect("finite");
        assert!(spectrum.rank <= 1, "rank A_c ≤ n − p = 1: {a_c}");
        let mc = SymmetricSpectrum::of(&c.constrained_inverse_mass().unwrap()).unwrap();
        assert_eq!(mc.rank, 1, "rank M_c⁻¹ = n − p");
    }
}

/// Corollary 4: with ∇hᵀM⁻¹∇g = ε_hg I (m = p = 2, unit kinetic norms, n = 4), A_c = (1 − ε²) I
/// in closed form: positive definite for every ε_hg < 1, singular at ε_hg = 1 (the
/// constraints then colinear in pairs).
#[test]
fn corollary_4_a_small_uniform_coupling_keeps_a_c_positive_definite() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (_, l) = random_metric::<4>(&mut rng);
    let e = orthonormal::<4, 4>(&mut rng);
    let u = e.fixed_columns::<2>(0).into_owned();
    for eps in [0.0_f64, 0.1, 0.5, 0.9, 0.999, 1.0] {
        let r = (1.0 - eps * eps).sqrt();
        let v = Matrix::<4, 2>::from_columns(&[
            e.column(2) * r + e.column(0) * eps,
            e.column(3) * r + e.column(1) * eps,
        ]);
        let x = instance(&l, &u, &[1.0, 1.0], &v, &[1.0, 1.0]);
        let expected = Matrix::<2, 2>::identity() * (1.0 - eps * eps);
        assert_close("A_c = (1 − ε²) I", &x.computed, &expected, 1.0);
        assert!((x.cosines - Matrix::<2, 2>::identity() * eps).amax() < TOL);
        assert_eq!(smallest(&x.computed) > TOL, eps < 1.0, "ε_hg = {eps}");
    }
}

/// Proposition 9 (36)–(38): when the unilateral and the bilateral constraints are only nearly
/// orthogonal among themselves (couplings of size ε), D_h^{−½} A_c D_h^{−½} differs from
/// I − D_h^{−½} E_hg D_g⁻¹ E_hgᵀ D_h^{−½} (the matrix of (36) taken with the exact E_hg) by
/// O(ε) (37); the difference shrinks tenfold with ε, and A_c stays positive definite where (36)
/// holds with a margin.
#[test]
fn proposition_9_small_couplings_perturb_the_criterion_to_first_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mass, l) = random_metric::<5>(&mut rng);
    let inv = mass.try_inverse().expect("SPD");
    let u0 = orthonormal::<5, 2>(&mut rng);
    let v0 = orthonormal::<5, 2>(&mut rng);
    let du = Matrix::<5, 2>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
    let dv = Matrix::<5, 2>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
    let gap = |eps: f64| {
        let (h, g) = gradients(
            &l,
            &(u0 + du * eps),
            &[1.3, 0.6],
            &(v0 + dv * eps),
            &[0.8, 2.1],
        );
        let c = InertialCouplings::from_matrices(mass, h, g).expect("valid");
        let a_c = c.constrained_delassus().expect("independent");
        let (a, e_hg, b) = (
            h.transpose() * inv * h,
            h.transpose() * inv * g,
            g.transpose() * inv * g,
        );
        let dh = Matrix::<2, 2>::from_diagonal(&a.diagonal().map(|x| 1.0 / x.sqrt()));
        let dg = Matrix::<2, 2>::from_diagonal(&b.diagonal().map(|x| 1.0 / x));
        let criterion = Matrix::<2, 2>::identity() - dh * e_hg * dg * e_hg.transpose() * dh;
        assert!(smallest(&criterion) > 0.05, "(36) holds with a margin");
        assert!(smallest(&a_c) > 0.0, "A_c > 0 (Proposition 9) at ε = {eps}");
        (dh * a_c * dh - criterion).amax()
    };
    assert!(gap(0.0) < TOL, "ε = 0 is Theorem 1");
    let (g1, g2, g3) = (gap(1e-2), gap(1e-3), gap(1e-4));
    for (coarse, fine) in [(g1, g2), (g2, g3)] {
        let ratio = coarse / fine;
        assert!(
            (7.0..14.0).contains(&ratio),
            "O(ε): ratio {ratio} ({coarse:e}, {fine:e})"
        );
    }
}

//! Redundant constraints (Lötstedt 1982, Lemma 5.2; Brogliato 2013, Proposition 2): with a
//! rank-deficient constraint matrix W the multipliers are not unique but q̈ and Wλ are.
//! Checks, on random SPD mass matrices and random consistent data:
//! * the rank-revealing KKT solve gives the same q̈ and Wμ for two different column orderings
//!   (different dependent columns dropped), and both equal the Gauss-principle closed form
//!   q̈ = M⁻¹f + M⁻¹W'(W'ᵀM⁻¹W')⁻¹(c' − W'ᵀM⁻¹f) on an independent subset W' (computed with
//!   nalgebra's dense inverse, an independent route);
//! * the condensed acceleration LCP of three identical contacts (Brogliato Example 1, a block
//!   on three aligned supports) gives the same acceleration and total force for every ordering
//!   although the individual multipliers differ.

use mbruntime::event::MixedLcp;
use mbruntime::linalg::ConstraintFactor;
use mbruntime::{Matrix, Vector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_spd(rng: &mut ChaCha8Rng) -> Matrix<3, 3> {
    let a = Matrix::<3, 3>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
    a * a.transpose() + Matrix::<3, 3>::identity() * 0.5
}

#[test]
fn kkt_acceleration_and_constraint_force_are_unique_for_redundant_columns() {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    for _ in 0..50 {
        let m = random_spd(&mut rng);
        let w1 = Vector::<3>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let w2 = Vector::<3>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let w3 = w1 * 0.7 - w2 * 1.3; // dependent
        let cols = [w1, w2, w3];
        let f = Vector::<3>::from_fn(|_, _| rng.gen_range(-5.0..5.0));
        let x_star = Vector::<3>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let c: [f64; 3] = [w1.dot(&x_star), w2.dot(&x_star), w3.dot(&x_star)]; // consistent
        let solve = |order: [usize; 3]| {
            let mut fac = ConstraintFactor::<3>::default();
            assert!(fac.set_mass(&m).is_ok());
            for &j in &order {
                fac.push_column(j, &cols[j], 1e-9);
            }
            assert_eq!(fac.rank(), 2);
            let mut ck = Vector::<3>::zeros();
            for k in 0..fac.rank() {
                ck[k] = c[fac.kept_tag(k)];
            }
            let (x, mu) = fac.solve_kkt(&f, &ck);
            let mut force = Vector::<3>::zeros();
            for k in 0..fac.rank() {
                force += cols[fac.kept_tag(k)] * mu[k];
            }
            (x, force)
        };
        let (xa, fa) = solve([0, 1, 2]);
        let (xb, fb) = solve([2, 1, 0]);
        // Independent route: Gauss principle on {w1, w2} with dense inverses.
        let minv = m.try_inverse().unwrap();
        let wp = Matrix::<3, 2>::from_columns(&[w1, w2]);
        let s = (wp.transpose() * minv * wp).try_inverse().unwrap();
        let cp = nalgebra::Vector2::new(c[0], c[1]);
        let x_ref = minv * f + minv * wp * s * (cp - wp.transpose() * minv * f);
        let scale = 1.0 + x_ref.amax();
        assert!((xa - x_ref).amax() < 1e-10 * scale, "{xa} vs {x_ref}");
        assert!((xb - x_ref).amax() < 1e-10 * scale);
        assert!((fa - fb).amax() < 1e-10 * (1.0 + fa.amax()));
        assert!((fa - (m * x_ref - f)).amax() < 1e-9 * (1.0 + fa.amax()));
    }
}

#[test]
fn block_on_three_supports_has_unique_acceleration_but_not_unique_multipliers() {
    // Brogliato Example 1: q = (x, y), x vertical, three gaps x − l, W = [e₁ e₁ e₁], M = m I,
    // force (−mg + f₁, 0). LCP: 0 ≤ λ ⊥ (1/m)(Σλ) − g + f₁/m ≥ 0 for each contact.
    let (mass, g) = (2.0, 9.81);
    let m = Matrix::<2, 2>::identity() * mass;
    let mut w = Matrix::<2, 3>::zeros();
    for j in 0..3 {
        w[(0, j)] = 1.0;
    }
    let mut lcp = MixedLcp::<2, 3>::default();
    for f1 in [0.0, 5.0, 15.0, 30.0] {
        let force = Vector::<2>::new(-mass * g + f1, 0.0);
        let mut results = Vec::new();
        for order in [[0usize, 1, 2], [2, 0, 1], [1, 2, 0]] {
            let mut fac = ConstraintFactor::<2>::default();
            assert!(fac.set_mass(&m).is_ok());
            let (mut lam, mut del) = (Vector::<3>::zeros(), Vector::<3>::zeros());
            let x = lcp
                .solve(
                    &fac,
                    &force,
                    &Vector::zeros(),
                    &w,
                    &order,
                    &Vector::zeros(),
                    &mut lam,
                    &mut del,
                )
                .unwrap();
            results.push((x, lam));
        }
        // Closed form: resting (Σλ = mg − f₁, ẍ = 0) while f₁ ≤ mg, else lift-off ẍ = f₁/m − g.
        let x_ref = Vector::<2>::new((f1 / mass - g).max(0.0), 0.0);
        for (x, lam) in &results {
            assert!((x - x_ref).amax() < 1e-12, "f1={f1}: {x} vs {x_ref}");
            assert!((lam.sum() - (mass * g - f1).max(0.0)).abs() < 1e-10);
        }
        if f1 < mass * g {
            // Orderings select different supports: the multipliers differ.
            assert!(
                (results[0].1 - results[1].1).amax() > 1.0,
                "f1={f1}: {:?}",
                results
            );
        }
    }
}

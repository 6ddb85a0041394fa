//! Newton's restitution at a multiple impact with a bilateral constraint: Brogliato (2013),
//! "Inertial couplings between unilateral and bilateral holonomic constraints in frictionless
//! Lagrangian systems", (71)–(77) and Proposition 17 (i).
//!
//! With all m contacts hit at once and the restitution matrix E, the collision rule (76)
//! q̇_N⁺ = −E q̇_N⁻ and the impact dynamics (73) give (77): A_c p_u = −(I + E) q̇_N⁻, p_u ≥ 0,
//! E(I + E)⁻¹A_c p_u ≥ 0. Proposition 17 (i): if (I + E)⁻¹A_c and E(I + E)⁻¹A_c are monotone
//! (their inverses have no negative entry) then p_u = −A_c⁻¹(I + E)q̇_N⁻ solves (77). The
//! runtime's contact laws carry one restitution per contact (E diagonal; a coupled E is not
//! part of the contract), and its impact law is Newton's in complementarity form,
//! 0 ≤ p_u ⟂ q̇_N⁺ + E q̇_N⁻ ≥ 0, which agrees with (77) exactly when every impulse is positive.
//!
//! Model: `mb_testsupport::models::GuidedBody` (a planar body on four supports with the rack
//! x + κθ = c₀), two supports hit at once (m + p = 3 = n), E = e I. A_c is formed here from
//! M_c⁻¹ = M⁻¹ − M⁻¹G(GᵀM⁻¹G)⁻¹GᵀM⁻¹ (17). Over random bodies, racks, approaches and e: where
//! A_c⁻¹ ≥ 0 entrywise (so both matrices of Proposition 17 (i) are monotone), the runtime's
//! impulses equal −A_c⁻¹(1 + e)q̇_N⁻, both positive, and q̇_N⁺ = −e q̇_N⁻; where A_c⁻¹ has a
//! negative entry and that formula gives a negative impulse, (77) has no solution, and the
//! runtime's law separates that support faster than e q̇_N⁻ with zero impulse.

use mb_testsupport::models::GuidedBody;
use mb_testsupport::models::supported_body::{SUPPORTS as NU, random_body};
use mbruntime::event::FrictionalImpactLcp;
use mbruntime::{Constraints, Dynamics, Matrix, Vector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn two_support_impacts_follow_proposition_17() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut impact = FrictionalImpactLcp::<3, NU>::default();
    let (mut monotone, mut separating) = (0, 0);
    for k in 0..400 {
        let q = Vector::<3>::new(0.3, 0.0, rng.gen_range(-0.4..0.4));
        let kappa = rng.gen_range(-1.0..1.0);
        let mut body = random_body(&mut rng, &q);
        body.restitution = rng.gen_range(0.0..1.0);
        let e = body.restitution;
        let model = GuidedBody {
            body,
            kappa,
            offset: q[0] + kappa * q[2],
        };
        let hitting = [true, true, false, false];
        let (mut w, mut tp) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q, 0.0, &mut w, &mut tp);
        let mut mass = Matrix::<3, 3>::zeros();
        model.mass_matrix(&q, 0.0, &mut mass);
        let g = Matrix::<3, 1>::new(1.0, 0.0, kappa);
        // An approach that keeps the rack (ẋ = −κθ̇) and closes both supports.
        let u_pre = loop {
            let (yd, td) = (rng.gen_range(-3.0..0.5), rng.gen_range(-3.0..3.0));
            let u = Vector::<3>::new(-kappa * td, yd, td);
            if (0..2).all(|i| w.column(i).dot(&u) < -0.05) {
                break u;
            }
        };
        let sol = impact
            .solve::<_, 1>(&model, &hitting, 0.0, &q, &u_pre)
            .expect("a frictionless impact with a rack");
        let m_inv = mass.try_inverse().expect("regular");
        let s_inv = 1.0 / (g.transpose() * m_inv * g)[(0, 0)];
        let mc = m_inv - m_inv * g * g.transpose() * m_inv * s_inv;
        let wh = w.fixed_columns::<2>(0).into_owned();
        let a_c = wh.transpose() * mc * wh;
        let Some(a_c_inv) = a_c.try_inverse() else {
            continue;
        };
        let vn_pre = wh.transpose() * u_pre;
        let vn_post = wh.transpose() * sol.u_post;
        let p_formula = -(a_c_inv * vn_pre) * (1.0 + e);
        let scale = 1.0 + vn_pre.amax();
        if a_c_inv.iter().all(|&x| x >= 0.0) {
            monotone += 1;
            for i in 0..2 {
                let p_scale = 1.0 + p_formula.amax();
                assert!(p_formula[i] > 0.0, "case {k}: monotone ⇒ positive impulses");
                assert!(
                    (sol.lambda_n[i] - p_formula[i]).abs() <= 1e-9 * p_scale,
                    "case {k}: p_u"
                );
                assert!(
                    (vn_post[i] + e * vn_pre[i]).abs() <= 1e-9 * scale,
                    "case {k}: (76)"
                );
            }
        } else if let Some(i) = (0..2).find(|&i| p_formula[i] < -1e-9 * (1.0 + p_formula.amax())) {
            separating += 1;
            assert!(
                sol.lambda_n[i].abs() <= 1e-9 * (1.0 + sol.lambda_n.amax()),
                "case {k}: p = 0"
            );
            assert!(
                vn_post[i] > -e * vn_pre[i] - 1e-9 * scale,
                "case {k}: faster separation"
            );
        }
        // The bilateral percussion (72): p_b = −(GᵀM⁻¹G)⁻¹GᵀM⁻¹∇h p_u.
        let p_b = -(g.transpose() * m_inv * wh * sol.lambda_n.fixed_rows::<2>(0))[(0, 0)] * s_inv;
        assert!(
            (sol.lambda_b[0] - p_b).abs() <= 1e-9 * (1.0 + p_b.abs()),
            "case {k}: (72)"
        );
    }
    assert!(monotone > 30 && separating > 30, "{monotone} {separating}");
}

//! Load-independent friction: Glocker & Studer (2005), "Formulation and preparation for
//! numerical evaluation of linear complementarity systems in dynamics", Sect. 6, the remark
//! after (33) — with the friction bounds μᵢΛ_Ni replaced by constants aᵢ, the LCP (33), (27)
//! has a bisymmetric matrix and states the Kuhn–Tucker conditions of a quadratic programme; and
//! Lötstedt (1982), "Mechanical systems of rigid bodies subject to unilateral constraints",
//! (6.4): multipliers with constant bounds λᴸ ≤ λ ≤ λᵁ.
//!
//! The runtime's contact laws state Coulomb's bounds ±μλ_N (`ContactLaw::friction`); constant
//! bounds are not part of that contract. What is checked here is the LCP level, which the
//! runtime's Lemke solver handles for both: for random W_N, W_T (k ≤ 3 contacts, f = 6
//! coordinates), M, h, Δt, pre-step velocities and bounds aᵢ > 0, the LCP of (33) with
//! Λ_T = Λ_R − a, Λ_L = 2a − Λ_R,
//!
//! ```text
//! [ξ_N]   [W_NᵀM⁻¹W_N  W_NᵀM⁻¹W_T  0] [Λ_N]   [W_NᵀM⁻¹(hΔt − W_T a) + (I + ε_N)γ_N^A]
//! [ξ_R] = [W_TᵀM⁻¹W_N  W_TᵀM⁻¹W_T  I] [Λ_R] + [W_TᵀM⁻¹(hΔt − W_T a) + (I + ε_T)γ_T^A]
//! [Λ_L]   [0           −I          0] [ξ_L]   [2a                                   ]
//! ```
//!
//! is assembled, its bisymmetry checked (symmetric upper-left block, skew off-diagonal blocks),
//! solved by Lemke's method, and compared with the minimiser of the quadratic programme
//! min ½ΛᵀWᵀM⁻¹WΛ + cᵀΛ over Λ_N ≥ 0, −a ≤ Λ_T ≤ a (W = [W_N W_T], c the free velocities),
//! found here by enumerating which bounds are active; the friction law |Λ_T| ≤ a with
//! ξ_T = ξ_R − ξ_L opposite to Λ_T where |Λ_T| = a and zero inside is checked too.

use mbruntime::lcp::Lemke;
use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const F: usize = 6;

/// The minimiser of ½xᵀPx + cᵀx over x_N ≥ 0 (first k entries), −a ≤ x_T ≤ a (last k), by
/// enumeration: each variable free, or at one of its bounds; the equality-constrained minimiser
/// on the free variables, kept when feasible; the least objective wins (P ≻ 0: unique).
fn box_qp(p: &DMatrix<f64>, c: &DVector<f64>, a: &[f64]) -> DVector<f64> {
    let k = a.len();
    let n = 2 * k;
    let choices: Vec<usize> = (0..n).map(|i| if i < k { 2 } else { 3 }).collect();
    let total: usize = choices.iter().product();
    let mut best: Option<(f64, DVector<f64>)> = None;
    for code in 0..total {
        // state: 0 free, 1 lower bound, 2 upper bound (x_N has no upper bound).
        let mut rest = code;
        let state: Vec<usize> = choices
            .iter()
            .map(|&m| {
                let s = rest % m;
                rest /= m;
                s
            })
            .collect();
        let mut x = DVector::zeros(n);
        for i in 0..n {
            x[i] = match (state[i], i < k) {
                (1, true) => 0.0,
                (1, false) => -a[i - k],
                (2, _) => a[i - k],
                _ => 0.0,
            };
        }
        let free: Vec<usize> = (0..n).filter(|&i| state[i] == 0).collect();
        if !free.is_empty() {
            let pff = DMatrix::from_fn(free.len(), free.len(), |r, s| p[(free[r], free[s])]);
            let rhs = DVector::from_fn(free.len(), |r, _| {
                -(c[free[r]]
                    + (0..n)
                        .filter(|j| state[*j] != 0)
                        .map(|j| p[(free[r], j)] * x[j])
                        .sum::<f64>())
            });
            let xf = pff.lu().solve(&rhs).expect("principal submatrix of P ≻ 0");
            for (r, &i) in free.iter().enumerate() {
                x[i] = xf[r];
            }
        }
        let feasible =
            (0..k).all(|i| x[i] >= -1e-12) && (k..n).all(|i| x[i].abs() <= a[i - k] + 1e-12);
        if feasible {
            let value = 0.5 * x.dot(&(p * &x)) + c.dot(&x);
            if best.as_ref().is_none_or(|(v, _)| value < *v) {
                best = Some((value, x));
            }
        }
    }
    best.expect("x = 0 is feasible").1
}

#[test]
fn load_independent_friction_lcp_is_bisymmetric_and_solves_the_box_qp() {
    let mut rng = ChaCha8Rng::seed_from_u64(2005);
    let (mut sliding, mut sticking) = (0, 0);
    for case in 0..300 {
        let k = 1 + case % 3;
        let l = DMatrix::from_fn(F, F, |i, j| {
            if i == j {
                rng.gen_range(0.8..2.0)
            } else if i > j {
                rng.gen_range(-0.5..0.5)
            } else {
                0.0
            }
        });
        let m = &l * l.transpose();
        let m_inv = m.clone().try_inverse().expect("SPD");
        let w_n = DMatrix::from_fn(F, k, |_, _| rng.gen_range(-1.0..1.0));
        let w_t = DMatrix::from_fn(F, k, |_, _| rng.gen_range(-1.0..1.0));
        let h = DVector::from_fn(F, |_, _| rng.gen_range(-5.0..5.0));
        let dt = 1e-2;
        let u_a = DVector::from_fn(F, |_, _| rng.gen_range(-1.0..1.0));
        let (eps_n, eps_t) = (rng.gen_range(0.0..1.0), rng.gen_range(0.0..0.5));
        let a: Vec<f64> = (0..k).map(|_| rng.gen_range(0.05..0.6)).collect();
        let av = DVector::from_column_slice(&a);
        let (gn_a, gt_a) = (w_n.transpose() * &u_a, w_t.transpose() * &u_a);
        // The LCP (33) with μΛ_N → a.
        let drift = &m_inv * (&h * dt - &w_t * &av);
        let mut lcp = DMatrix::zeros(3 * k, 3 * k);
        let nn = w_n.transpose() * &m_inv * &w_n;
        let nt = w_n.transpose() * &m_inv * &w_t;
        let tt = w_t.transpose() * &m_inv * &w_t;
        lcp.view_mut((0, 0), (k, k)).copy_from(&nn);
        lcp.view_mut((0, k), (k, k)).copy_from(&nt);
        lcp.view_mut((k, 0), (k, k)).copy_from(&nt.transpose());
        lcp.view_mut((k, k), (k, k)).copy_from(&tt);
        for i in 0..k {
            lcp[(k + i, 2 * k + i)] = 1.0;
            lcp[(2 * k + i, k + i)] = -1.0;
        }
        let mut b = DVector::zeros(3 * k);
        b.rows_mut(0, k)
            .copy_from(&(w_n.transpose() * &drift + &gn_a * (1.0 + eps_n)));
        b.rows_mut(k, k)
            .copy_from(&(w_t.transpose() * &drift + &gt_a * (1.0 + eps_t)));
        b.rows_mut(2 * k, k).copy_from(&(&av * 2.0));
        // Bisymmetric: [[P, Q], [−Qᵀ, 0]] with P = Pᵀ.
        let p_block = lcp.view((0, 0), (2 * k, 2 * k)).into_owned();
        let q_block = lcp.view((0, 2 * k), (2 * k, k)).into_owned();
        assert!((&p_block - p_block.transpose()).amax() <= 1e-14 * p_block.amax());
        assert!((lcp.view((2 * k, 0), (k, 2 * k)) + q_block.transpose()).amax() == 0.0);
        let (mut z, mut w) = (vec![0.0; 3 * k], vec![0.0; 3 * k]);
        Lemke::with_capacity(3 * k)
            .solve(3 * k, lcp.as_slice(), b.as_slice(), &mut z, &mut w)
            .expect("a monotone LCP of a feasible QP is solvable");
        let lambda_n = DVector::from_fn(k, |i, _| z[i]);
        let lambda_t = DVector::from_fn(k, |i, _| z[k + i] - a[i]);
        // The box QP in (Λ_N, Λ_T): ξ = WᵀM⁻¹WΛ + c with c the contact velocities without impulse.
        let wall = DMatrix::from_fn(
            F,
            2 * k,
            |r, s| if s < k { w_n[(r, s)] } else { w_t[(r, s - k)] },
        );
        let pq = wall.transpose() * &m_inv * &wall;
        let mut cq = wall.transpose() * (&m_inv * &h * dt);
        for i in 0..k {
            cq[i] += (1.0 + eps_n) * gn_a[i];
            cq[k + i] += (1.0 + eps_t) * gt_a[i];
        }
        let x = box_qp(&pq, &cq, &a);
        let scale = 1.0 + x.amax();
        for i in 0..k {
            assert!(
                (lambda_n[i] - x[i]).abs() <= 1e-9 * scale,
                "case {case}: Λ_N {lambda_n} QP {x}"
            );
            assert!(
                (lambda_t[i] - x[k + i]).abs() <= 1e-9 * scale,
                "case {case}: Λ_T {lambda_t} QP {x}"
            );
            // The friction law with the constant bound.
            let xi_t = w[k + i] - z[2 * k + i];
            assert!(lambda_t[i].abs() <= a[i] * (1.0 + 1e-12));
            if lambda_t[i].abs() < a[i] * (1.0 - 1e-9) {
                assert!(xi_t.abs() <= 1e-9 * scale, "sticking: ξ_T = {xi_t}");
                sticking += 1;
            } else {
                assert!(
                    xi_t * lambda_t[i] <= 1e-9 * scale,
                    "sliding against the force"
                );
                sliding += 1;
            }
        }
    }
    assert!(sliding > 50 && sticking > 50, "{sliding} {sticking}");
}

//! The active set after an event: Lötstedt (1982), Sect. 5.
//!
//! Candidates are the contacts with g_Nᵢ = 0 and γᵢ = 0 (set J of Theorem 5.4). Level 0 is the
//! acceleration LCP (2.5b), with the bilateral constraints condensed (Brogliato (20)):
//! δ = A_c λ + b ≥ 0 ⊥ λ ≥ 0. Contacts with λᵢ > 0 stay closed (J_λ0), contacts with δᵢ > 0
//! open (J_δ0). Lötstedt shows that neither naive rule "closed = {λᵢ > 0}" nor
//! "closed = {δᵢ = 0}" is right when λᵢ = δᵢ = 0: then the first derivatives decide. With
//! J_λ0 kept as equalities, (5.10)–(5.12) for k = 1 read
//!
//! ```text
//! M q⃛ = ḣ − Ṁ q̈ + Ġ λ_B + Ẇ_N λ_N + G λ̇_B + W_N λ̇_N,
//! g⃛ = Gᵀ q⃛ + ρ_B = 0,   δ̇ᵢ = wᵢᵀ q⃛ + ρᵢ = 0 (i ∈ J_λ0),
//! 0 ≤ λ̇ᵢ ⊥ δ̇ᵢ ≥ 0 (i ∈ J \ (J_λ0 ∪ J_δ0)),
//! ```
//!
//! where ρ are the parts of the third time derivatives of the constraints not multiplying q⃛
//! (generated `gap_time_derivatives` / `bilateral_time_derivatives` evaluated with q⃛ = 0),
//! Ṁ, ḣ come from `mass_matrix_rates`, `force_rates`, and Ẇλ = Σ λᵢ (∂²g_Nᵢ/∂q²) q̇ (plus
//! ∂Wᵢ/∂t by a central difference for rheonomic models). The same condensed LCP solves it; a
//! contact with λ̇ᵢ > 0 stays closed, one with δ̇ᵢ > 0 opens (δᵢ(t) = δ̇ᵢ(t₀)(t − t₀) + …).
//! Iteration stops here (k = 1): the contract provides gap derivatives up to order 3, so a
//! contact with λ̇ᵢ = δ̇ᵢ = 0 as well is kept closed (Lötstedt's termination criterion 3 with
//! λ₂⁽¹⁾ = 0); a later sign change of its multiplier is then located as an ordinary event.

use super::options::ActiveSetRule;
use super::{EventDriven, EventError, LcpStage};
use crate::mechanism::{Matrix, Mechanism, Vector};

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Mechanism<NQ, NB, NU>,
{
    /// Decides which contacts are closed at the current state (see the module docs) and sets
    /// `closed`, `order`, `n_closed`.
    pub(super) fn determine_active_set(&mut self) -> Result<(), EventError> {
        let (t, q, u) = (self.t, self.q, self.u);
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut gn);
        let gamma = self.normal_velocities(&q, &u, t);
        let mut cand = [0usize; NU];
        let mut nc = 0;
        for i in 0..NU {
            if gn[i] <= self.opts.gap_tolerance && gamma[i].abs() <= self.opts.velocity_tolerance {
                cand[nc] = i;
                nc += 1;
            }
        }
        self.closed = [false; NU];
        self.n_closed = 0;
        if nc == 0 {
            return Ok(());
        }
        // Level 0: acceleration LCP (2.5b) with bilateral constraints condensed.
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut h = Vector::<NQ>::zeros();
        self.model.dynamics(&q, &u, t, &mut m, &mut h);
        self.factor_at(&q, t, &m)?;
        let mut drift_b = Vector::<NB>::zeros();
        let mut drift_n = Vector::<NU>::zeros();
        self.model.bilateral_drift(&q, &u, t, &mut drift_b);
        self.model.gap_drift(&q, &u, t, &mut drift_n);
        let mut c = Vector::<NQ>::zeros();
        for k in 0..self.factor.rank() {
            c[k] = -drift_b[self.factor.kept_tag(k)];
        }
        let mut lambda = Vector::<NU>::zeros();
        let mut delta = Vector::<NU>::zeros();
        let w_n = self.w_n;
        let qdd = self
            .lcp
            .solve(
                &self.factor,
                &h,
                &c,
                &w_n,
                &cand[..nc],
                &drift_n,
                &mut lambda,
                &mut delta,
            )
            .map_err(|source| EventError::Lcp {
                t,
                stage: LcpStage::Acceleration,
                source,
            })?;
        let lam_max = lambda.iter().fold(0.0_f64, |a, x| a.max(x.abs()));
        let lam_tol = self.opts.zero_tolerance * (1.0 + lam_max + h.amax());
        let del_tol = self.opts.zero_tolerance * (1.0 + qdd.amax() + drift_n.amax());
        let mut order = [0usize; NU];
        let mut n = 0;
        let mut amb = [0usize; NU];
        let mut na = 0;
        for &i in &cand[..nc] {
            let pos_l = lambda[i] > lam_tol;
            let pos_d = delta[i] > del_tol;
            let closed = match self.opts.active_set_rule {
                ActiveSetRule::NaiveMultiplier => pos_l,
                ActiveSetRule::NaiveAcceleration => !pos_d,
                ActiveSetRule::DerivativeIteration => {
                    if !pos_l && !pos_d {
                        amb[na] = i;
                        na += 1;
                    }
                    pos_l
                }
            };
            if closed {
                order[n] = i;
                n += 1;
            }
        }
        let n_lambda = n;
        if na > 0 {
            // Level 1 (Theorem 5.4, k = 1).
            // Bilateral multipliers of level 0.
            let mut f0 = h;
            for &i in &cand[..nc] {
                f0.axpy(lambda[i], &w_n.column(i), 1.0);
            }
            let (_, mu) = self.factor.solve_kkt(&f0, &c);
            let mut lambda_b = Vector::<NB>::zeros();
            for k in 0..self.factor.rank() {
                lambda_b[self.factor.kept_tag(k)] = mu[k];
            }
            let zero = Vector::<NQ>::zeros();
            let (mut m_dot, mut m_ddot) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
            self.model
                .mass_matrix_rates(&q, &u, &qdd, t, &mut m_dot, &mut m_ddot);
            let (mut h_dot, mut h_ddot) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
            self.model
                .force_rates(&q, &u, &qdd, &zero, t, &mut h_dot, &mut h_ddot);
            let mut r = h_dot - m_dot * qdd;
            let mut hess = Matrix::<NQ, NQ>::zeros();
            for i in 0..NB {
                if lambda_b[i] != 0.0 && self.model.bilateral_hessian(&q, t, i, &mut hess) {
                    r += hess * u * lambda_b[i];
                }
            }
            for &i in &cand[..nc] {
                if lambda[i] != 0.0 && self.model.gap_hessian(&q, t, i, &mut hess) {
                    r += hess * u * lambda[i];
                }
            }
            if Mo::RHEONOMIC {
                let eps = 1e-6 * (1.0 + t.abs());
                let (mut gp, mut gm) = (Matrix::<NQ, NB>::zeros(), Matrix::<NQ, NB>::zeros());
                let (mut wp, mut wm) = (Matrix::<NQ, NU>::zeros(), Matrix::<NQ, NU>::zeros());
                let (mut tb, mut tn) = (Vector::<NB>::zeros(), Vector::<NU>::zeros());
                self.model.bilateral_jacobian(&q, t + eps, &mut gp, &mut tb);
                self.model.bilateral_jacobian(&q, t - eps, &mut gm, &mut tb);
                self.model.gap_jacobian(&q, t + eps, &mut wp, &mut tn);
                self.model.gap_jacobian(&q, t - eps, &mut wm, &mut tn);
                r += (gp - gm) * lambda_b / (2.0 * eps) + (wp - wm) * lambda / (2.0 * eps);
            }
            let mut d3b = Matrix::<NB, 3>::zeros();
            let mut d3n = Matrix::<NU, 3>::zeros();
            self.model
                .bilateral_time_derivatives(&q, &u, &qdd, &zero, t, &mut d3b);
            self.model
                .gap_time_derivatives(&q, &u, &qdd, &zero, t, &mut d3n);
            let rho_n: Vector<NU> = d3n.column(2).into_owned();
            self.order[..n_lambda].copy_from_slice(&order[..n_lambda]);
            self.n_closed = n_lambda;
            self.factor_at(&q, t, &m)?;
            let mut c1 = Vector::<NQ>::zeros();
            for k in 0..self.factor.rank() {
                let tag = self.factor.kept_tag(k);
                c1[k] = if tag < NB {
                    -d3b[(tag, 2)]
                } else {
                    -rho_n[tag - NB]
                };
            }
            let mut lam1 = Vector::<NU>::zeros();
            let mut del1 = Vector::<NU>::zeros();
            let qddd = self
                .lcp
                .solve(
                    &self.factor,
                    &r,
                    &c1,
                    &w_n,
                    &amb[..na],
                    &rho_n,
                    &mut lam1,
                    &mut del1,
                )
                .map_err(|source| EventError::Lcp {
                    t,
                    stage: LcpStage::DerivativeIteration,
                    source,
                })?;
            let lam1_max = lam1.iter().fold(0.0_f64, |a, x| a.max(x.abs()));
            let lam1_tol = self.opts.zero_tolerance * (1.0 + lam1_max + r.amax());
            let del1_tol = self.opts.zero_tolerance * (1.0 + qddd.amax() + rho_n.amax());
            for &i in &amb[..na] {
                let opens = del1[i] > del1_tol && lam1[i] <= lam1_tol;
                if !opens {
                    order[n] = i;
                    n += 1;
                }
            }
            self.last_derivative_lcp = Some((lam1, del1));
        } else {
            self.last_derivative_lcp = None;
        }
        self.last_acceleration_lcp = (lambda, delta);
        for &i in &order[..n] {
            self.closed[i] = true;
        }
        self.order[..n].copy_from_slice(&order[..n]);
        self.n_closed = n;
        Ok(())
    }
}

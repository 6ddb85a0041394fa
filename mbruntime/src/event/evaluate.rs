//! Smooth-phase evaluations: the index-1 KKT acceleration with the current active set
//! (Lötstedt (4.3)–(4.5), with rank-deficient W_A allowed: Lemma 5.2) and the projection of
//! the state onto the constraint manifold after each accepted step.
//!
//! Drift control (documented choice): after every accepted step q is projected onto
//! {g(q) = 0, g_Nᵢ(q) = 0 for closed i} by at most three Gauss–Newton corrections of minimum
//! kinetic norm (Δq = −M⁻¹W_K (W_KᵀM⁻¹W_K)⁻¹ r_K, via
//! [`ConstraintFactor::correction`](super::constrained::ConstraintFactor::correction)), then
//! u onto {Gᵀu + ĝ = 0, W_Nᵢᵀu + ŵ_Nᵢ = 0}, which is the M-orthogonal projection. Both
//! corrections are of the size of the local error, so the order of the method is kept.

use super::{EventDriven, EventError};
use crate::mechanism::{Matrix, Mechanism, Vector};

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Mechanism<NQ, NB, NU>,
{
    /// Loads M(q, t) into the factor and pushes the bilateral and closed-contact columns in
    /// priority order (bilateral first, then `self.order`). Tags: bilateral i → i, contact
    /// j → NB + j.
    pub(super) fn factor_at(
        &mut self,
        q: &Vector<NQ>,
        t: f64,
        m: &Matrix<NQ, NQ>,
    ) -> Result<(), EventError> {
        if !self.factor.set_mass(m) {
            return Err(if m.iter().all(|x| x.is_finite()) {
                EventError::MassMatrixNotPositiveDefinite { t }
            } else {
                EventError::NonFinite {
                    t,
                    what: "mass matrix",
                }
            });
        }
        let mut tp_b = Vector::<NB>::zeros();
        let mut tp_n = Vector::<NU>::zeros();
        self.model
            .bilateral_jacobian(q, t, &mut self.g_jac, &mut tp_b);
        self.model.gap_jacobian(q, t, &mut self.w_n, &mut tp_n);
        self.g_tp = tp_b;
        self.w_tp = tp_n;
        let tol = self.opts.rank_tolerance;
        for i in 0..NB {
            let col = self.g_jac.column(i).into_owned();
            self.factor.push_column(i, &col, tol);
        }
        for k in 0..self.n_closed {
            let j = self.order[k];
            let col = self.w_n.column(j).into_owned();
            self.factor.push_column(NB + j, &col, tol);
        }
        Ok(())
    }

    /// q̈ = a(t, q, u) with the current active set; multipliers into `self.lambda_b`,
    /// `self.lambda_n` (zero for open or dependent columns).
    pub(super) fn acceleration(
        &mut self,
        t: f64,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        a: &mut Vector<NQ>,
    ) -> Result<(), EventError> {
        self.stats.evaluations += 1;
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut h = Vector::<NQ>::zeros();
        self.model.dynamics(q, u, t, &mut m, &mut h);
        self.factor_at(q, t, &m)?;
        let mut drift_b = Vector::<NB>::zeros();
        let mut drift_n = Vector::<NU>::zeros();
        self.model.bilateral_drift(q, u, t, &mut drift_b);
        if self.n_closed > 0 {
            self.model.gap_drift(q, u, t, &mut drift_n);
        }
        let mut c = Vector::<NQ>::zeros();
        for k in 0..self.factor.rank() {
            let tag = self.factor.kept_tag(k);
            c[k] = if tag < NB {
                -drift_b[tag]
            } else {
                -drift_n[tag - NB]
            };
        }
        let (x, mu) = self.factor.solve_kkt(&h, &c);
        self.lambda_b.fill(0.0);
        self.lambda_n.fill(0.0);
        for k in 0..self.factor.rank() {
            let tag = self.factor.kept_tag(k);
            if tag < NB {
                self.lambda_b[tag] = mu[k];
            } else {
                self.lambda_n[tag - NB] = mu[k];
            }
        }
        if !(x.iter().all(|v| v.is_finite()) && mu.iter().all(|v| v.is_finite())) {
            return Err(EventError::NonFinite {
                t,
                what: "acceleration or multiplier",
            });
        }
        *a = x;
        Ok(())
    }

    /// Projects q onto the position constraints of the active set, then u onto the velocity
    /// constraints (see the module documentation). `project_u = false` leaves u unchanged
    /// (before an impact, whose LCP decides the velocities).
    pub(super) fn project(
        &mut self,
        t: f64,
        q: &mut Vector<NQ>,
        u: &mut Vector<NQ>,
        project_u: bool,
    ) -> Result<(), EventError> {
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut g = Vector::<NB>::zeros();
        let mut gn = Vector::<NU>::zeros();
        for _ in 0..3 {
            self.model.mass_matrix(q, t, &mut m);
            self.factor_at(q, t, &m)?;
            if self.factor.rank() == 0 {
                break;
            }
            self.model.bilateral(q, t, &mut g);
            self.model.gaps(q, t, &mut gn);
            let mut r = Vector::<NQ>::zeros();
            let mut rmax = 0.0_f64;
            for k in 0..self.factor.rank() {
                let tag = self.factor.kept_tag(k);
                r[k] = if tag < NB { g[tag] } else { gn[tag - NB] };
                rmax = rmax.max(r[k].abs());
            }
            if rmax == 0.0 {
                break;
            }
            *q += self.factor.correction(&r);
            if rmax < 1e-15 {
                break;
            }
        }
        if project_u {
            self.model.mass_matrix(q, t, &mut m);
            self.factor_at(q, t, &m)?;
            let mut r = Vector::<NQ>::zeros();
            for k in 0..self.factor.rank() {
                let tag = self.factor.kept_tag(k);
                r[k] = if tag < NB {
                    self.g_jac.column(tag).dot(u) + self.g_tp[tag]
                } else {
                    self.w_n.column(tag - NB).dot(u) + self.w_tp[tag - NB]
                };
            }
            *u += self.factor.correction(&r);
        }
        if !(q.iter().all(|v| v.is_finite()) && u.iter().all(|v| v.is_finite())) {
            return Err(EventError::NonFinite { t, what: "state" });
        }
        Ok(())
    }

    /// Normal velocities γ = W_Nᵀu + ŵ_N at (q, u, t).
    pub(super) fn normal_velocities(
        &mut self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
    ) -> Vector<NU> {
        let mut tp = Vector::<NU>::zeros();
        self.model.gap_jacobian(q, t, &mut self.w_n, &mut tp);
        self.w_tp = tp;
        self.w_n.tr_mul(u) + tp
    }
}

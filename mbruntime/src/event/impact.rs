//! The impact LCP with Newton's law and bilateral constraints.
//!
//! At an impact time the jump is M(u⁺ − u⁻) = W_N Λ + G p_b (Lötstedt (2.10a), Brogliato
//! (71)). Contacts in the LCP are those with g_Nᵢ = 0 and γᵢ⁻ ≤ 0 (Lötstedt's set J₁); for
//! γᵢ⁻ < 0 Newton's law (3.9) asks γᵢ⁺ = −eᵢγᵢ⁻ if Λᵢ > 0, the others obey (3.10). Both are
//! the complementarity problem
//!
//! ```text
//! 0 ≤ Λ ⊥ γ⁺ + e ∘ min(γ⁻, 0) ≥ 0,  γ⁺ = γ⁻ + A_c Λ,
//! ```
//!
//! with the constrained Delassus matrix A_c = W_Nᵀ M_c⁻¹ W_N from condensing the bilateral
//! impulses, p_b = −(GᵀM⁻¹G)⁻¹GᵀM⁻¹W_NΛ (Brogliato (72)–(73), (77)). Complementarity gives
//! Λᵢγᵢ⁺ = −eᵢΛᵢγᵢ⁻ and so ΔT = ½Σ(1 − eᵢ)Λᵢγᵢ⁻ ≤ 0 (Lötstedt (3.11)): impacts never add energy.
//! A contact with g_N = 0 left out because γ⁻ > 0 that the impulses drive to γ⁺ < 0 is added
//! and the LCP re-solved (at most NU times).

use super::{EventDriven, EventError, LcpStage};
use crate::mechanism::{Matrix, Mechanism, Vector};

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Mechanism<NQ, NB, NU>,
{
    /// Applies the impact law at the current state; returns (Λ, p_b). `inelastic[i]` forces
    /// eᵢ = 0 (Zeno switch).
    pub(super) fn impact(
        &mut self,
        trigger: usize,
        inelastic: &[bool; NU],
    ) -> Result<(Vector<NU>, Vector<NB>), EventError> {
        let (t, q, u) = (self.t, self.q, self.u);
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut gn);
        let gamma = self.normal_velocities(&q, &u, t);
        let laws = self.model.contact_laws();
        let mut in_lcp = [false; NU];
        for i in 0..NU {
            in_lcp[i] = i == trigger
                || (gn[i] <= self.opts.gap_tolerance && gamma[i] <= self.opts.velocity_tolerance);
        }
        let mut d = Vector::<NU>::zeros();
        for i in 0..NU {
            let e = if inelastic[i] || gamma[i].abs() <= self.opts.velocity_tolerance {
                0.0
            } else {
                laws[i].normal_restitution
            };
            d[i] = gamma[i] + e * gamma[i].min(0.0);
        }
        let mut m = Matrix::<NQ, NQ>::zeros();
        self.model.mass_matrix(&q, t, &mut m);
        let saved = self.n_closed;
        self.n_closed = 0;
        let res = self.factor_at(&q, t, &m);
        self.n_closed = saved;
        res?;
        let mut c = Vector::<NQ>::zeros();
        for k in 0..self.factor.rank() {
            let i = self.factor.kept_tag(k);
            c[k] = -(self.g_jac.column(i).dot(&u) + self.g_tp[i]);
        }
        let w_n = self.w_n;
        let mut lambda = Vector::<NU>::zeros();
        for _ in 0..=NU {
            let mut list = [0usize; NU];
            let mut n = 0;
            for (i, &inside) in in_lcp.iter().enumerate() {
                if inside {
                    list[n] = i;
                    n += 1;
                }
            }
            lambda.fill(0.0);
            let mut delta = Vector::<NU>::zeros();
            let du = self
                .lcp
                .solve(
                    &self.factor,
                    &Vector::zeros(),
                    &c,
                    &w_n,
                    &list[..n],
                    &d,
                    &mut lambda,
                    &mut delta,
                )
                .map_err(|source| EventError::Lcp {
                    t,
                    stage: LcpStage::Impact,
                    source,
                })?;
            let u_post = u + du;
            let g_post = w_n.tr_mul(&u_post) + self.w_tp;
            let mut added = false;
            for i in 0..NU {
                if !in_lcp[i]
                    && gn[i] <= self.opts.gap_tolerance
                    && g_post[i] < -self.opts.velocity_tolerance
                {
                    in_lcp[i] = true;
                    added = true;
                }
            }
            if !added || n == NU {
                let (_, mu) = self.factor.solve_kkt(&(w_n * lambda), &c);
                let mut p_b = Vector::<NB>::zeros();
                for k in 0..self.factor.rank() {
                    p_b[self.factor.kept_tag(k)] = mu[k];
                }
                if !u_post.iter().all(|x| x.is_finite()) {
                    return Err(EventError::NonFinite {
                        t,
                        what: "post-impact velocity",
                    });
                }
                self.u = u_post;
                return Ok((lambda, p_b));
            }
        }
        unreachable!("the loop returns once no contact is added, at most NU times")
    }
}

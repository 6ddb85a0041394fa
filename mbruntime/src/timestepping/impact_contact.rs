//! Step 4 of Glocker & Studer (2005), (17), shared by both schemes: the velocity jump of one
//! step under the impact-contact laws (11)–(12) and the bilateral constraints.
//!
//! Given a scheme's [`StepPlan`] (iteration matrix A, smooth impulse r, evaluation points):
//! (b) the active set H = {i : g_Ni(q_gap, t_gap) ≤ 0}; (c) the constrained inverse P of A with
//! the bilateral constraints Gᵀu_E + ĝ = 0 condensed out (see
//! [`velocity_operator`](super::velocity_operator)); (d) the contact LCP (33) on H (see
//! [`contact_lcp`](super::contact_lcp)); (e) u_E from A(u_E − u_A) = r + W_N Λ_N + W_T Λ_T + G Λ_B,
//! and ξ of (11) on H. Positions are the scheme's business.

use super::contact_lcp::{ContactKinematics, ContactLcp, is_frictional};
use super::error::TimeSteppingError;
use super::finite::check_finite;
use super::step_plan::{StepPlan, StepStart};
use super::velocity_operator::VelocityOperator;
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

/// The velocity-level outcome of one step (everything but the end position).
#[derive(Debug, Clone, Copy)]
pub(crate) struct VelocityJump<const NQ: usize, const NB: usize, const NU: usize> {
    /// u_E.
    pub u_e: Vector<NQ>,
    /// Λ_B.
    pub lambda_b: Vector<NB>,
    /// Gaps that decided H.
    pub gaps_eval: Vector<NU>,
    /// Membership in H.
    pub active: [bool; NU],
    /// Λ_N, Λ_T (zero outside H).
    pub lambda_n: Vector<NU>,
    pub lambda_t: Vector<NU>,
    /// ξ_N, ξ_T of (11) (zero outside H).
    pub xi_n: Vector<NU>,
    pub xi_t: Vector<NU>,
    /// Dimension of the contact LCP (0: none solved), Lemke pivots, warm start used.
    pub lcp_size: usize,
    pub lcp_pivots: usize,
    pub warm_started: bool,
}

impl<const NQ: usize, const NB: usize, const NU: usize> VelocityJump<NQ, NB, NU> {
    /// No jump yet: u_E = u_A, no contact, all impulses zero.
    pub(crate) fn none(u_a: Vector<NQ>) -> Self {
        Self {
            u_e: u_a,
            lambda_b: Vector::zeros(),
            gaps_eval: Vector::zeros(),
            active: [false; NU],
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            xi_n: Vector::zeros(),
            xi_t: Vector::zeros(),
            lcp_size: 0,
            lcp_pivots: 0,
            warm_started: false,
        }
    }
}

/// The model, contact laws and LCP workspace a step works with.
pub(crate) struct ImpactContact<'a, Model, const NU: usize> {
    pub model: &'a Model,
    pub laws: &'a [ContactLaw; NU],
    pub lcp: &'a mut ContactLcp,
}

// The stages write into caller-owned values instead of returning them: these fixed-size
// matrices are copied on every return otherwise, which is measurable in the per-step cost.
impl<Model, const NU: usize> ImpactContact<'_, Model, NU> {
    /// Steps (b)–(e): the velocity jump of the step planned by `plan`, written into `jump`
    /// (which must start as [`VelocityJump::none`]; on error its contents are unspecified).
    #[inline(always)]
    pub(crate) fn velocity_jump<const NQ: usize, const NB: usize>(
        &mut self,
        start: &StepStart<NQ>,
        plan: StepPlan<NQ>,
        jump: &mut VelocityJump<NQ, NB, NU>,
    ) -> Result<(), TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        self.active_set(
            &plan.q_gap,
            plan.t_gap,
            &mut jump.gaps_eval,
            &mut jump.active,
        )?;
        let (q_eval, t_eval) = (&plan.q_eval, plan.t_eval);

        // (c) Bilateral constraints at velocity level: G, ĝ and the constrained inverse P.
        let mut jac_b = Matrix::<NQ, NB>::zeros();
        let mut g_hat = Vector::<NB>::zeros();
        if NB > 0 {
            self.model
                .bilateral_jacobian(q_eval, t_eval, &mut jac_b, &mut g_hat);
            check_finite(jac_b.as_slice(), t_eval, "G")?;
            check_finite(g_hat.as_slice(), t_eval, "G")?;
        }
        let op = VelocityOperator::new(plan.factor, jac_b)
            .ok_or(TimeSteppingError::DependentBilateralConstraints { t: t_eval })?;

        // (d) Contact impulses from the LCP (27), (33).
        let mut p = plan.smooth_impulse;
        let mut kin = ContactKinematics {
            w_n: Matrix::zeros(),
            what_n: Vector::zeros(),
            w_t: Matrix::zeros(),
            what_t: Vector::zeros(),
        };
        let any_active = jump.active.iter().any(|&a| a);
        if any_active {
            self.contact_kinematics(q_eval, t_eval, &mut kin)?;
            let (u_free, _) = op.velocity(&start.u_a, &p, &g_hat);
            let active = &jump.active;
            let size = (0..NU)
                .filter(|&i| active[i])
                .map(|i| if is_frictional(&self.laws[i]) { 3 } else { 1 })
                .sum();
            let imp = self
                .lcp
                .solve(&op, &kin, self.laws, active, &start.u_a, &u_free)
                .map_err(|source| TimeSteppingError::Lcp {
                    t: start.t_a,
                    size,
                    source,
                })?;
            jump.lambda_n = imp.lambda_n;
            jump.lambda_t = imp.lambda_t;
            jump.lcp_size = imp.size;
            jump.lcp_pivots = imp.pivots;
            jump.warm_started = imp.warm_started;
            p += kin.w_n * imp.lambda_n + kin.w_t * imp.lambda_t;
        }

        // (e) Velocities, and ξ on H.
        (jump.u_e, jump.lambda_b) = op.velocity(&start.u_a, &p, &g_hat);
        if any_active {
            self.restitution_velocities(&kin, start, jump);
        }
        Ok(())
    }

    /// (b) H = {i : g_Ni(q_gap, t_gap) ≤ 0} and the gaps that decided it.
    #[inline(always)]
    fn active_set<const NQ: usize, const NB: usize>(
        &self,
        q_gap: &Vector<NQ>,
        t_gap: f64,
        g_n: &mut Vector<NU>,
        active: &mut [bool; NU],
    ) -> Result<(), TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        self.model.gaps(q_gap, t_gap, g_n);
        check_finite(g_n.as_slice(), t_gap, "g_N")?;
        for i in 0..NU {
            active[i] = g_n[i] <= 0.0;
        }
        Ok(())
    }

    /// W_N, ŵ_N, W_T, ŵ_T at the evaluation point.
    #[inline(always)]
    fn contact_kinematics<const NQ: usize, const NB: usize>(
        &self,
        q: &Vector<NQ>,
        t: f64,
        kin: &mut ContactKinematics<NQ, NU>,
    ) -> Result<(), TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        self.model.gap_jacobian(q, t, &mut kin.w_n, &mut kin.what_n);
        check_finite(kin.w_n.as_slice(), t, "W_N")?;
        check_finite(kin.what_n.as_slice(), t, "W_N")?;
        self.model
            .slip_jacobian(q, t, &mut kin.w_t, &mut kin.what_t);
        check_finite(kin.w_t.as_slice(), t, "W_T")?;
        check_finite(kin.what_t.as_slice(), t, "W_T")?;
        Ok(())
    }

    /// ξ_N = γ_N^E + ε_N γ_N^A, ξ_T = γ_T^E + ε_T γ_T^A on H (11), zero outside.
    #[inline(always)]
    fn restitution_velocities<const NQ: usize, const NB: usize>(
        &self,
        kin: &ContactKinematics<NQ, NU>,
        start: &StepStart<NQ>,
        jump: &mut VelocityJump<NQ, NB, NU>,
    ) {
        let (gn_a, gt_a) = kin.relative_velocities(&start.u_a);
        let (gn_e, gt_e) = kin.relative_velocities(&jump.u_e);
        for i in (0..NU).filter(|&i| jump.active[i]) {
            jump.xi_n[i] = gn_e[i] + self.laws[i].normal_restitution * gn_a[i];
            jump.xi_t[i] = gt_e[i] + self.laws[i].tangential_restitution * gt_a[i];
        }
    }
}

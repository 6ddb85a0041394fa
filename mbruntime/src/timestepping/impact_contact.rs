//! Step 4 of Glocker & Studer (2005), (17), shared by both schemes: the velocity jump of one
//! step under the impact-contact laws (11)–(12) and the bilateral constraints.
//!
//! Given a scheme's [`StepPlan`] (iteration matrix A, smooth impulse r, evaluation points):
//! (b) the active set H = {i : g_Ni(q_gap, t_gap) ≤ 0}; (c) the constrained inverse P of A with
//! the bilateral constraints Gᵀu_E + ĝ = 0 condensed out (see
//! [`velocity_operator`](super::velocity_operator)); (d) the contact impulses on H: the contact
//! LCP (33) (see [`contact_lcp`](super::contact_lcp)), or, when a contact of H has a tangent
//! plane and μ > 0, the spatial cone complementarity problem (see
//! [`contact_cone`](super::contact_cone)); (e) u_E from
//! A(u_E − u_A) = r + W_N Λ_N + W_T Λ_T + W_T2 Λ_T2 + G Λ_B, and ξ of (11) on H. Positions are
//! the scheme's business.

use super::contact_cone::{ConeFailure, ConeStep, ContactCone, PreviousImpulses, is_spatial};
use super::contact_kinematics::ContactKinematics;
use super::contact_lcp::{ContactLcp, is_frictional};
use super::error::TimeSteppingError;
use super::finite::check_finite;
use super::record::ContactImpulses;
use super::step_plan::{StepPlan, StepStart};
use super::velocity_operator::VelocityOperator;
use crate::cone::ConeOptions;
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

/// The velocity-level outcome of one step (everything but the end position).
#[derive(Debug, Clone, Copy)]
pub(crate) struct VelocityJump<const NQ: usize, const NB: usize, const NU: usize> {
    /// u_E.
    pub u_e: Vector<NQ>,
    /// The active set, impulses and ξ of the step.
    pub impulses: ContactImpulses<NB, NU>,
}

impl<const NQ: usize, const NB: usize, const NU: usize> VelocityJump<NQ, NB, NU> {
    /// No jump yet: u_E = u_A, no contact, all impulses zero.
    pub(crate) fn none(u_a: Vector<NQ>) -> Self {
        Self {
            u_e: u_a,
            impulses: ContactImpulses::none(),
        }
    }
}

/// The model, contact laws, workspaces and previous impulses a step works with.
pub(crate) struct ImpactContact<'a, Model, const NU: usize> {
    pub model: &'a Model,
    pub laws: &'a [ContactLaw; NU],
    pub lcp: &'a mut ContactLcp,
    pub cone: &'a mut ContactCone,
    pub cone_options: &'a ConeOptions,
    /// The previous step's impulses (the cone problem's warm start).
    pub previous: PreviousImpulses<'a, NU>,
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
            &mut jump.impulses.gaps_eval,
            &mut jump.impulses.active,
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

        // (d) Contact impulses: the LCP (27), (33), or the cone problem if H has a spatial
        // frictional contact.
        let mut p = plan.smooth_impulse;
        let mut kin = ContactKinematics::zeros();
        let any_active = jump.impulses.active.iter().any(|&a| a);
        if any_active {
            self.contact_kinematics(q_eval, t_eval, &mut kin)?;
            let (u_free, _) = op.velocity(&start.u_a, &p, &g_hat);
            let laws = self.laws;
            let spatial = |i: usize| is_spatial(Model::TANGENT_PLANES[i], &laws[i]);
            if (0..NU).any(|i| jump.impulses.active[i] && spatial(i)) {
                self.cone_impulses(&op, &kin, start, &u_free, jump)?;
                p += kin.w_n * jump.impulses.lambda_n
                    + kin.w_t * jump.impulses.lambda_t
                    + kin.w_t2 * jump.impulses.lambda_t2;
            } else {
                self.lcp_impulses(&op, &kin, start, &u_free, jump)?;
                p += kin.w_n * jump.impulses.lambda_n + kin.w_t * jump.impulses.lambda_t;
            }
        }

        // (e) Velocities, and ξ on H.
        (jump.u_e, jump.impulses.lambda_b) = op.velocity(&start.u_a, &p, &g_hat);
        if any_active {
            self.restitution_velocities(&kin, start, jump);
        }
        Ok(())
    }

    /// The LCP (33) on H: Λ_N, Λ_T and the LCP's statistics into `jump`.
    #[inline(always)]
    fn lcp_impulses<const NQ: usize, const NB: usize>(
        &mut self,
        op: &VelocityOperator<NQ, NB>,
        kin: &ContactKinematics<NQ, NU>,
        start: &StepStart<NQ>,
        u_free: &Vector<NQ>,
        jump: &mut VelocityJump<NQ, NB, NU>,
    ) -> Result<(), TimeSteppingError> {
        let active = &jump.impulses.active;
        let size = (0..NU)
            .filter(|&i| active[i])
            .map(|i| if is_frictional(&self.laws[i]) { 3 } else { 1 })
            .sum();
        let imp = self
            .lcp
            .solve(op, kin, self.laws, active, &start.u_a, u_free)
            .map_err(|source| TimeSteppingError::Lcp {
                t: start.t_a,
                size,
                source,
            })?;
        jump.impulses.lambda_n = imp.lambda_n;
        jump.impulses.lambda_t = imp.lambda_t;
        jump.impulses.lcp_size = imp.size;
        jump.impulses.lcp_pivots = imp.pivots;
        jump.impulses.warm_started = imp.warm_started;
        Ok(())
    }

    /// The cone problem on H: Λ_N, Λ_T, Λ_T2 and the solver's statistics into `jump`.
    fn cone_impulses<const NQ: usize, const NB: usize>(
        &mut self,
        op: &VelocityOperator<NQ, NB>,
        kin: &ContactKinematics<NQ, NU>,
        start: &StepStart<NQ>,
        u_free: &Vector<NQ>,
        jump: &mut VelocityJump<NQ, NB, NU>,
    ) -> Result<(), TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        let step = ConeStep {
            op,
            kin,
            laws: self.laws,
            planes: &Model::TANGENT_PLANES,
            active: &jump.impulses.active,
            u_a: &start.u_a,
            u_free,
            previous: self.previous,
            options: self.cone_options,
        };
        let contacts = jump.impulses.active.iter().filter(|&&a| a).count();
        let imp = self.cone.solve(&step).map_err(|failure| match failure {
            ConeFailure::NotConverged {
                contact,
                residual,
                iterations,
            } => TimeSteppingError::FrictionConeNotConverged {
                t: start.t_a,
                contacts,
                contact: Model::CONTACTS[contact],
                residual,
                iterations,
            },
            ConeFailure::Solver(source) => TimeSteppingError::FrictionCone {
                t: start.t_a,
                contacts,
                source,
            },
        })?;
        jump.impulses.lambda_n = imp.lambda_n;
        jump.impulses.lambda_t = imp.lambda_t;
        jump.impulses.lambda_t2 = imp.lambda_t2;
        jump.impulses.cone_size = 3 * imp.contacts;
        jump.impulses.cone_iterations = imp.iterations;
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

    /// W_N, ŵ_N, W_T, ŵ_T (and W_T2, ŵ_T2 for a model with tangent planes) at the evaluation
    /// point.
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
        if Model::TANGENT_PLANES.iter().any(|&p| p) {
            self.model
                .second_slip_jacobian(q, t, &mut kin.w_t2, &mut kin.what_t2);
            check_finite(kin.w_t2.as_slice(), t, "W_T2")?;
            check_finite(kin.what_t2.as_slice(), t, "W_T2")?;
        }
        Ok(())
    }

    /// ξ_N = γ_N^E + ε_N γ_N^A, ξ_T = γ_T^E + ε_T γ_T^A on H (11), and
    /// ξ_T2 = γ_T2^E + ε_T γ_T2^A for contacts with a tangent plane; zero outside.
    #[inline(always)]
    fn restitution_velocities<const NQ: usize, const NB: usize>(
        &self,
        kin: &ContactKinematics<NQ, NU>,
        start: &StepStart<NQ>,
        jump: &mut VelocityJump<NQ, NB, NU>,
    ) where
        Model: Constraints<NQ, NB, NU>,
    {
        let (gn_a, gt_a) = kin.relative_velocities(&start.u_a);
        let (gn_e, gt_e) = kin.relative_velocities(&jump.u_e);
        for i in (0..NU).filter(|&i| jump.impulses.active[i]) {
            jump.impulses.xi_n[i] = gn_e[i] + self.laws[i].normal_restitution * gn_a[i];
            jump.impulses.xi_t[i] = gt_e[i] + self.laws[i].tangential_restitution * gt_a[i];
        }
        let planes = &Model::TANGENT_PLANES;
        if planes.iter().any(|&p| p) {
            let gt2_a = kin.second_tangent_velocities(&start.u_a);
            let gt2_e = kin.second_tangent_velocities(&jump.u_e);
            for i in (0..NU).filter(|&i| jump.impulses.active[i] && planes[i]) {
                jump.impulses.xi_t2[i] = gt2_e[i] + self.laws[i].tangential_restitution * gt2_a[i];
            }
        }
    }
}

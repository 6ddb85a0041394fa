//! The impact law with spatial Coulomb friction: Newton's restitution on the normal, tangential
//! restitution, and Coulomb's cone at impulse level, as a cone complementarity problem.
//!
//! Where a contact of H has a tangent plane (W_T1, W_T2), the impact law of
//! [`friction_impact`](super::friction_impact) holds with the tangential quantities in the
//! plane (Glocker 2001, "Set-Valued Force Laws", ch. 8; Moreau 1988, "Unilateral contact and
//! dry friction in finite freedom dynamics", the impact law at impulse level):
//!
//! ```text
//! ξ_N = γ_N⁺ + ε_N min(γ_N⁻, 0),   ξ_T = γ_T⁺ + ε_T γ_T⁻ ∈ ℝ²,
//! 0 ≤ Λ_N ⟂ ξ_N ≥ 0,   ‖Λ_T‖ ≤ μΛ_N,   Λ_T = −μΛ_N ξ_T/‖ξ_T‖ where ξ_T ≠ 0.
//! ```
//!
//! With u⁺ = u_free + M_c⁻¹ Σ (W_N Λ_N + W_T1 Λ_T1 + W_T2 Λ_T2) (the bilateral impulses
//! condensed, Brogliato 2013, (72)–(77)) this is, with r = (Λ_N, Λ_T1, Λ_T2) and
//! ξ = (ξ_N, ξ_T1, ξ_T2) per contact, the cone complementarity problem of [`crate::cone`]
//!
//! ```text
//! ξ = W r + b,   W = [W_N W_T1 W_T2]ᵀ M_c⁻¹ [W_N W_T1 W_T2],
//! b = (γ_N(u_free) + ε_N min(γ_N⁻, 0), γ_T(u_free) + ε_T γ_T⁻),   K ∋ r ⟂ ξ + μ‖ξ_T‖e_N ∈ K*,
//! ```
//!
//! (De Saxcé & Feng 1991), with W the symmetric positive semidefinite Delassus matrix of H.
//! Planar contacts enter with a zero second tangent, frictionless ones (μ = 0 or no tangent)
//! with their normal row only. It is solved by [`ConeSolver`] to its natural-map certificate,
//! else [`FrictionalImpactError::ConeFailed`] names the residual reached.
//!
//! **Energy.** For ε_N = ε_T = 0 the law is Moreau's inelastic impact with maximal dissipation
//! and the kinetic energy does not increase; for a single contact whose normal and tangent
//! plane are decoupled in the kinetic metric (a ball on a plane) |γ_N⁺| ≤ |γ_N⁻| and
//! ‖γ_T⁺‖ ≤ ‖γ_T⁻‖ give the same for ε_N, ε_T ∈ [0, 1] (the tests check both). As in the planar
//! law, coupled contacts with ε_T > 0 need not be dissipative; the integrator reports the
//! kinetic energy before and after every impact ([`Event`](super::Event)).

use super::cone_workspace::members;
use super::friction_impact::{
    FrictionalImpact, FrictionalImpactError, FrictionalImpactLcp, ImpactMode,
    ZERO_VELOCITY_RELATIVE, finite,
};
use crate::cone::{ConeOptions, ConeProblem};
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

impl<const NQ: usize, const NU: usize> FrictionalImpactLcp<NQ, NU> {
    /// The law of the module docs on H (`contacts`), the factor holding M and the bilateral
    /// columns with right-hand sides `c`, and u_free the velocities without contact impulse.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solve_with_planes<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        laws: &[ContactLaw; NU],
        contacts: &[bool; NU],
        c: &Vector<NQ>,
        t: f64,
        q: &Vector<NQ>,
        u_pre: &Vector<NQ>,
        u_free: &Vector<NQ>,
    ) -> Result<FrictionalImpact<NQ, NB, NU>, FrictionalImpactError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let (w, what) = impact_jacobians(model, laws, t, q)?;
        let pre: [Vector<NU>; 3] = std::array::from_fn(|k| w[k].tr_mul(u_pre) + what[k]);
        let free: [Vector<NU>; 3] = std::array::from_fn(|k| w[k].tr_mul(u_free) + what[k]);
        let (members, nc) = members::<NU>(|i| contacts[i]);
        let members = &members[..nc];
        let frictional = |i: usize| laws[i].has_tangent && laws[i].friction > 0.0;
        // Kinetic-metric rows: normal always, tangents of frictional contacts only.
        let z: [Matrix<NQ, NU>; 3] = std::array::from_fn(|k| {
            let mut zk = Matrix::<NQ, NU>::zeros();
            for &i in members.iter().filter(|&&i| k == 0 || frictional(i)) {
                let col = w[k].column(i).into_owned();
                zk.set_column(i, &self.factor.project_out(&self.factor.whiten(&col)));
            }
            zk
        });
        let m = 3 * nc;
        let cone = &mut self.cone;
        let metric_column = |i: usize, k: usize| z[k].column(i).into_owned();
        cone.write_delassus(members, metric_column, metric_column);
        for (b, &j) in members.iter().enumerate() {
            let law = &laws[j];
            cone.mu[b] = if frictional(j) { law.friction } else { 0.0 };
            cone.b[3 * b] = free[0][j] + law.normal_restitution * pre[0][j].min(0.0);
            for k in 1..3 {
                cone.b[3 * b + k] = if frictional(j) {
                    free[k][j] + law.tangential_restitution * pre[k][j]
                } else {
                    0.0
                };
            }
        }
        cone.r[..m].fill(0.0);
        let failure = |source| cone_failure::<Mo, NQ, NB, NU>(laws, members, source);
        let problem =
            ConeProblem::new(&cone.w[..m * m], &cone.b[..m], &cone.mu[..nc]).map_err(failure)?;
        let report = cone
            .solver
            .solve(
                &problem,
                &mut cone.r[..m],
                &mut cone.u[..m],
                &ConeOptions::default(),
            )
            .map_err(failure)?;
        let mut sol: FrictionalImpact<NQ, NB, NU> = FrictionalImpact::without_impulse(*u_free);
        (sol.lcp_size, sol.pivots) = (m, report.iterations);
        for (a, &i) in members.iter().enumerate() {
            sol.lambda_n[i] = cone.r[3 * a];
            sol.lambda_t[i] = cone.r[3 * a + 1];
            sol.lambda_t2[i] = cone.r[3 * a + 2];
        }
        let f = w[0] * sol.lambda_n + w[1] * sol.lambda_t + w[2] * sol.lambda_t2;
        let (x, mult) = self.factor.solve_kkt(&f, c);
        for j in 0..self.factor.rank() {
            sol.lambda_b[self.factor.kept_tag(j)] = mult[j];
        }
        sol.u_post = u_pre + x;
        let what_failed = "post-impact velocity or impulse";
        finite(sol.u_post.iter().chain(sol.lambda_n.iter()), what_failed)?;
        finite(sol.lambda_t.iter().chain(sol.lambda_t2.iter()), what_failed)?;
        finite(sol.lambda_b.iter(), what_failed)?;
        let post: [Vector<NU>; 3] = std::array::from_fn(|k| w[k].tr_mul(&sol.u_post) + what[k]);
        classify_plane_impact::<Mo, NQ, NB, NU>(laws, members, &pre, &post, &mut sol);
        Ok(sol)
    }
}

/// W_N, W_T1, W_T2 and their time partials at (t, q), tangent data zeroed where the law
/// declares no tangent (W_T2 where the contact has no tangent plane).
#[allow(clippy::type_complexity)]
fn impact_jacobians<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    laws: &[ContactLaw; NU],
    t: f64,
    q: &Vector<NQ>,
) -> Result<([Matrix<NQ, NU>; 3], [Vector<NU>; 3]), FrictionalImpactError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let mut w = [Matrix::<NQ, NU>::zeros(); 3];
    let mut what = [Vector::<NU>::zeros(); 3];
    let [w_n, w_t1, w_t2] = &mut w;
    let [h_n, h_t1, h_t2] = &mut what;
    model.gap_jacobian(q, t, w_n, h_n);
    model.slip_jacobian(q, t, w_t1, h_t1);
    model.second_slip_jacobian(q, t, w_t2, h_t2);
    for i in 0..NU {
        let keep = [
            true,
            laws[i].has_tangent,
            laws[i].has_tangent && Mo::TANGENT_PLANES[i],
        ];
        for k in (1..3).filter(|&k| !keep[k]) {
            w[k].column_mut(i).fill(0.0);
            what[k][i] = 0.0;
        }
    }
    let entries = w.iter().flat_map(|m| m.iter());
    finite(
        entries.chain(what.iter().flat_map(|v| v.iter())),
        "contact Jacobian",
    )?;
    Ok((w, what))
}

/// [`FrictionalImpactError::ConeFailed`] naming the contact of H with the largest μ.
fn cone_failure<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    laws: &[ContactLaw; NU],
    members: &[usize],
    source: crate::cone::ConeError,
) -> FrictionalImpactError
where
    Mo: Constraints<NQ, NB, NU>,
{
    let index = members
        .iter()
        .copied()
        .max_by(|&a, &b| laws[a].friction.total_cmp(&laws[b].friction))
        .unwrap_or(0);
    FrictionalImpactError::ConeFailed {
        contacts: members.len(),
        contact: Mo::CONTACTS[index],
        index,
        friction: laws[index].friction,
        source,
    }
}

/// ξ on H and the mode of every contact of H.
fn classify_plane_impact<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    laws: &[ContactLaw; NU],
    members: &[usize],
    pre: &[Vector<NU>; 3],
    post: &[Vector<NU>; 3],
    sol: &mut FrictionalImpact<NQ, NB, NU>,
) where
    Mo: Constraints<NQ, NB, NU>,
{
    let largest = members
        .iter()
        .map(|&i| pre[0][i].abs().max(pre[1][i].hypot(pre[2][i])))
        .fold(0.0_f64, f64::max);
    let zero = ZERO_VELOCITY_RELATIVE * (1.0 + largest);
    for &i in members {
        let law = &laws[i];
        sol.xi_n[i] = post[0][i] + law.normal_restitution * pre[0][i].min(0.0);
        sol.xi_t[i] = post[1][i] + law.tangential_restitution * pre[1][i];
        sol.xi_t2[i] = post[2][i] + law.tangential_restitution * pre[2][i];
        let slip = sol.xi_t[i].hypot(sol.xi_t2[i]);
        sol.modes[i] = if sol.xi_n[i] > zero {
            ImpactMode::Separating
        } else if !(law.has_tangent && law.friction > 0.0) {
            ImpactMode::Frictionless
        } else if slip <= zero {
            ImpactMode::Sticking
        } else if Mo::TANGENT_PLANES[i] {
            ImpactMode::SlidingPlane {
                direction: [sol.xi_t[i] / slip, sol.xi_t2[i] / slip],
            }
        } else {
            ImpactMode::Sliding {
                sigma: sol.xi_t[i].signum(),
            }
        };
    }
}

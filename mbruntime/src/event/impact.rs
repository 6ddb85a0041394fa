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
//! impulses, p_b = −(GᵀM⁻¹G)⁻¹GᵀM⁻¹W_NΛ (Brogliato (72)–(73), (77)). G holds every
//! bilateral row, holonomic or velocity (nonholonomic, its column Aᵀ), so u⁺ satisfies
//! Gᵀu⁺ + ĝ = 0 for all of them. Complementarity gives
//! Λᵢγᵢ⁺ = −eᵢΛᵢγᵢ⁻ and so ΔT = ½Σ(1 − eᵢ)Λᵢγᵢ⁻ ≤ 0 (Lötstedt (3.11)): impacts never add energy.
//! A contact with g_N = 0 left out because γ⁻ > 0 that the impulses drive to γ⁺ < 0 is added
//! and the LCP re-solved (at most NU times). Where the contacts are redundant (a block flat on
//! three or four supports) u⁺ is unique but Λ is not; the reported Λ is the unique one of
//! smallest norm (Lötstedt 1982, Lemma 5.2, item 4; [`minimum_norm_multipliers`]).

use super::active_set::ActiveSet;
use super::error::{EventError, LcpStage};
use super::evaluate::KktSystem;
use super::mixed_lcp::MixedLcp;
use super::options::EventOptions;
use crate::linalg::{ConstraintFactor, first_non_finite, minimum_norm_multipliers};
use crate::mechanism::{Constraints, Matrix, State, Vector};

/// The velocity jump of an impact: post-impact velocities and the impulses that cause them.
#[derive(Debug, Clone, Copy)]
pub(super) struct ImpactJump<const NQ: usize, const NB: usize, const NU: usize> {
    /// u⁺.
    pub u_post: Vector<NQ>,
    /// Contact impulses Λ.
    pub impulse: Vector<NU>,
    /// Bilateral impulses p_b.
    pub bilateral_impulse: Vector<NB>,
}

/// The impact law at (t, q, u⁻) triggered by contact `trigger`. `inelastic[i]` forces eᵢ = 0
/// (Zeno switch). The bilateral impulses are condensed; no contact is held closed by the active
/// set during the impact (the LCP decides every contact at g_N = 0).
pub(super) fn impact<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    lcp: &mut MixedLcp<NQ, NU>,
    trigger: usize,
    inelastic: &[bool; NU],
    state: &State<NQ>,
) -> Result<ImpactJump<NQ, NB, NU>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut gn = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gn);
    let gamma = kkt.normal_velocities(model, q, u, t);
    let laws = model.contact_laws();
    let mut in_lcp = [false; NU];
    for i in 0..NU {
        in_lcp[i] =
            i == trigger || (gn[i] <= opts.gap_tolerance && gamma[i] <= opts.velocity_tolerance);
    }
    // Offsets γ⁻ + e ∘ min(γ⁻, 0) of Newton's law.
    let mut d = Vector::<NU>::zeros();
    for i in 0..NU {
        let e = if inelastic[i] || gamma[i].abs() <= opts.velocity_tolerance {
            0.0
        } else {
            laws[i].normal_restitution
        };
        d[i] = gamma[i] + e * gamma[i].min(0.0);
    }
    let mut m = Matrix::<NQ, NQ>::zeros();
    model.mass_matrix(q, t, &mut m);
    kkt.factor_at(model, &ActiveSet::empty(), q, t, &m)?;
    // Bilateral velocity constraints after the impact: Gᵀu⁺ + ĝ = 0.
    let (g_jac, g_tp) = kkt.bilateral_jacobian();
    let mut c = Vector::<NQ>::zeros();
    for k in 0..kkt.factor().rank() {
        let i = kkt.factor().kept_tag(k);
        c[k] = -(g_jac.column(i).dot(u) + g_tp[i]);
    }
    let (w_n, w_tp) = (*kkt.gap_jacobian().0, *kkt.gap_jacobian().1);
    let factor = kkt.factor();
    let mut lambda = Vector::<NU>::zeros();
    // Every pass either returns or adds a contact to the LCP, so at most NU + 1 passes run.
    loop {
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
        let du = lcp
            .solve(
                factor,
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
        let g_post = w_n.tr_mul(&u_post) + w_tp;
        let mut added = false;
        for i in 0..NU {
            if !in_lcp[i] && gn[i] <= opts.gap_tolerance && g_post[i] < -opts.velocity_tolerance {
                in_lcp[i] = true;
                added = true;
            }
        }
        if !added || n == NU {
            // Redundant contacts: the impulse Λ is not unique, its effect is; report the
            // minimum-norm one (Lötstedt 1982, Lemma 5.2, item 4) among the Λ ≥ 0 with the same
            // condensed effect Z Λ and Λᵢ = 0 where Newton's law holds with inequality.
            let tol = opts.velocity_tolerance.max(1e-12 * delta.amax());
            let support: [bool; NU] = std::array::from_fn(|i| in_lcp[i] && delta[i] <= tol);
            let lambda =
                minimum_norm_multipliers(&condensed_columns(factor, &w_n), &support, &lambda);
            let (_, mu) = factor.solve_kkt(&(w_n * lambda), &c);
            let mut p_b = Vector::<NB>::zeros();
            for k in 0..factor.rank() {
                p_b[factor.kept_tag(k)] = mu[k];
            }
            if let Some(entry) = first_non_finite(u_post.iter()) {
                return Err(EventError::NonFinite {
                    t,
                    what: "post-impact velocity",
                    entry,
                });
            }
            return Ok(ImpactJump {
                u_post,
                impulse: lambda,
                bilateral_impulse: p_b,
            });
        }
    }
}

/// Z = P L⁻¹ W_N: the contact columns in the kinetic metric with the bilateral columns of
/// `factor` projected out. Two contact impulses with the same Z Λ have the same effect on u⁺
/// (the bilateral impulses take the difference), so Z defines the set the minimum-norm Λ is
/// chosen from.
pub(super) fn condensed_columns<const NQ: usize, const NU: usize>(
    factor: &ConstraintFactor<NQ>,
    w_n: &Matrix<NQ, NU>,
) -> Matrix<NQ, NU> {
    let mut z = Matrix::<NQ, NU>::zeros();
    for j in 0..NU {
        let column = factor.project_out(&factor.whiten(&w_n.column(j).into_owned()));
        z.set_column(j, &column);
    }
    z
}

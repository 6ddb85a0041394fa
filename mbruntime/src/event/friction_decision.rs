//! The active set with tangential modes after an event, for models with planar Coulomb
//! friction: which contacts stay closed, which of them stick and which slide.
//!
//! The candidates are the contacts with g_N ≤ `gap_tolerance` and γ_N ≤ `velocity_tolerance`
//! (Lötstedt's set J₁ after the impact). The acceleration-level frictional contact problem
//! ([`FrictionalContactLcp`]; Lötstedt 1982, (6.4)–(6.5); Glocker & Studer 2005, (24)–(27) at
//! acceleration level) decides them together: lift-off opens a contact, a contact at rest
//! sticks or starts to slide along its tangential acceleration, a sliding contact keeps the
//! sign of its slip velocity. Where that problem has no solution or no unique one (Painlevé)
//! the decision fails with [`EventError::FrictionModes`], which names the contact, μ and its
//! Painlevé bound: the integrator never picks one of several solutions silently.
//!
//! **At the cone boundary.** When the event was a sticking contact's friction reaching μλ_N
//! (`slide[i] = Some(d)` for it and for the contacts of its group of parallel tangential
//! columns, [`KktSystem::stick_group`]), the acceleration-level problem still admits sticking
//! there (the force is on the boundary of the friction interval, and the first-order
//! information does not decide); the event function μλ_N − |λ_T| is decreasing through zero, so
//! sticking cannot persist: those contacts are made to slide against their friction force,
//! σ = −sign λ_T (λ_T = −μσλ_N keeps the force continuous), or in a tangent plane in the
//! direction d = −λ_T/‖λ_T‖. Without this rule the integrator would stop at the same instant
//! again.
//!
//! **Tangent planes.** Where a candidate contact has a tangent plane the problem is the cone
//! complementarity problem of `friction_cone_modes`; `stopped` names the contact whose slip
//! stopped at this event, which is decided as at rest (its slip vanishes to the accuracy of
//! the located root only).
//!
//! **Normal force reaching zero.** Likewise, when the event was a closed contact's normal force
//! reaching zero (`released`), the problem sees λ_N = g̈_N = 0 there and keeps the contact
//! closed, although λ_N is decreasing through zero. For that contact the first-derivative
//! problem of Lötstedt's Theorem 5.4 with a single contact, δ̇ = aλ̇ + ḃ with a > 0 and
//! λ̇ ≥ 0 ⟂ δ̇ ≥ 0, has the closed motion's λ̇ = −ḃ/a < 0, so ḃ > 0 and the solution is λ̇ = 0,
//! δ̇ = ḃ > 0: the contact opens. The problem is then solved again without it.
//!
//! Other degenerate contacts with λ_N = g̈_N = 0 are kept closed at this level (the higher-derivative
//! iteration of Theorem 5.4 is used for frictionless models only).

use super::active_set::{ActiveSet, TangentialMode};
use super::derivative_iteration::{ActiveSetDecision, MAX_DERIVATIVE_ORDER};
use super::error::EventError;
use super::evaluate::KktSystem;
use super::friction_modes::{ContactMode, FrictionalContactLcp, ModeTolerances};
use super::options::EventOptions;
use crate::mechanism::{Constraints, State, Vector};

/// The tolerances of the mode problem from the integrator's options.
pub(super) fn mode_tolerances(opts: &EventOptions) -> ModeTolerances {
    ModeTolerances {
        gap: opts.gap_tolerance,
        normal_velocity: opts.velocity_tolerance,
        slip_velocity: opts.slip_tolerance,
        zero: opts.zero_tolerance,
        rank: opts.rank_tolerance,
    }
}

/// What the event that led to a decision says about it (see the module docs).
#[derive(Debug, Clone, Copy)]
pub(super) struct EventHints<const NU: usize> {
    /// The contacts whose sticking reached the cone boundary, with their slip direction.
    pub slide: [Option<[f64; 2]>; NU],
    /// The contact whose normal force reached zero.
    pub released: Option<usize>,
    /// The contact whose slip stopped.
    pub stopped: Option<usize>,
}

/// Decides the closed contacts and their tangential modes at (t, q, u).
pub(super) fn decide_frictional_modes<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    modes_lcp: &mut FrictionalContactLcp<NQ, NU>,
    state: &State<NQ>,
    hints: &EventHints<NU>,
) -> Result<ActiveSetDecision<NU>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let EventHints {
        slide,
        released,
        stopped,
    } = *hints;
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut decision = ActiveSetDecision {
        active: ActiveSet::empty(),
        acceleration_lcp: None,
        derivative_lcps: [None; MAX_DERIVATIVE_ORDER],
    };
    let mut gn = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gn);
    let gamma = kkt.normal_velocities(model, q, u, t);
    let mut candidates = [false; NU];
    for i in 0..NU {
        candidates[i] = gn[i] <= opts.gap_tolerance && gamma[i] <= opts.velocity_tolerance;
    }
    if !candidates.iter().any(|&c| c) {
        return Ok(decision);
    }
    let tolerances = mode_tolerances(opts);
    let mut at_rest = [false; NU];
    if let Some(i) = stopped.filter(|&i| i < NU && Mo::TANGENT_PLANES[i]) {
        at_rest[i] = true;
    }
    let mut sol = modes_lcp
        .solve_at_rest(model, &candidates, &at_rest, &tolerances, t, q, u)
        .map_err(|source| EventError::FrictionModes { t, source })?;
    if let Some(i) = released
        && !matches!(sol.modes[i], ContactMode::Open | ContactMode::LiftingOff)
        && sol.lambda_n[i] <= opts.zero_tolerance * (1.0 + sol.lambda_n.amax())
    {
        candidates[i] = false;
        sol = modes_lcp
            .solve_at_rest(model, &candidates, &at_rest, &tolerances, t, q, u)
            .map_err(|source| EventError::FrictionModes { t, source })?;
    }
    decision.acceleration_lcp = Some((sol.lambda_n, sol.normal_acceleration));
    let laws = model.contact_laws();
    for (i, law) in laws.iter().enumerate() {
        let tangential = match sol.modes[i] {
            ContactMode::Open | ContactMode::LiftingOff => continue,
            ContactMode::Closed => TangentialMode::Free,
            _ if law.friction == 0.0 => TangentialMode::Free,
            ContactMode::Sticking => match slide[i] {
                Some(direction) if Mo::TANGENT_PLANES[i] => {
                    TangentialMode::SlidingPlane { direction }
                }
                Some([sigma, _]) => TangentialMode::Sliding { sigma },
                None => TangentialMode::Sticking,
            },
            ContactMode::Sliding { sigma } | ContactMode::StartsSliding { sigma } => {
                TangentialMode::Sliding { sigma }
            }
            ContactMode::SlidingPlane { direction }
            | ContactMode::StartsSlidingPlane { direction } => {
                TangentialMode::SlidingPlane { direction }
            }
        };
        decision.active.close(i);
        decision.active.set_tangential(i, tangential);
    }
    Ok(decision)
}

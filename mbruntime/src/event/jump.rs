//! The state jump at a located event, decided with the active set that held before it.
//!
//! At a gap event the hitting gap is first made exactly zero (a position projection with the
//! contact closed in a trial copy of the active set), then the velocities are projected onto the
//! constraints of the pre-event active set at the corrected positions. With γ⁻ the contact's
//! normal velocity there:
//!
//! * γ⁻ < −`velocity_tolerance` and |γ⁻| ≤ γ_graze: a grazing closing, no impulse
//!   ([`grazing`](super::grazing));
//! * γ⁻ < −`velocity_tolerance` otherwise: an impact with Newton's law ([`impact`](super::impact)),
//!   made inelastic when one of the Zeno criteria fires ([`zeno`](super::zeno));
//! * a gap event with γ⁻ ≥ −`velocity_tolerance`, or a multiplier event: no jump; the active-set
//!   decision after the event settles the contact;
//! * a slip event (the slip velocity of a sliding contact reached zero): the velocities are
//!   projected onto γ_T = 0 of that contact as well, no impulse;
//! * a stick-force event (the friction of a sticking contact reached μλ_N): no jump.
//!
//! With planar Coulomb friction the impact is the frictional impact law
//! ([`FrictionalImpactLcp`]: ε_N, ε_T and μ at impulse level, Glocker & Studer 2005,
//! (24)–(33)) on the contacts at g_N = 0 with γ_N ≤ 0; a contact at g_N = 0 that the impulses
//! drive into the obstacle is added and the law solved again, as without friction.
//!
//! Nothing here changes the integrator: the jump is returned, and committed together with the
//! new active set only once both succeeded.

use super::active_set::{ActiveSet, TangentialMode};
use super::error::EventError;
use super::evaluate::KktSystem;
use super::friction_impact::{FrictionalImpact, FrictionalImpactLcp};
use super::grazing::{grazing_closing, grazing_velocity};
use super::impact::impact;
use super::mixed_lcp::MixedLcp;
use super::options::EventOptions;
use super::report::EventKind;
use super::zeno::{FlightHistory, unresolvable_flight_end};
use crate::mechanism::{Constraints, State, Vector};

/// Which event function of a contact changed sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Trigger {
    /// The gap of an open contact reached zero.
    Gap,
    /// The normal force λ_N of a closed contact reached zero.
    NormalForce,
    /// The normal force of a closed contact that started the step at zero (decided closed by
    /// a higher derivative, or at round-off) turned negative: the contact pulls, so it is
    /// opened at the start of the step (Lötstedt 1982, (2.5): λ ≥ 0).
    PullingForce,
    /// The slip velocity of a sliding contact reached zero.
    SlipVelocity,
    /// The friction force of a sticking contact reached the cone boundary: μλ_N − |λ_T| = 0.
    StickForce,
    /// The scaled determinant of A(μ) of the sliding contacts reached zero (Painlevé).
    SlidingDeterminant,
}

/// The located event: its time and state, the contact that triggered it and how.
#[derive(Debug, Clone, Copy)]
pub(super) struct LocatedEvent<const NQ: usize> {
    /// Event time.
    pub t: f64,
    /// Positions at the event (before any projection).
    pub q: Vector<NQ>,
    /// Velocities at the event (before any projection).
    pub u: Vector<NQ>,
    /// The triggering contact.
    pub contact: usize,
    /// Which of its event functions reached zero.
    pub trigger: Trigger,
}

/// The decided jump of one event (before the new active set is decided).
#[derive(Debug, Clone, Copy)]
pub(super) struct Jump<const NQ: usize, const NB: usize, const NU: usize> {
    /// Kind of the event.
    pub kind: EventKind,
    /// Positions after the jump (projected; only a grazing closing moves them further).
    pub q: Vector<NQ>,
    /// Velocities before (projected onto the pre-event constraints).
    pub u_pre: Vector<NQ>,
    /// Velocities after.
    pub u_post: Vector<NQ>,
    /// Kinetic energy with `u_pre`.
    pub kinetic_energy_pre: f64,
    /// Contact impulses Λ (zero without impact).
    pub impulse: Vector<NU>,
    /// Tangential impulses Λ_T (zero without impact or friction).
    pub tangential_impulse: Vector<NU>,
    /// Impulses along the second tangents (contacts with a tangent plane).
    pub second_tangential_impulse: Vector<NU>,
    /// Bilateral impulses p_b (zero without impact).
    pub bilateral_impulse: Vector<NB>,
    /// The triggering contact's flight history after the event.
    pub flight: FlightHistory,
}

/// The workspaces and data a jump is decided with.
pub(super) struct JumpContext<'a, Mo, const NQ: usize, const NB: usize, const NU: usize> {
    /// The model.
    pub model: &'a Mo,
    /// The options.
    pub opts: &'a EventOptions,
    /// KKT workspace.
    pub kkt: &'a mut KktSystem<NQ, NB, NU>,
    /// LCP workspace.
    pub lcp: &'a mut MixedLcp<NQ, NU>,
    /// Workspace of the frictional impact law; `Some` for a model with friction.
    pub friction_impact: Option<&'a mut FrictionalImpactLcp<NQ, NU>>,
    /// The active set before the event.
    pub active: &'a ActiveSet<NU>,
}

/// Decides the jump at `event`; `flight` is the triggering contact's flight history before it.
pub(super) fn event_jump<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    cx: JumpContext<'_, Mo, NQ, NB, NU>,
    event: &LocatedEvent<NQ>,
    flight: FlightHistory,
) -> Result<Jump<NQ, NB, NU>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let JumpContext {
        model,
        opts,
        kkt,
        lcp,
        friction_impact,
        active,
    } = cx;
    let LocatedEvent {
        t,
        mut q,
        mut u,
        contact,
        trigger,
    } = *event;
    let is_gap = trigger == Trigger::Gap;
    if is_gap {
        kkt.project(
            model,
            &active.with_closed(contact),
            t,
            &mut q,
            &mut u,
            false,
        )?;
    }
    let mut held = *active;
    if trigger == Trigger::SlipVelocity {
        // The slip located at zero is made exactly zero.
        held.set_tangential(contact, TangentialMode::Sticking);
    }
    kkt.project(model, &held, t, &mut q, &mut u, true)?;
    let gamma = kkt.normal_velocities(model, &q, &u, t);
    let mut jump = Jump {
        kind: match trigger {
            Trigger::Gap => EventKind::Grazing,
            Trigger::NormalForce | Trigger::PullingForce | Trigger::SlidingDeterminant => {
                EventKind::MultiplierZero
            }
            Trigger::SlipVelocity => EventKind::SlipStops,
            Trigger::StickForce => EventKind::StickEnds,
        },
        q,
        u_pre: u,
        u_post: u,
        kinetic_energy_pre: model.kinetic_energy(&q, &u, t),
        impulse: Vector::zeros(),
        tangential_impulse: Vector::zeros(),
        second_tangential_impulse: Vector::zeros(),
        bilateral_impulse: Vector::zeros(),
        flight,
    };
    let approaching = is_gap && gamma[contact] < -opts.velocity_tolerance;
    let state = State::new(t, q, u);
    if approaching
        && -gamma[contact] <= grazing_velocity(model, opts, kkt, active, contact, &state)?
    {
        // Numerically tangential approach: no impulse, the active set decides.
        (jump.q, jump.u_post) = grazing_closing(model, kkt, active, contact, t, (q, u))?;
    } else if approaching {
        let rebound = model.contact_laws()[contact].normal_restitution * -gamma[contact];
        let t_limit = match jump.flight.impact(t, rebound, &opts.zeno_thresholds()) {
            Some(t_limit) => Some(t_limit),
            None => unresolvable_flight(model, kkt, active, contact, gamma[contact], &state)?,
        };
        let mut inelastic = [false; NU];
        jump.kind = match t_limit {
            Some(t_limit) => {
                inelastic[contact] = true;
                jump.flight = FlightHistory::default();
                EventKind::Accumulation { t_limit }
            }
            None => EventKind::Impact,
        };
        if let Some(law) = friction_impact {
            let jumped = frictional_impact(model, opts, kkt, law, contact, &inelastic, &state)?;
            jump.u_post = jumped.u_post;
            jump.impulse = jumped.lambda_n;
            jump.tangential_impulse = jumped.lambda_t;
            jump.second_tangential_impulse = jumped.lambda_t2;
            jump.bilateral_impulse = jumped.lambda_b;
        } else {
            let jumped = impact(model, opts, kkt, lcp, contact, &inelastic, &state)?;
            jump.u_post = jumped.u_post;
            jump.impulse = jumped.impulse;
            jump.bilateral_impulse = jumped.bilateral_impulse;
        }
    } else if matches!(trigger, Trigger::NormalForce | Trigger::PullingForce) {
        jump.flight = FlightHistory::default();
    }
    Ok(jump)
}

/// The frictional impact law at (t, q, u⁻) triggered by contact `trigger` on the contacts at
/// g_N = 0 with γ_N⁻ ≤ 0 (with ε_N = ε_T = 0 where `inelastic` and on contacts with
/// |γ_N⁻| ≤ `velocity_tolerance`), adding contacts at g_N = 0 that the
/// impulses drive into the obstacle (at most NU passes).
fn frictional_impact<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    law: &mut FrictionalImpactLcp<NQ, NU>,
    trigger: usize,
    inelastic: &[bool; NU],
    state: &State<NQ>,
) -> Result<FrictionalImpact<NQ, NB, NU>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut gn = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gn);
    let gamma = kkt.normal_velocities(model, q, u, t);
    let mut in_law = [false; NU];
    let mut restitution_off = *inelastic;
    for i in 0..NU {
        in_law[i] =
            i == trigger || (gn[i] <= opts.gap_tolerance && gamma[i] <= opts.velocity_tolerance);
        // A contact at rest in the normal direction takes part without restitution.
        restitution_off[i] |= gamma[i].abs() <= opts.velocity_tolerance;
    }
    loop {
        let sol = law
            .solve_with_inelastic(model, &in_law, &restitution_off, t, q, u)
            .map_err(|source| EventError::FrictionalImpact { t, source })?;
        let g_post = kkt.normal_velocities(model, q, &sol.u_post, t);
        let mut added = false;
        for i in 0..NU {
            if !in_law[i] && gn[i] <= opts.gap_tolerance && g_post[i] < -opts.velocity_tolerance {
                in_law[i] = true;
                added = true;
            }
        }
        if !added {
            return Ok(sol);
        }
    }
}

/// The second Zeno criterion ([`unresolvable_flight_end`]) for `contact` at the pre-impact
/// state, with the normal acceleration δ = wᵀq̈ + ẇ of the pre-event active set and the rebound
/// velocity e|γ⁻|.
fn unresolvable_flight<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    kkt: &mut KktSystem<NQ, NB, NU>,
    active: &ActiveSet<NU>,
    contact: usize,
    gamma_pre: f64,
    state: &State<NQ>,
) -> Result<Option<f64>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut a = Vector::<NQ>::zeros();
    kkt.acceleration(model, active, t, q, u, &mut a)?;
    let mut drift = Vector::<NU>::zeros();
    model.gap_drift(q, u, t, &mut drift);
    let w = kkt.gap_jacobian().0.column(contact).into_owned();
    let delta = w.dot(&a) + drift[contact];
    let e = model.contact_laws()[contact].normal_restitution;
    Ok(unresolvable_flight_end(
        &w,
        q,
        delta,
        e * gamma_pre.abs(),
        e,
        t,
    ))
}

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
//!   decision after the event settles the contact.
//!
//! Nothing here changes the integrator: the jump is returned, and committed together with the
//! new active set only once both succeeded.

use super::active_set::ActiveSet;
use super::error::EventError;
use super::evaluate::KktSystem;
use super::grazing::{grazing_closing, grazing_velocity};
use super::impact::impact;
use super::mixed_lcp::MixedLcp;
use super::options::EventOptions;
use super::report::EventKind;
use super::zeno::{FlightHistory, unresolvable_flight_end};
use crate::mechanism::{Constraints, Vector};

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
    /// Whether its gap (open contact) or its multiplier (closed contact) reached zero.
    pub is_gap: bool,
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
        active,
    } = cx;
    let LocatedEvent {
        t,
        mut q,
        mut u,
        contact,
        is_gap,
    } = *event;
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
    kkt.project(model, active, t, &mut q, &mut u, true)?;
    let gamma = kkt.normal_velocities(model, &q, &u, t);
    let mut jump = Jump {
        kind: if is_gap {
            EventKind::Grazing
        } else {
            EventKind::MultiplierZero
        },
        q,
        u_pre: u,
        u_post: u,
        kinetic_energy_pre: model.kinetic_energy(&q, &u, t),
        impulse: Vector::zeros(),
        bilateral_impulse: Vector::zeros(),
        flight,
    };
    let approaching = is_gap && gamma[contact] < -opts.velocity_tolerance;
    if approaching
        && -gamma[contact] <= grazing_velocity(model, opts, kkt, active, contact, t, &q, &u)?
    {
        // Numerically tangential approach: no impulse, the active set decides.
        (jump.q, jump.u_post) = grazing_closing(model, kkt, active, contact, t, (q, u))?;
    } else if approaching {
        let rebound = model.contact_laws()[contact].normal_restitution * -gamma[contact];
        let t_limit = match jump.flight.impact(t, rebound, &opts.zeno_thresholds()) {
            Some(t_limit) => Some(t_limit),
            None => unresolvable_flight(model, kkt, active, contact, gamma[contact], t, &q, &u)?,
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
        let jumped = impact(model, opts, kkt, lcp, contact, &inelastic, t, &q, &u)?;
        jump.u_post = jumped.u_post;
        jump.impulse = jumped.impulse;
        jump.bilateral_impulse = jumped.bilateral_impulse;
    } else if !is_gap {
        jump.flight = FlightHistory::default();
    }
    Ok(jump)
}

/// The second Zeno criterion ([`unresolvable_flight_end`]) for `contact` at the pre-impact
/// state, with the normal acceleration δ = wᵀq̈ + ẇ of the pre-event active set and the rebound
/// velocity e|γ⁻|.
#[allow(clippy::too_many_arguments)]
fn unresolvable_flight<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    kkt: &mut KktSystem<NQ, NB, NU>,
    active: &ActiveSet<NU>,
    contact: usize,
    gamma_pre: f64,
    t: f64,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
) -> Result<Option<f64>, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
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

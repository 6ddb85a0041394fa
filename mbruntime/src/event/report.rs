//! What the integrator reports to its caller: accepted steps and events.

use super::friction_modes::ContactMode;
use crate::mechanism::{Segment, Vector};

/// Kind of an event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EventKind {
    /// A gap reached zero with negative normal velocity: impact LCP with Newton's law.
    Impact,
    /// An impact at which a Zeno criterion fired (see [`zeno`](super::zeno)): the impact is
    /// made inelastic, the contact persistent, and the remaining flights are collapsed up to the
    /// predicted accumulation time `t_limit`, where a [`Rest`](Self::Rest) event follows. No
    /// step is reported in between (the motion there is integrated with the contact closed).
    Accumulation {
        /// Predicted accumulation time t∞.
        t_limit: f64,
    },
    /// The contact of an [`Accumulation`](Self::Accumulation) at rest at the accumulation time
    /// (`t` = t∞), with the state there; no jump (`u_pre` = `u_post`, no impulse).
    Rest,
    /// The multiplier of a closed contact reached zero: new active set, no impulse.
    MultiplierZero,
    /// The slip velocity of a sliding contact reached zero (along its tangent, or in its tangent
    /// plane): no jump;
    /// the acceleration-level frictional problem decides whether it sticks or slides on
    /// (reversing, or in the same direction), or lifts off.
    SlipStops,
    /// The friction force of a sticking contact reached the boundary |λ_T| = μλ_N: no jump;
    /// the contact starts to slide (or the problem decides otherwise).
    StickEnds,
    /// A gap reached zero with numerically zero normal velocity, |γ| below the grazing
    /// threshold max(`velocity_tolerance`, rtol^{1/3}·√(2T wᵀM_c⁻¹w)) (see
    /// [`grazing`](super::grazing)): no impulse, the normal velocity is projected away and the
    /// active set (Theorem 5.4) decides whether the contact stays closed (`closed` of the event).
    Grazing,
}

/// One event, with the state jump it caused.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Event<const NQ: usize, const NB: usize, const NU: usize> {
    /// Event time (located by root finding on the dense output).
    pub t: f64,
    /// Kind.
    pub kind: EventKind,
    /// The contact whose gap or multiplier triggered the event.
    pub contact: usize,
    /// Positions at the event.
    pub q: Vector<NQ>,
    /// Velocities before.
    pub u_pre: Vector<NQ>,
    /// Velocities after.
    pub u_post: Vector<NQ>,
    /// Contact impulses Λ (zero if no impact): where the contacts are redundant and Λ is not
    /// unique, the one of smallest norm (Lötstedt 1982, Lemma 5.2, item 4; frictionless
    /// impacts).
    pub impulse: Vector<NU>,
    /// Tangential (friction) impulses Λ_T along W_T (zero if no impact or no friction).
    pub tangential_impulse: Vector<NU>,
    /// Friction impulses along the second tangent W_T2 of contacts with a tangent plane (zero
    /// elsewhere, and if no impact).
    pub second_tangential_impulse: Vector<NU>,
    /// Bilateral impulses p_b (Brogliato (72)).
    pub bilateral_impulse: Vector<NB>,
    /// Kinetic energy before.
    pub kinetic_energy_pre: f64,
    /// Kinetic energy after.
    pub kinetic_energy_post: f64,
    /// Closed contacts after the event.
    pub closed: [bool; NU],
    /// What every contact does after the event: `Open`, `Closed` (no friction force),
    /// `Sticking` or `Sliding { sigma }`.
    pub modes: [ContactMode; NU],
}

/// A report passed to the caller's callback.
#[derive(Debug, Clone, Copy)]
pub enum Report<'a, const NQ: usize, const NB: usize, const NU: usize> {
    /// An accepted smooth step from (t_start, q_start) to (t, q, u), with the multipliers at
    /// its end.
    Step {
        /// Time at the start.
        t_start: f64,
        /// Positions at the start.
        q_start: &'a Vector<NQ>,
        /// Time.
        t: f64,
        /// Positions.
        q: &'a Vector<NQ>,
        /// Velocities.
        u: &'a Vector<NQ>,
        /// Contact multipliers λ_N (zero for open contacts).
        lambda: &'a Vector<NU>,
    },
    /// An event.
    Event(&'a Event<NQ, NB, NU>),
}

/// A step is the segment from its start to its end; an event the segment of zero length at
/// its time and position.
impl<const NQ: usize, const NB: usize, const NU: usize> Segment<NQ> for Report<'_, NQ, NB, NU> {
    fn start(&self) -> (f64, &Vector<NQ>) {
        match self {
            Report::Step {
                t_start, q_start, ..
            } => (*t_start, q_start),
            Report::Event(event) => (event.t, &event.q),
        }
    }

    fn end(&self) -> (f64, &Vector<NQ>) {
        match self {
            Report::Step { t, q, .. } => (*t, q),
            Report::Event(event) => (event.t, &event.q),
        }
    }
}

/// Work counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Accepted smooth steps.
    pub steps: usize,
    /// Rejected trial steps.
    pub rejected: usize,
    /// Events handled.
    pub events: usize,
    /// Impacts among them.
    pub impacts: usize,
    /// Acceleration evaluations.
    pub evaluations: usize,
}

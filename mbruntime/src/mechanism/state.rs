//! The state of a motion at one instant, and a step between two instants: what both
//! integrators hold and what their observers see.

use super::Vector;

/// (t, q, u): time, coordinates and velocities (u = q̇ wherever q̇ exists).
///
/// Both integrators keep their current state as one, and the event-driven integrator's
/// internal routines take it as one argument; its time derivatives of any order travel as a
/// [`StateJet`](super::StateJet).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State<const NQ: usize> {
    /// Time t.
    pub t: f64,
    /// Coordinates q.
    pub q: Vector<NQ>,
    /// Velocities u.
    pub u: Vector<NQ>,
}

impl<const NQ: usize> State<NQ> {
    /// The state (t, q, u).
    pub fn new(t: f64, q: Vector<NQ>, u: Vector<NQ>) -> Self {
        Self { t, q, u }
    }

    /// Whether t and every entry of q and u are finite.
    pub fn is_finite(&self) -> bool {
        self.t.is_finite() && self.q.iter().chain(self.u.iter()).all(|x| x.is_finite())
    }
}

/// A piece of a motion, from the coordinates at its start to those at its end: one step of the
/// time-stepping integrator, or one accepted step or event of the event-driven one (an event is
/// a segment of zero length). Observers that reduce a run (e.g. a Poincaré section) take any
/// segment, so they serve both integrators.
pub trait Segment<const NQ: usize> {
    /// (t, q) at the start.
    fn start(&self) -> (f64, &Vector<NQ>);
    /// (t, q) at the end.
    fn end(&self) -> (f64, &Vector<NQ>);
}

//! The closed-form transitions of the driven spring block from rest (Den Hartog 1931, the
//! motion with stops; `mb_examples::stick_slip_reference::driven_spring`).

use mb_examples::friction_event_models::spring_dragged_block::SpringDraggedBlock;
use mb_examples::stick_slip_reference::{Motion, ReferenceError, driven_spring};

/// Which way a transition goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transition {
    /// A stick phase ends: the block starts to slip.
    SlipStarts,
    /// A slip phase ends: the slip velocity returns to zero.
    SlipEnds,
}

/// The first `count` transitions (time, kind) and the end time of the runs: midway between the
/// last of them and the next one, so that every method sees exactly `count` transitions.
pub struct Reference {
    /// (t_end of the phase, the transition that ends it), in time order.
    pub transitions: Vec<(f64, Transition)>,
    /// Where every run stops [s].
    pub t_end: f64,
}

impl Reference {
    /// The block from rest at the origin at t = 0.
    pub fn new(p: &SpringDraggedBlock, count: usize) -> Result<Self, ReferenceError> {
        let phases = driven_spring::phases(p, 0.0, 0.0, count + 1)?;
        let transitions = phases[..count]
            .iter()
            .map(|ph| {
                let kind = match ph.motion {
                    Motion::Stick => Transition::SlipStarts,
                    Motion::Slip { .. } => Transition::SlipEnds,
                };
                (ph.t_end, kind)
            })
            .collect();
        let t_end = 0.5 * (phases[count - 1].t_end + phases[count].t_end);
        Ok(Self { transitions, t_end })
    }

    /// max |t_observed − t_closed| over the slip starts and over the slip ends, `None` unless
    /// `observed` has the same number of transitions with the same kinds in the same order.
    pub fn max_time_errors(&self, observed: &[(f64, Transition)]) -> Option<[f64; 2]> {
        if observed.len() != self.transitions.len() {
            return None;
        }
        let mut worst = [0.0f64; 2];
        for (&(t, kind), &(t_ref, kind_ref)) in observed.iter().zip(&self.transitions) {
            if kind != kind_ref {
                return None;
            }
            let w = &mut worst[usize::from(kind == Transition::SlipEnds)];
            *w = w.max((t - t_ref).abs());
        }
        Some(worst)
    }
}

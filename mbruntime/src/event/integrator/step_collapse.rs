//! The guard against a collapsing step size: many rejected steps in a row, or many accepted
//! steps so short that the integration no longer advances (the symptom of a motion stuck at a
//! configuration the integrator cannot pass), stop the integration with a typed error naming
//! the time, the step and the constraints that are dependent or vanishing there, instead of
//! creeping on for millions of steps.

use super::super::error::EventError;
use super::EventDriven;
use crate::mechanism::{Constraints, Matrix, Rates};

/// Rejected steps in a row that count as a collapse.
const MAX_REJECTED_IN_A_ROW: usize = 50;
/// Accepted steps in a row shorter than [`TINY_STEP`]·(1 + |t|) that count as a collapse.
const MAX_TINY_IN_A_ROW: usize = 1000;
/// A step shorter than this relative to 1 + |t| advances the time by a few thousand ulps only.
const TINY_STEP: f64 = 1e-12;

/// Counts of rejected and tiny steps in a row.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct CollapseGuard {
    rejected: usize,
    tiny: usize,
    smallest: f64,
}

impl CollapseGuard {
    /// A rejected step of size h.
    pub(super) fn rejected(&mut self, h: f64) {
        self.rejected += 1;
        self.smallest = if self.rejected == 1 && self.tiny == 0 {
            h
        } else {
            self.smallest.min(h)
        };
    }

    /// An accepted step of size h from time t.
    pub(super) fn accepted(&mut self, h: f64, t: f64) {
        self.rejected = 0;
        if h < TINY_STEP * (1.0 + t.abs()) {
            self.smallest = if self.tiny == 0 {
                h
            } else {
                self.smallest.min(h)
            };
            self.tiny += 1;
        } else {
            self.tiny = 0;
        }
    }

    /// Whether the step size has collapsed.
    fn collapsed(&self) -> bool {
        self.rejected > MAX_REJECTED_IN_A_ROW || self.tiny > MAX_TINY_IN_A_ROW
    }
}

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Rates<NQ, NB, NU>,
{
    /// [`EventError::StepSizeCollapse`] if the guard says the step size has collapsed.
    pub(super) fn check_collapse(&mut self) -> Result<(), EventError> {
        if !self.collapse.collapsed() {
            return Ok(());
        }
        let guard = self.collapse;
        Err(EventError::StepSizeCollapse {
            t: self.t,
            smallest_step: guard.smallest,
            rejected_in_a_row: guard.rejected,
            tiny_in_a_row: guard.tiny,
            constraints: self.singular_constraints(),
        })
    }

    /// The bilateral constraints the factor at the current state leaves out (dependent on the
    /// others, or vanishing), by name.
    fn singular_constraints(&mut self) -> String {
        let mut m = Matrix::<NQ, NQ>::zeros();
        self.model.mass_matrix(&self.q, self.t, &mut m);
        let active = self.active;
        if self
            .kkt
            .factor_at(&self.model, &active, &self.q, self.t, &m)
            .is_err()
        {
            return "(mass matrix not positive definite)".to_string();
        }
        let factor = self.kkt.factor();
        let names: Vec<&str> = (0..NB)
            .filter(|&i| factor.position(i).is_none())
            .map(|i| <Mo as Constraints<NQ, NB, NU>>::BILATERAL[i])
            .collect();
        if names.is_empty() {
            "none dependent or vanishing".to_string()
        } else {
            names.join(", ")
        }
    }
}

//! The guard against a collapsing step size: many rejected steps in a row, or many accepted
//! steps so short that the integration no longer advances (the symptom of a motion stuck at a
//! configuration the integrator cannot pass), stop the integration with a typed error naming
//! the time, the step and the constraints that are dependent or vanishing there, instead of
//! creeping on for millions of steps.

use super::super::error::EventError;
use super::EventDriven;
use crate::mechanism::{Constraints, Matrix, Rates};

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
            t: self.state.t,
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
        self.model.mass_matrix(&self.state.q, self.state.t, &mut m);
        let active = self.active;
        if self
            .kkt
            .factor_at(&self.model, &active, &self.state.q, self.state.t, &m)
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

//! Error control of the contact forces of a trial step (models with friction).
//!
//! While a contact sticks, or a force is driven by an explicit time dependence, the state may
//! hardly move while the contact forces change: the error estimate of (q, q̇) then lets the
//! step grow past a whole excursion of the friction force out of the cone and back, and the
//! stick-end event is never seen. The forces are therefore controlled as well: sampled at the
//! seven Dormand–Prince stages (the first is the committed force at the start), their order-5
//! quadrature over the step has the embedded error estimate h Σ eᵢ λᵢ
//! ([`ERROR_WEIGHTS`]; Hairer, Nørsett & Wanner, *Solving ODEs I*, Sect. II.4, the error of an
//! added quadrature component ż = λ), and each force of a closed contact must satisfy
//! |Σ eᵢ λᵢ| ≤ atol + rtol · maxᵢ |λᵢ|, which vanishes for forces that are polynomials of degree
//! ≤ 3 in time and limits the step where they vary faster.

use super::super::active_set::TangentialMode;
use super::super::dopri::{self, DenseStep, ERROR_WEIGHTS};
use super::super::error::EventError;
use super::EventDriven;
use crate::mechanism::{Constraints, Rates, Vector};

/// Normal and tangential contact forces at the seven stages of a trial step.
pub(super) struct StageForces<const NU: usize> {
    normal: [Vector<NU>; 7],
    tangential: [Vector<NU>; 7],
    second_tangential: [Vector<NU>; 7],
    count: usize,
}

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Rates<NQ, NB, NU>,
{
    /// [`dopri::step`] of size h from the current state, with the contact forces at its stages.
    pub(super) fn step_with_forces(
        &mut self,
        h: f64,
    ) -> Result<(DenseStep<NQ>, StageForces<NU>), EventError> {
        let (start, a0, active) = (self.state, self.a, self.active);
        let tolerances = (self.opts.rtol, self.opts.atol);
        let mut forces = StageForces {
            normal: [self.lambda_n; 7],
            tangential: [self.lambda_t; 7],
            second_tangential: [self.lambda_t2; 7],
            count: 1,
        };
        let (model, kkt) = (&self.model, &mut self.kkt);
        let step = dopri::step(&start, &a0, h, tolerances, &mut |t, q, u, a| {
            kkt.acceleration(model, &active, t, q, u, a)?;
            if forces.count < 7 {
                forces.normal[forces.count] = *kkt.contact_multipliers();
                forces.tangential[forces.count] = *kkt.tangential_multipliers();
                forces.second_tangential[forces.count] = *kkt.second_tangential_multipliers();
                forces.count += 1;
            }
            Ok::<(), EventError>(())
        })?;
        Ok((step, forces))
    }

    /// The scaled error estimate of the forces of the closed contacts (normal forces, and the
    /// friction forces of sticking contacts); ≤ 1 is acceptable.
    pub(super) fn force_error(&self, forces: &StageForces<NU>) -> f64 {
        let (rtol, atol) = (self.opts.rtol, self.opts.atol);
        let scaled = |samples: &[Vector<NU>; 7], i: usize| {
            let estimate: f64 = (0..7).map(|k| ERROR_WEIGHTS[k] * samples[k][i]).sum();
            let size = samples.iter().fold(0.0_f64, |m, s| m.max(s[i].abs()));
            estimate.abs() / (atol + rtol * size)
        };
        let mut error = 0.0_f64;
        for &i in self.active.priority() {
            error = error.max(scaled(&forces.normal, i));
            if self.active.tangential(i) == TangentialMode::Sticking {
                error = error.max(scaled(&forces.tangential, i));
                if <Mo as Constraints<NQ, NB, NU>>::TANGENT_PLANES[i] {
                    error = error.max(scaled(&forces.second_tangential, i));
                }
            }
        }
        error
    }
}

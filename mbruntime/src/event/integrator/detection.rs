//! Event detection in an accepted trial step: the event functions of every contact, their
//! sign changes on the dense output, and the located root.
//!
//! | contact | event function | sampled |
//! |---|---|---|
//! | open | gap g_N | at θ = k/8 (a short flight may leave and return within a step) |
//! | closed | normal force λ_N | at both ends (at θ = k/8 if it starts at zero and ends negative) |
//! | sliding (σ) | σγ_T, γ_T = W_Tᵀq̇ + ŵ_T | at θ = k/8 (it starts at zero after a start of slip) |
//! | sliding in a plane (d) | γ_T·d, d the slip direction at the start of the step | at θ = k/8 |
//! | sticking | Σ μⱼλ_N,j − \|λ_T\| over its group of parallel tangents | at both ends |
//! | sticking in a plane | μλ_N − ‖(λ_T1, λ_T2)‖ | at both ends |
//! | sliding set | det A(μ) / Π zᵢ·zᵢ | at both ends (Painlevé) |
//!
//! Every root is located by the Illinois method on the dense output; the earliest wins.
//!
//! **A closed contact never pulls.** A normal force that starts the step at zero (a contact
//! decided closed by a higher derivative of Lötstedt's Theorem 5.4, whose λ rises from zero, or
//! one left at zero by round-off) and ends it below −`zero_tolerance` has no sign change to
//! locate from the start. It is sampled inside the step: if it rises above zero first, its
//! later zero is an ordinary event; otherwise it pulled from the start, and the event
//! ([`Trigger::PullingForce`]) is placed at the start of the step, where the contact opens.
//! The naive active-set rules, which exist to simulate a candidate set as it was chosen, keep
//! their choice.

use super::super::active_set::TangentialMode;
use super::super::dopri::DenseStep;
use super::super::error::EventError;
use super::super::jump::Trigger;
use super::super::options::ActiveSetRule;
use super::super::root::illinois;
use super::{EndForces, EventDriven};
use crate::mechanism::{Constraints, Rates, Vector};

/// A bracket (θ_lo, f(θ_lo), θ_hi, f(θ_hi)) of a sign change of an event function.
type Bracket = (f64, f64, f64, f64);

/// Number of interior samples per step of the sampled event functions.
const SAMPLES: usize = 8;

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Rates<NQ, NB, NU>,
{
    /// The earliest event within an acceptable step, as (θ, contact, trigger); the forces at
    /// the start are the committed ones, `end` those at the end of the step.
    pub(super) fn earliest_event(
        &mut self,
        step: &DenseStep<NQ>,
        end: &EndForces<NU>,
    ) -> Result<Option<(f64, usize, Trigger)>, EventError> {
        let mut gap0 = Vector::<NU>::zeros();
        self.model.gaps(&self.state.q, self.state.t, &mut gap0);
        let mut earliest: Option<(f64, usize, Trigger)> = None;
        let mut consider = |this: &mut Self, i: usize, trigger: Trigger, bracket| {
            if let Some((lo, flo, hi, fhi)) = bracket {
                let theta = this.locate(step, i, trigger, (lo, flo), (hi, fhi))?;
                if earliest.is_none_or(|(th, _, _)| theta < th) {
                    earliest = Some((theta, i, trigger));
                }
            }
            Ok::<(), EventError>(())
        };
        for i in 0..NU {
            if !self.active.is_closed(i) {
                // Gaps of open contacts are also sampled inside the step: a gap that starts at
                // zero (just after an impact), rises and comes back within one step, or one
                // that dips below zero and returns (grazing), has no sign change between the
                // ends.
                let bracket = self.gap_bracket(step, i, gap0[i]);
                consider(self, i, Trigger::Gap, bracket)?;
                continue;
            }
            let (l0, l1) = (self.lambda_n[i], end.lambda_n[i]);
            let pull_tol = self.opts.zero_tolerance * (1.0 + end.lambda_n.amax());
            if l0 > 0.0 && l1 <= 0.0 {
                consider(self, i, Trigger::NormalForce, Some((0.0, l0, 1.0, l1)))?;
            } else if l1 < -pull_tol
                && self.opts.active_set_rule == ActiveSetRule::DerivativeIteration
            {
                let (trigger, bracket) = self.pulling_bracket(step, i, l0)?;
                consider(self, i, trigger, Some(bracket))?;
            }
            match self.active.tangential(i) {
                TangentialMode::Sliding { .. } | TangentialMode::SlidingPlane { .. } => {
                    let bracket = self.slip_bracket(step, i);
                    consider(self, i, Trigger::SlipVelocity, bracket)?;
                }
                TangentialMode::Sticking if self.kkt.stick_group(i).0 == i => {
                    let start = (&self.lambda_n, &self.lambda_t, &self.lambda_t2);
                    let f0 = self.stick_margin(i, start);
                    let f1 = self.stick_margin(i, (&end.lambda_n, &end.lambda_t, &end.lambda_t2));
                    let bracket = (f0 > 0.0 && f1 <= 0.0).then_some((0.0, f0, 1.0, f1));
                    consider(self, i, Trigger::StickForce, bracket)?;
                }
                TangentialMode::Sticking => {}
                TangentialMode::Free => {}
            }
        }
        let (d0, d1) = (self.sliding_determinant, end.sliding_determinant);
        if d0 > 0.0 && d1 <= 0.0 {
            let first_sliding = (0..NU).find(|&i| self.active.is_sliding(i)).unwrap_or(0);
            consider(
                self,
                first_sliding,
                Trigger::SlidingDeterminant,
                Some((0.0, d0, 1.0, d1)),
            )?;
        }
        Ok(earliest)
    }

    /// For closed contact i whose normal force starts the step at `l0` ≤ 0 and ends it negative:
    /// the first sub-interval where it goes from positive to non-positive if it is positive at
    /// some θ = k/8 before, else the start of the step as a [`Trigger::PullingForce`].
    fn pulling_bracket(
        &mut self,
        step: &DenseStep<NQ>,
        i: usize,
        l0: f64,
    ) -> Result<(Trigger, Bracket), EventError> {
        let active = self.active;
        let mut a = Vector::<NQ>::zeros();
        let (mut lo, mut flo) = (0.0, l0);
        for k in 1..=SAMPLES {
            let theta = k as f64 / SAMPLES as f64;
            let (q, u) = step.interpolate(theta);
            let t = step.t0 + theta * step.h;
            self.kkt
                .acceleration(&self.model, &active, t, &q, &u, &mut a)?;
            let f = self.kkt.contact_multipliers()[i];
            if flo > 0.0 && f <= 0.0 {
                return Ok((Trigger::NormalForce, (lo, flo, theta, f)));
            }
            if f < 0.0 && flo <= 0.0 {
                break;
            }
            (lo, flo) = (theta, f);
        }
        Ok((Trigger::PullingForce, (0.0, l0, 0.0, l0)))
    }

    /// Σ μⱼλ_N,j − |λ_T,rep| over the sticking contacts j of the group of `rep` (its kept
    /// tangential column carries the friction of the whole group; see
    /// [`KktSystem::stick_group`](super::super::evaluate::KktSystem::stick_group)); for a
    /// contact with a tangent plane μλ_N − ‖(λ_T1, λ_T2)‖. `forces`: (λ_N, λ_T, λ_T2).
    fn stick_margin(
        &self,
        rep: usize,
        (lambda_n, lambda_t, lambda_t2): (&Vector<NU>, &Vector<NU>, &Vector<NU>),
    ) -> f64 {
        let laws = self.model.contact_laws();
        if <Mo as Constraints<NQ, NB, NU>>::TANGENT_PLANES[rep] {
            return laws[rep].friction * lambda_n[rep] - lambda_t[rep].hypot(lambda_t2[rep]);
        }
        let capacity: f64 = (0..NU)
            .filter(|&j| {
                self.active.tangential(j) == TangentialMode::Sticking
                    && self.kkt.stick_group(j).0 == rep
            })
            .map(|j| laws[j].friction * lambda_n[j])
            .sum();
        capacity - lambda_t[rep].abs()
    }

    /// First sub-interval [θ_lo, θ_hi] of the step on which the gap of open contact i goes from
    /// positive to non-positive, sampled at θ = k/8 on the dense output (θ = 0 uses `f0`). For
    /// a `lifting` contact the gap counts as non-positive only below −`gap_tolerance` until it
    /// has exceeded `gap_tolerance`.
    fn gap_bracket(&self, step: &DenseStep<NQ>, i: usize, f0: f64) -> Option<(f64, f64, f64, f64)> {
        let mut gn = Vector::<NU>::zeros();
        let (mut lo, mut flo) = (0.0, f0);
        let mut lifting = self.lifting[i];
        let tol = self.opts.gap_tolerance;
        for k in 1..=SAMPLES {
            let theta = k as f64 / SAMPLES as f64;
            let (q, _) = step.interpolate(theta);
            self.model.gaps(&q, step.t0 + theta * step.h, &mut gn);
            let f = gn[i];
            if lifting {
                if f < -tol {
                    return Some((lo, flo.max(0.0), theta, f));
                }
                lifting = f <= tol;
                (lo, flo) = (theta, f);
                continue;
            }
            if flo > 0.0 && f <= 0.0 {
                return Some((lo, flo, theta, f));
            }
            if lo == 0.0 && flo <= 0.0 && f < -self.opts.gap_tolerance {
                // Touching at the start and penetrating before rising: an event right at the
                // start of the step (the impact and active-set LCPs then decide the contact).
                return Some((0.0, flo, 0.0, flo));
            }
            (lo, flo) = (theta, f);
        }
        None
    }

    /// The slip event function of sliding contact i at θ on the dense output: σγ_T along a
    /// tangent, γ_T·d in a tangent plane (d: the slip direction at the start of the step).
    fn signed_slip(&mut self, step: &DenseStep<NQ>, i: usize, theta: f64) -> f64 {
        let (q, u) = step.interpolate(theta);
        let t = step.t0 + theta * step.h;
        self.slip_event_function(i, t, &q, &u)
    }

    /// σγ_T, or γ_T·d in a tangent plane, of contact i at (t, q, u) (0 if it does not slide).
    fn slip_event_function(&mut self, i: usize, t: f64, q: &Vector<NQ>, u: &Vector<NQ>) -> f64 {
        match self.active.tangential(i) {
            TangentialMode::Sliding { sigma } => {
                sigma * self.kkt.slip_velocities(&self.model, q, u, t)[i]
            }
            TangentialMode::SlidingPlane { direction: d } => {
                let (g1, g2) = self.kkt.plane_slip_velocities(&self.model, q, u, t);
                g1[i] * d[0] + g2[i] * d[1]
            }
            _ => 0.0,
        }
    }

    /// First sub-interval of the step on which the slip event function of sliding contact i
    /// goes from positive to non-positive, sampled at θ = k/8.
    fn slip_bracket(&mut self, step: &DenseStep<NQ>, i: usize) -> Option<(f64, f64, f64, f64)> {
        let (mut lo, mut flo) = (0.0, self.signed_slip(step, i, 0.0));
        for k in 1..=SAMPLES {
            let theta = k as f64 / SAMPLES as f64;
            let f = self.signed_slip(step, i, theta);
            if flo > 0.0 && f <= 0.0 {
                return Some((lo, flo, theta, f));
            }
            if lo == 0.0 && flo <= 0.0 && f < 0.0 {
                // Started to slide from rest (σγ_T = 0 rising) and already back below zero at
                // the first sample: the excursion is shorter than a sample interval.
                return self.short_slip_bracket(step, i, theta, f);
            }
            (lo, flo) = (theta, f);
        }
        None
    }

    /// For a slip started from rest whose σγ_T is negative at θ_hi already: halves θ towards
    /// the start until σγ_T is positive (it rises from zero at the start, where the mode
    /// problem found σγ̇_T > 0) and returns that bracket; `None` if no positive value is found
    /// down to θ_hi/2⁴⁰ (the slip never left round-off).
    fn short_slip_bracket(
        &mut self,
        step: &DenseStep<NQ>,
        i: usize,
        theta_hi: f64,
        f_hi: f64,
    ) -> Option<(f64, f64, f64, f64)> {
        let (mut hi, mut fhi) = (theta_hi, f_hi);
        for _ in 0..40 {
            let theta = 0.5 * hi;
            let f = self.signed_slip(step, i, theta);
            if f > 0.0 {
                return Some((theta, f, hi, fhi));
            }
            (hi, fhi) = (theta, f);
        }
        None
    }

    /// Whether a contact flagged `rising` (opened at g_N = 0, γ = 0 with δ > 0) has a
    /// non-positive gap at the first interior sample θ = 1/8 of the step: the step is then too
    /// long to see the short flight (it would be taken for a penetration at the start).
    pub(super) fn first_gap_sample_not_rising(&self, step: &DenseStep<NQ>) -> bool {
        if !self.rising.iter().any(|&r| r) {
            return false;
        }
        let theta = 1.0 / SAMPLES as f64;
        let (q, _) = step.interpolate(theta);
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, step.t0 + theta * step.h, &mut gn);
        (0..NU).any(|i| self.rising[i] && gn[i] <= 0.0)
    }

    /// Root θ ∈ (lo, hi] of the event function `trigger` of contact i on the dense output
    /// (Illinois).
    fn locate(
        &mut self,
        step: &DenseStep<NQ>,
        i: usize,
        trigger: Trigger,
        (lo, f0): (f64, f64),
        (hi, f1): (f64, f64),
    ) -> Result<f64, EventError> {
        let mut err = None;
        let mut gn = Vector::<NU>::zeros();
        let mut a = Vector::<NQ>::zeros();
        let active = self.active;
        let theta = illinois(lo, f0, hi, f1, |theta| {
            let (q, u) = step.interpolate(theta);
            let t = step.t0 + theta * step.h;
            match trigger {
                Trigger::Gap => {
                    self.model.gaps(&q, t, &mut gn);
                    return gn[i];
                }
                Trigger::SlipVelocity => return self.slip_event_function(i, t, &q, &u),
                _ => {}
            }
            if let Err(e) = self
                .kkt
                .acceleration(&self.model, &active, t, &q, &u, &mut a)
            {
                err = Some(e);
                return 0.0;
            }
            match trigger {
                Trigger::StickForce => {
                    let (ln, lt, lt2) = (
                        *self.kkt.contact_multipliers(),
                        *self.kkt.tangential_multipliers(),
                        *self.kkt.second_tangential_multipliers(),
                    );
                    self.stick_margin(i, (&ln, &lt, &lt2))
                }
                Trigger::SlidingDeterminant => self.kkt.sliding_determinant(),
                _ => self.kkt.contact_multipliers()[i],
            }
        });
        match err {
            Some(e) => Err(e),
            None => Ok(theta),
        }
    }
}

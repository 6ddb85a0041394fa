//! The event-driven integrator: smooth phases with Dormand–Prince 5(4), event location on the
//! dense output, impacts, new active sets and accumulation points.

use super::EventError;
use super::active_set::MAX_DERIVATIVE_ORDER;
use super::constrained::ConstraintFactor;
use super::dopri::{self, DenseStep};
use super::mixed_lcp::MixedLcp;
use super::options::EventOptions;
use super::report::{Event, EventKind, Report, Stats};
use super::root::illinois;
use super::zeno::FlightHistory;
use crate::mechanism::{Matrix, Mechanism, Vector};

/// Event-driven integrator for a [`Mechanism`] with NQ coordinates, NB bilateral constraints
/// and NU frictionless unilateral contacts (friction data are ignored).
///
/// Construct with [`EventDriven::new`] (the only allocation: the Lemke tableau), start with
/// [`initialize`](Self::initialize), run with [`advance_to`](Self::advance_to). No step and no
/// event allocates.
pub struct EventDriven<Mo, const NQ: usize, const NB: usize, const NU: usize> {
    pub(super) model: Mo,
    pub(super) opts: EventOptions,
    pub(super) t: f64,
    pub(super) q: Vector<NQ>,
    pub(super) u: Vector<NQ>,
    pub(super) a: Vector<NQ>,
    pub(super) closed: [bool; NU],
    /// Closed contacts in priority order for the rank-revealing factor.
    pub(super) order: [usize; NU],
    pub(super) n_closed: usize,
    pub(super) lambda_b: Vector<NB>,
    pub(super) lambda_n: Vector<NU>,
    pub(super) factor: ConstraintFactor<NQ>,
    pub(super) lcp: MixedLcp<NQ, NU>,
    pub(super) g_jac: Matrix<NQ, NB>,
    pub(super) g_tp: Vector<NB>,
    pub(super) w_n: Matrix<NQ, NU>,
    pub(super) w_tp: Vector<NU>,
    pub(super) last_acceleration_lcp: (Vector<NU>, Vector<NU>),
    pub(super) last_derivative_lcps: [Option<(Vector<NU>, Vector<NU>)>; MAX_DERIVATIVE_ORDER],
    h: f64,
    first_step_limit: f64,
    /// Open contacts left at g_N = 0, γ = 0 with δ > 0 by the last event: their gap must rise
    /// first, so a first step whose first gap sample is not positive is too long and is halved.
    rising: [bool; NU],
    flights: [FlightHistory; NU],
    pub(super) stats: Stats,
}

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Mechanism<NQ, NB, NU>,
{
    /// A new integrator for `model` (not yet initialised).
    pub fn new(model: Mo, opts: EventOptions) -> Self {
        Self {
            model,
            opts,
            t: 0.0,
            q: Vector::zeros(),
            u: Vector::zeros(),
            a: Vector::zeros(),
            closed: [false; NU],
            order: [0; NU],
            n_closed: 0,
            lambda_b: Vector::zeros(),
            lambda_n: Vector::zeros(),
            factor: ConstraintFactor::default(),
            lcp: MixedLcp::default(),
            g_jac: Matrix::zeros(),
            g_tp: Vector::zeros(),
            w_n: Matrix::zeros(),
            w_tp: Vector::zeros(),
            last_acceleration_lcp: (Vector::zeros(), Vector::zeros()),
            last_derivative_lcps: [None; MAX_DERIVATIVE_ORDER],
            h: opts.initial_step,
            first_step_limit: f64::INFINITY,
            rising: [false; NU],
            flights: [FlightHistory::default(); NU],
            stats: Stats::default(),
        }
    }

    /// Sets the state at t₀ and determines the initial active set (Theorem 5.4).
    ///
    /// Errors: [`EventError::InconsistentInitialData`] if |g| or |Gᵀq̇ + ĝ| exceed 1e-8, a gap is
    /// below −`gap_tolerance`, or a closed gap has γ < −`velocity_tolerance`; LCP and
    /// non-finite errors.
    pub fn initialize(
        &mut self,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<(), EventError> {
        if !(t0.is_finite() && q0.iter().chain(u0.iter()).all(|x| x.is_finite())) {
            return Err(EventError::NonFinite {
                t: t0,
                what: "initial state",
            });
        }
        let mut g = Vector::<NB>::zeros();
        self.model.bilateral(&q0, t0, &mut g);
        let mut jac = Matrix::<NQ, NB>::zeros();
        let mut tp = Vector::<NB>::zeros();
        self.model.bilateral_jacobian(&q0, t0, &mut jac, &mut tp);
        let gv = jac.tr_mul(&u0) + tp;
        const BILATERAL_TOL: f64 = 1e-8;
        if g.amax() > BILATERAL_TOL {
            return Err(EventError::InconsistentInitialData {
                what: "bilateral residual |g|",
                value: g.amax(),
                tolerance: BILATERAL_TOL,
            });
        }
        if gv.amax() > BILATERAL_TOL {
            return Err(EventError::InconsistentInitialData {
                what: "bilateral velocity residual |Gᵀq̇ + ĝ|",
                value: gv.amax(),
                tolerance: BILATERAL_TOL,
            });
        }
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q0, t0, &mut gn);
        let gamma = self.normal_velocities(&q0, &u0, t0);
        for i in 0..NU {
            if gn[i] < -self.opts.gap_tolerance {
                return Err(EventError::InconsistentInitialData {
                    what: "gap g_N",
                    value: gn[i],
                    tolerance: self.opts.gap_tolerance,
                });
            }
            if gn[i] <= self.opts.gap_tolerance && gamma[i] < -self.opts.velocity_tolerance {
                return Err(EventError::InconsistentInitialData {
                    what: "normal velocity of a closed gap",
                    value: gamma[i],
                    tolerance: self.opts.velocity_tolerance,
                });
            }
        }
        self.t = t0;
        self.q = q0;
        self.u = u0;
        self.stats = Stats::default();
        self.flights = [FlightHistory::default(); NU];
        self.h = self.opts.initial_step;
        self.after_event()
    }

    /// New active set, projection, acceleration and first-step limit after an event.
    fn after_event(&mut self) -> Result<(), EventError> {
        self.determine_active_set()?;
        let (t, mut q, mut u) = (self.t, self.q, self.u);
        self.project(t, &mut q, &mut u, true)?;
        self.q = q;
        self.u = u;
        let mut a = Vector::<NQ>::zeros();
        self.acceleration(t, &q, &u, &mut a)?;
        self.a = a;
        // An open contact leaving g_N = 0 with γ > 0 and δ < 0 lands again after about
        // 2γ/|δ|: the first step stops at half of it so that the next step starts with g_N > 0
        // and the landing is seen as a sign change.
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut gn);
        let gamma = self.normal_velocities(&q, &u, t);
        let mut drift = Vector::<NU>::zeros();
        self.model.gap_drift(&q, &u, t, &mut drift);
        let delta = self.w_n.tr_mul(&a) + drift;
        self.first_step_limit = f64::INFINITY;
        for i in 0..NU {
            let touching = !self.closed[i] && gn[i] <= self.opts.gap_tolerance;
            if touching && gamma[i] > 0.0 && delta[i] < 0.0 {
                self.first_step_limit = self.first_step_limit.min(gamma[i] / -delta[i]);
            }
            // A contact opened at γ = 0 with δ > 0 (e.g. after a grazing closing) leaves on
            // g_N ≈ ½δ s² + δ̇ s³/6, which may return after 3δ/|δ̇|: see `rising`.
            self.rising[i] =
                touching && gamma[i].abs() <= self.opts.velocity_tolerance && delta[i] > 0.0;
        }
        Ok(())
    }

    /// Current time.
    pub fn time(&self) -> f64 {
        self.t
    }
    /// Current positions.
    pub fn positions(&self) -> &Vector<NQ> {
        &self.q
    }
    /// Current velocities.
    pub fn velocities(&self) -> &Vector<NQ> {
        &self.u
    }
    /// Current acceleration q̈ (with the current active set).
    pub fn acceleration_now(&self) -> &Vector<NQ> {
        &self.a
    }
    /// Contact multipliers λ_N of the closed contacts (basic solution, Lemma 5.2).
    pub fn contact_multipliers(&self) -> &Vector<NU> {
        &self.lambda_n
    }
    /// Bilateral multipliers λ_B.
    pub fn bilateral_multipliers(&self) -> &Vector<NB> {
        &self.lambda_b
    }
    /// Which contacts are closed.
    pub fn closed(&self) -> &[bool; NU] {
        &self.closed
    }
    /// Work counters since [`initialize`](Self::initialize).
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// The model.
    pub fn model(&self) -> &Mo {
        &self.model
    }
    /// (λ, δ) of the last acceleration LCP (2.5b) on the candidate contacts (zero elsewhere).
    pub fn last_acceleration_lcp(&self) -> (Vector<NU>, Vector<NU>) {
        self.last_acceleration_lcp
    }
    /// (λ̇, δ̇) of the last first-derivative LCP of Theorem 5.4 ((5.12) with k = 1), if one was
    /// needed (some contact had λ = δ = 0); entries of other contacts are zero.
    pub fn last_derivative_lcp(&self) -> Option<(Vector<NU>, Vector<NU>)> {
        self.last_derivative_lcps[0]
    }
    /// (λ⁽ᵏ⁾, δ⁽ᵏ⁾) of the level-k LCP of Theorem 5.4 ((5.12), k = 1 or 2) at the last
    /// active-set decision, if that level was reached (some contact had λ⁽ʲ⁾ = δ⁽ʲ⁾ = 0 for all
    /// j < k); `None` also for k = 0 or k > [`MAX_DERIVATIVE_ORDER`]. Only the entries of the
    /// contacts undecided at that level are set (the others are zero).
    pub fn last_derivative_lcp_of_order(&self, k: usize) -> Option<(Vector<NU>, Vector<NU>)> {
        if (1..=MAX_DERIVATIVE_ORDER).contains(&k) {
            self.last_derivative_lcps[k - 1]
        } else {
            None
        }
    }

    /// Integrates to `t_end`, calling `report` after each accepted step and each event.
    pub fn advance_to(
        &mut self,
        t_end: f64,
        mut report: impl FnMut(Report<'_, NQ, NB, NU>),
    ) -> Result<(), EventError> {
        while self.t < t_end {
            if self.stats.events >= self.opts.max_events {
                return Err(EventError::TooManyEvents {
                    t: self.t,
                    limit: self.opts.max_events,
                });
            }
            let remaining = t_end - self.t;
            let mut h = self.h.min(self.opts.max_step).min(self.first_step_limit);
            let last = h >= remaining;
            if last {
                h = remaining;
            }
            let (t0, q0, u0, a0) = (self.t, self.q, self.u, self.a);
            let (rtol, atol) = (self.opts.rtol, self.opts.atol);
            let mut gap0 = Vector::<NU>::zeros();
            self.model.gaps(&q0, t0, &mut gap0);
            let lambda0 = self.lambda_n;
            let step = dopri::step(t0, &q0, &u0, &a0, h, rtol, atol, &mut |t, q, u, a| {
                self.acceleration(t, q, u, a)
            })?;
            if !step.error.is_finite() {
                return Err(EventError::NonFinite {
                    t: t0,
                    what: "error estimate",
                });
            }
            let factor = (0.9 * step.error.powf(-0.2)).clamp(0.2, 5.0);
            if step.error > 1.0 {
                self.stats.rejected += 1;
                self.h = h * factor;
                if self.h < self.opts.min_step {
                    return Err(EventError::StepSizeUnderflow {
                        t: t0,
                        h: self.h,
                        min_step: self.opts.min_step,
                    });
                }
                continue;
            }
            // Event functions at the end: gaps of open contacts, multipliers of closed ones
            // (the last evaluation, stage 7, is at the step's end).
            if self.first_gap_sample_not_rising(&step) && h / 8.0 >= self.opts.min_step {
                self.stats.rejected += 1;
                self.first_step_limit = h / 8.0;
                continue;
            }
            let lambda1 = self.lambda_n;
            let mut gap1 = Vector::<NU>::zeros();
            self.model.gaps(&step.q1, t0 + h, &mut gap1);
            let mut earliest: Option<(f64, usize, bool)> = None;
            for i in 0..NU {
                let (f0, f1, is_gap) = if self.closed[i] {
                    (lambda0[i], lambda1[i], false)
                } else {
                    (gap0[i], gap1[i], true)
                };
                // Gaps of open contacts are also sampled inside the step: a gap that starts at
                // zero (just after an impact), rises and comes back within one step, or one that
                // dips below zero and returns (grazing), has no sign change between the ends.
                let bracket = if is_gap {
                    self.gap_bracket(&step, i, f0)
                } else if f0 > 0.0 && f1 <= 0.0 {
                    Some((0.0, f0, 1.0, f1))
                } else {
                    None
                };
                if let Some((lo, flo, hi, fhi)) = bracket {
                    let theta = self.locate(&step, i, is_gap, (lo, flo), (hi, fhi))?;
                    if earliest.is_none_or(|(th, _, _)| theta < th) {
                        earliest = Some((theta, i, is_gap));
                    }
                }
            }
            if let Some((theta, i, is_gap)) = earliest {
                let hs = theta * h;
                let (q1, u1) = if hs > 0.0 {
                    let s = dopri::step(t0, &q0, &u0, &a0, hs, rtol, atol, &mut |t, q, u, a| {
                        self.acceleration(t, q, u, a)
                    })?;
                    (s.q1, s.u1)
                } else {
                    (q0, u0)
                };
                self.t = t0 + hs;
                self.q = q1;
                self.u = u1;
                self.stats.steps += 1;
                self.h = h.max(self.opts.min_step * 10.0);
                self.handle_event(i, is_gap, &mut report)?;
                continue;
            }
            // Accept.
            self.t = if last { t_end } else { t0 + h };
            let (mut q, mut u) = (step.q1, step.u1);
            let t = self.t;
            self.project(t, &mut q, &mut u, true)?;
            self.q = q;
            self.u = u;
            let mut a = Vector::<NQ>::zeros();
            self.acceleration(t, &q, &u, &mut a)?;
            self.a = a;
            self.stats.steps += 1;
            self.first_step_limit = f64::INFINITY;
            self.rising = [false; NU];
            if !last {
                self.h = h * factor;
            }
            report(Report::Step {
                t: self.t,
                q: &self.q,
                u: &self.u,
                lambda: &self.lambda_n,
            });
        }
        Ok(())
    }

    /// Number of interior samples of an open gap per step (see [`gap_bracket`](Self::gap_bracket)).
    const GAP_SAMPLES: usize = 8;

    /// First sub-interval [θ_lo, θ_hi] of the step on which the gap of open contact i goes from
    /// positive to non-positive, sampled at θ = k/8 on the dense output (θ = 0 uses `f0`).
    fn gap_bracket(&self, step: &DenseStep<NQ>, i: usize, f0: f64) -> Option<(f64, f64, f64, f64)> {
        let mut gn = Vector::<NU>::zeros();
        let (mut lo, mut flo) = (0.0, f0);
        for k in 1..=Self::GAP_SAMPLES {
            let theta = k as f64 / Self::GAP_SAMPLES as f64;
            let (q, _) = step.interpolate(theta);
            self.model.gaps(&q, step.t0 + theta * step.h, &mut gn);
            let f = gn[i];
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

    /// Whether a contact flagged `rising` (opened at g_N = 0, γ = 0 with δ > 0) has a
    /// non-positive gap at the first interior sample θ = 1/8 of the step: the step is then too
    /// long to see the short flight (it would be taken for a penetration at the start).
    fn first_gap_sample_not_rising(&self, step: &DenseStep<NQ>) -> bool {
        if !self.rising.iter().any(|&r| r) {
            return false;
        }
        let theta = 1.0 / Self::GAP_SAMPLES as f64;
        let (q, _) = step.interpolate(theta);
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, step.t0 + theta * step.h, &mut gn);
        (0..NU).any(|i| self.rising[i] && gn[i] <= 0.0)
    }

    /// Root θ ∈ (lo, hi] of the event function of contact i on the dense output (Illinois).
    fn locate(
        &mut self,
        step: &DenseStep<NQ>,
        i: usize,
        is_gap: bool,
        (lo, f0): (f64, f64),
        (hi, f1): (f64, f64),
    ) -> Result<f64, EventError> {
        let mut err = None;
        let mut gn = Vector::<NU>::zeros();
        let mut a = Vector::<NQ>::zeros();
        let theta = illinois(lo, f0, hi, f1, |theta| {
            let (q, u) = step.interpolate(theta);
            let t = step.t0 + theta * step.h;
            if is_gap {
                self.model.gaps(&q, t, &mut gn);
                gn[i]
            } else {
                if let Err(e) = self.acceleration(t, &q, &u, &mut a) {
                    err = Some(e);
                    return 0.0;
                }
                self.lambda_n[i]
            }
        });
        match err {
            Some(e) => Err(e),
            None => Ok(theta),
        }
    }

    /// Second Zeno criterion (see [`zeno`](super::zeno)): the apex height (eγ⁻)²/(2|δ|) of the
    /// next free flight of `contact` would be below the rounding level 256 ε Σⱼ|W_Nⱼᵢ||qⱼ| of
    /// its gap, so that flight could not be resolved. Returns the predicted end t + 2eγ⁻/δ of
    /// that flight if the criterion fires.
    fn unresolvable_flight(
        &mut self,
        contact: usize,
        gamma_pre: f64,
    ) -> Result<Option<f64>, EventError> {
        let (t, q, u) = (self.t, self.q, self.u);
        let mut a = Vector::<NQ>::zeros();
        self.acceleration(t, &q, &u, &mut a)?;
        let mut drift = Vector::<NU>::zeros();
        self.model.gap_drift(&q, &u, t, &mut drift);
        let _ = self.normal_velocities(&q, &u, t);
        let w = self.w_n.column(contact);
        let delta = w.dot(&a) + drift[contact];
        let e = self.model.contact_laws()[contact].normal_restitution;
        let v = e * gamma_pre.abs();
        if delta >= 0.0 {
            return Ok(None);
        }
        let noise = 256.0
            * f64::EPSILON
            * w.iter()
                .zip(q.iter())
                .map(|(wi, qi)| (wi * qi).abs())
                .sum::<f64>();
        let apex = v * v / (2.0 * -delta);
        Ok((apex <= noise).then_some(t + 2.0 * v / -delta))
    }

    /// Impact or active-set change at the current (located) state.
    fn handle_event(
        &mut self,
        contact: usize,
        is_gap: bool,
        report: &mut impl FnMut(Report<'_, NQ, NB, NU>),
    ) -> Result<(), EventError> {
        self.stats.events += 1;
        let t = self.t;
        // Make the hitting gap exactly zero (position projection with the contact closed),
        // then project the velocities onto the constraints of the previous active set at the
        // corrected positions (the impact LCP decides the contact's own velocity).
        let (mut q, mut u) = (self.q, self.u);
        if is_gap {
            let saved = self.n_closed;
            self.order[self.n_closed] = contact;
            self.n_closed += 1;
            self.project(t, &mut q, &mut u, false)?;
            self.n_closed = saved;
        }
        self.project(t, &mut q, &mut u, true)?;
        self.q = q;
        self.u = u;
        let u_pre = self.u;
        let ke_pre = self.model.kinetic_energy(&self.q, &u_pre, t);
        let gamma = self.normal_velocities(&q, &u, t);
        let mut kind = if is_gap {
            EventKind::Grazing
        } else {
            EventKind::MultiplierZero
        };
        let mut impulse = Vector::<NU>::zeros();
        let mut p_b = Vector::<NB>::zeros();
        let grazing = is_gap
            && gamma[contact] < -self.opts.velocity_tolerance
            && -gamma[contact] <= self.grazing_velocity(contact)?;
        if grazing {
            // Numerically tangential approach: no impulse, the active set decides
            // (see [`grazing`](super::grazing)).
            self.grazing_closing(contact)?;
        } else if is_gap && gamma[contact] < -self.opts.velocity_tolerance {
            self.stats.impacts += 1;
            kind = EventKind::Impact;
            let mut inelastic = [false; NU];
            if let Some(t_limit) =
                self.flights[contact].impact(t, self.opts.zeno_ratio_tolerance, self.opts.zeno_time)
            {
                inelastic[contact] = true;
                kind = EventKind::Accumulation { t_limit };
                self.flights[contact] = FlightHistory::default();
            } else if let Some(t_limit) = self.unresolvable_flight(contact, gamma[contact])? {
                inelastic[contact] = true;
                kind = EventKind::Accumulation { t_limit };
                self.flights[contact] = FlightHistory::default();
            }
            (impulse, p_b) = self.impact(contact, &inelastic)?;
        } else if !is_gap {
            self.flights[contact] = FlightHistory::default();
        }
        self.after_event()?;
        let ev = Event {
            t,
            kind,
            contact,
            q: self.q,
            u_pre,
            u_post: self.u,
            impulse,
            bilateral_impulse: p_b,
            kinetic_energy_pre: ke_pre,
            kinetic_energy_post: self.model.kinetic_energy(&self.q, &self.u, t),
            closed: self.closed,
        };
        report(Report::Event(&ev));
        Ok(())
    }
}

//! The event-driven integrator: smooth phases with Dormand–Prince 5(4), event location on the
//! dense output, impacts, new active sets and accumulation points.
//!
//! The integrator owns the committed state — time, positions, velocities, acceleration, active
//! set, multipliers, flight histories — and is the only code that changes it. Trial steps, trial
//! active sets and the decisions of the jump and active-set functions are computed on copies and
//! committed only when all of them succeeded: after an error the integrator is still at its last
//! accepted step or event.

mod detection;
mod force_control;
mod step_collapse;

use super::active_set::{ActiveSet, TangentialMode};
use super::collapse_guard::CollapseGuard;
use super::derivative_iteration::{LcpSolution, MAX_DERIVATIVE_ORDER, decide_active_set};
use super::dopri::{self, DenseStep};
use super::error::EventError;
use super::evaluate::KktSystem;
use super::friction_decision::{EventHints, decide_frictional_modes};
use super::friction_impact::FrictionalImpactLcp;
use super::friction_modes::{ContactMode, FrictionalContactLcp, painleve_bound_in_directions};
use super::impact::condensed_columns;
use super::jump::{JumpContext, LocatedEvent, Trigger, event_jump};
use super::mixed_lcp::MixedLcp;
use super::options::EventOptions;
use super::report::{Event, EventKind, Report, Stats};
use super::zeno::FlightHistory;
use crate::linalg::{first_non_finite, minimum_norm_multipliers};
use crate::mechanism::{Constraints, Matrix, Rates, State, Vector, validate_contact_laws};

/// Event-driven integrator for a model with [`Rates`] with NQ coordinates, NB bilateral constraints
/// and NU unilateral contacts, frictionless or with Coulomb friction along one tangent (planar)
/// or in a tangent plane (the spatial cone); μ ≠ 0 without tangent is refused with
/// [`EventError::FrictionWithoutTangent`].
///
/// With friction every closed contact sticks or slides (its mode is part of the active set,
/// [`contact_modes`](Self::contact_modes)); the smooth phase ends when a sliding contact's slip
/// velocity reaches zero ([`EventKind::SlipStops`]), a sticking contact's friction reaches μλ_N
/// ([`EventKind::StickEnds`]), a normal force reaches zero or a gap closes; impacts follow the
/// frictional impact law; the acceleration-level frictional problem decides the modes after
/// every event, and Painlevé's paradoxes stop the integration with a typed error.
///
/// Construct at an initial state with [`EventDriven::new`] (the only allocations: the LCP
/// tableaux), run with [`run`](Self::run), restart with [`set_state`](Self::set_state): the
/// same surface as [`TimeStepper`](crate::timestepping::TimeStepper). No step and no event
/// allocates.
pub struct EventDriven<Mo, const NQ: usize, const NB: usize, const NU: usize> {
    model: Mo,
    opts: EventOptions,
    /// (t, q, u) now.
    state: State<NQ>,
    a: Vector<NQ>,
    active: ActiveSet<NU>,
    lambda_b: Vector<NB>,
    lambda_n: Vector<NU>,
    lambda_t: Vector<NU>,
    /// Friction forces along the second tangents (contacts with a tangent plane).
    lambda_t2: Vector<NU>,
    /// det A(μ) / Π zᵢ·zᵢ of the sliding contacts at the current state (1 without).
    sliding_determinant: f64,
    /// Whether some contact has friction μ > 0 (the frictional decisions are used).
    friction: bool,
    last_acceleration_lcp: LcpSolution<NU>,
    last_derivative_lcps: [Option<LcpSolution<NU>>; MAX_DERIVATIVE_ORDER],
    h: f64,
    first_step_limit: f64,
    /// Open contacts left at g_N = 0, γ = 0 with δ > 0 by the last event: their gap must rise
    /// first, so a first step whose first gap sample is not positive is too long and is halved.
    rising: [bool; NU],
    /// With friction: open contacts left touching (g_N ≤ `gap_tolerance`, γ ≈ 0) by the last
    /// event, whose gap leaves zero at higher order (e.g. δ̇ s³/6 after a lift-off where the
    /// normal force vanished with δ = 0): a sign change of their gap within round-off of zero
    /// is not a closing; only a penetration beyond `gap_tolerance` is, until the gap has
    /// exceeded it.
    lifting: [bool; NU],
    flights: [FlightHistory; NU],
    /// The [`EventKind::Rest`] event due at the accumulation time t∞ of an accumulation decided
    /// at an impact: the contact is persistent from that impact on and the flights in between
    /// are collapsed (the motion there is integrated with the contact closed, its steps are not
    /// reported).
    pending_rest: Option<Event<NQ, NB, NU>>,
    /// The time of the last event and how many events in a row happened at exactly that time.
    instant: (f64, usize),
    /// Rejected and tiny steps in a row (see `step_collapse`).
    collapse: CollapseGuard,
    stats: Stats,
    kkt: KktSystem<NQ, NB, NU>,
    lcp: MixedLcp<NQ, NU>,
    modes_lcp: FrictionalContactLcp<NQ, NU>,
    impact_law: FrictionalImpactLcp<NQ, NU>,
}

/// Most events at one instant: a contact that is opened and closed again there without the time
/// advancing (neither mode consistent) would otherwise cycle forever.
const MAX_EVENTS_AT_ONE_INSTANT: usize = 16;

/// The step-size factor 0.9·err^(−1/5) of the Dormand–Prince error control, clamped to
/// [0.2, 5]. The clamps hold exactly for err < 1e-4 (0.9·err^(−1/5) > 5 for err < 1.9e-4) and
/// err > 2e3 (0.9·err^(−1/5) < 0.2 for err > 1.85e3), where `powf` is skipped.
fn step_size_factor(error: f64) -> f64 {
    if error < 1e-4 {
        5.0
    } else if error > 2e3 {
        0.2
    } else {
        (0.9 * error.powf(-0.2)).clamp(0.2, 5.0)
    }
}

/// Forces at the end of a trial step, for the event functions of closed contacts.
#[derive(Debug, Clone, Copy)]
struct EndForces<const NU: usize> {
    lambda_n: Vector<NU>,
    lambda_t: Vector<NU>,
    lambda_t2: Vector<NU>,
    sliding_determinant: f64,
}

/// A state projected onto a newly decided active set, with everything that goes with it: what
/// the start and every event commit.
struct Settled<const NQ: usize, const NB: usize, const NU: usize> {
    q: Vector<NQ>,
    u: Vector<NQ>,
    a: Vector<NQ>,
    lambda_b: Vector<NB>,
    lambda_n: Vector<NU>,
    lambda_t: Vector<NU>,
    lambda_t2: Vector<NU>,
    sliding_determinant: f64,
    active: ActiveSet<NU>,
    acceleration_lcp: Option<LcpSolution<NU>>,
    derivative_lcps: [Option<LcpSolution<NU>>; MAX_DERIVATIVE_ORDER],
    first_step_limit: f64,
    rising: [bool; NU],
    lifting: [bool; NU],
}

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Rates<NQ, NB, NU>,
{
    /// An integrator for `model` at the initial state (t₀, q₀, u₀), with its active set
    /// decided (Theorem 5.4).
    ///
    /// Errors: [`EventError::InvalidOption`] ([`EventOptions::validate`]), and those of
    /// [`set_state`](Self::set_state).
    pub fn new(
        model: Mo,
        options: EventOptions,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<Self, EventError> {
        options.validate()?;
        let mut integrator = Self::unstarted(model, options);
        integrator.set_state(t0, q0, u0)?;
        Ok(integrator)
    }

    /// The integrator with its workspaces, before any state is set.
    fn unstarted(model: Mo, opts: EventOptions) -> Self {
        Self {
            model,
            opts,
            state: State::new(0.0, Vector::zeros(), Vector::zeros()),
            a: Vector::zeros(),
            active: ActiveSet::empty(),
            lambda_b: Vector::zeros(),
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            sliding_determinant: 1.0,
            friction: false,
            last_acceleration_lcp: (Vector::zeros(), Vector::zeros()),
            last_derivative_lcps: [None; MAX_DERIVATIVE_ORDER],
            h: opts.initial_step,
            first_step_limit: f64::INFINITY,
            rising: [false; NU],
            lifting: [false; NU],
            flights: [FlightHistory::default(); NU],
            pending_rest: None,
            instant: (f64::NAN, 0),
            collapse: CollapseGuard::default(),
            stats: Stats::default(),
            kkt: KktSystem::new(opts.column_tolerances())
                .with_slaved_slip(opts.slip_relaxation_time, opts.slaved_slip_speed()),
            lcp: MixedLcp::default(),
            modes_lcp: FrictionalContactLcp::default(),
            impact_law: FrictionalImpactLcp::default(),
        }
    }

    /// Replaces the state by (t₀, q₀, u₀) and determines the active set there (Theorem 5.4);
    /// the contact laws are read again, so parameter changes through
    /// [`model_mut`](Self::model_mut) take effect.
    ///
    /// Errors: [`EventError::ContactLaw`] ([`ContactLaw::validate`](crate::ContactLaw::validate))
    /// for contact laws it cannot honour;
    /// [`EventError::InitialVelocityConstraintViolation`] if a velocity constraint has
    /// |A q̇ + a| > 1e-8 (the state is refused, not projected);
    /// [`EventError::InconsistentInitialData`] if a holonomic constraint has |g| or |Gᵀq̇ + ĝ|
    /// above 1e-8, a gap is below −`gap_tolerance`, or a closed gap has γ < −`velocity_tolerance`; LCP and
    /// non-finite errors; [`EventError::FrictionModes`] if the initial modes are not
    /// decided uniquely (Painlevé). After an error the state (time, positions, velocities, active set) is
    /// unchanged.
    pub fn set_state(&mut self, t0: f64, q0: Vector<NQ>, u0: Vector<NQ>) -> Result<(), EventError> {
        let initial = [
            ("initial t", std::slice::from_ref(&t0)),
            ("initial q", q0.as_slice()),
        ];
        for (what, values) in initial.into_iter().chain([("initial u", u0.as_slice())]) {
            if let Some(entry) = first_non_finite(values) {
                return Err(EventError::NonFinite { t: t0, what, entry });
            }
        }
        self.friction = self.check_contact_laws()?;
        self.check_initial_data(t0, &q0, &u0)?;
        // Work counters restart here (the accelerations are counted by the KKT workspace).
        self.stats = Stats::default();
        self.kkt.reset_evaluations();
        let settled = self.settle(t0, q0, u0, None)?;
        self.flights = [FlightHistory::default(); NU];
        self.pending_rest = None;
        self.instant = (f64::NAN, 0);
        self.collapse = CollapseGuard::default();
        self.h = self.opts.initial_step;
        self.commit_settled(t0, settled);
        Ok(())
    }

    /// Checks every contact law ([`ContactLaw::validate`](crate::ContactLaw::validate)).
    /// Returns whether some contact has friction.
    fn check_contact_laws(&self) -> Result<bool, EventError> {
        let laws = self.model.contact_laws();
        validate_contact_laws(&laws, &<Mo as Constraints<NQ, NB, NU>>::CONTACTS)?;
        Ok(laws.iter().any(|law| law.friction != 0.0))
    }

    /// Bilateral residuals, gaps and the normal velocities of closed gaps at the start.
    fn check_initial_data(
        &mut self,
        t0: f64,
        q0: &Vector<NQ>,
        u0: &Vector<NQ>,
    ) -> Result<(), EventError> {
        let mut g = Vector::<NB>::zeros();
        self.model.bilateral(q0, t0, &mut g);
        let mut jac = Matrix::<NQ, NB>::zeros();
        let mut tp = Vector::<NB>::zeros();
        self.model.bilateral_jacobian(q0, t0, &mut jac, &mut tp);
        let gv = jac.tr_mul(u0) + tp;
        const BILATERAL_TOL: f64 = 1e-8;
        let holonomic = <Mo as Constraints<NQ, NB, NU>>::HOLONOMIC;
        // A velocity constraint is refused at its own level, by name; a NaN residual too.
        for i in (0..NB).filter(|&i| !holonomic[i]) {
            if gv[i].is_nan() || gv[i].abs() > BILATERAL_TOL {
                return Err(EventError::InitialVelocityConstraintViolation {
                    constraint: <Mo as Constraints<NQ, NB, NU>>::BILATERAL[i],
                    residual: gv[i].abs(),
                    tolerance: BILATERAL_TOL,
                });
            }
        }
        // At a singular configuration, where a row of G vanishes, branches of the configuration
        // space meet and the constraints do not determine the motion from there.
        let norms: [f64; NB] = std::array::from_fn(|i| jac.column(i).norm());
        let widest = norms.iter().fold(0.0_f64, |m, n| m.max(*n));
        if let Some(i) = (0..NB).find(|&i| norms[i] <= 1e-12 * widest || widest == 0.0) {
            return Err(EventError::SingularInitialConfiguration {
                constraint: <Mo as Constraints<NQ, NB, NU>>::BILATERAL[i],
                index: i,
                norm: norms[i],
            });
        }
        let largest = |r: &Vector<NB>| {
            (0..NB)
                .filter(|&i| holonomic[i])
                .fold(0.0_f64, |m, i| m.max(r[i].abs()))
        };
        if largest(&g) > BILATERAL_TOL {
            return Err(EventError::InconsistentInitialData {
                what: "bilateral residual |g|",
                value: largest(&g),
                tolerance: BILATERAL_TOL,
            });
        }
        if largest(&gv) > BILATERAL_TOL {
            return Err(EventError::InconsistentInitialData {
                what: "bilateral velocity residual |Gᵀq̇ + ĝ|",
                value: largest(&gv),
                tolerance: BILATERAL_TOL,
            });
        }
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(q0, t0, &mut gn);
        let gamma = self.kkt.normal_velocities(&self.model, q0, u0, t0);
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
        Ok(())
    }

    /// New active set at (t, q, u), projection onto it, acceleration, and the first-step limit
    /// of the next smooth phase; nothing is committed.
    /// `trigger`: the contact and event function of the event, if any (with friction, a stick
    /// end or a normal force reaching zero refines the decision: see
    /// [`friction_decision`](super::friction_decision)).
    fn settle(
        &mut self,
        t: f64,
        mut q: Vector<NQ>,
        mut u: Vector<NQ>,
        trigger: Option<(usize, Trigger)>,
    ) -> Result<Settled<NQ, NB, NU>, EventError> {
        let released = trigger.and_then(|(i, k)| {
            matches!(k, Trigger::NormalForce | Trigger::PullingForce).then_some(i)
        });
        let pulled = trigger.and_then(|(i, k)| (k == Trigger::PullingForce).then_some(i));
        let stopped = trigger.and_then(|(i, k)| (k == Trigger::SlipVelocity).then_some(i));
        let slide = match trigger {
            Some((i, Trigger::StickForce)) => self.stick_group_slides(i, &State::new(t, q, u))?,
            _ => [None; NU],
        };
        let state = State::new(t, q, u);
        let decision = if self.friction {
            decide_frictional_modes(
                &self.model,
                &self.opts,
                &mut self.kkt,
                &mut self.modes_lcp,
                &state,
                &EventHints {
                    slide,
                    released,
                    stopped,
                },
            )?
        } else {
            decide_active_set(
                &self.model,
                &self.opts,
                &mut self.kkt,
                &mut self.lcp,
                &state,
                pulled,
            )?
        };
        let active = decision.active;
        self.start_plane_slips_from_rest(&active, t, &mut q, &mut u, stopped)?;
        self.kkt
            .project(&self.model, &active, t, &mut q, &mut u, true)?;
        let mut a = Vector::<NQ>::zeros();
        self.kkt
            .acceleration(&self.model, &active, t, &q, &u, &mut a)?;
        if let Some(index) = self.kkt.dependent_sticking() {
            return Err(EventError::DependentFriction {
                t,
                contact: <Mo as Constraints<NQ, NB, NU>>::CONTACTS[index],
                index,
            });
        }
        let (lambda_b, lambda_n, lambda_t, lambda_t2) = (
            *self.kkt.bilateral_multipliers(),
            *self.kkt.contact_multipliers(),
            *self.kkt.tangential_multipliers(),
            *self.kkt.second_tangential_multipliers(),
        );
        let sliding_determinant = self.kkt.sliding_determinant();
        // An open contact leaving g_N = 0 with γ > 0 and δ < 0 lands again after about
        // 2γ/|δ|: the first step stops at half of it so that the next step starts with g_N > 0
        // and the landing is seen as a sign change.
        let mut gn = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut gn);
        let gamma = self.kkt.normal_velocities(&self.model, &q, &u, t);
        let mut drift = Vector::<NU>::zeros();
        self.model.gap_drift(&q, &u, t, &mut drift);
        let delta = self.kkt.gap_jacobian().0.tr_mul(&a) + drift;
        let mut first_step_limit = f64::INFINITY;
        let mut rising = [false; NU];
        let mut lifting = [false; NU];
        for i in 0..NU {
            let touching = !active.is_closed(i) && gn[i] <= self.opts.gap_tolerance;
            if touching && gamma[i] > 0.0 && delta[i] < 0.0 {
                first_step_limit = first_step_limit.min(gamma[i] / -delta[i]);
            }
            // A contact opened at γ = 0 with δ > 0 (e.g. after a grazing closing) leaves on
            // g_N ≈ ½δ s² + δ̇ s³/6, which may return after 3δ/|δ̇|: see `rising`.
            rising[i] =
                touching && gamma[i].abs() <= self.opts.velocity_tolerance && delta[i] > 0.0;
            lifting[i] =
                self.friction && touching && gamma[i].abs() <= self.opts.velocity_tolerance;
        }
        Ok(Settled {
            q,
            u,
            a,
            lambda_b,
            lambda_n,
            lambda_t,
            lambda_t2,
            sliding_determinant,
            active,
            acceleration_lcp: decision.acceleration_lcp,
            derivative_lcps: decision.derivative_lcps,
            first_step_limit,
            rising,
            lifting,
        })
    }

    /// The slip directions of the group of sticking contact `rep` whose friction reached the
    /// cone boundary: σ = −sign λ_T for it, times the relative sign of each member's column
    /// (as (σ, 0)); in a tangent plane −(λ_T1, λ_T2)/‖(λ_T1, λ_T2)‖ with the forces of the
    /// current active set at the event state `at`.
    fn stick_group_slides(
        &mut self,
        rep: usize,
        at: &State<NQ>,
    ) -> Result<[Option<[f64; 2]>; NU], EventError> {
        let mut slide = [None; NU];
        if <Mo as Constraints<NQ, NB, NU>>::TANGENT_PLANES[rep] {
            let active = self.active;
            let mut a = Vector::<NQ>::zeros();
            self.kkt
                .acceleration(&self.model, &active, at.t, &at.q, &at.u, &mut a)?;
            let l1 = self.kkt.tangential_multipliers()[rep];
            let l2 = self.kkt.second_tangential_multipliers()[rep];
            let size = l1.hypot(l2);
            if size > 0.0 {
                slide[rep] = Some([-l1 / size, -l2 / size]);
            }
            return Ok(slide);
        }
        let sigma = -self.lambda_t[rep].signum();
        for (j, s) in slide.iter_mut().enumerate() {
            let (group, sign) = self.kkt.stick_group(j);
            if self.active.tangential(j) == TangentialMode::Sticking && group == rep {
                *s = Some([sign * sigma, 0.0]);
            }
        }
        Ok(slide)
    }

    /// A contact that starts to slide in its tangent plane from rest (or from the stop of its
    /// slip, `stopped`) starts with γ_T = 0 exactly: its slip left by the located root is
    /// removed by projecting u with the contact sticking, so that its direction is the one the
    /// acceleration-level problem gave, not that of a residual.
    fn start_plane_slips_from_rest(
        &mut self,
        active: &ActiveSet<NU>,
        t: f64,
        q: &mut Vector<NQ>,
        u: &mut Vector<NQ>,
        stopped: Option<usize>,
    ) -> Result<(), EventError> {
        let mut held = *active;
        let mut any = false;
        let (g1, g2) = self.kkt.plane_slip_velocities(&self.model, q, u, t);
        for j in 0..NU {
            if let TangentialMode::SlidingPlane { .. } = active.tangential(j) {
                let at_rest = g1[j].hypot(g2[j]) <= self.opts.slip_tolerance;
                if at_rest || stopped == Some(j) {
                    held.set_tangential(j, TangentialMode::Sticking);
                    any = true;
                }
            }
        }
        if any {
            self.kkt.project(&self.model, &held, t, q, u, true)?;
        }
        Ok(())
    }

    /// Makes `s` the state at time t.
    fn commit_settled(&mut self, t: f64, s: Settled<NQ, NB, NU>) {
        self.state = State::new(t, s.q, s.u);
        self.a = s.a;
        self.lambda_b = s.lambda_b;
        self.lambda_n = s.lambda_n;
        self.lambda_t = s.lambda_t;
        self.lambda_t2 = s.lambda_t2;
        self.sliding_determinant = s.sliding_determinant;
        self.active = s.active;
        if let Some(lcp) = s.acceleration_lcp {
            self.last_acceleration_lcp = lcp;
        }
        self.last_derivative_lcps = s.derivative_lcps;
        self.first_step_limit = s.first_step_limit;
        self.rising = s.rising;
        self.lifting = s.lifting;
    }

    /// Current state (t, q, u).
    pub fn state(&self) -> State<NQ> {
        self.state
    }
    /// Current time.
    pub fn t(&self) -> f64 {
        self.state.t
    }
    /// Current coordinates.
    pub fn q(&self) -> &Vector<NQ> {
        &self.state.q
    }
    /// Current velocities.
    pub fn u(&self) -> &Vector<NQ> {
        &self.state.u
    }
    /// Current acceleration a = q̈ (with the current active set).
    pub fn a(&self) -> &Vector<NQ> {
        &self.a
    }
    /// Contact multipliers λ_N of the closed contacts (basic solution, Lemma 5.2).
    pub fn contact_multipliers(&self) -> &Vector<NU> {
        &self.lambda_n
    }
    /// The contact multipliers of smallest norm with the same effect as
    /// [`contact_multipliers`](Self::contact_multipliers) (Lötstedt 1982, Lemma 5.2, item 4):
    /// where closed contacts are redundant (a block resting on three or four supports) λ_N is
    /// not unique, the force W_N λ_N (up to bilateral forces) is, and so is this λ₀ (equal
    /// shares on symmetric supports). Frictionless contacts only: with friction the basic
    /// multipliers are returned.
    pub fn minimum_norm_contact_multipliers(&mut self) -> Result<Vector<NU>, EventError> {
        if self.friction {
            return Ok(self.lambda_n);
        }
        let mut m = Matrix::<NQ, NQ>::zeros();
        self.model.mass_matrix(&self.state.q, self.state.t, &mut m);
        let (q, t) = (self.state.q, self.state.t);
        self.kkt
            .factor_at(&self.model, &ActiveSet::empty(), &q, t, &m)?;
        let mut tp = Vector::<NU>::zeros();
        let mut w_n = Matrix::<NQ, NU>::zeros();
        self.model.gap_jacobian(&q, t, &mut w_n, &mut tp);
        let z = condensed_columns(self.kkt.factor(), &w_n);
        Ok(minimum_norm_multipliers(
            &z,
            self.active.closed(),
            &self.lambda_n,
        ))
    }
    /// Bilateral multipliers λ_B.
    pub fn bilateral_multipliers(&self) -> &Vector<NB> {
        &self.lambda_b
    }
    /// Tangential (friction) forces λ_T along W_T: the multiplier of γ̇_T = 0 for a sticking
    /// contact, −μσλ_N for a sliding one (−μλ_N ŝ₁ in a tangent plane), zero otherwise.
    pub fn tangential_multipliers(&self) -> &Vector<NU> {
        &self.lambda_t
    }
    /// Friction forces along the second tangents W_T2 of contacts with a tangent plane (the
    /// multiplier of γ̇_T2 = 0 when sticking, −μλ_N ŝ₂ when sliding), zero elsewhere.
    pub fn second_tangential_multipliers(&self) -> &Vector<NU> {
        &self.lambda_t2
    }
    /// What every contact does in the current smooth phase: `Open`, `Closed` (no friction
    /// force), `Sticking`, `Sliding { sigma }` or, in a tangent plane,
    /// `SlidingPlane { direction }` (the slip direction at the current state).
    pub fn contact_modes(&self) -> [ContactMode; NU] {
        let mut modes = [ContactMode::Open; NU];
        for &i in self.active.priority() {
            modes[i] = match self.active.tangential(i) {
                TangentialMode::Free => ContactMode::Closed,
                TangentialMode::Sticking => ContactMode::Sticking,
                TangentialMode::Sliding { sigma } => ContactMode::Sliding { sigma },
                TangentialMode::SlidingPlane { direction } => {
                    ContactMode::SlidingPlane { direction }
                }
            };
        }
        modes
    }
    /// Which contacts are closed.
    pub fn closed(&self) -> &[bool; NU] {
        self.active.closed()
    }
    /// The active set: the closed contacts with their priority order in the factorisation.
    pub fn active_set(&self) -> &ActiveSet<NU> {
        &self.active
    }
    /// Work counters since the last [`set_state`](Self::set_state).
    pub fn stats(&self) -> Stats {
        // Accelerations are counted where they are evaluated, in the KKT workspace.
        Stats {
            evaluations: self.kkt.evaluations(),
            ..self.stats
        }
    }
    /// The model.
    pub fn model(&self) -> &Mo {
        &self.model
    }
    /// The model, mutably; call [`set_state`](Self::set_state) afterwards so that changed
    /// parameters and contact laws take effect (the run refuses invalid contact laws anyway).
    pub fn model_mut(&mut self) -> &mut Mo {
        &mut self.model
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
    ///
    /// Errors: [`EventError::NonFiniteHorizon`] if `t_end` is NaN or infinite; as
    /// [`set_state`](Self::set_state), [`EventError::FrictionSwitched`] if
    /// friction was switched on or off through `model_mut` since, [`EventError::StepSizeUnderflow`],
    /// [`EventError::TooManyEvents`]. After an error the integrator is at its last accepted
    /// step or event (the one last reported).
    pub fn run(
        &mut self,
        t_end: f64,
        mut report: impl FnMut(Report<'_, NQ, NB, NU>),
    ) -> Result<(), EventError> {
        if !t_end.is_finite() {
            return Err(EventError::NonFiniteHorizon {
                t: self.state.t,
                t_end,
            });
        }
        if self.check_contact_laws()? != self.friction {
            return Err(EventError::FrictionSwitched {
                t: self.state.t,
                friction: !self.friction,
            });
        }
        while self.state.t < t_end {
            if self.stats.events >= self.opts.max_events {
                return Err(EventError::TooManyEvents {
                    t: self.state.t,
                    limit: self.opts.max_events,
                });
            }
            if self.stats.steps + self.stats.rejected >= self.opts.max_steps {
                return Err(EventError::TooManySteps {
                    t: self.state.t,
                    limit: self.opts.max_steps,
                });
            }
            // A pending accumulation ends a step at its time t∞.
            let target = match &self.pending_rest {
                Some(ev) => t_end.min(ev.t),
                None => t_end,
            };
            let remaining = target - self.state.t;
            let mut h = self.h.min(self.opts.max_step).min(self.first_step_limit);
            let last = h >= remaining;
            if last {
                h = remaining;
            }
            let (step, end) = self.trial_step(h)?;
            if let Some(entry) = first_non_finite([&step.error]) {
                return Err(EventError::NonFinite {
                    t: self.state.t,
                    what: "error estimate",
                    entry,
                });
            }
            let factor = step_size_factor(step.error);
            if step.error > 1.0 {
                self.stats.rejected += 1;
                self.h = h * factor;
                if self.h < self.opts.min_step {
                    return Err(EventError::StepSizeUnderflow {
                        t: self.state.t,
                        h: self.h,
                        min_step: self.opts.min_step,
                    });
                }
                self.collapse.rejected(h);
                self.check_collapse()?;
                continue;
            }
            if self.first_gap_sample_not_rising(&step) && h / 8.0 >= self.opts.min_step {
                self.stats.rejected += 1;
                self.first_step_limit = h / 8.0;
                continue;
            }
            if let Some((theta, contact, trigger)) = self.earliest_event(&step, &end)? {
                let event = self.locate_state(theta * h, contact, trigger)?;
                self.handle_event(&event, &mut report)?;
                self.stats.steps += 1;
                self.h = h.max(self.opts.min_step * 10.0);
                continue;
            }
            let t1 = if last { target } else { self.state.t + h };
            self.collapse.accepted(h, self.state.t);
            self.check_collapse()?;
            let start = self.state;
            self.accept_step(t1, step.q1, step.u1)?;
            if !last || target < t_end {
                self.h = h * factor;
            }
            // Steps inside a collapsed accumulation window are not reported.
            if self.pending_rest.is_none() {
                report(Report::Step {
                    t_start: start.t,
                    q_start: &start.q,
                    t: self.state.t,
                    q: &self.state.q,
                    u: &self.state.u,
                    lambda: &self.lambda_n,
                });
            } else {
                self.report_rest_if_due(&mut report);
            }
        }
        Ok(())
    }

    /// A Dormand–Prince step of size h from the current state with the current active set, and
    /// the forces at its end (stage 7).
    fn trial_step(&mut self, h: f64) -> Result<(DenseStep<NQ>, EndForces<NU>), EventError> {
        let step = if self.friction {
            // The forces join the error control (see `force_control`).
            let (mut step, forces) = self.step_with_forces(h)?;
            step.error = step.error.max(self.force_error(&forces));
            step
        } else {
            self.step_from_current_state(h)?
        };
        let end = EndForces {
            lambda_n: *self.kkt.contact_multipliers(),
            lambda_t: *self.kkt.tangential_multipliers(),
            lambda_t2: *self.kkt.second_tangential_multipliers(),
            sliding_determinant: self.kkt.sliding_determinant(),
        };
        Ok((step, end))
    }

    /// [`dopri::step`] of size h from the current state with the current active set.
    fn step_from_current_state(&mut self, h: f64) -> Result<DenseStep<NQ>, EventError> {
        let (start, a0, active) = (self.state, self.a, self.active);
        let tolerances = (self.opts.rtol, self.opts.atol);
        let (model, kkt) = (&self.model, &mut self.kkt);
        dopri::step(&start, &a0, h, tolerances, &mut |t, q, u, a| {
            kkt.acceleration(model, &active, t, q, u, a)
        })
    }

    /// Commits the end (t₁, q₁, u₁) of an accepted step without event, projected onto the
    /// current active set.
    fn accept_step(
        &mut self,
        t1: f64,
        mut q: Vector<NQ>,
        mut u: Vector<NQ>,
    ) -> Result<(), EventError> {
        let active = self.active;
        self.kkt
            .project(&self.model, &active, t1, &mut q, &mut u, true)?;
        let mut a = Vector::<NQ>::zeros();
        self.kkt
            .acceleration(&self.model, &active, t1, &q, &u, &mut a)?;
        self.state.t = t1;
        self.state.q = q;
        self.state.u = u;
        self.a = a;
        self.lambda_b = *self.kkt.bilateral_multipliers();
        self.lambda_n = *self.kkt.contact_multipliers();
        self.lambda_t = *self.kkt.tangential_multipliers();
        self.lambda_t2 = *self.kkt.second_tangential_multipliers();
        self.sliding_determinant = self.kkt.sliding_determinant();
        // The slip directions in tangent planes at the new state orient the next step.
        for j in 0..NU {
            if let TangentialMode::SlidingPlane { .. } = self.active.tangential(j) {
                let direction = self.kkt.slip_direction(j);
                self.active
                    .set_tangential(j, TangentialMode::SlidingPlane { direction });
            }
        }
        self.stats.steps += 1;
        self.first_step_limit = f64::INFINITY;
        self.rising = [false; NU];
        if self.lifting.iter().any(|&l| l) {
            let mut gn = Vector::<NU>::zeros();
            self.model.gaps(&self.state.q, t1, &mut gn);
            for (lifting, g) in self.lifting.iter_mut().zip(gn.iter()) {
                *lifting &= *g <= self.opts.gap_tolerance;
            }
        }
        Ok(())
    }

    /// The state at the located event time t + hs (the step recomputed up to it).
    fn locate_state(
        &mut self,
        hs: f64,
        contact: usize,
        trigger: Trigger,
    ) -> Result<LocatedEvent<NQ>, EventError> {
        let (q, u) = if hs > 0.0 {
            let s = self.step_from_current_state(hs)?;
            (s.q1, s.u1)
        } else {
            (self.state.q, self.state.u)
        };
        Ok(LocatedEvent {
            t: self.state.t + hs,
            q,
            u,
            contact,
            trigger,
        })
    }

    /// Impact or active-set change at a located event: the jump is decided with the current
    /// active set, the new active set at the state after it; both are committed together.
    fn handle_event(
        &mut self,
        event: &LocatedEvent<NQ>,
        report: &mut impl FnMut(Report<'_, NQ, NB, NU>),
    ) -> Result<(), EventError> {
        let (t, contact) = (event.t, event.contact);
        let active = self.active;
        if event.trigger == Trigger::SlidingDeterminant {
            return Err(self.painleve_singularity(event));
        }
        self.instant = if t == self.instant.0 {
            (t, self.instant.1 + 1)
        } else {
            (t, 1)
        };
        if self.instant.1 > MAX_EVENTS_AT_ONE_INSTANT {
            return Err(EventError::EventCycle {
                t,
                contact: <Mo as Constraints<NQ, NB, NU>>::CONTACTS[contact],
                index: contact,
                events: self.instant.1 - 1,
            });
        }
        let cx = JumpContext {
            model: &self.model,
            opts: &self.opts,
            kkt: &mut self.kkt,
            lcp: &mut self.lcp,
            friction_impact: self.friction.then_some(&mut self.impact_law),
            active: &active,
        };
        let jump = event_jump(cx, event, self.flights[contact])?;
        let settled = self.settle(t, jump.q, jump.u_post, Some((contact, event.trigger)))?;
        let kinetic_energy_post = self.model.kinetic_energy(&settled.q, &settled.u, t);
        let impact = matches!(
            jump.kind,
            EventKind::Impact | EventKind::Accumulation { .. }
        );
        if impact {
            let bound = (1.0 + self.opts.impact_energy_gain) * jump.kinetic_energy_pre
                + 0.5 * self.opts.velocity_tolerance * jump.impulse.abs().sum();
            if kinetic_energy_post > bound {
                return Err(EventError::ImpactEnergyGain {
                    t,
                    contact: <Mo as Constraints<NQ, NB, NU>>::CONTACTS[contact],
                    index: contact,
                    pre: jump.kinetic_energy_pre,
                    post: kinetic_energy_post,
                    bound,
                });
            }
        }
        self.stats.events += 1;
        if impact {
            self.stats.impacts += 1;
        }
        self.flights[contact] = jump.flight;
        self.commit_settled(t, settled);
        let ev = Event {
            t,
            kind: jump.kind,
            contact,
            q: self.state.q,
            u_pre: jump.u_pre,
            u_post: self.state.u,
            impulse: jump.impulse,
            tangential_impulse: jump.tangential_impulse,
            second_tangential_impulse: jump.second_tangential_impulse,
            bilateral_impulse: jump.bilateral_impulse,
            kinetic_energy_pre: jump.kinetic_energy_pre,
            kinetic_energy_post,
            closed: *self.active.closed(),
            modes: self.contact_modes(),
        };
        report(Report::Event(&ev));
        if let EventKind::Accumulation { t_limit } = ev.kind
            && t_limit > t
        {
            self.pending_rest = Some(Event {
                t: t_limit,
                kind: EventKind::Rest,
                impulse: Vector::zeros(),
                tangential_impulse: Vector::zeros(),
                second_tangential_impulse: Vector::zeros(),
                bilateral_impulse: Vector::zeros(),
                ..ev
            });
        }
        Ok(())
    }

    /// The typed error of a sliding phase whose A(μ) became singular at the located event.
    fn painleve_singularity(&self, event: &LocatedEvent<NQ>) -> EventError {
        let laws = self.model.contact_laws();
        let mut mu = [0.0; NU];
        let mut set = [(0usize, [0.0f64; 2]); NU];
        let mut n = 0;
        for &i in self.active.priority() {
            let direction = match self.active.tangential(i) {
                TangentialMode::Sliding { sigma } => [sigma, 0.0],
                TangentialMode::SlidingPlane { direction } => direction,
                _ => continue,
            };
            mu[i] = laws[i].friction;
            set[n] = (i, direction);
            n += 1;
        }
        EventError::PainleveSingularity {
            t: event.t,
            culprit: painleve_bound_in_directions(&self.model, &mu, event.t, &event.q, &set[..n]),
        }
    }

    /// Reports the pending accumulation once the integrator has reached its time t∞, with the
    /// state there (at rest on the contact).
    fn report_rest_if_due(&mut self, report: &mut impl FnMut(Report<'_, NQ, NB, NU>)) {
        let Some(pending) = self.pending_rest else {
            return;
        };
        if self.state.t < pending.t {
            return;
        }
        let kinetic_energy = self
            .model
            .kinetic_energy(&self.state.q, &self.state.u, self.state.t);
        let ev = Event {
            q: self.state.q,
            u_pre: self.state.u,
            u_post: self.state.u,
            kinetic_energy_pre: kinetic_energy,
            kinetic_energy_post: kinetic_energy,
            closed: *self.active.closed(),
            modes: self.contact_modes(),
            ..pending
        };
        self.pending_rest = None;
        report(Report::Event(&ev));
    }
}

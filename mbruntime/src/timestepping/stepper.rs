//! The time-stepping driver: state, validation, the run loop, and the order of one step's stages
//! (the scheme's smooth part, the shared impact-contact step, the scheme's end position, the
//! position projection).

use super::contact_cone::{ContactCone, PreviousImpulses};
use super::contact_lcp::ContactLcp;
use super::error::TimeSteppingError;
use super::finite::{check_finite, check_state};
use super::gap_projection::GapProjection;
use super::impact_contact::{ImpactContact, VelocityJump};
use super::moreau_jean::{ForceTangents, force_tangents};
use super::projection::project_onto_constraints;
use super::record::StepRecord;
use super::scheme::{Scheme, Settings};
use super::step_plan::StepStart;
use super::velocity_constraints::largest_velocity_residual;
use super::{moreau_jean, moreau_midpoint};
use crate::linalg::CholeskyMemo;
use crate::mechanism::{Constraints, ContactLaw, Jacobians, State, Vector, validate_contact_laws};

/// A remainder of `run` below this fraction of Δt is merged into the last full step instead
/// of being taken as a step of its own.
const REMAINDER_MERGE: f64 = 1e-9;

/// Time-stepping integrator for a model with [`Dynamics`](crate::Dynamics) and [`Constraints`]:
/// impacts, planar and spatial Coulomb friction and bilateral constraints (see the [module
/// documentation](super) for the maths).
///
/// All workspaces (the contact LCP of dimension ≤ 3·NU and its Lemke tableau, and for a model
/// with tangent planes the cone problem of dimension ≤ 3·NU and its solver) are allocated in
/// [`TimeStepper::new`]; [`step`](Self::step) and [`run`](Self::run) never allocate.
///
/// ```
/// use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
/// # use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};
/// # struct Ball;
/// # impl Dynamics<1> for Ball {
/// #     const NAME: &'static str = "Ball"; const FINGERPRINT: &'static str = "";
/// #     const COORDINATES: [&'static str; 1] = ["y"]; const RHEONOMIC: bool = false;
/// #     fn kinetic_energy(&self, _: &Vector<1>, u: &Vector<1>, _: f64) -> f64 { 0.5 * u[0] * u[0] }
/// #     fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 { 9.81 * q[0] }
/// #     fn mass_matrix(&self, _: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) { m[0] = 1.0 }
/// #     fn forces(&self, _: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) { h[0] = -9.81 }
/// #     fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) { c.fill(0.0) }
/// # }
/// # impl Constraints<1, 0, 1> for Ball {
/// #     const BILATERAL: [&'static str; 0] = []; const CONTACTS: [&'static str; 1] = ["floor"];
/// #     fn bilateral(&self, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
/// #     fn bilateral_jacobian(&self, _: &Vector<1>, _: f64, _: &mut Matrix<1, 0>, _: &mut Vector<0>) {}
/// #     fn bilateral_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
/// #     fn gaps(&self, q: &Vector<1>, _: f64, g: &mut Vector<1>) { g[0] = q[0] }
/// #     fn gap_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) { w[0] = 1.0; p[0] = 0.0 }
/// #     fn gap_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) { d[0] = 0.0 }
/// #     fn slip_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) { w[0] = 0.0; p[0] = 0.0 }
/// #     fn slip_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) { d[0] = 0.0 }
/// #     fn contact_laws(&self) -> [ContactLaw; 1] { [ContactLaw { normal_restitution: 0.5, tangential_restitution: 0.0, friction: 0.0, has_tangent: false }] }
/// # }
/// // A ball dropped from 1 m with restitution 0.5 (the model `Ball` is hidden here).
/// let q0 = Vector::<1>::new(1.0);
/// let mut ts = TimeStepper::without_jacobians(Ball, Scheme::MoreauMidpoint, Settings::default(),
///                               0.0, q0, Vector::<1>::zeros()).unwrap();
/// let mut impacts = 0;
/// ts.run(1e-4, 0.5, |rec| if rec.impulses.lambda_n[0] > 1e-3 { impacts += 1 }).unwrap();
/// assert_eq!(impacts, 1);                     // first impact at √(2/9.81) ≈ 0.4515 s
/// assert!(ts.u()[0] > 0.0 && ts.q()[0] >= -1e-3); // bouncing up
/// ```
#[derive(Debug, Clone)]
pub struct TimeStepper<Model, const NQ: usize, const NB: usize, const NU: usize>
where
    Model: Constraints<NQ, NB, NU>,
{
    model: Model,
    scheme: Scheme,
    /// The model's exact force tangents (needed by Moreau–Jean; `None` for a model without
    /// [`Jacobians`](crate::Jacobians), which can run Moreau's midpoint rule only).
    tangents: Option<ForceTangents<Model, NQ>>,
    settings: Settings,
    laws: [ContactLaw; NU],
    /// Whether the model was lent out mutably since the laws were read: the next step reads
    /// and checks them again.
    laws_stale: bool,
    lcp: ContactLcp,
    /// The cone problem's workspace (empty for a model without tangent planes).
    cone: ContactCone,
    /// The last factored mass matrix and its Cholesky factor.
    mass: CholeskyMemo<NQ>,
    /// The gap projection's workspace (empty unless it is enabled).
    gap_projection: GapProjection,
    record: StepRecord<NQ, NB, NU>,
}

impl<Model, const NQ: usize, const NB: usize, const NU: usize> TimeStepper<Model, NQ, NB, NU>
where
    Model: Jacobians<NQ, NB, NU>,
{
    /// Validates the model parameters, scheme, settings and initial state (finite, no gap below
    /// −`penetration_tolerance`, holonomic violation |g(q₀)| and velocity-constraint violation
    /// |A(q₀) u₀ + a(q₀)| each ≤ `constraint_tolerance`) and allocates the workspaces. Every scheme is available: Moreau–Jean uses the model's exact Jacobians.
    pub fn new(
        model: Model,
        scheme: Scheme,
        settings: Settings,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<Self, TimeSteppingError> {
        let tangents: ForceTangents<Model, NQ> = force_tangents::<Model, NQ, NB, NU>;
        Self::build(model, scheme, Some(tangents), settings, t0, q0, u0)
    }
}

impl<Model, const NQ: usize, const NB: usize, const NU: usize> TimeStepper<Model, NQ, NB, NU>
where
    Model: Constraints<NQ, NB, NU>,
{
    /// As [`new`](Self::new), for a model without [`Jacobians`](crate::Jacobians) (e.g. written
    /// by hand): Moreau's midpoint rule only; [`Scheme::MoreauJean`] is refused with
    /// [`TimeSteppingError::SchemeNeedsJacobians`].
    pub fn without_jacobians(
        model: Model,
        scheme: Scheme,
        settings: Settings,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<Self, TimeSteppingError> {
        Self::build(model, scheme, None, settings, t0, q0, u0)
    }

    fn build(
        model: Model,
        scheme: Scheme,
        tangents: Option<ForceTangents<Model, NQ>>,
        settings: Settings,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<Self, TimeSteppingError> {
        scheme.validate()?;
        if tangents.is_none() && matches!(scheme, Scheme::MoreauJean { .. }) {
            return Err(TimeSteppingError::SchemeNeedsJacobians { model: Model::NAME });
        }
        settings.validate()?;
        let names = model.parameter_names();
        for (k, &name) in names.iter().enumerate() {
            if let Some(value) = model.parameter(k)
                && !value.is_finite()
            {
                return Err(TimeSteppingError::NonFiniteParameter { name, value });
            }
        }
        let laws = model.contact_laws();
        let mut ts = Self {
            model,
            scheme,
            tangents,
            settings,
            laws,
            laws_stale: false,
            lcp: ContactLcp::with_contacts(NU),
            cone: ContactCone::with_contacts(if Model::TANGENT_PLANES.contains(&true) {
                NU
            } else {
                0
            }),
            mass: CholeskyMemo::new(),
            gap_projection: GapProjection::with_contacts(
                if settings.gap_projection_iterations > 0 {
                    NU
                } else {
                    0
                },
            ),
            record: StepRecord::at_state(t0, q0, u0),
        };
        ts.set_state(t0, q0, u0)?;
        Ok(ts)
    }

    /// Replaces the state after the same checks as [`new`](Self::new) (and re-reads the
    /// contact laws, so parameter changes through [`model_mut`](Self::model_mut) take effect;
    /// they must pass [`ContactLaw::validate`](crate::ContactLaw::validate)).
    pub fn set_state(
        &mut self,
        t: f64,
        q: Vector<NQ>,
        u: Vector<NQ>,
    ) -> Result<(), TimeSteppingError> {
        check_state(t, &q, &u)?;
        let mut g_n = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut g_n);
        check_finite(g_n.as_slice(), t, "g_N")?;
        let tol = self.settings.penetration_tolerance;
        if let Some(i) = (0..NU).find(|&i| g_n[i] < -tol) {
            return Err(TimeSteppingError::InitialPenetration {
                contact: Model::CONTACTS[i],
                gap: g_n[i],
                tolerance: tol,
            });
        }
        let mut g = Vector::<NB>::zeros();
        self.model.bilateral(&q, t, &mut g);
        check_finite(g.as_slice(), t, "g")?;
        let tol = self.settings.constraint_tolerance;
        if let Some(i) = (0..NB).find(|&i| Model::HOLONOMIC[i] && g[i].abs() > tol) {
            return Err(TimeSteppingError::InitialConstraintViolation {
                constraint: Model::BILATERAL[i],
                residual: g[i].abs(),
                tolerance: tol,
            });
        }
        // A velocity constraint is checked at its own level, γ(q₀, u₀, t₀) = 0, as a holonomic
        // one is at position level (their velocity residuals are left to the first step).
        if let Some((i, residual)) =
            largest_velocity_residual::<Model, NQ, NB, NU>(&self.model, &q, &u, t)?
            && residual > tol
        {
            return Err(TimeSteppingError::InitialVelocityConstraintViolation {
                constraint: Model::BILATERAL[i],
                residual,
                tolerance: tol,
            });
        }
        self.reread_contact_laws()?;
        self.record = StepRecord::at_state(t, q, u);
        Ok(())
    }

    /// Reads and checks the contact laws (at a new state, or after the model was lent out
    /// mutably).
    #[cold]
    #[inline(never)]
    fn reread_contact_laws(&mut self) -> Result<(), TimeSteppingError> {
        let laws = self.model.contact_laws();
        validate_contact_laws(&laws, &Model::CONTACTS)?;
        (self.laws, self.laws_stale) = (laws, false);
        Ok(())
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The model, mutably. Changed contact laws are read and checked
    /// ([`ContactLaw::validate`](crate::ContactLaw::validate)) before the next step.
    pub fn model_mut(&mut self) -> &mut Model {
        self.laws_stale = true;
        &mut self.model
    }

    /// The scheme in use.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// Current state (t, q, u).
    pub fn state(&self) -> State<NQ> {
        State::new(self.record.t, self.record.q, self.record.u)
    }

    /// Current time.
    pub fn t(&self) -> f64 {
        self.record.t
    }

    /// Current coordinates.
    pub fn q(&self) -> &Vector<NQ> {
        &self.record.q
    }

    /// Current velocities.
    pub fn u(&self) -> &Vector<NQ> {
        &self.record.u
    }

    /// The record of the last step (or of the initial state, with step number 0).
    pub fn last(&self) -> &StepRecord<NQ, NB, NU> {
        &self.record
    }

    /// Advances by one step of size `dt` (finite, > 0, and not below the resolution of t:
    /// t + dt > t) and returns its record.
    ///
    /// On error the state is left unchanged.
    pub fn step(&mut self, dt: f64) -> Result<&StepRecord<NQ, NB, NU>, TimeSteppingError> {
        self.advance(dt, self.record.t + dt)
    }

    /// Takes steps of size `dt` from the current time t up to `t_end`, calling `on_step` after
    /// each, and returns the number of steps taken: ⌈(t_end − t)/dt⌉ within a relative 1e-9
    /// (0 if t_end ≤ t, 1 if 0 < t_end − t ≤ 1e-9·dt). All steps but the last have size `dt`;
    /// the last one is shortened (or, by at most 1e-9·dt plus the rounding of the accumulated
    /// time, lengthened) so that it ends exactly at `t_end`: afterwards [`t`](Self::t) equals
    /// `t_end`.
    pub fn run<F>(&mut self, dt: f64, t_end: f64, mut on_step: F) -> Result<u64, TimeSteppingError>
    where
        F: FnMut(&StepRecord<NQ, NB, NU>),
    {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(TimeSteppingError::InvalidStep { h: dt });
        }
        if !t_end.is_finite() {
            return Err(TimeSteppingError::NonFiniteState {
                t: self.t(),
                what: "t",
                index: 0,
                value: t_end,
            });
        }
        let span = (t_end - self.t()) / dt;
        let n = if span > 0.0 {
            ((span - REMAINDER_MERGE).ceil() as u64).max(1)
        } else {
            0
        };
        for k in 1..=n {
            let t_a = self.t();
            let t_next = t_a + dt;
            // The last step ends at t_end exactly. If the accumulated time reaches t_end one
            // step early (rounding, only for a remainder of rounding size), that step is the
            // last. Otherwise t_next < t_end, so the last step is never empty.
            let record = if k == n || t_next >= t_end {
                self.advance(t_end - t_a, t_end)?
            } else {
                self.advance(dt, t_next)?
            };
            on_step(record);
            if self.t() == t_end {
                return Ok(k);
            }
        }
        Ok(n)
    }

    /// One step of size `dt` from the current state, ending at `t_e` (= t + dt up to rounding;
    /// `InvalidStep` unless dt is finite and > 0, `StepBelowTimeResolution` unless t_e > t):
    /// the scheme's smooth part, the impact-contact step (Glocker & Studer (17), step 4), the
    /// scheme's end position, the projection onto the holonomic g(q, t_E) = 0, and the record.
    fn advance(&mut self, dt: f64, t_e: f64) -> Result<&StepRecord<NQ, NB, NU>, TimeSteppingError> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(TimeSteppingError::InvalidStep { h: dt });
        }
        let t_a = self.record.t;
        if t_e <= t_a {
            return Err(TimeSteppingError::StepBelowTimeResolution { h: dt, t: t_a });
        }
        if self.laws_stale {
            self.reread_contact_laws()?;
        }
        let start = StepStart {
            t_a,
            q_a: self.record.q,
            u_a: self.record.u,
            dt,
            t_e,
        };
        let plan = match self.scheme {
            Scheme::MoreauMidpoint => {
                moreau_midpoint::plan::<Model, NQ, NB, NU>(&self.model, &start, &mut self.mass)?
            }
            Scheme::MoreauJean { theta } => {
                let tangents = self
                    .tangents
                    .ok_or(TimeSteppingError::SchemeNeedsJacobians { model: Model::NAME })?;
                moreau_jean::plan::<Model, NQ, NB, NU>(
                    &self.model,
                    &start,
                    theta,
                    tangents,
                    &mut self.mass,
                )?
            }
        };
        let q_eval = plan.q_eval;
        let mut jump = VelocityJump::none(start.u_a);
        ImpactContact {
            model: &self.model,
            laws: &self.laws,
            lcp: &mut self.lcp,
            cone: &mut self.cone,
            cone_options: &self.settings.friction_cone,
            previous: PreviousImpulses {
                lambda_n: &self.record.impulses.lambda_n,
                lambda_t: &self.record.impulses.lambda_t,
                lambda_t2: &self.record.impulses.lambda_t2,
            },
        }
        .velocity_jump::<NQ, NB>(&start, plan, &mut jump)?;

        let mut q_e = match self.scheme {
            Scheme::MoreauMidpoint => moreau_midpoint::end_position(&q_eval, &jump.u_e, dt),
            Scheme::MoreauJean { theta } => moreau_jean::end_position(&start, &jump.u_e, theta),
        };
        if self.settings.gap_projection_iterations > 0 && jump.impulses.active.contains(&true) {
            self.gap_projection.project::<Model, NQ, NB, NU>(
                &self.model,
                &mut q_e,
                t_e,
                &jump.impulses.active,
                self.settings.gap_projection_iterations,
                self.settings.gap_projection_tolerance,
            )?;
        }
        let mut constraint_residual = 0.0;
        if NB > 0 {
            constraint_residual = project_onto_constraints::<Model, NQ, NB, NU>(
                &self.model,
                &mut q_e,
                t_e,
                self.settings.projection_iterations,
                self.settings.projection_tolerance,
            )?;
        }
        check_state(t_e, &q_e, &jump.u_e)?;
        let velocity_constraint_residual =
            largest_velocity_residual::<Model, NQ, NB, NU>(&self.model, &q_e, &jump.u_e, t_e)?
                .map_or(0.0, |(_, r)| r);

        self.record = StepRecord {
            step: self.record.step + 1,
            t: t_e,
            h: dt,
            q: q_e,
            u: jump.u_e,
            q_start: start.q_a,
            u_start: start.u_a,
            q_eval,
            impulses: jump.impulses,
            constraint_residual,
            velocity_constraint_residual,
        };
        Ok(&self.record)
    }
}

//! The time-stepping driver: state, validation, the shared impact-contact step and the run loop.

use super::contact_lcp::{ContactKinematics, ContactLcp, is_frictional};
use super::error::TimeSteppingError;
use super::projection::project_onto_constraints;
use super::record::StepRecord;
use super::scheme::{Scheme, Settings};
use super::velocity_operator::{IterationFactor, VelocityOperator};
use super::{moreau_jean, moreau_midpoint};
use crate::mechanism::{ContactLaw, Matrix, Mechanism, Vector};

/// What a scheme's smooth part hands to the shared impact-contact step.
pub(crate) struct StepPlan<const NQ: usize> {
    /// Where W_N, W_T, G are evaluated.
    pub t_eval: f64,
    pub q_eval: Vector<NQ>,
    /// Where the gaps deciding H are evaluated.
    pub t_gap: f64,
    pub q_gap: Vector<NQ>,
    /// Factor of the iteration matrix A.
    pub factor: IterationFactor<NQ>,
    /// Smooth impulse r of A(u_E − u_A) = r + impulses.
    pub smooth_impulse: Vector<NQ>,
}

/// `Err(NonFiniteModelOutput)` if a slice holds NaN or ±∞.
pub(crate) fn check_finite(
    values: &[f64],
    t: f64,
    quantity: &'static str,
) -> Result<(), TimeSteppingError> {
    if values.iter().all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(TimeSteppingError::NonFiniteModelOutput { t, quantity })
    }
}

fn check_state<const NQ: usize>(
    t: f64,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
) -> Result<(), TimeSteppingError> {
    if !t.is_finite() {
        return Err(TimeSteppingError::NonFiniteState {
            t,
            what: "t",
            index: 0,
            value: t,
        });
    }
    for (what, x) in [("q", q), ("u", u)] {
        if let Some((index, &value)) = x.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(TimeSteppingError::NonFiniteState {
                t,
                what,
                index,
                value,
            });
        }
    }
    Ok(())
}

/// Time-stepping integrator for a [`Mechanism`] with impacts, Coulomb friction and bilateral
/// constraints (see the [module documentation](super) for the maths).
///
/// All workspaces (the contact LCP of dimension ≤ 3·NU and its Lemke tableau) are allocated
/// in [`TimeStepper::new`]; [`step`](Self::step) and [`run`](Self::run) never allocate.
///
/// ```
/// use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
/// # use mbruntime::{ContactLaw, Matrix, Mechanism, ParameterError, Vector};
/// # struct Ball;
/// # impl Mechanism<1, 0, 1> for Ball {
/// #     const NAME: &'static str = "Ball"; const FINGERPRINT: &'static str = "";
/// #     const COORDINATES: [&'static str; 1] = ["y"]; const BILATERAL: [&'static str; 0] = [];
/// #     const CONTACTS: [&'static str; 1] = ["floor"]; const RHEONOMIC: bool = false;
/// #     fn parameter_names(&self) -> &'static [&'static str] { &[] }
/// #     fn parameter(&self, _: usize) -> Option<f64> { None }
/// #     fn set_parameter(&mut self, k: usize, _: f64) -> Result<(), ParameterError> { Err(ParameterError::Unknown(k.to_string())) }
/// #     fn kinetic_energy(&self, _: &Vector<1>, u: &Vector<1>, _: f64) -> f64 { 0.5 * u[0] * u[0] }
/// #     fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 { 9.81 * q[0] }
/// #     fn mass_matrix(&self, _: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) { m[0] = 1.0 }
/// #     fn forces(&self, _: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) { h[0] = -9.81 }
/// #     fn dynamics(&self, q: &Vector<1>, u: &Vector<1>, t: f64, m: &mut Matrix<1, 1>, h: &mut Vector<1>) { self.mass_matrix(q, t, m); self.forces(q, u, t, h) }
/// #     fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) { c.fill(0.0) }
/// #     fn bilateral(&self, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
/// #     fn bilateral_jacobian(&self, _: &Vector<1>, _: f64, _: &mut Matrix<1, 0>, _: &mut Vector<0>) {}
/// #     fn bilateral_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
/// #     fn gaps(&self, q: &Vector<1>, _: f64, g: &mut Vector<1>) { g[0] = q[0] }
/// #     fn gap_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) { w[0] = 1.0; p[0] = 0.0 }
/// #     fn gap_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) { d[0] = 0.0 }
/// #     fn slip_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) { w[0] = 0.0; p[0] = 0.0 }
/// #     fn slip_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) { d[0] = 0.0 }
/// #     fn contact_laws(&self) -> [ContactLaw; 1] { [ContactLaw { normal_restitution: 0.5, tangential_restitution: 0.0, friction: 0.0, has_tangent: false }] }
/// #     fn gap_time_derivatives(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, o: &mut Matrix<1, 4>) { o.fill(0.0) }
/// #     fn bilateral_time_derivatives(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Matrix<0, 4>) {}
/// #     fn gap_jacobian_rates(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, a: &mut Matrix<1, 1>, b: &mut Matrix<1, 1>) { a.fill(0.0); b.fill(0.0) }
/// #     fn bilateral_jacobian_rates(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Matrix<1, 0>, _: &mut Matrix<1, 0>) {}
/// #     fn mass_matrix_rates(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, a: &mut Matrix<1, 1>, b: &mut Matrix<1, 1>) { a.fill(0.0); b.fill(0.0) }
/// #     fn force_rates(&self, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: &Vector<1>, _: f64, a: &mut Vector<1>, b: &mut Vector<1>) { a.fill(0.0); b.fill(0.0) }
/// #     fn potential_gradient(&self, _: &Vector<1>, _: f64, g: &mut Vector<1>) { g[0] = 9.81 }
/// #     fn potential_hessian(&self, _: &Vector<1>, _: f64, h: &mut Matrix<1, 1>) { h.fill(0.0) }
/// #     fn potential_gradient_parameter(&self, _: &Vector<1>, _: f64, _: usize, _: &mut Vector<1>) -> bool { false }
/// #     fn bilateral_hessian(&self, _: &Vector<1>, _: f64, _: usize, _: &mut Matrix<1, 1>) -> bool { false }
/// #     fn gap_hessian(&self, _: &Vector<1>, _: f64, _: usize, _: &mut Matrix<1, 1>) -> bool { false }
/// # }
/// // A ball dropped from 1 m with restitution 0.5 (the model `Ball` is hidden here).
/// let q0 = Vector::<1>::new(1.0);
/// let mut ts = TimeStepper::new(Ball, Scheme::MoreauMidpoint, Settings::default(),
///                               0.0, q0, Vector::<1>::zeros()).unwrap();
/// let mut impacts = 0;
/// ts.run(1e-4, 0.5, |rec| if rec.lambda_n[0] > 1e-3 { impacts += 1 }).unwrap();
/// assert_eq!(impacts, 1);                     // first impact at √(2/9.81) ≈ 0.4515 s
/// assert!(ts.u()[0] > 0.0 && ts.q()[0] >= -1e-3); // bouncing up
/// ```
#[derive(Debug, Clone)]
pub struct TimeStepper<Model, const NQ: usize, const NB: usize, const NU: usize>
where
    Model: Mechanism<NQ, NB, NU>,
{
    model: Model,
    scheme: Scheme,
    settings: Settings,
    laws: [ContactLaw; NU],
    lcp: ContactLcp,
    record: StepRecord<NQ, NB, NU>,
}

impl<Model, const NQ: usize, const NB: usize, const NU: usize> TimeStepper<Model, NQ, NB, NU>
where
    Model: Mechanism<NQ, NB, NU>,
{
    /// Validates the model parameters, scheme, settings and initial state (finite, no gap below
    /// −`penetration_tolerance`, bilateral violation ≤ `constraint_tolerance`) and allocates the
    /// workspaces.
    pub fn new(
        model: Model,
        scheme: Scheme,
        settings: Settings,
        t0: f64,
        q0: Vector<NQ>,
        u0: Vector<NQ>,
    ) -> Result<Self, TimeSteppingError> {
        scheme.validate()?;
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
            settings,
            laws,
            lcp: ContactLcp::with_contacts(NU),
            record: StepRecord::at_state(t0, q0, u0),
        };
        ts.set_state(t0, q0, u0)?;
        Ok(ts)
    }

    /// Replaces the state after the same checks as [`new`](Self::new) (and re-reads the
    /// contact laws, so parameter changes through [`model_mut`](Self::model_mut) take effect).
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
        if let Some(i) = (0..NB).find(|&i| g[i].abs() > tol) {
            return Err(TimeSteppingError::InitialConstraintViolation {
                constraint: Model::BILATERAL[i],
                residual: g[i].abs(),
                tolerance: tol,
            });
        }
        self.laws = self.model.contact_laws();
        for law in &self.laws {
            for (name, value) in [
                ("normal_restitution", law.normal_restitution),
                ("tangential_restitution", law.tangential_restitution),
                ("friction", law.friction),
            ] {
                if !value.is_finite() {
                    return Err(TimeSteppingError::NonFiniteParameter { name, value });
                }
            }
        }
        self.record = StepRecord::at_state(t, q, u);
        Ok(())
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The model, mutably; call [`set_state`](Self::set_state) afterwards so that changed
    /// contact laws are re-read.
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The scheme in use.
    pub fn scheme(&self) -> Scheme {
        self.scheme
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

    /// Advances by one step of size `dt` (finite, > 0) and returns its record.
    ///
    /// On error the state is left unchanged.
    pub fn step(&mut self, dt: f64) -> Result<&StepRecord<NQ, NB, NU>, TimeSteppingError> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(TimeSteppingError::InvalidStep { h: dt });
        }
        let (t_a, q_a, u_a) = (self.record.t, self.record.q, self.record.u);
        let plan = match self.scheme {
            Scheme::MoreauMidpoint => {
                moreau_midpoint::plan::<Model, NQ, NB, NU>(&self.model, t_a, &q_a, &u_a, dt)?
            }
            Scheme::MoreauJean { theta } => {
                moreau_jean::plan::<Model, NQ, NB, NU>(&self.model, t_a, &q_a, &u_a, dt, theta)?
            }
        };
        self.impact_contact_step(dt, plan)?;
        Ok(&self.record)
    }

    /// Takes fixed steps of size `dt` until `t_end` is reached (the number of steps is
    /// ⌈(t_end − t)/dt⌉, within a relative 1e-9), calling `on_step` after each; returns the
    /// number of steps taken.
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
            (span - 1e-9).ceil() as u64
        } else {
            0
        };
        for _ in 0..n {
            on_step(self.step(dt)?);
        }
        Ok(n)
    }

    /// Step 4 of Glocker & Studer (17) for either scheme: active set, contact LCP (33) with
    /// the bilateral constraints condensed, velocity and position update, projection, record.
    fn impact_contact_step(
        &mut self,
        dt: f64,
        plan: StepPlan<NQ>,
    ) -> Result<(), TimeSteppingError> {
        let (t_a, q_a, u_a) = (self.record.t, self.record.q, self.record.u);
        let t_e = t_a + dt;

        // Active set H from the predicted gaps.
        let mut g_n = Vector::<NU>::zeros();
        self.model.gaps(&plan.q_gap, plan.t_gap, &mut g_n);
        check_finite(g_n.as_slice(), plan.t_gap, "g_N")?;
        let mut active = [false; NU];
        for i in 0..NU {
            active[i] = g_n[i] <= 0.0;
        }
        let any_active = active.iter().any(|&a| a);

        // Bilateral constraints at velocity level: G, ĝ and the constrained inverse P.
        let mut jac_b = Matrix::<NQ, NB>::zeros();
        let mut g_hat = Vector::<NB>::zeros();
        if NB > 0 {
            self.model
                .bilateral_jacobian(&plan.q_eval, plan.t_eval, &mut jac_b, &mut g_hat);
            check_finite(jac_b.as_slice(), plan.t_eval, "G")?;
            check_finite(g_hat.as_slice(), plan.t_eval, "G")?;
        }
        let op = VelocityOperator::new(plan.factor, jac_b)
            .ok_or(TimeSteppingError::DependentBilateralConstraints { t: plan.t_eval })?;

        // Contact impulses from the LCP (27), (33).
        let mut p = plan.smooth_impulse;
        let mut kin = ContactKinematics {
            w_n: Matrix::zeros(),
            what_n: Vector::zeros(),
            w_t: Matrix::zeros(),
            what_t: Vector::zeros(),
        };
        let mut lambda_n = Vector::<NU>::zeros();
        let mut lambda_t = Vector::<NU>::zeros();
        let (mut lcp_size, mut lcp_pivots) = (0, 0);
        if any_active {
            self.model
                .gap_jacobian(&plan.q_eval, plan.t_eval, &mut kin.w_n, &mut kin.what_n);
            check_finite(kin.w_n.as_slice(), plan.t_eval, "W_N")?;
            check_finite(kin.what_n.as_slice(), plan.t_eval, "W_N")?;
            self.model
                .slip_jacobian(&plan.q_eval, plan.t_eval, &mut kin.w_t, &mut kin.what_t);
            check_finite(kin.w_t.as_slice(), plan.t_eval, "W_T")?;
            check_finite(kin.what_t.as_slice(), plan.t_eval, "W_T")?;
            let (u_free, _) = op.velocity(&u_a, &p, &g_hat);
            let size = (0..NU)
                .filter(|&i| active[i])
                .map(|i| if is_frictional(&self.laws[i]) { 3 } else { 1 })
                .sum();
            let imp = self
                .lcp
                .solve(&op, &kin, &self.laws, &active, &u_a, &u_free)
                .map_err(|source| TimeSteppingError::Lcp {
                    t: t_a,
                    size,
                    source,
                })?;
            lambda_n = imp.lambda_n;
            lambda_t = imp.lambda_t;
            lcp_size = imp.size;
            lcp_pivots = imp.pivots;
            p += kin.w_n * lambda_n + kin.w_t * lambda_t;
        }
        let (u_e, lambda_b) = op.velocity(&u_a, &p, &g_hat);

        // Positions, then projection onto g(q, t_E) = 0.
        let mut q_e = match self.scheme {
            Scheme::MoreauMidpoint => moreau_midpoint::end_position(&plan.q_eval, &u_e, dt),
            Scheme::MoreauJean { theta } => moreau_jean::end_position(&q_a, &u_a, &u_e, dt, theta),
        };
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
        check_state(t_e, &q_e, &u_e)?;

        // ξ of (11) on H.
        let mut xi_n = Vector::<NU>::zeros();
        let mut xi_t = Vector::<NU>::zeros();
        if any_active {
            let (gn_a, gt_a) = kin.relative_velocities(&u_a);
            let (gn_e, gt_e) = kin.relative_velocities(&u_e);
            for i in (0..NU).filter(|&i| active[i]) {
                xi_n[i] = gn_e[i] + self.laws[i].normal_restitution * gn_a[i];
                xi_t[i] = gt_e[i] + self.laws[i].tangential_restitution * gt_a[i];
            }
        }

        self.record = StepRecord {
            step: self.record.step + 1,
            t: t_e,
            h: dt,
            q: q_e,
            u: u_e,
            q_start: q_a,
            u_start: u_a,
            q_eval: plan.q_eval,
            gaps_eval: g_n,
            active,
            lambda_n,
            lambda_t,
            xi_n,
            xi_t,
            lambda_b,
            constraint_residual,
            lcp_size,
            lcp_pivots,
        };
        Ok(())
    }
}

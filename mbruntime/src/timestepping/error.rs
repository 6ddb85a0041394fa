//! Typed errors of the time-stepping integrators.

use crate::cone::ConeError;
use crate::lcp::LcpError;

/// Why a time-stepping integrator refused its input or could not complete a step.
///
/// Every variant carries the numbers a user needs to locate the problem (time, contact or
/// coordinate name, offending value).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum TimeSteppingError {
    /// A contact law out of range ([`ContactLaw::validate`](crate::ContactLaw::validate)).
    #[error(transparent)]
    ContactLaw(#[from] crate::mechanism::ContactLawError),
    /// The step size Δt must be finite and strictly positive.
    #[error("time step must be finite and > 0, got {h}")]
    InvalidStep {
        /// The rejected step size.
        h: f64,
    },
    /// The step size is below the floating-point resolution of the time: t + Δt = t.
    #[error("time step {h:e} does not advance t = {t} (t + h rounds to t)")]
    StepBelowTimeResolution {
        /// The step size.
        h: f64,
        /// The time it was added to.
        t: f64,
    },
    /// The θ of the Moreau–Jean scheme must lie in [1/2, 1].
    #[error("Moreau–Jean θ must lie in [0.5, 1], got {theta}")]
    InvalidTheta {
        /// The rejected θ.
        theta: f64,
    },
    /// A setting of [`Settings`](super::Settings) is NaN, infinite or negative.
    #[error("setting `{name}` must be finite and non-negative, got {value}")]
    InvalidSetting {
        /// Name of the setting.
        name: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// An option of [`Settings::friction_cone`](super::Settings::friction_cone) is out of range.
    #[error(
        "setting `friction_cone.{option}` = {value} is out of range: the tolerance must be \
         finite and > 0, max_iterations at least 1, the relaxation in (0, 2)"
    )]
    InvalidFrictionConeSetting {
        /// Name of the option within [`ConeOptions`](crate::cone::ConeOptions).
        option: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// A model parameter is NaN or infinite.
    #[error("model parameter `{name}` is not finite: {value}")]
    NonFiniteParameter {
        /// Parameter name.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// A component of the state (t, q or u) is NaN or infinite.
    #[error("state component {what}[{index}] is not finite ({value}) at t = {t}")]
    NonFiniteState {
        /// Time of the state.
        t: f64,
        /// `"t"`, `"q"` or `"u"`.
        what: &'static str,
        /// Index within `q` or `u` (0 for `t`).
        index: usize,
        /// The offending value.
        value: f64,
    },
    /// The model returned a NaN or infinite quantity (mass matrix, forces, Jacobians, gaps).
    #[error("model output `{quantity}` is not finite at t = {t}: {entry}")]
    NonFiniteModelOutput {
        /// Time at which the model was evaluated.
        t: f64,
        /// Which quantity: `"M"`, `"h"`, `"g_N"`, `"W_N"`, `"W_T"`, `"W_T2"`, `"g"`, `"G"`.
        quantity: &'static str,
        /// Its first entry that is NaN or infinite (column-major for matrices).
        entry: crate::linalg::NonFiniteEntry,
    },
    /// The initial state violates a unilateral constraint by more than the tolerance:
    /// g_N(q₀) < −tolerance.
    #[error(
        "initial state penetrates contact `{contact}`: gap {gap:e} < -{tolerance:e} (tolerance)"
    )]
    InitialPenetration {
        /// Contact name (from the model).
        contact: &'static str,
        /// Its gap at the initial state.
        gap: f64,
        /// The admissible penetration.
        tolerance: f64,
    },
    /// The initial state violates a holonomic bilateral constraint by more than the tolerance.
    #[error(
        "initial state violates bilateral constraint `{constraint}`: |g| = {residual:e} > {tolerance:e}"
    )]
    InitialConstraintViolation {
        /// Constraint name.
        constraint: &'static str,
        /// |g_i(q₀)|.
        residual: f64,
        /// The admissible violation.
        tolerance: f64,
    },
    /// The initial velocities violate a velocity (nonholonomic) constraint A(q, t) q̇ + a(q, t) = 0
    /// by more than the tolerance ([`Settings::constraint_tolerance`](super::Settings)): the
    /// state is refused rather than projected, as a holonomic violation is.
    #[error(
        "initial velocities violate velocity constraint `{constraint}`: |A u + a| = {residual:e} > {tolerance:e}"
    )]
    InitialVelocityConstraintViolation {
        /// Constraint name.
        constraint: &'static str,
        /// |A_i(q₀, t₀) u₀ + a_i(q₀, t₀)|.
        residual: f64,
        /// The admissible violation.
        tolerance: f64,
    },
    /// The Cholesky factorisation of M(q, t) failed: M is not symmetric positive definite.
    #[error(
        "mass matrix is not positive definite at t = {t} (smallest eigenvalue {smallest_eigenvalue:e})"
    )]
    MassMatrixNotPositiveDefinite {
        /// Time of the evaluation (the midpoint t_M for Moreau's rule).
        t: f64,
        /// Smallest eigenvalue of (M + Mᵀ)/2 there (see [`crate::linalg::spd`]).
        smallest_eigenvalue: f64,
    },
    /// Moreau–Jean needs the exact force Jacobians K = −∂h/∂q, C = −∂h/∂u, and the model was
    /// given without them ([`TimeStepper::without_jacobians`](super::TimeStepper::without_jacobians)).
    #[error(
        "the Moreau–Jean scheme needs the force Jacobians of model `{model}`: implement `Jacobians` (generated models do) and use `TimeStepper::new`, or use Moreau's midpoint rule"
    )]
    SchemeNeedsJacobians {
        /// Name of the model.
        model: &'static str,
    },
    /// The Moreau–Jean iteration matrix M + hθC + h²θ²K is singular.
    #[error("Moreau–Jean iteration matrix M + hθC + h²θ²K is singular at t = {t}")]
    SingularIterationMatrix {
        /// Time of the step start.
        t: f64,
    },
    /// The bilateral constraints cannot be condensed: a gradient (column of G) vanishes or is
    /// not finite, so its linearisation constrains nothing, or for Moreau–Jean G_Kᵀ A⁻¹ G_K is
    /// singular. Redundant (dependent, nonzero) constraints are accepted, not reported here
    /// (Lötstedt 1982, Lemma 5.2; see [`crate::linalg::constrained_inverse`]).
    #[error(
        "bilateral constraints are degenerate at t = {t}: a gradient vanishes or G_Kᵀ A⁻¹ G_K is singular"
    )]
    DependentBilateralConstraints {
        /// Time of the evaluation.
        t: f64,
    },
    /// The contact LCP (Glocker & Studer (27), (33)) could not be solved.
    #[error("contact LCP of size {size} failed at t = {t}: {source}")]
    Lcp {
        /// Time of the step start.
        t: f64,
        /// LCP dimension (k normal rows + 2 rows per frictional contact).
        size: usize,
        /// The solver's error.
        #[source]
        source: LcpError,
    },
    /// The spatial contact problem of a step (the cone complementarity problem of Moreau–Jean,
    /// Acary & Brogliato 2008, ch. 13) was not solved to the certificate of
    /// [`ConeSolver`](crate::cone::ConeSolver) within the budget of
    /// [`Settings::friction_cone`](super::Settings::friction_cone).
    #[error(
        "spatial contact problem of {contacts} closed contacts not solved at t = {t}: \
         normalised natural-map residual {residual:e} after {iterations} iterations, largest at \
         contact `{contact}` (raise `Settings::friction_cone.max_iterations` or reduce the step)"
    )]
    FrictionConeNotConverged {
        /// Time of the step start.
        t: f64,
        /// Contacts in the problem (the closed ones).
        contacts: usize,
        /// The contact with the largest natural-map residual.
        contact: &'static str,
        /// Normalised natural-map residual reached.
        residual: f64,
        /// Iterations spent (Newton steps plus Gauss–Seidel sweeps).
        iterations: usize,
    },
    /// The spatial contact problem of a step failed otherwise (non-finite iterate, a Delassus
    /// matrix with a negative diagonal entry).
    #[error("spatial contact problem of {contacts} closed contacts failed at t = {t}: {source}")]
    FrictionCone {
        /// Time of the step start.
        t: f64,
        /// Contacts in the problem (the closed ones).
        contacts: usize,
        /// The solver's error.
        #[source]
        source: ConeError,
    },
}

impl TimeSteppingError {
    /// The error for a failed Cholesky factorisation of M at time `t`.
    pub(crate) fn mass_factor(e: crate::linalg::SpdError, t: f64) -> Self {
        match e {
            crate::linalg::SpdError::NotPositiveDefinite {
                smallest_eigenvalue,
            } => Self::MassMatrixNotPositiveDefinite {
                t,
                smallest_eigenvalue,
            },
            crate::linalg::SpdError::NonFinite { entry } => Self::NonFiniteModelOutput {
                t,
                quantity: "M",
                entry,
            },
        }
    }
}

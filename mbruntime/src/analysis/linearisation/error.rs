//! Why a model cannot be linearised at an operating point.

use crate::analysis::ConstraintRef;
use crate::linalg::NonFiniteEntry;

/// Why a linearisation (or a steady-motion analysis) was refused. Every variant carries the
/// numbers a user needs to correct the input; no result with NaN is ever returned instead.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LinearisationError {
    /// An input (the state) or a model output is NaN or infinite.
    #[error("non-finite {what}: {entry}")]
    NonFinite {
        /// Which quantity.
        what: &'static str,
        /// Its first entry that is NaN or infinite.
        entry: NonFiniteEntry,
    },
    /// A tolerance is NaN, infinite or negative.
    #[error("{what} = {value} must be finite and ≥ 0")]
    InvalidTolerance {
        /// Which tolerance.
        what: &'static str,
        /// The value given.
        value: f64,
    },
    /// An index (contact, coordinate) is out of range.
    #[error("{what} index {index} out of range (there are {len})")]
    IndexOutOfRange {
        /// What was indexed.
        what: &'static str,
        /// The index given.
        index: usize,
        /// How many exist.
        len: usize,
    },
    /// An index is listed twice.
    #[error("{what} {index} is listed twice")]
    Duplicate {
        /// What was listed.
        what: &'static str,
        /// The repeated index.
        index: usize,
    },
    /// An input names no parameter of the model.
    #[error("model has no parameter {parameter} (its parameters: {known:?})")]
    UnknownParameter {
        /// The index or name given.
        parameter: String,
        /// The model's parameter names.
        known: &'static [&'static str],
    },
    /// The input parameter enters a bilateral constraint or a gap, so the constraint manifold
    /// moves with it and ∂ẋ/∂p is not a column of a linear system on one fixed manifold.
    #[error(
        "parameter `{name}` (index {index}) enters the constraints: the constraint manifold moves with it, which the linearisation does not support as an input"
    )]
    ParameterMovesConstraints {
        /// Parameter name.
        name: &'static str,
        /// Parameter index.
        index: usize,
    },
    /// The mass matrix is not positive definite at the operating point.
    #[error("mass matrix is not positive definite (smallest eigenvalue {smallest_eigenvalue:e})")]
    MassNotPositiveDefinite {
        /// Smallest eigenvalue of the symmetric part of M.
        smallest_eigenvalue: f64,
    },
    /// A holonomic bilateral constraint is violated, or a closed contact is open or penetrated,
    /// at q*.
    #[error(
        "{constraint} is not satisfied at the operating point: value {value:e} (tolerance {tolerance:e})"
    )]
    ConstraintViolated {
        /// The constraint.
        constraint: ConstraintRef,
        /// g_i(q*, t*) (a gap g_N: positive open, negative penetrated).
        value: f64,
        /// The tolerance it exceeds.
        tolerance: f64,
    },
    /// The velocity q̇* violates a constraint: Fᵀq̇ + ∂f/∂t ≠ 0 (for a velocity constraint
    /// A q̇ + a ≠ 0).
    #[error(
        "the velocity violates {constraint}: its velocity-level value is {value:e} (tolerance {tolerance:e})"
    )]
    VelocityViolated {
        /// The constraint.
        constraint: ConstraintRef,
        /// Its velocity-level value γ_i = ∇f_iᵀ q̇* + ∂f_i/∂t (A_i q̇* + a_i for a velocity
        /// constraint).
        value: f64,
        /// The tolerance it exceeds.
        tolerance: f64,
    },
    /// A constraint gradient vanishes at q* (in the kinetic metric): its linearisation
    /// constrains nothing, which is a failure of the constraint qualification, not a redundancy.
    #[error("the gradient of {constraint} vanishes at the operating point")]
    VanishingGradient {
        /// The constraint.
        constraint: ConstraintRef,
    },
    /// The model reports no Hessian for an active constraint (a model that does not implement
    /// `Statics::bilateral_hessian` or `Statics::gap_hessian` for it).
    #[error("the model gives no Hessian of {constraint}")]
    MissingHessian {
        /// The constraint.
        constraint: ConstraintRef,
    },
    /// A constraint dropped as dependent is not satisfied at acceleration level by the
    /// solution of the kept ones (its drift is inconsistent, Lötstedt 1982, Lemma 5.3).
    #[error(
        "{constraint} is dependent on the kept constraints but inconsistent with them at acceleration level (residual {residual:e})"
    )]
    InconsistentRedundancy {
        /// The dropped constraint.
        constraint: ConstraintRef,
        /// |∇f_iᵀ q̈* + d_i|.
        residual: f64,
    },
    /// A velocity constraint dropped as dependent at the operating point is not dependent on
    /// the kept constraints nearby: on the linearised kept constraints its own linearisation
    /// ∂γ_i/∂q δq + A_i δq̇ does not vanish, so the constraint matrix loses rank at q* and the
    /// independent speeds do not parametrise the admissible velocities of neighbouring states.
    #[error(
        "{constraint} is dependent on the kept constraints at the operating point but not nearby: its linearisation leaves a residual {residual:e} > {threshold:e} on the kept ones"
    )]
    InconsistentVelocityRedundancy {
        /// The dropped velocity constraint.
        constraint: ConstraintRef,
        /// Max-norm of (∂γ_i/∂q + A_i ∂q̇/∂q) N over the independent coordinates.
        residual: f64,
        /// The threshold it exceeds.
        threshold: f64,
    },
    /// The model's ∂γ/∂q (`Jacobians::bilateral_velocity_jacobian`) is not finite for a
    /// bilateral constraint: the default of that function is exact only for holonomic
    /// constraints and gives NaN for a velocity constraint, which a model with velocity
    /// constraints must therefore implement.
    #[error(
        "the model's ∂γ/∂q of {constraint} (Jacobians::bilateral_velocity_jacobian) is not finite: a model with velocity constraints must implement it"
    )]
    NonFiniteVelocityJacobian {
        /// The constraint.
        constraint: ConstraintRef,
    },
    /// The number of independent coordinates given is not the number of degrees of freedom.
    #[error(
        "{got} independent coordinates given, but the model has {expected} degrees of freedom here"
    )]
    IndependentCount {
        /// n − rank F.
        expected: usize,
        /// Number given.
        got: usize,
    },
    /// The Jacobian of the constraints with respect to the dependent coordinates is singular,
    /// so they are not functions of the independent ones near q*.
    #[error(
        "the dependent coordinates {dependent:?} cannot be solved for: the smallest singular value of their constraint block is {smallest_singular_value:e}, at most {tolerance:e} · ‖F‖₂ = {threshold:e}"
    )]
    SingularDependentBlock {
        /// The dependent coordinates (model indices).
        dependent: Vec<usize>,
        /// Smallest singular value of the dependent block F_z.
        smallest_singular_value: f64,
        /// The relative tolerance.
        tolerance: f64,
        /// The absolute threshold (tolerance · ‖F‖₂).
        threshold: f64,
    },
    /// The number of independent speeds given is not n − rank C (C: every active constraint at
    /// velocity level, velocity constraints included).
    #[error("{got} independent speeds given, but the model has {expected} independent speeds here")]
    IndependentSpeedCount {
        /// n − rank C.
        expected: usize,
        /// Number given.
        got: usize,
    },
    /// The velocity-level constraint matrix restricted to the dependent speeds is singular, so
    /// they are not functions of the independent speeds.
    #[error(
        "the dependent speeds (velocities of coordinates {dependent_speeds:?}) cannot be solved for: the smallest singular value of their constraint block is {smallest_singular_value:e}, at most {tolerance:e} · ‖C‖₂ = {threshold:e}"
    )]
    SingularDependentSpeedBlock {
        /// The coordinates whose velocities are the dependent speeds (model indices).
        dependent_speeds: Vec<usize>,
        /// Smallest singular value of the dependent block C_w.
        smallest_singular_value: f64,
        /// The relative tolerance.
        tolerance: f64,
        /// The absolute threshold (tolerance · ‖C‖₂).
        threshold: f64,
    },
    /// A coordinate declared cyclic must be independent, but the constraints make it dependent.
    #[error("cyclic coordinate `{coordinate}` (index {index}) cannot be an independent coordinate")]
    CyclicNotIndependent {
        /// Coordinate name.
        coordinate: &'static str,
        /// Coordinate index.
        index: usize,
    },
    /// A coordinate declared cyclic appears in the dynamics: the column of A for its position
    /// does not vanish.
    #[error(
        "coordinate `{coordinate}` (index {index}) is not cyclic: ∂ẋ/∂{coordinate} has max-norm {column_norm:e} > {threshold:e}"
    )]
    NotCyclic {
        /// Coordinate name.
        coordinate: &'static str,
        /// Coordinate index.
        index: usize,
        /// Max-norm of its column of A.
        column_norm: f64,
        /// The threshold it exceeds.
        threshold: f64,
    },
    /// The operating point is not a steady motion: the derivatives u̇* of the independent speeds
    /// (ÿ* without velocity constraints) do not vanish.
    #[error("the operating point is not steady: |u̇*|∞ = {residual:e} > {tolerance:e}")]
    NotSteady {
        /// Max-norm of the derivatives of the independent speeds.
        residual: f64,
        /// The tolerance.
        tolerance: f64,
    },
    /// A steady motion needs every non-cyclic independent coordinate at rest.
    #[error(
        "the operating point is not steady: non-cyclic coordinate `{coordinate}` (index {index}) moves with velocity {velocity:e} (tolerance {tolerance:e})"
    )]
    NonCyclicMoving {
        /// Coordinate name.
        coordinate: &'static str,
        /// Coordinate index.
        index: usize,
        /// Its velocity.
        velocity: f64,
        /// The tolerance.
        tolerance: f64,
    },
    /// The eigenvalue iteration did not converge.
    #[error("the eigenvalues of the {size}×{size} state matrix did not converge")]
    EigenvaluesDidNotConverge {
        /// Order of A.
        size: usize,
    },
}

/// A list of indices into `len` items must name each item at most once and none past the end.
pub(crate) fn check_index_list(
    list: &[usize],
    len: usize,
    what: &'static str,
) -> Result<(), LinearisationError> {
    for (k, &i) in list.iter().enumerate() {
        if i >= len {
            return Err(LinearisationError::IndexOutOfRange {
                what,
                index: i,
                len,
            });
        }
        if list[..k].contains(&i) {
            return Err(LinearisationError::Duplicate { what, index: i });
        }
    }
    Ok(())
}

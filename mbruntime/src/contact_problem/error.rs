//! Typed errors of the analysis tools.

use crate::linalg::NonFiniteEntry;
use crate::mechanism::ParameterError;

/// Which constraint of a model an analysis refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintRef {
    /// Unilateral contact `i` (column `i` of W_N = ∇h).
    Unilateral(usize),
    /// Bilateral constraint `i` (column `i` of G = ∇g).
    Bilateral(usize),
}

impl std::fmt::Display for ConstraintRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConstraintRef::Unilateral(i) => write!(f, "unilateral contact {i}"),
            ConstraintRef::Bilateral(i) => write!(f, "bilateral constraint {i}"),
        }
    }
}

/// Why an analysis could not be carried out. Every variant carries the numbers a user needs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AnalysisError {
    /// An input (state, matrix entry, friction coefficient) is NaN or infinite.
    #[error("non-finite input: {what}, {entry}")]
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Its first entry that is NaN or infinite.
        entry: NonFiniteEntry,
    },
    /// The mass matrix is not symmetric positive definite, so M⁻¹ (and every Delassus matrix
    /// built from it) does not exist. Use [`crate::analysis::ConstraintRankReport`] for
    /// singular mass matrices.
    #[error(
        "mass matrix is not positive definite (smallest eigenvalue {smallest_eigenvalue:e}); M⁻¹ does not exist"
    )]
    MassNotPositiveDefinite {
        /// Smallest eigenvalue of the symmetric part of M.
        smallest_eigenvalue: f64,
    },
    /// Brogliato (2013) Assumption 2 fails in a form that no rank-revealing solve can repair: a
    /// bilateral gradient vanishes (or is not finite), so its linearised constraint constrains
    /// nothing. Redundant (dependent, nonzero) gradients are accepted: M_c⁻¹ and the constraint
    /// force are unique (Lötstedt 1982, Lemma 5.2; see [`crate::linalg::constrained_inverse`]).
    #[error(
        "the {count} bilateral constraints are degenerate: a gradient vanishes (rank {rank} of {count}; Brogliato 2013, Assumption 2)"
    )]
    DependentBilateral {
        /// Number of independent bilateral gradients (kinetic-metric rank of G).
        rank: usize,
        /// Number of bilateral constraints.
        count: usize,
    },
    /// A constraint gradient vanishes (in the kinetic metric), so its kinetic angle is undefined.
    #[error(
        "the gradient of {constraint} vanishes (‖∇f‖_M⁻¹ = {norm:e}); its kinetic angle is undefined"
    )]
    ZeroGradient {
        /// The degenerate constraint.
        constraint: ConstraintRef,
        /// Its kinetic norm √(∇fᵀ M⁻¹ ∇f).
        norm: f64,
    },
    /// An index (contact, constraint) is out of range.
    #[error("{what} index {index} out of range (there are {len})")]
    IndexOutOfRange {
        /// What was indexed.
        what: &'static str,
        /// The index given.
        index: usize,
        /// How many exist.
        len: usize,
    },
    /// Slice lengths disagree.
    #[error("{what} has length {got}, expected {expected}")]
    Dimension {
        /// Which input.
        what: &'static str,
        /// Length required.
        expected: usize,
        /// Length given.
        got: usize,
    },
    /// A contact declared as sliding has no tangent or no tangential velocity.
    #[error(
        "contact {contact} is not sliding: tangential velocity {velocity:e} (its direction is undefined)"
    )]
    NotSliding {
        /// Contact index.
        contact: usize,
        /// Its tangential velocity W_Tᵀ q̇ (planar friction), slip speed ‖(γ_T1, γ_T2)‖ (a
        /// contact with a tangent plane), or the given direction's offending component or norm.
        velocity: f64,
    },
    /// A contact with a tangent plane (spatial Coulomb friction) was given a sliding sign σ: its
    /// slip direction is a unit vector of the plane, which a sign does not fix.
    #[error(
        "contact {contact} has a tangent plane (spatial Coulomb friction): a sign σ does not fix \
         its slip direction; give the direction (ŝ1, ŝ2) in its tangent plane with \
         `SlidingContactProblem::with_slip_directions`, or let `SlidingContactProblem::at` take \
         it from the velocities"
    )]
    SpatialFriction {
        /// Contact index.
        contact: usize,
    },
    /// A contact without tangent plane (planar friction) was given a slip direction with a
    /// component along a second tangent it does not have.
    #[error(
        "contact {contact} has a single tangent (planar friction): its slip direction is (±1, 0), \
         but the second component given is {component:e}"
    )]
    NoTangentPlane {
        /// Contact index.
        contact: usize,
        /// The second component given.
        component: f64,
    },
    /// The frictionless Delassus matrix of the sliding contacts is singular (redundant contacts),
    /// so even μ = 0 does not give a P-matrix and no friction bound exists.
    #[error(
        "the frictionless contact matrix is not positive definite (smallest eigenvalue {smallest_eigenvalue:e}): the contacts are redundant, no friction coefficient makes the problem well posed"
    )]
    FrictionlessSingular {
        /// Smallest eigenvalue of W_Nᵀ M_c⁻¹ W_N over the sliding contacts.
        smallest_eigenvalue: f64,
    },
    /// A friction coefficient is negative.
    #[error("friction coefficient {value} of contact {contact} is negative")]
    NegativeFriction {
        /// Contact position in the sliding set.
        contact: usize,
        /// The coefficient.
        value: f64,
    },
    /// The problem is larger than an exact test can handle.
    #[error("matrix of size {n} exceeds the limit {max} of the exact test")]
    TooLarge {
        /// Size.
        n: usize,
        /// Limit.
        max: usize,
    },
    /// A model parameter could not be set.
    #[error(transparent)]
    Parameter(#[from] ParameterError),
}

impl From<NonFiniteEntry> for AnalysisError {
    fn from(entry: NonFiniteEntry) -> Self {
        Self::NonFinite {
            what: "matrix (column-major)",
            entry,
        }
    }
}

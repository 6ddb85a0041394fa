//! Typed errors of the frictional contact solvers, and the range check of the solver options
//! that gives [`ConeError::InvalidOption`].

use super::options::{ConeMethod, ConeOptions};
use crate::lcp::LcpError;

/// The slices a frictional contact problem and its solve take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConeSlice {
    /// The Delassus matrix W (column-major, `(3 nc)²` entries).
    Delassus,
    /// The free velocity q (`3 nc` entries).
    FreeVelocity,
    /// The friction coefficients μ (`nc` entries).
    Friction,
    /// The reaction r (warm start and solution, `3 nc` entries).
    Reaction,
    /// The relative velocity u = W r + q (`3 nc` entries).
    Velocity,
}

impl std::fmt::Display for ConeSlice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Delassus => "Delassus matrix W",
            Self::FreeVelocity => "free velocity q",
            Self::Friction => "friction coefficients μ",
            Self::Reaction => "reaction r",
            Self::Velocity => "velocity u",
        })
    }
}

/// Why a frictional contact problem was refused or could not be solved.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ConeError {
    /// A slice has the wrong length for the number of contacts `nc = μ.len()`.
    #[error("{what} has {got} entries, expected {expected} (nc = number of friction coefficients)")]
    Dimension {
        /// The slice.
        what: ConeSlice,
        /// Required length.
        expected: usize,
        /// Length given.
        got: usize,
    },
    /// An entry is NaN or infinite.
    #[error(
        "{what} entry {index} (contact {contact}) is {value}, not finite: give finite data \
         (W is column-major; its contact is that of the entry's row)"
    )]
    NonFinite {
        /// The slice.
        what: ConeSlice,
        /// Index of the entry in the slice.
        index: usize,
        /// Contact the entry belongs to.
        contact: usize,
        /// The entry: NaN, inf or -inf.
        value: f64,
    },
    /// A friction coefficient is negative.
    #[error("friction coefficient μ = {mu} of contact {contact} is negative: μ must be ≥ 0")]
    NegativeFriction {
        /// The contact.
        contact: usize,
        /// Its coefficient.
        mu: f64,
    },
    /// A diagonal entry of W is negative, so W is not positive semidefinite.
    #[error(
        "Delassus diagonal entry {value:e} of contact {contact}, component {component} \
         (0 normal, 1 and 2 tangents), is negative: W must be positive semidefinite"
    )]
    NegativeDiagonal {
        /// The contact.
        contact: usize,
        /// Component within the contact (0 normal, 1 first tangent, 2 second tangent).
        component: usize,
        /// The entry.
        value: f64,
    },
    /// The problem has more contacts than the solver was built for.
    #[error(
        "{contacts} contacts exceed the solver capacity {capacity}: build it with a larger capacity"
    )]
    CapacityExceeded {
        /// Contacts of the problem.
        contacts: usize,
        /// Capacity of the workspace.
        capacity: usize,
    },
    /// An option is out of range (see [`ConeOptions`](super::ConeOptions)).
    #[error("solver option `{option}` = {value} is out of range")]
    InvalidOption {
        /// Name of the option.
        option: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// The iteration budget ran out (or Newton stalled) before the normalised natural-map
    /// residual reached the tolerance; the reaction slice holds the last iterate.
    #[error(
        "{method} did not converge: normalised natural-map residual {residual:e} after \
         {iterations} iterations, largest at contact {worst_contact}"
    )]
    NotConverged {
        /// The method requested.
        method: ConeMethod,
        /// Normalised natural-map residual of the last iterate.
        residual: f64,
        /// Contact with the largest natural-map residual.
        worst_contact: usize,
        /// Iterations performed (Newton steps plus Gauss–Seidel sweeps).
        iterations: usize,
    },
    /// An iterate became NaN or infinite.
    #[error("{method} produced a non-finite iterate after {iterations} iterations")]
    NonFiniteIterate {
        /// The method requested.
        method: ConeMethod,
        /// Iterations performed.
        iterations: usize,
    },
    /// The faceted pyramid needs at least three facets.
    #[error("a friction pyramid needs at least 3 facets, got {facets}")]
    TooFewFacets {
        /// Facets requested.
        facets: usize,
    },
    /// Lemke's method failed on the pyramid LCP.
    #[error("friction pyramid LCP: {0}")]
    PyramidLcp(#[from] LcpError),
}

impl ConeOptions {
    /// Checks the ranges documented on the fields of [`ConeOptions`].
    pub(crate) fn validate(&self) -> Result<(), ConeError> {
        if !(self.tolerance.is_finite() && self.tolerance > 0.0) {
            return Err(ConeError::InvalidOption {
                option: "tolerance",
                value: self.tolerance,
            });
        }
        if self.max_iterations == 0 {
            return Err(ConeError::InvalidOption {
                option: "max_iterations",
                value: 0.0,
            });
        }
        if !(self.relaxation > 0.0 && self.relaxation < 2.0) {
            return Err(ConeError::InvalidOption {
                option: "relaxation",
                value: self.relaxation,
            });
        }
        Ok(())
    }
}

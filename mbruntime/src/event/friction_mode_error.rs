//! The typed failures of the acceleration-level frictional contact problem
//! ([`FrictionalContactLcp`](super::friction_modes::FrictionalContactLcp)) and the friction
//! data (Painlevé bounds) that its existence and uniqueness failures name.

use crate::cone::ConeError;
use crate::contact_problem::{AnalysisError, PMatrixVerdict};
use crate::lcp::LcpError;
use crate::linalg::NonFiniteEntry;

/// The friction data an existence or uniqueness failure names (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PainleveBound {
    /// Name of the contact whose μ exceeds its own bound the most.
    pub contact: &'static str,
    /// Its index.
    pub index: usize,
    /// Its friction coefficient μ.
    pub friction: f64,
    /// Its (actual or incipient) sliding direction σ = ±1 (for a contact with a tangent plane
    /// the first component of [`in_plane`](Self::in_plane)).
    pub sigma: f64,
    /// The unit slip direction (ŝ₁, ŝ₂) of a contact with a tangent plane (`None` for planar
    /// friction).
    pub in_plane: Option<[f64; 2]>,
    /// Its Painlevé bound with the other contacts frictionless (exact threshold where
    /// available, else the sufficient one); `None` if it could not be computed (singular A₀).
    pub bound: Option<f64>,
    /// The bound on a common μ of all contacts of the sliding set.
    pub common_bound: Option<f64>,
    /// Number of contacts in the sliding set.
    pub sliding_contacts: usize,
}

impl std::fmt::Display for PainleveBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |b: Option<f64>| b.map_or("unavailable".to_string(), |v| format!("{v:.6}"));
        let direction = match self.in_plane {
            Some([s1, s2]) => format!("({s1:+.6}, {s2:+.6}) of its tangent plane"),
            None => format!("{:+}", self.sigma),
        };
        write!(
            f,
            "contact `{}` (index {}) with μ = {} sliding in direction {}: Painlevé bound \
             μ* = {} for this contact, {} for a common μ of the {} sliding contact(s)",
            self.contact,
            self.index,
            self.friction,
            direction,
            show(self.bound),
            show(self.common_bound),
            self.sliding_contacts
        )
    }
}

/// The text of an optional [`PainleveBound`].
fn culprit_text(culprit: &Option<Box<PainleveBound>>) -> String {
    match culprit {
        Some(c) => c.to_string(),
        None => "no frictional contact slides or starts sliding".to_string(),
    }
}

/// Why [`FrictionalContactLcp::solve`](super::friction_modes::FrictionalContactLcp::solve) gave no result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FrictionModeError {
    /// A contact given as closed has a nonzero gap or normal velocity.
    #[error(
        "contact `{contact}` (index {index}) is not closed: gap {gap:e}, normal velocity \
         {normal_velocity:e} (both must be zero to the tolerances)"
    )]
    NotClosed {
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its gap g_N.
        gap: f64,
        /// Its normal velocity W_Nᵀq̇ + ŵ_N.
        normal_velocity: f64,
    },
    /// A closed contact's friction coefficient is negative or not finite.
    #[error(
        "contact `{contact}` (index {index}) has friction coefficient μ = {friction}: it must be \
         finite and non-negative"
    )]
    InvalidFriction {
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// The offending μ.
        friction: f64,
    },
    /// The state, a model output or the result is NaN or infinite.
    #[error("non-finite {what}: {entry}")]
    NonFinite {
        /// Which quantity.
        what: &'static str,
        /// Its first entry that is NaN or infinite.
        entry: NonFiniteEntry,
    },
    /// The mass matrix is not positive definite.
    #[error("mass matrix not positive definite (smallest eigenvalue {smallest_eigenvalue:e})")]
    MassMatrixNotPositiveDefinite {
        /// Smallest eigenvalue of (M + Mᵀ)/2.
        smallest_eigenvalue: f64,
    },
    /// Lemke's method ended on a secondary ray: no consistent accelerations (Painlevé's
    /// inconsistent case).
    #[error(
        "no consistent accelerations: the frictional contact LCP has no solution ({source}); {}",
        culprit_text(.culprit)
    )]
    Inconsistent {
        /// The friction data of the sliding set.
        culprit: Option<Box<PainleveBound>>,
        /// The LCP layer's error (a ray termination).
        source: LcpError,
    },
    /// The LCP failed otherwise (pivot limit, certificate).
    #[error("the frictional contact LCP was not solved ({source}); {}", culprit_text(.culprit))]
    LcpFailed {
        /// The friction data of the sliding set.
        culprit: Option<Box<PainleveBound>>,
        /// The LCP layer's error.
        source: LcpError,
    },
    /// A(μ) of the contacts that slide or start to slide is not (provably) a P-matrix: the
    /// accelerations found need not be the only ones.
    #[error(
        "accelerations not unique: A(μ) = A₀ − B diag(μ) of the sliding contacts is not a \
         P-matrix ({verdict:?}); {}",
        culprit_text(.culprit)
    )]
    NonUnique {
        /// The friction data of the sliding set.
        culprit: Option<Box<PainleveBound>>,
        /// The P-matrix verdict of [`SlidingContactProblem::well_posedness`](crate::contact_problem::SlidingContactProblem::well_posedness).
        verdict: PMatrixVerdict,
    },
    /// The cone complementarity problem of contacts with tangent planes was not solved to its
    /// certificate (residual reached and budget in `source`).
    #[error(
        "the acceleration-level frictional cone problem was not solved ({source}); {}",
        culprit_text(.culprit)
    )]
    ConeFailed {
        /// The friction data of the sliding set.
        culprit: Option<Box<PainleveBound>>,
        /// The cone solver's error.
        source: ConeError,
    },
    /// The well-posedness analysis of the sliding set failed.
    #[error("the well-posedness analysis of the sliding contacts failed: {source}")]
    Analysis {
        /// The analysis error.
        source: AnalysisError,
    },
}

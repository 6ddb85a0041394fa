//! Choice of discretisation and the integrator's settings.

use super::error::TimeSteppingError;
use crate::cone::{ConeError, ConeOptions};

/// Time discretisation of the measure differential inclusion (Glocker & Studer 2005, (6)–(12)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scheme {
    /// Moreau's midpoint rule, Glocker & Studer (2005), Sect. 5, (17):
    ///
    /// ```text
    /// t_M = t_A + ½Δt,  q_M = q_A + ½Δt u_A
    /// M(q_M, t_M)(u_E − u_A) − h(q_M, u_A, t_M) Δt = W_N Λ_N + W_T Λ_T (+ G Λ_B)
    /// H = {i : g_Ni(q_M, t_M) ≤ 0},  impact-contact laws (11)–(12) on H
    /// q_E = q_M + ½Δt u_E
    /// ```
    MoreauMidpoint,
    /// Moreau–Jean θ-method (Jean 1999), linearised once per step (one Newton iteration, exact
    /// for forces affine in (q, u)):
    ///
    /// ```text
    /// Ŵ (u_E − u_A) = Δt[(1−θ) h(q_A, u_A, t_A) + θ h(q_A, u_A, t_E)] − Δt²θ K u_A
    ///                 + W_N Λ_N + W_T Λ_T (+ G Λ_B),       Ŵ = M + ΔtθC + Δt²θ²K
    /// q_E = q_A + Δt((1−θ) u_A + θ u_E)
    /// ```
    ///
    /// with K = −∂h/∂q, C = −∂h/∂u at (q_A, u_A, t_A) from the generated Jacobians and M, W_N, W_T, G
    /// at (q_A, t_A). The active set uses the same predicted gap as the midpoint rule,
    /// H = {i : g_Ni(q_A + ½Δt u_A, t_A + ½Δt) ≤ 0} (Siconos' default prediction for
    /// Moreau–Jean). θ ∈ [½, 1]; θ = ½ is the trapezoidal variant, θ = 1 backward Euler.
    MoreauJean {
        /// θ ∈ [½, 1].
        theta: f64,
    },
}

impl Scheme {
    /// Checks θ for [`Scheme::MoreauJean`].
    pub fn validate(&self) -> Result<(), TimeSteppingError> {
        match *self {
            Scheme::MoreauMidpoint => Ok(()),
            Scheme::MoreauJean { theta } => {
                if (0.5..=1.0).contains(&theta) {
                    Ok(())
                } else {
                    Err(TimeSteppingError::InvalidTheta { theta })
                }
            }
        }
    }
}

/// Tolerances and the bilateral position projection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Largest admissible initial penetration −g_Ni(q₀) (absolute, in the gap's units).
    /// Default 1e-5: Table I of Glocker & Studer rounds φ_M(0) to 4 digits, which leaves the
    /// woodpecker's lower sleeve contact closed with a gap of −8.9e-7 m.
    pub penetration_tolerance: f64,
    /// Largest admissible initial bilateral violation: |g_i(q₀)| of every holonomic constraint
    /// and |A_i(q₀) u₀ + a_i(q₀)| of every velocity constraint (default 1e-6).
    pub constraint_tolerance: f64,
    /// Maximal Gauss–Newton iterations of the position projection onto the holonomic
    /// g(q, t_E) = 0 after every step (default 3; 0 disables the projection).
    pub projection_iterations: usize,
    /// The projection stops once ‖g(q_E, t_E)‖_∞ ≤ this (default 1e-12).
    pub projection_tolerance: f64,
    /// Maximal Gauss–Newton iterations of the position projection of the step's closed
    /// contacts onto g_N ≥ 0 (Acary 2013; see the module docs of `timestepping/gap_projection.rs`);
    /// default 0: off, the schemes as published by Moreau and Jean. Worth enabling (3 is
    /// plenty) for contacts that stay closed on curved surfaces, where the velocity-level
    /// constraint lets the gap drift by O(Δt) over a fixed time.
    pub gap_projection_iterations: usize,
    /// The gap projection stops once every closed contact has g_N ≥ −this (in the gap's units;
    /// default 1e-12).
    pub gap_projection_tolerance: f64,
    /// Solver, certificate tolerance and iteration budget of the spatial contact problem of
    /// steps in which a contact with a tangent plane and μ > 0 is closed (default
    /// [`ConeOptions::default`]: [`ConeMethod::Auto`](crate::cone::ConeMethod::Auto),
    /// tolerance 1e-10 on the normalised natural-map residual, 1000 iterations).
    pub friction_cone: ConeOptions,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            penetration_tolerance: 1e-5,
            constraint_tolerance: 1e-6,
            projection_iterations: 3,
            projection_tolerance: 1e-12,
            gap_projection_iterations: 0,
            gap_projection_tolerance: 1e-12,
            friction_cone: ConeOptions::default(),
        }
    }
}

impl Settings {
    /// Checks that every tolerance is finite and non-negative and that
    /// [`friction_cone`](Self::friction_cone) is in range (tolerance finite and > 0, at least
    /// one iteration, relaxation in (0, 2)).
    pub fn validate(&self) -> Result<(), TimeSteppingError> {
        // `ConeOptions` reports its range errors, and only those, as `InvalidOption`.
        if let Err(ConeError::InvalidOption { option, value }) = self.friction_cone.validate() {
            return Err(TimeSteppingError::InvalidFrictionConeSetting { option, value });
        }
        for (name, value) in [
            ("penetration_tolerance", self.penetration_tolerance),
            ("constraint_tolerance", self.constraint_tolerance),
            ("projection_tolerance", self.projection_tolerance),
            ("gap_projection_tolerance", self.gap_projection_tolerance),
        ] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(TimeSteppingError::InvalidSetting { name, value });
            }
        }
        Ok(())
    }
}

//! The third capability: the model evaluated on Taylor jets, for derivatives of any order along
//! a trajectory.

use super::Constraints;
use crate::taylor::Jet;

/// A trajectory through the state space as truncated Taylor series in s = t − t₀: the jets of
/// the time, the coordinates, their velocities and accelerations.
///
/// The three coordinate jets must belong to one motion: with q(s) = Σ Qₖ sᵏ, the velocity jet
/// holds (k + 1) Q_{k+1} and the acceleration jet (k + 1)(k + 2) Q_{k+2} (the caller supplies
/// the coefficients the truncation of q would lose).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateJet<const N: usize, const NQ: usize> {
    /// t₀ + s.
    pub t: Jet<N>,
    /// q(s).
    pub q: [Jet<N>; NQ],
    /// q̇(s).
    pub qd: [Jet<N>; NQ],
    /// q̈(s).
    pub qdd: [Jet<N>; NQ],
}

impl<const N: usize, const NQ: usize> Default for StateJet<N, NQ> {
    fn default() -> Self {
        Self {
            t: Jet::ZERO,
            q: [Jet::ZERO; NQ],
            qd: [Jet::ZERO; NQ],
            qdd: [Jet::ZERO; NQ],
        }
    }
}

/// The equations of motion and the constraint functions evaluated on a [`StateJet`]: with them
/// every time derivative along a trajectory, of any order, is a coefficient of a jet. The
/// event-driven integrator's derivative iteration (Lötstedt 1982, "Mechanical systems of rigid
/// bodies subject to unilateral constraints", Theorem 5.4 and (5.10)–(5.13)) differentiates the
/// equations of motion k times and the constraints k + 2 times at level k, for whatever k the
/// situation needs; nothing else uses this trait.
///
/// Generated models implement both methods by running the straight-line programs of their
/// equations on jets (Taylor-mode differentiation of the program); a hand-written model writes
/// them as it would write the `f64` functions, since [`Jet`] has the operators and elementary
/// functions of `f64`.
pub trait Rates<const NQ: usize, const NB: usize, const NU: usize>:
    Constraints<NQ, NB, NU>
{
    /// The residual of the equations of motion along the trajectory `x` with the multiplier
    /// jets λ_B(s), λ_N(s):
    ///
    /// ```text
    /// r(s) = M(q, t) q̈ − h(q, q̇, t) − G(q, t) λ_B − W_N(q, t) λ_N
    /// ```
    ///
    /// (G holds the column Aᵀ of a velocity constraint). Coefficient 0 is the residual at the
    /// point; the k-th coefficient is dᵏr/dtᵏ / k! along the trajectory.
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, NQ>,
        lambda_b: &[Jet<N>; NB],
        lambda_n: &[Jet<N>; NU],
        out: &mut [Jet<N>; NQ],
    );

    /// The constraint functions along the trajectory `x`: the bilateral constraints g(q, t)
    /// (for a velocity constraint γ = A q̇ + a, whose first derivative is what the second of a
    /// position constraint would be) and the gaps g_N(q, t).
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, NQ>,
        bilateral: &mut [Jet<N>; NB],
        gaps: &mut [Jet<N>; NU],
    );
}

//! The third capability: derivatives along a trajectory, for the event-driven integrator.

use super::{Constraints, Matrix, Vector};

/// Total time derivatives of the constraints, of their Jacobians and of M and h along a
/// trajectory (q, q̇, q̈, q⃛, q⁗). The event-driven integrator's derivative iteration (Lötstedt
/// 1982, "Mechanical systems of rigid bodies subject to unilateral constraints", Theorem 5.4 and
/// (5.10)–(5.13)) needs them; nothing else does.
pub trait Rates<const NQ: usize, const NB: usize, const NU: usize>:
    Constraints<NQ, NB, NU>
{
    /// Total time derivatives of order 1, …, 4 of every gap along a trajectory through
    /// (q, q̇, q̈, q⃛, q⁗) at time t: column k−1 holds d^k g_N/dt^k. Order k involves the
    /// derivatives of q up to order k only (so q⁗ enters column 3 alone, linearly:
    /// d⁴g_N/dt⁴ = W_Nᵀ q⁗ + terms in q, q̇, q̈, q⃛, t).
    #[allow(clippy::too_many_arguments)]
    fn gap_time_derivatives(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        qddd: &Vector<NQ>,
        qdddd: &Vector<NQ>,
        t: f64,
        out: &mut Matrix<NU, 4>,
    );
    /// Total time derivatives of order 1, …, 4 of every bilateral constraint (as for gaps). For a
    /// velocity constraint γ = A q̇ + a = 0, column k−1 holds d^(k−1)γ/dt^(k−1), which is what
    /// d^k g/dt^k would be for a g with ġ = γ.
    #[allow(clippy::too_many_arguments)]
    fn bilateral_time_derivatives(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        qddd: &Vector<NQ>,
        qdddd: &Vector<NQ>,
        t: f64,
        out: &mut Matrix<NB, 4>,
    );
    /// Ẇ_N = dW_N/dt and Ẅ_N = d²W_N/dt² along a trajectory through (q, q̇, q̈) at time t
    /// (column i belongs to contact i; rheonomic terms included). They carry the constraint forces
    /// through the differentiated equations of motion, d/dt (W_N λ) = Ẇ_N λ + W_N λ̇ and
    /// d²/dt² (W_N λ) = Ẅ_N λ + 2 Ẇ_N λ̇ + W_N λ̈ (Lötstedt 1982, (5.10)–(5.13)).
    #[allow(clippy::too_many_arguments)]
    fn gap_jacobian_rates(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        t: f64,
        w_n_dot: &mut Matrix<NQ, NU>,
        w_n_ddot: &mut Matrix<NQ, NU>,
    );
    /// Ġ and G̈ along a trajectory through (q, q̇, q̈) at time t (as for the gaps; Ȧᵀ and Äᵀ for
    /// a velocity constraint).
    #[allow(clippy::too_many_arguments)]
    fn bilateral_jacobian_rates(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        t: f64,
        jac_dot: &mut Matrix<NQ, NB>,
        jac_ddot: &mut Matrix<NQ, NB>,
    );
    /// Ṁ and M̈ along a trajectory through (q, q̇, q̈) (Lötstedt 1982, (5.10)–(5.12)).
    fn mass_matrix_rates(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        t: f64,
        m_dot: &mut Matrix<NQ, NQ>,
        m_ddot: &mut Matrix<NQ, NQ>,
    );
    /// ḣ and ḧ along a trajectory through (q, q̇, q̈, q⃛).
    #[allow(clippy::too_many_arguments)]
    fn force_rates(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        qdd: &Vector<NQ>,
        qddd: &Vector<NQ>,
        t: f64,
        h_dot: &mut Vector<NQ>,
        h_ddot: &mut Vector<NQ>,
    );
}

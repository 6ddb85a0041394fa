//! The fifth capability: exact first derivatives of the dynamics, for implicit integration and
//! linearisation.

use super::{Constraints, Matrix, Vector};

/// Generated, exact Jacobians of the equations of motion M(q, t) q̈ = h(q, q̇, t) + G λ_B + W λ
/// and of the constraint drifts, so that no integrator or analysis needs finite differences.
///
/// With them the linearisation of the acceleration q̈ = M⁻¹(h + Wλ) needs no third-order tensor:
/// ∂(M⁻¹h)/∂q = M⁻¹(∂h/∂q − ∂(M a)/∂q) with a = M⁻¹h.
pub trait Jacobians<const NQ: usize, const NB: usize, const NU: usize>:
    Constraints<NQ, NB, NU>
{
    /// ∂h/∂q and ∂h/∂q̇ at (q, q̇, t) (row i: component h_i).
    fn force_jacobians(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        dh_dq: &mut Matrix<NQ, NQ>,
        dh_dqd: &mut Matrix<NQ, NQ>,
    );
    /// ∂h/∂t at (q, q̇, t) (zero for a scleronomic model).
    fn force_time_partial(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, dh_dt: &mut Vector<NQ>);
    /// ∂(M(q, t) a)/∂q for a given vector a (row i: component (M a)_i).
    fn mass_action_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        a: &Vector<NQ>,
        out: &mut Matrix<NQ, NQ>,
    );
    /// ∂h/∂p_k for parameter k; `false` (and `out` untouched) if there is no parameter k.
    fn force_parameter_derivative(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        k: usize,
        out: &mut Vector<NQ>,
    ) -> bool;
    /// ∂(M a)/∂p_k for parameter k; `false` (and `out` untouched) if there is no parameter k.
    fn mass_action_parameter_derivative(
        &self,
        q: &Vector<NQ>,
        t: f64,
        a: &Vector<NQ>,
        k: usize,
        out: &mut Vector<NQ>,
    ) -> bool;
    /// Whether parameter k enters a bilateral constraint g, a gap g_N or a tangential direction
    /// (W_T or its offset ŵ_T: all a slip function or a tangential velocity contributes); then
    /// the constraints themselves move with p_k. `false` if there is no parameter k.
    fn parameter_enters_constraints(&self, k: usize) -> bool;
    /// ∂d/∂q and ∂d/∂q̇ of the bilateral drift d = Ġᵀq̇ + d/dt(ĝ) (row i: constraint i).
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        d_dq: &mut Matrix<NB, NQ>,
        d_dqd: &mut Matrix<NB, NQ>,
    );
    /// ∂γ/∂q at fixed q̇ of the velocity-level constraint functions γ = Gᵀq̇ + ĝ (row i:
    /// constraint i). For a holonomic constraint γ = ġ and ∂γ/∂q = ½ ∂d/∂q̇ (d = q̇ᵀ∇²g q̇ +
    /// 2 ∇(∂g/∂t)ᵀq̇ + ∂²g/∂t²), which is the default: exact when every constraint is
    /// holonomic. The default cannot know a velocity constraint's ∂γ/∂q and fills its row with
    /// NaN, which every consumer reports as a non-finite model output: a model with velocity
    /// constraints must give it (generated models do).
    fn bilateral_velocity_jacobian(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        out: &mut Matrix<NB, NQ>,
    ) {
        let mut d_dq = Matrix::<NB, NQ>::zeros();
        self.bilateral_drift_jacobians(q, qd, t, &mut d_dq, out);
        *out *= 0.5;
        for (i, holonomic) in Self::HOLONOMIC.iter().enumerate() {
            if !holonomic {
                out.row_mut(i).fill(f64::NAN);
            }
        }
    }
    /// ∂d/∂q and ∂d/∂q̇ of the gap drift d = Ẇ_Nᵀq̇ + d/dt(ŵ_N) (row i: contact i).
    fn gap_drift_jacobians(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        d_dq: &mut Matrix<NU, NQ>,
        d_dqd: &mut Matrix<NU, NQ>,
    );
}

//! The fourth capability: gradients and Hessians for the equilibrium-path tracer.

use super::{Dynamics, Matrix, Vector};

/// Derivatives of the potential and of the constraints with respect to q and the parameters
/// (Schulz & Pellegrino 2000, "Equilibrium paths of mechanical systems with unilateral
/// constraints I. Theory", Proc. R. Soc. A 456, 2000, (2.8)–(2.17)). The equilibrium-path tracer needs them; nothing else does.
pub trait Statics<const NQ: usize>: Dynamics<NQ> {
    /// ∇_q V.
    fn potential_gradient(&self, q: &Vector<NQ>, t: f64, grad: &mut Vector<NQ>);
    /// ∇²_q V.
    fn potential_hessian(&self, q: &Vector<NQ>, t: f64, hess: &mut Matrix<NQ, NQ>);
    /// ∂(∇_q V)/∂p_k for parameter k; `false` (and `out` untouched) if there is no parameter k.
    fn potential_gradient_parameter(
        &self,
        q: &Vector<NQ>,
        t: f64,
        k: usize,
        out: &mut Vector<NQ>,
    ) -> bool;
    /// ∂(G column i)/∂q, entry (k, j) = ∂G_ki/∂q_j: the Hessian ∂²g_i/∂q² of a holonomic
    /// constraint (symmetric), and for a velocity constraint A_i q̇ + a_i = 0 the Jacobian of its
    /// column, entry (k, j) = ∂A_ik/∂q_j (not symmetric); `false` if there is no constraint i.
    fn bilateral_hessian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        i: usize,
        hess: &mut Matrix<NQ, NQ>,
    ) -> bool;
    /// ∂²g_Ni/∂q² of gap i; `false` if there is no contact i.
    fn gap_hessian(&self, q: &Vector<NQ>, t: f64, i: usize, hess: &mut Matrix<NQ, NQ>) -> bool;
}

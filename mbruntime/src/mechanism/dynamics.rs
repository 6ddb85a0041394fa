//! The first capability: parameters, energies, mass matrix, forces and Coriolis matrix.

use super::{Matrix, ParameterError, Vector};

/// Unconstrained dynamics M(q, t) q̈ = h(q, q̇, t) of a model with `NQ` coordinates.
///
/// Every function writes into caller-provided fixed-size buffers and neither allocates nor
/// panics. Results are only meaningful for finite inputs; integrators check their state.
pub trait Dynamics<const NQ: usize> {
    /// Name of the mechanism as declared in the block.
    const NAME: &'static str;
    /// Fingerprint of the canonical parsed model the code was generated from.
    const FINGERPRINT: &'static str;
    /// Names of the generalised coordinates, in order.
    const COORDINATES: [&'static str; NQ];
    /// Whether T, V, Q or a constraint depends explicitly on time.
    const RHEONOMIC: bool;

    /// Names of the parameters (public fields of the generated struct), in order.
    /// A model without adjustable parameters keeps the default, an empty list.
    fn parameter_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// Value of parameter `k`, if it exists.
    fn parameter(&self, k: usize) -> Option<f64> {
        let _ = k;
        None
    }
    /// Sets parameter `k` to a finite value.
    fn set_parameter(&mut self, k: usize, value: f64) -> Result<(), ParameterError> {
        let _ = value;
        Err(ParameterError::Unknown(k.to_string()))
    }

    /// Kinetic energy T(q, q̇, t).
    fn kinetic_energy(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64) -> f64;
    /// Potential energy V(q, t).
    fn potential_energy(&self, q: &Vector<NQ>, t: f64) -> f64;

    /// Mass matrix M(q, t) = ∂²T/∂q̇².
    fn mass_matrix(&self, q: &Vector<NQ>, t: f64, m: &mut Matrix<NQ, NQ>);
    /// Generalised forces h(q, q̇, t), so that M q̈ = h + constraint forces.
    fn forces(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, h: &mut Vector<NQ>);
    /// M and h together, with common subexpressions shared (the per-step entry point).
    /// The default evaluates them separately.
    fn dynamics(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        m: &mut Matrix<NQ, NQ>,
        h: &mut Vector<NQ>,
    ) {
        self.mass_matrix(q, t, m);
        self.forces(q, qd, t, h);
    }
    /// q̈ = M⁻¹ h by the articulated-body algorithm in O(NQ) operations (Featherstone 2008,
    /// *Rigid Body Dynamics Algorithms*, §7.3), generated for models on a kinematic tree.
    /// Returns `false` (and `qdd` is unspecified) when the model has no such code, which is the
    /// default, or when a pivot D_k = S_kᵀ I^A_k S_k is not positive or q̈ is not finite; then
    /// M must be factorised (see `mechanism::acceleration`, which does both).
    fn articulated_acceleration(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        qdd: &mut Vector<NQ>,
    ) -> bool {
        let _ = (q, qd, t, qdd);
        false
    }
    /// Coriolis matrix C(q, q̇, t) from the Christoffel symbols of the q-dependence of M:
    /// C_ij = Σ_k Γ_ijk q̇_k, Γ_ijk = ½(∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i), so that
    /// C + Cᵀ = Σ_k (∂M/∂q_k) q̇_k and Ṁ − ∂M/∂t − 2C is skew-symmetric. Only for a scleronomic
    /// M (∂M/∂t = 0) is Ṁ − 2C itself skew-symmetric.
    fn coriolis(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, c: &mut Matrix<NQ, NQ>);
}

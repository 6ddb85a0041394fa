//! The second capability: bilateral constraints, unilateral contacts and their kinematics.

use super::{ContactLaw, Dynamics, Matrix, Vector};

/// Bilateral constraints (`NB` of them) and unilateral contacts g_N(q, t) ≥ 0 (`NU` of them) of a
/// model with `NQ` coordinates: values, Jacobians, drifts and contact laws.
///
/// A bilateral constraint is either holonomic, g(q, t) = 0, or a velocity (nonholonomic)
/// constraint γ = A(q, t) q̇ + a(q, t) = 0 that is not the derivative of any g
/// ([`HOLONOMIC`](Self::HOLONOMIC) says which). Both act through their column of
/// G = [∇g … A_iᵀ …] at velocity and acceleration level, Gᵀq̇ + ĝ = 0 and Gᵀq̈ + d = 0; only the
/// holonomic ones restrict positions. For a velocity constraint i, [`bilateral`](Self::bilateral)
/// gives 0 (there is no position-level value), [`bilateral_jacobian`](Self::bilateral_jacobian)
/// the column A_iᵀ and ĝ_i = a_i, and [`bilateral_drift`](Self::bilateral_drift) Ȧ_i q̇ + ȧ_i.
pub trait Constraints<const NQ: usize, const NB: usize, const NU: usize>: Dynamics<NQ> {
    /// Names of the bilateral constraints, in order.
    const BILATERAL: [&'static str; NB];
    /// Names of the unilateral contacts, in order.
    const CONTACTS: [&'static str; NU];
    /// Whether each bilateral constraint is holonomic (`true`: g(q, t) = 0) or a velocity
    /// constraint (`false`: A(q, t) q̇ + a(q, t) = 0). The default has holonomic ones only.
    const HOLONOMIC: [bool; NB] = [true; NB];

    /// Bilateral constraint values g(q, t) (0 for a velocity constraint).
    fn bilateral(&self, q: &Vector<NQ>, t: f64, g: &mut Vector<NB>);
    /// G = (∂g/∂q)ᵀ (one column per constraint) and ĝ = ∂g/∂t; for a velocity constraint
    /// A q̇ + a = 0 the column Aᵀ and ĝ = a.
    fn bilateral_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        jac: &mut Matrix<NQ, NB>,
        time_partial: &mut Vector<NB>,
    );
    /// Ġᵀq̇ + d/dt(ĝ): the part of g̈ (of γ̇ for a velocity constraint) that does not multiply q̈.
    fn bilateral_drift(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, drift: &mut Vector<NB>);

    /// Gap values g_N(q, t).
    fn gaps(&self, q: &Vector<NQ>, t: f64, g_n: &mut Vector<NU>);
    /// W_N = (∂g_N/∂q)ᵀ and ŵ_N = ∂g_N/∂t.
    fn gap_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        w_n: &mut Matrix<NQ, NU>,
        time_partial: &mut Vector<NU>,
    );
    /// Ẇ_Nᵀq̇ + d/dt(ŵ_N): the part of g̈_N that does not multiply q̈.
    fn gap_drift(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, drift: &mut Vector<NU>);
    /// Tangential directions W_T (zero column for a contact without tangent) and ŵ_T.
    fn slip_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        w_t: &mut Matrix<NQ, NU>,
        time_partial: &mut Vector<NU>,
    );
    /// Ẇ_Tᵀq̇ + d/dt(ŵ_T).
    fn slip_drift(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, drift: &mut Vector<NU>);
    /// Restitution and friction data of every contact at the current parameters.
    fn contact_laws(&self) -> [ContactLaw; NU];

    /// Whether each contact has a tangent *plane*: a second tangential direction, so that its
    /// friction lives in the spatial Coulomb cone ‖λ_T‖ ≤ μ λ_N with λ_T = (λ_T1, λ_T2)
    /// (Moreau 1988; De Saxcé & Feng 1991). A contact without one has at most the single
    /// tangent of [`slip_jacobian`](Self::slip_jacobian) (planar friction). For a contact with a
    /// tangent plane the two tangents and the normal are orthonormal in space.
    const TANGENT_PLANES: [bool; NU] = [false; NU];

    /// Second tangential directions W_T2 (zero column for a contact without tangent plane) and
    /// ŵ_T2 = ∂γ_T2/∂t. The default has no tangent plane anywhere.
    fn second_slip_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        w_t2: &mut Matrix<NQ, NU>,
        time_partial: &mut Vector<NU>,
    ) {
        let _ = (q, t);
        w_t2.fill(0.0);
        time_partial.fill(0.0);
    }
    /// Ẇ_T2ᵀq̇ + d/dt(ŵ_T2). The default has no tangent plane anywhere.
    fn second_slip_drift(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, drift: &mut Vector<NU>) {
        let _ = (q, qd, t);
        drift.fill(0.0);
    }
}

//! The contract between generated models and the integrators and analysis tools.
//!
//! A model has `NQ` generalised coordinates q, `NB` bilateral constraints g(q, t) = 0 and `NU`
//! unilateral contacts with gaps g_N(q, t) ≥ 0 (each with one planar tangential direction for
//! friction). Dimensions are const generic parameters of the trait, so every buffer is a
//! fixed-size nalgebra type on the stack and no per-step path allocates.
//!
//! Equations of motion (Lagrange, second kind):
//!
//! ```text
//! M(q, t) q̈ = h(q, q̇, t) + G λ_B + W_N λ_N + W_T λ_T
//! h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q
//! ```
//!
//! with G = (∂g/∂q)ᵀ, W_N = (∂g_N/∂q)ᵀ and W_T the tangential directions (W_T = ∇s_T for a slip
//! function s_T, or the coefficients of a tangential velocity linear in q̇). Relative velocities
//! are γ = Wᵀ q̇ + ŵ with ŵ the explicit time partial (zero for scleronomic models), and the
//! "drift" terms are the velocity-dependent part of their time derivative: γ̇ = Wᵀ q̈ + ẇ with
//! ẇ = Ẇᵀ q̇ + ∂ŵ/∂q q̇ + ∂ŵ/∂t.

use nalgebra::{SMatrix, SVector};

/// Column vector of `N` reals.
pub type Vector<const N: usize> = SVector<f64, N>;
/// `R × C` matrix of reals.
pub type Matrix<const R: usize, const C: usize> = SMatrix<f64, R, C>;

/// Impact and friction data of one unilateral contact (Glocker & Studer 2005, (11)–(12)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactLaw {
    /// Normal restitution ε_N ∈ [0, 1].
    pub normal_restitution: f64,
    /// Tangential restitution ε_T ∈ [0, 1].
    pub tangential_restitution: f64,
    /// Coulomb friction coefficient μ ≥ 0 (zero: frictionless).
    pub friction: f64,
    /// Whether the contact declares a tangential direction at all.
    pub has_tangent: bool,
}

/// Error from setting a model parameter.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParameterError {
    /// No parameter has this index or name.
    #[error("model has no parameter {0}")]
    Unknown(String),
    /// The value is NaN or infinite.
    #[error("parameter `{name}` must be finite, got {value}")]
    NonFinite {
        /// Parameter name.
        name: &'static str,
        /// Offending value.
        value: f64,
    },
}

/// A compiled mechanism: the functions `mbcompile` generates from a `mechanism!` block.
///
/// Every function writes into caller-provided fixed-size buffers and neither allocates nor
/// panics. Results are only meaningful for finite inputs; integrators check their state.
pub trait Mechanism<const NQ: usize, const NB: usize, const NU: usize> {
    /// Name of the mechanism as declared in the block.
    const NAME: &'static str;
    /// Fingerprint of the canonical parsed model the code was generated from.
    const FINGERPRINT: &'static str;
    /// Names of the generalised coordinates, in order.
    const COORDINATES: [&'static str; NQ];
    /// Names of the bilateral constraints, in order.
    const BILATERAL: [&'static str; NB];
    /// Names of the unilateral contacts, in order.
    const CONTACTS: [&'static str; NU];
    /// Whether T, V, Q or a constraint depends explicitly on time.
    const RHEONOMIC: bool;

    /// Names of the parameters (public fields of the generated struct), in order.
    fn parameter_names(&self) -> &'static [&'static str];
    /// Value of parameter `k`, if it exists.
    fn parameter(&self, k: usize) -> Option<f64>;
    /// Sets parameter `k` to a finite value.
    fn set_parameter(&mut self, k: usize, value: f64) -> Result<(), ParameterError>;

    /// Kinetic energy T(q, q̇, t).
    fn kinetic_energy(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64) -> f64;
    /// Potential energy V(q, t).
    fn potential_energy(&self, q: &Vector<NQ>, t: f64) -> f64;

    /// Mass matrix M(q, t) = ∂²T/∂q̇².
    fn mass_matrix(&self, q: &Vector<NQ>, t: f64, m: &mut Matrix<NQ, NQ>);
    /// Generalised forces h(q, q̇, t), so that M q̈ = h + constraint forces.
    fn forces(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, h: &mut Vector<NQ>);
    /// M and h together, with common subexpressions shared (the per-step entry point).
    fn dynamics(
        &self,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        m: &mut Matrix<NQ, NQ>,
        h: &mut Vector<NQ>,
    );
    /// Coriolis matrix C(q, q̇, t) from the Christoffel symbols of M, with Ṁ − 2C skew-symmetric.
    fn coriolis(&self, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64, c: &mut Matrix<NQ, NQ>);

    /// Bilateral constraint values g(q, t).
    fn bilateral(&self, q: &Vector<NQ>, t: f64, g: &mut Vector<NB>);
    /// G = (∂g/∂q)ᵀ (one column per constraint) and ĝ = ∂g/∂t.
    fn bilateral_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        jac: &mut Matrix<NQ, NB>,
        time_partial: &mut Vector<NB>,
    );
    /// Ġᵀq̇ + d/dt(ĝ): the part of g̈ that does not multiply q̈.
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
    /// Total time derivatives of order 1, …, 4 of every bilateral constraint (as for gaps).
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
    /// Ġ and G̈ along a trajectory through (q, q̇, q̈) at time t (as for the gaps).
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
    /// ∂²g_i/∂q² of bilateral constraint i; `false` if there is no constraint i.
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

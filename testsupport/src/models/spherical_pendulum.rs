//! A spherical pendulum in angles.

use mbruntime::{Constraints, Dynamics, Jacobians, Matrix, ParameterError, Statics, Vector};

/// Spherical pendulum: two coordinates, the polar angle θ from the downward vertical and the
/// azimuth φ, no constraints or contacts. Parameters, in index order: m, l, g (default 0.9,
/// 1.1, 9.81).
///
/// T = ½ m l² (θ̇² + sin²θ φ̇²), V = −m g l cos θ, so M = diag(m l², m l² sin²θ) and
/// h = (m l² sinθ cosθ φ̇² − m g l sinθ, −2 m l² sinθ cosθ θ̇ φ̇). φ is cyclic: the conical
/// motions θ = θ₀, φ̇ = Ω with Ω² = g/(l cos θ₀) are steady. Every derivative is written out by
/// hand from T and V.
#[derive(Debug, Clone, Copy)]
pub struct SphericalPendulum {
    /// Mass m.
    pub m: f64,
    /// Length l.
    pub l: f64,
    /// Gravity g.
    pub g: f64,
}

impl Default for SphericalPendulum {
    fn default() -> Self {
        Self {
            m: 0.9,
            l: 1.1,
            g: 9.81,
        }
    }
}

impl Dynamics<2> for SphericalPendulum {
    const NAME: &'static str = "SphericalPendulum";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["theta", "phi"];
    const RHEONOMIC: bool = false;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["m", "l", "g"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        [self.m, self.l, self.g].get(k).copied()
    }
    fn set_parameter(&mut self, k: usize, v: f64) -> Result<(), ParameterError> {
        let names = self.parameter_names();
        super::set_parameter(&mut [&mut self.m, &mut self.l, &mut self.g], names, k, v)
    }
    fn kinetic_energy(&self, q: &Vector<2>, qd: &Vector<2>, _: f64) -> f64 {
        let s = q[0].sin();
        0.5 * self.m * self.l * self.l * (qd[0] * qd[0] + s * s * qd[1] * qd[1])
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        -self.m * self.g * self.l * q[0].cos()
    }
    fn mass_matrix(&self, q: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        let ml2 = self.m * self.l * self.l;
        *m = Matrix::<2, 2>::new(ml2, 0.0, 0.0, ml2 * q[0].sin().powi(2));
    }
    fn forces(&self, q: &Vector<2>, qd: &Vector<2>, _: f64, h: &mut Vector<2>) {
        let (s, c) = q[0].sin_cos();
        let ml2 = self.m * self.l * self.l;
        h[0] = ml2 * s * c * qd[1] * qd[1] - self.m * self.g * self.l * s;
        h[1] = -2.0 * ml2 * s * c * qd[0] * qd[1];
    }
    fn coriolis(&self, q: &Vector<2>, qd: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        // Only ∂M₁₁/∂θ = 2 m l² sinθ cosθ =: μ is non-zero: Γ₀₁₁ = −μ/2, Γ₁₀₁ = Γ₁₁₀ = μ/2.
        let mu = 2.0 * self.m * self.l * self.l * q[0].sin() * q[0].cos();
        *c = Matrix::<2, 2>::new(0.0, -0.5 * mu * qd[1], 0.5 * mu * qd[1], 0.5 * mu * qd[0]);
    }
}

impl Constraints<2, 0, 0> for SphericalPendulum {
    crate::no_bilateral!(2);
    crate::no_contacts!(2);
}

impl Statics<2> for SphericalPendulum {
    fn potential_gradient(&self, q: &Vector<2>, _: f64, grad: &mut Vector<2>) {
        *grad = Vector::<2>::new(self.m * self.g * self.l * q[0].sin(), 0.0);
    }
    fn potential_hessian(&self, q: &Vector<2>, _: f64, hess: &mut Matrix<2, 2>) {
        *hess = Matrix::<2, 2>::new(self.m * self.g * self.l * q[0].cos(), 0.0, 0.0, 0.0);
    }
    fn potential_gradient_parameter(
        &self,
        q: &Vector<2>,
        _: f64,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let s = q[0].sin();
        let d = [
            self.g * self.l * s,
            self.m * self.g * s,
            self.m * self.l * s,
        ];
        d.get(k).map(|&v| *out = Vector::<2>::new(v, 0.0)).is_some()
    }
    fn bilateral_hessian(&self, _: &Vector<2>, _: f64, _: usize, _: &mut Matrix<2, 2>) -> bool {
        false
    }
    fn gap_hessian(&self, _: &Vector<2>, _: f64, _: usize, _: &mut Matrix<2, 2>) -> bool {
        false
    }
}

impl Jacobians<2, 0, 0> for SphericalPendulum {
    fn force_jacobians(
        &self,
        q: &Vector<2>,
        qd: &Vector<2>,
        _: f64,
        dq: &mut Matrix<2, 2>,
        dqd: &mut Matrix<2, 2>,
    ) {
        let (s, c) = q[0].sin_cos();
        let (c2, sc) = ((2.0 * q[0]).cos(), s * c);
        let ml2 = self.m * self.l * self.l;
        let (td, pd) = (qd[0], qd[1]);
        *dq = Matrix::<2, 2>::new(
            ml2 * c2 * pd * pd - self.m * self.g * self.l * c,
            0.0,
            -2.0 * ml2 * c2 * td * pd,
            0.0,
        );
        *dqd = Matrix::<2, 2>::new(
            0.0,
            2.0 * ml2 * sc * pd,
            -2.0 * ml2 * sc * pd,
            -2.0 * ml2 * sc * td,
        );
    }
    fn force_time_partial(&self, _: &Vector<2>, _: &Vector<2>, _: f64, dh_dt: &mut Vector<2>) {
        dh_dt.fill(0.0);
    }
    fn mass_action_jacobian(&self, q: &Vector<2>, _: f64, a: &Vector<2>, out: &mut Matrix<2, 2>) {
        // (M a)₁ = m l² sin²θ a₁: ∂/∂θ = 2 m l² sinθ cosθ a₁.
        let ml2 = self.m * self.l * self.l;
        *out = Matrix::<2, 2>::new(0.0, 0.0, 2.0 * ml2 * q[0].sin() * q[0].cos() * a[1], 0.0);
    }
    fn force_parameter_derivative(
        &self,
        q: &Vector<2>,
        qd: &Vector<2>,
        _: f64,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let (s, c) = q[0].sin_cos();
        let (m, l, g) = (self.m, self.l, self.g);
        let kin = Vector::<2>::new(s * c * qd[1] * qd[1], -2.0 * s * c * qd[0] * qd[1]);
        let d = [
            kin * (l * l) - Vector::<2>::new(g * l * s, 0.0),
            kin * (2.0 * m * l) - Vector::<2>::new(m * g * s, 0.0),
            Vector::<2>::new(-m * l * s, 0.0),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn mass_action_parameter_derivative(
        &self,
        q: &Vector<2>,
        _: f64,
        a: &Vector<2>,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let ma = Vector::<2>::new(a[0], q[0].sin().powi(2) * a[1]);
        let d = [
            ma * (self.l * self.l),
            ma * (2.0 * self.m * self.l),
            Vector::zeros(),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn parameter_enters_constraints(&self, _: usize) -> bool {
        false
    }
    crate::no_bilateral_drift_jacobians!(2);
    crate::no_gap_drift_jacobians!(2);
}

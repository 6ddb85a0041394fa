//! A planar pendulum driven by a torque.

use mbruntime::{Constraints, Dynamics, Jacobians, Matrix, ParameterError, Statics, Vector};

/// Planar pendulum: one coordinate, the angle θ from the downward vertical, with a torque τ
/// about the pivot and no constraints or contacts. Parameters, in index order: m, l, g, tau
/// (default 1.3, 0.7, 9.81, 0).
///
/// T = ½ m l² θ̇², V = −m g l cos θ, Q = τ, so M = m l², h = −m g l sin θ + τ; equilibria at
/// sin θ = τ/(m g l), with ∂h/∂θ = −m g l cos θ (small oscillations about θ = 0 at
/// ω² = g/l). Every derivative (`Statics`, `Jacobians`, parameter derivatives) is written out
/// by hand from T and V.
#[derive(Debug, Clone, Copy)]
pub struct Pendulum {
    /// Mass m.
    pub m: f64,
    /// Length l.
    pub l: f64,
    /// Gravity g.
    pub g: f64,
    /// Torque τ about the pivot.
    pub tau: f64,
}

impl Default for Pendulum {
    fn default() -> Self {
        Self {
            m: 1.3,
            l: 0.7,
            g: 9.81,
            tau: 0.0,
        }
    }
}

impl Dynamics<1> for Pendulum {
    const NAME: &'static str = "Pendulum";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 1] = ["theta"];
    const RHEONOMIC: bool = false;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["m", "l", "g", "tau"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        [self.m, self.l, self.g, self.tau].get(k).copied()
    }
    fn set_parameter(&mut self, k: usize, v: f64) -> Result<(), ParameterError> {
        let names = self.parameter_names();
        super::set_parameter(
            &mut [&mut self.m, &mut self.l, &mut self.g, &mut self.tau],
            names,
            k,
            v,
        )
    }
    fn kinetic_energy(&self, _: &Vector<1>, qd: &Vector<1>, _: f64) -> f64 {
        0.5 * self.m * self.l * self.l * qd[0] * qd[0]
    }
    fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 {
        -self.m * self.g * self.l * q[0].cos()
    }
    fn mass_matrix(&self, _: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) {
        m[0] = self.m * self.l * self.l;
    }
    fn forces(&self, q: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) {
        h[0] = -self.m * self.g * self.l * q[0].sin() + self.tau;
    }
    fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) {
        c.fill(0.0);
    }
}

impl Constraints<1, 0, 0> for Pendulum {
    crate::no_bilateral!(1);
    crate::no_contacts!(1);
}

impl Statics<1> for Pendulum {
    fn potential_gradient(&self, q: &Vector<1>, _: f64, grad: &mut Vector<1>) {
        grad[0] = self.m * self.g * self.l * q[0].sin();
    }
    fn potential_hessian(&self, q: &Vector<1>, _: f64, hess: &mut Matrix<1, 1>) {
        hess[0] = self.m * self.g * self.l * q[0].cos();
    }
    fn potential_gradient_parameter(
        &self,
        q: &Vector<1>,
        _: f64,
        k: usize,
        out: &mut Vector<1>,
    ) -> bool {
        let s = q[0].sin();
        let d = [
            self.g * self.l * s,
            self.m * self.g * s,
            self.m * self.l * s,
            0.0,
        ];
        d.get(k).map(|&v| out[0] = v).is_some()
    }
    fn bilateral_hessian(&self, _: &Vector<1>, _: f64, _: usize, _: &mut Matrix<1, 1>) -> bool {
        false
    }
    fn gap_hessian(&self, _: &Vector<1>, _: f64, _: usize, _: &mut Matrix<1, 1>) -> bool {
        false
    }
}

impl Jacobians<1, 0, 0> for Pendulum {
    fn force_jacobians(
        &self,
        q: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        dq: &mut Matrix<1, 1>,
        dqd: &mut Matrix<1, 1>,
    ) {
        dq[0] = -self.m * self.g * self.l * q[0].cos();
        dqd[0] = 0.0;
    }
    fn force_time_partial(&self, _: &Vector<1>, _: &Vector<1>, _: f64, dh_dt: &mut Vector<1>) {
        dh_dt.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<1>, _: f64, _: &Vector<1>, out: &mut Matrix<1, 1>) {
        out.fill(0.0);
    }
    fn force_parameter_derivative(
        &self,
        q: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        k: usize,
        out: &mut Vector<1>,
    ) -> bool {
        let s = q[0].sin();
        let d = [
            -self.g * self.l * s,
            -self.m * self.g * s,
            -self.m * self.l * s,
            1.0,
        ];
        d.get(k).map(|&v| out[0] = v).is_some()
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<1>,
        _: f64,
        a: &Vector<1>,
        k: usize,
        out: &mut Vector<1>,
    ) -> bool {
        let d = [
            self.l * self.l * a[0],
            2.0 * self.m * self.l * a[0],
            0.0,
            0.0,
        ];
        d.get(k).map(|&v| out[0] = v).is_some()
    }
    fn parameter_enters_constraints(&self, _: usize) -> bool {
        false
    }
    crate::no_bilateral_drift_jacobians!(1);
    crate::no_gap_drift_jacobians!(1);
}

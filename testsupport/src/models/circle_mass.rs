//! A point mass on a circle, the circle as bilateral constraints and string contacts.

use super::frictionless;
use mbruntime::{
    Constraints, ContactLaw, Dynamics, Jacobians, Matrix, ParameterError, Statics, Vector,
};

/// Point mass m at (x, y) (two coordinates) under gravity g along −y and a constant horizontal
/// force f_x, kept on the circle x² + y² = l²: bilateral constraint i is
/// (i + 1)(x² + y² − l²) = 0 (NB copies: the extra ones are redundant), and contact i a
/// frictionless string with gap (i + 1)(l² − x² − y²) ≥ 0 (NU copies, no restitution).
/// Parameters, in index order: m, g, l, fx (default 0.8, 9.81, 1.4, 0); only l enters the
/// constraints.
///
/// T = ½ m (ẋ² + ẏ²), V = m g y, M = m𝟙, h = (f_x, −m g). Constraint i has the column
/// 2(i + 1) q, the drift 2(i + 1)|q̇|² and the Hessian 2(i + 1)𝟙 (the gaps the negatives).
/// Held at rest at angle θ from the bottom by f_x = m g tan θ. Every derivative is written out
/// by hand.
#[derive(Debug, Clone, Copy)]
pub struct CircleMass<const NB: usize, const NU: usize> {
    /// Mass m.
    pub m: f64,
    /// Gravity g.
    pub g: f64,
    /// Radius l of the circle.
    pub l: f64,
    /// Constant horizontal force f_x.
    pub fx: f64,
}

impl<const NB: usize, const NU: usize> Default for CircleMass<NB, NU> {
    fn default() -> Self {
        Self {
            m: 0.8,
            g: 9.81,
            l: 1.4,
            fx: 0.0,
        }
    }
}

impl<const NB: usize, const NU: usize> Dynamics<2> for CircleMass<NB, NU> {
    const NAME: &'static str = "CircleMass";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "y"];
    const RHEONOMIC: bool = false;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["m", "g", "l", "fx"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        [self.m, self.g, self.l, self.fx].get(k).copied()
    }
    fn set_parameter(&mut self, k: usize, v: f64) -> Result<(), ParameterError> {
        let names = self.parameter_names();
        super::set_parameter(
            &mut [&mut self.m, &mut self.g, &mut self.l, &mut self.fx],
            names,
            k,
            v,
        )
    }
    fn kinetic_energy(&self, _: &Vector<2>, qd: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * qd.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * self.g * q[1]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        *h = Vector::<2>::new(self.fx, -self.m * self.g);
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl<const NB: usize, const NU: usize> Constraints<2, NB, NU> for CircleMass<NB, NU> {
    const BILATERAL: [&'static str; NB] = ["circle"; NB];
    const CONTACTS: [&'static str; NU] = ["string"; NU];
    fn bilateral(&self, q: &Vector<2>, _: f64, g: &mut Vector<NB>) {
        for i in 0..NB {
            g[i] = (i + 1) as f64 * (q.norm_squared() - self.l * self.l);
        }
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<2>,
        _: f64,
        jac: &mut Matrix<2, NB>,
        t: &mut Vector<NB>,
    ) {
        for i in 0..NB {
            jac.set_column(i, &(q * (2.0 * (i + 1) as f64)));
        }
        t.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<2>, qd: &Vector<2>, _: f64, d: &mut Vector<NB>) {
        for i in 0..NB {
            d[i] = 2.0 * (i + 1) as f64 * qd.norm_squared();
        }
    }
    fn gaps(&self, q: &Vector<2>, _: f64, g: &mut Vector<NU>) {
        for i in 0..NU {
            g[i] = (i + 1) as f64 * (self.l * self.l - q.norm_squared());
        }
    }
    fn gap_jacobian(&self, q: &Vector<2>, _: f64, w: &mut Matrix<2, NU>, t: &mut Vector<NU>) {
        for i in 0..NU {
            w.set_column(i, &(q * (-2.0 * (i + 1) as f64)));
        }
        t.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<2>, qd: &Vector<2>, _: f64, d: &mut Vector<NU>) {
        for i in 0..NU {
            d[i] = -2.0 * (i + 1) as f64 * qd.norm_squared();
        }
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, NU>, t: &mut Vector<NU>) {
        w.fill(0.0);
        t.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; NU] {
        [frictionless(0.0); NU]
    }
}

impl<const NB: usize, const NU: usize> Statics<2> for CircleMass<NB, NU> {
    fn potential_gradient(&self, _: &Vector<2>, _: f64, grad: &mut Vector<2>) {
        *grad = Vector::<2>::new(0.0, self.m * self.g);
    }
    fn potential_hessian(&self, _: &Vector<2>, _: f64, hess: &mut Matrix<2, 2>) {
        hess.fill(0.0);
    }
    fn potential_gradient_parameter(
        &self,
        _: &Vector<2>,
        _: f64,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let d = [
            Vector::<2>::new(0.0, self.g),
            Vector::<2>::new(0.0, self.m),
            Vector::zeros(),
            Vector::zeros(),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn bilateral_hessian(&self, _: &Vector<2>, _: f64, i: usize, hess: &mut Matrix<2, 2>) -> bool {
        *hess = Matrix::<2, 2>::identity() * (2.0 * (i + 1) as f64);
        i < NB
    }
    fn gap_hessian(&self, _: &Vector<2>, _: f64, i: usize, hess: &mut Matrix<2, 2>) -> bool {
        *hess = Matrix::<2, 2>::identity() * (-2.0 * (i + 1) as f64);
        i < NU
    }
}

impl<const NB: usize, const NU: usize> Jacobians<2, NB, NU> for CircleMass<NB, NU> {
    fn force_jacobians(
        &self,
        _: &Vector<2>,
        _: &Vector<2>,
        _: f64,
        dq: &mut Matrix<2, 2>,
        dqd: &mut Matrix<2, 2>,
    ) {
        dq.fill(0.0);
        dqd.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<2>, _: &Vector<2>, _: f64, dh_dt: &mut Vector<2>) {
        dh_dt.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<2>, _: f64, _: &Vector<2>, out: &mut Matrix<2, 2>) {
        out.fill(0.0);
    }
    fn force_parameter_derivative(
        &self,
        _: &Vector<2>,
        _: &Vector<2>,
        _: f64,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let d = [
            Vector::<2>::new(0.0, -self.g),
            Vector::<2>::new(0.0, -self.m),
            Vector::zeros(),
            Vector::<2>::new(1.0, 0.0),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<2>,
        _: f64,
        a: &Vector<2>,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let d = [*a, Vector::zeros(), Vector::zeros(), Vector::zeros()];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn parameter_enters_constraints(&self, k: usize) -> bool {
        k == 2
    }
    fn bilateral_drift_jacobians(
        &self,
        _: &Vector<2>,
        qd: &Vector<2>,
        _: f64,
        dq: &mut Matrix<NB, 2>,
        dqd: &mut Matrix<NB, 2>,
    ) {
        dq.fill(0.0);
        for i in 0..NB {
            dqd.set_row(i, &(qd.transpose() * (4.0 * (i + 1) as f64)));
        }
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<2>,
        qd: &Vector<2>,
        _: f64,
        dq: &mut Matrix<NU, 2>,
        dqd: &mut Matrix<NU, 2>,
    ) {
        dq.fill(0.0);
        for i in 0..NU {
            dqd.set_row(i, &(qd.transpose() * (-4.0 * (i + 1) as f64)));
        }
    }
}

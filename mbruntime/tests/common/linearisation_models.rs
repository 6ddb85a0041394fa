//! Hand-written models with closed-form Jacobians for the linearisation tests: a planar
//! pendulum with a driving torque, a point mass on a circle in Cartesian coordinates (the
//! circle as NB copies of a bilateral constraint and NU copies of a string contact), and a
//! spherical pendulum in angles. Every derivative below is written out by hand from T, V and
//! the constraint functions stated on each model.
#![allow(dead_code)]

use mbruntime::{
    Constraints, ContactLaw, Dynamics, Jacobians, Matrix, ParameterError, Statics, Vector,
};

/// Constraints<NQ, 0, 0> for a model without constraints or contacts.
macro_rules! unconstrained {
    ($model:ty, $nq:literal) => {
        impl Constraints<$nq, 0, 0> for $model {
            const BILATERAL: [&'static str; 0] = [];
            const CONTACTS: [&'static str; 0] = [];
            fn bilateral(&self, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
            fn bilateral_jacobian(
                &self,
                _: &Vector<$nq>,
                _: f64,
                _: &mut Matrix<$nq, 0>,
                _: &mut Vector<0>,
            ) {
            }
            fn bilateral_drift(&self, _: &Vector<$nq>, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {
            }
            fn gaps(&self, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
            fn gap_jacobian(
                &self,
                _: &Vector<$nq>,
                _: f64,
                _: &mut Matrix<$nq, 0>,
                _: &mut Vector<0>,
            ) {
            }
            fn gap_drift(&self, _: &Vector<$nq>, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
            fn slip_jacobian(
                &self,
                _: &Vector<$nq>,
                _: f64,
                _: &mut Matrix<$nq, 0>,
                _: &mut Vector<0>,
            ) {
            }
            fn slip_drift(&self, _: &Vector<$nq>, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
            fn contact_laws(&self) -> [ContactLaw; 0] {
                []
            }
        }
    };
}

/// Parameter access by index into an array of fields.
fn set(
    values: &mut [&mut f64],
    names: &'static [&'static str],
    k: usize,
    v: f64,
) -> Result<(), ParameterError> {
    let name = names.get(k).ok_or(ParameterError::Unknown(k.to_string()))?;
    if !v.is_finite() {
        return Err(ParameterError::NonFinite { name, value: v });
    }
    *values[k] = v;
    Ok(())
}

/// Planar pendulum, angle θ from the downward vertical, with a torque τ about the pivot:
/// T = ½ m l² θ̇², V = −m g l cos θ, Q = τ, so h = −m g l sin θ + τ.
#[derive(Debug, Clone, Copy)]
pub struct Pendulum {
    pub m: f64,
    pub l: f64,
    pub g: f64,
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
        set(
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

unconstrained!(Pendulum, 1);

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
    fn bilateral_drift_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        _: &mut Matrix<0, 1>,
        _: &mut Matrix<0, 1>,
    ) {
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        _: &mut Matrix<0, 1>,
        _: &mut Matrix<0, 1>,
    ) {
    }
}

/// Point mass m at (x, y) under gravity g (−y) and a constant horizontal force f_x, kept on the
/// circle x² + y² = l²: bilateral constraint i is (i + 1)(x² + y² − l²) = 0 (NB copies: the
/// extra ones are redundant), and contact i a string with gap (i + 1)(l² − x² − y²) ≥ 0.
/// T = ½ m (ẋ² + ẏ²), V = m g y, h = (f_x, −m g).
#[derive(Debug, Clone, Copy)]
pub struct CircleMass<const NB: usize, const NU: usize> {
    pub m: f64,
    pub g: f64,
    pub l: f64,
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
        set(
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
        [ContactLaw {
            normal_restitution: 0.0,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }; NU]
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

/// Spherical pendulum, polar angle θ from the downward vertical and azimuth φ:
/// T = ½ m l² (θ̇² + sin²θ φ̇²), V = −m g l cos θ, so M = diag(m l², m l² sin²θ) and
/// h = (m l² sinθ cosθ φ̇² − m g l sinθ, −2 m l² sinθ cosθ θ̇ φ̇). φ is cyclic.
#[derive(Debug, Clone, Copy)]
pub struct SphericalPendulum {
    pub m: f64,
    pub l: f64,
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
        set(&mut [&mut self.m, &mut self.l, &mut self.g], names, k, v)
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

unconstrained!(SphericalPendulum, 2);

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
    fn bilateral_drift_jacobians(
        &self,
        _: &Vector<2>,
        _: &Vector<2>,
        _: f64,
        _: &mut Matrix<0, 2>,
        _: &mut Matrix<0, 2>,
    ) {
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<2>,
        _: &Vector<2>,
        _: f64,
        _: &mut Matrix<0, 2>,
        _: &mut Matrix<0, 2>,
    ) {
    }
}

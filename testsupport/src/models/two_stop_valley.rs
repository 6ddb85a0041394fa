//! Two stops at the bottom of a flat-bottomed valley (Schulz & Pellegrino 2000, Fig. 1).

use super::{frictionless, set_parameter};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, ParameterError, Statics, Vector};

/// Two coordinates (x, y) with unit mass, the stops x ≥ 0 and y ≥ 0 and the potential
/// U = ½k(x + y)² − p(x + βy): positive semidefinite in q (its Hessian k[[1, 1], [1, 1]] has the
/// kernel (1, −1)), whose valley x + y = 0 meets the feasible quadrant only at the origin. At
/// p = 0 the origin is the only feasible equilibrium, stable on the cone of admissible
/// directions, with both stops weakly active (Schulz & Pellegrino 2000, Fig. 1a). Loading by
/// p > 0 moves the valley to x + y = p/k: for β = 1 every point of the segment between the axes
/// is an equilibrium (Fig. 1b: the path derivative at the origin is not unique — both stops
/// open, x only, y only); for β > 1 the equilibria are x = 0, y = βp/k with λ_x = (β − 1)p
/// (Fig. 1c: one path, along the y axis, with λ̇_x > 0). Parameters, in index order: k, beta, p
/// (default 2, 1, 0); the load parameter is p.
#[derive(Debug, Clone, Copy)]
pub struct TwoStopValley {
    /// Stiffness k.
    pub k: f64,
    /// β.
    pub beta: f64,
    /// Load p.
    pub p: f64,
}

impl Default for TwoStopValley {
    fn default() -> Self {
        Self {
            k: 2.0,
            beta: 1.0,
            p: 0.0,
        }
    }
}

impl Dynamics<2> for TwoStopValley {
    const NAME: &'static str = "TwoStopValley";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "y"];
    const RHEONOMIC: bool = false;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["k", "beta", "p"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        [self.k, self.beta, self.p].get(k).copied()
    }
    fn set_parameter(&mut self, k: usize, v: f64) -> Result<(), ParameterError> {
        let names = self.parameter_names();
        set_parameter(&mut [&mut self.k, &mut self.beta, &mut self.p], names, k, v)
    }
    fn kinetic_energy(&self, _: &Vector<2>, qd: &Vector<2>, _: f64) -> f64 {
        0.5 * qd.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        let s = q[0] + q[1];
        0.5 * self.k * s * s - self.p * (q[0] + self.beta * q[1])
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity();
    }
    fn forces(&self, q: &Vector<2>, _: &Vector<2>, t: f64, h: &mut Vector<2>) {
        let mut grad = Vector::<2>::zeros();
        self.potential_gradient(q, t, &mut grad);
        *h = -grad;
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 0, 2> for TwoStopValley {
    crate::no_bilateral!(2);
    const CONTACTS: [&'static str; 2] = ["stop_x", "stop_y"];
    fn gaps(&self, q: &Vector<2>, _: f64, g: &mut Vector<2>) {
        *g = *q;
    }
    fn gap_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 2>, p: &mut Vector<2>) {
        *w = Matrix::<2, 2>::identity();
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [frictionless(0.0); 2]
    }
}

impl Statics<2> for TwoStopValley {
    fn potential_gradient(&self, q: &Vector<2>, _: f64, grad: &mut Vector<2>) {
        let s = self.k * (q[0] + q[1]);
        *grad = Vector::<2>::new(s - self.p, s - self.p * self.beta);
    }
    fn potential_hessian(&self, _: &Vector<2>, _: f64, hess: &mut Matrix<2, 2>) {
        *hess = Matrix::<2, 2>::repeat(self.k);
    }
    fn potential_gradient_parameter(
        &self,
        q: &Vector<2>,
        _: f64,
        k: usize,
        out: &mut Vector<2>,
    ) -> bool {
        let s = q[0] + q[1];
        let d = [
            Vector::<2>::new(s, s),
            Vector::<2>::new(0.0, -self.p),
            Vector::<2>::new(-1.0, -self.beta),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    fn bilateral_hessian(&self, _: &Vector<2>, _: f64, _: usize, _: &mut Matrix<2, 2>) -> bool {
        false
    }
    fn gap_hessian(&self, _: &Vector<2>, _: f64, i: usize, hess: &mut Matrix<2, 2>) -> bool {
        hess.fill(0.0);
        i < 2
    }
}

//! A point mass on a floor with planar Coulomb friction, pulled along it.

use super::G;
use mbruntime::{Constraints, Dynamics, Matrix, Vector};

/// A point mass m (coordinates x, z) on the floor z = 0 under gravity [`G`] along −z, pulled
/// along x by a constant force `pull`: one contact with planar friction μ along x (one tangent,
/// no tangent plane, no restitution), W_N = e_z, W_T = e_x; the contact LCP's route.
///
/// M = m𝟙, h = (pull, −m g), constant (zero force Jacobians). On the floor it sticks iff
/// |pull| ≤ μ m g, and otherwise slides with acceleration (pull ∓ μ m g)/m.
#[derive(Debug, Clone, Copy)]
pub struct PlanarBlock {
    /// Mass m.
    pub m: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Constant force along x.
    pub pull: f64,
}

impl Dynamics<2> for PlanarBlock {
    const NAME: &'static str = "PlanarBlock";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<2>, u: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * G * q[1] - self.pull * q[0]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        *h = Vector::<2>::new(self.pull, -self.m * G);
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 0, 1> for PlanarBlock {
    planar_floor_contact!("floor");
}

crate::constant_force_jacobians!(PlanarBlock, 2, 0, 1);

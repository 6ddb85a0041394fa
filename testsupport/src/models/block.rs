//! A point mass on an inclined plane in space, with spatial Coulomb friction.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// A point mass m (coordinates x, y, z in space) on the plane n·x = 0 through the origin with
/// n = (−sin α, 0, cos α), under gravity [`G`] along −z: one contact with a tangent plane,
/// tangents t1 = (cos α, 0, sin α) (up the slope) and t2 = (0, 1, 0), so W_N = n, W_T = t1,
/// W_T2 = t2, friction μ, restitutions e_n, e_t. Its motion along y may drive a flywheel (rack
/// and pinion) that adds the inertia `lateral_mass` to that direction only, making the
/// tangential Delassus matrix anisotropic (0 for an isotropic block).
///
/// M = m𝟙 + lateral_mass e_y e_yᵀ, h = (0, 0, −m g). Every force is constant, so the exact force
/// Jacobians are zero and both time-stepping schemes apply. Released at rest on the slope it
/// sticks iff μ ≥ tan α and otherwise slides down the line of steepest descent with
/// a = g (sin α − μ cos α); launched with speed v₀ on a horizontal plane (lateral_mass = 0) it
/// moves on a straight line, decelerates at μ g and stops at t* = v₀/(μ g).
#[derive(Debug, Clone, Copy)]
pub struct Block {
    /// Mass m.
    pub m: f64,
    /// Inertia added to the y direction by the flywheel.
    pub lateral_mass: f64,
    /// Slope α (0: horizontal plane).
    pub alpha: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Newton restitution e_n.
    pub e_n: f64,
    /// Tangential restitution e_t.
    pub e_t: f64,
}

impl Block {
    /// The plane's normal n = (−sin α, 0, cos α).
    pub fn normal(&self) -> Vector<3> {
        Vector::<3>::new(-self.alpha.sin(), 0.0, self.alpha.cos())
    }
    /// The first tangent t1 = (cos α, 0, sin α), up the slope.
    pub fn up_slope(&self) -> Vector<3> {
        Vector::<3>::new(self.alpha.cos(), 0.0, self.alpha.sin())
    }
    /// The second tangent t2 = (0, 1, 0), across the slope.
    pub fn lateral(&self) -> Vector<3> {
        Vector::<3>::new(0.0, 1.0, 0.0)
    }
}

impl Dynamics<3> for Block {
    const NAME: &'static str = "Block";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<3>, u: &Vector<3>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared() + 0.5 * self.lateral_mass * u[1] * u[1]
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * G * q[2]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        *m = Matrix::<3, 3>::identity() * self.m;
        m[(1, 1)] += self.lateral_mass;
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(0.0, 0.0, -self.m * G);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 0, 1> for Block {
    crate::no_bilateral!(3);
    const CONTACTS: [&'static str; 1] = ["plane"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = self.normal().dot(q);
    }
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.normal());
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.up_slope());
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.lateral());
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, self.e_n, self.e_t)]
    }
}

crate::constant_force_jacobians!(Block, 3, 0, 1);

//! Two particles held at a fixed offset, one on a rough floor.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// Two particles of masses m₁, m₂ under gravity [`G`], coordinates (x₁, y₁, x₂, y₂), held at the
/// fixed offset x₂ − x₁ = 0.3, y₂ − y₁ = 0 by two bilateral constraints ("dx", "dy");
/// particle 1 touches the floor y₁ = 0 (one contact, planar friction μ, no restitution) and
/// particle 2 is pulled along x by a constant force F.
///
/// With the bilateral constraints condensed the pair acts as one block of mass m₁ + m₂: sliding
/// gives a = (F − μ(m₁ + m₂)g)/(m₁ + m₂) for both, λ_N = (m₁ + m₂)g and the bilateral
/// multipliers of particle 2's Newton equations, λ_x = m₂ a − F, λ_y = m₂ g; at rest with
/// F < μ(m₁ + m₂)g it sticks with λ_T = −F.
#[derive(Debug, Clone, Copy)]
pub struct ParticlePair {
    /// Mass m₁ of the particle on the floor.
    pub m1: f64,
    /// Mass m₂ of the pulled particle.
    pub m2: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Pull F along x on particle 2.
    pub pull: f64,
}

impl Dynamics<4> for ParticlePair {
    const NAME: &'static str = "ParticlePair";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 4] = ["x1", "y1", "x2", "y2"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<4>, u: &Vector<4>, _: f64) -> f64 {
        0.5 * self.m1 * (u[0] * u[0] + u[1] * u[1]) + 0.5 * self.m2 * (u[2] * u[2] + u[3] * u[3])
    }
    fn potential_energy(&self, q: &Vector<4>, _: f64) -> f64 {
        G * (self.m1 * q[1] + self.m2 * q[3]) - self.pull * q[2]
    }
    fn mass_matrix(&self, _: &Vector<4>, _: f64, m: &mut Matrix<4, 4>) {
        *m = Matrix::<4, 4>::from_diagonal(&Vector::<4>::new(self.m1, self.m1, self.m2, self.m2));
    }
    fn forces(&self, _: &Vector<4>, _: &Vector<4>, _: f64, h: &mut Vector<4>) {
        *h = Vector::<4>::new(0.0, -self.m1 * G, self.pull, -self.m2 * G);
    }
    fn coriolis(&self, _: &Vector<4>, _: &Vector<4>, _: f64, c: &mut Matrix<4, 4>) {
        c.fill(0.0);
    }
}

impl Constraints<4, 2, 1> for ParticlePair {
    const BILATERAL: [&'static str; 2] = ["dx", "dy"];
    const CONTACTS: [&'static str; 1] = ["floor"];
    fn bilateral(&self, q: &Vector<4>, _: f64, g: &mut Vector<2>) {
        g[0] = q[2] - q[0] - 0.3;
        g[1] = q[3] - q[1];
    }
    fn bilateral_jacobian(&self, _: &Vector<4>, _: f64, j: &mut Matrix<4, 2>, p: &mut Vector<2>) {
        *j = Matrix::<4, 2>::new(-1.0, 0.0, 0.0, -1.0, 1.0, 0.0, 0.0, 1.0);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<4>, _: &Vector<4>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn gaps(&self, q: &Vector<4>, _: f64, g: &mut Vector<1>) {
        g[0] = q[1];
    }
    fn gap_jacobian(&self, _: &Vector<4>, _: f64, w: &mut Matrix<4, 1>, p: &mut Vector<1>) {
        *w = Matrix::<4, 1>::new(0.0, 1.0, 0.0, 0.0);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<4>, _: &Vector<4>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<4>, _: f64, w: &mut Matrix<4, 1>, p: &mut Vector<1>) {
        *w = Matrix::<4, 1>::new(1.0, 0.0, 0.0, 0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<4>, _: &Vector<4>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, 0.0, 0.0)]
    }
}

//! A box on two corners pulled at its centre, with planar Coulomb friction.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// A box of mass m, half width a and half height b (J = m(a² + b²)/3) under gravity [`G`],
/// coordinates q = (x, y, θ), standing on its two lower corners r = (∓a, −b) (contacts "rear"
/// and "front", planar friction μ, no restitution) on the floor y = 0 and pulled horizontally
/// at its centre by a constant force `pull`. With (s, c) = (sin θ, cos θ) corner i has
/// g_N = y + r_x s + r_y c, W_N = (0, 1, r_x c − r_y s), W_T = (1, 0, −r_x s − r_y c) and the
/// drifts of the rotating corner.
///
/// Sliding flat (σ = +1) it has ẍ = −μ g, ÿ = θ̈ = 0 and the moment balance about the centre
/// λ_front − λ_rear = μ b m g / a with λ_rear + λ_front = m g; at rest under a pull F < μ m g it
/// sticks with λ_T,rear + λ_T,front = −F and λ_front − λ_rear = b F / a.
#[derive(Debug, Clone, Copy)]
pub struct PulledBox {
    /// Mass m.
    pub m: f64,
    /// Half width a.
    pub a: f64,
    /// Half height b.
    pub b: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Horizontal pull at the centre.
    pub pull: f64,
}

impl PulledBox {
    /// Corner i in the box's frame: (∓a, −b).
    fn corner(&self, i: usize) -> (f64, f64) {
        (if i == 0 { -self.a } else { self.a }, -self.b)
    }
}

impl Dynamics<3> for PulledBox {
    const NAME: &'static str = "PulledBox";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, u: &Vector<3>, t: f64) -> f64 {
        let mut m = Matrix::<3, 3>::zeros();
        self.mass_matrix(q, t, &mut m);
        0.5 * u.dot(&(m * u))
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * G * q[1] - self.pull * q[0]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        let j = self.m * (self.a * self.a + self.b * self.b) / 3.0;
        *m = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(self.m, self.m, j));
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(self.pull, -self.m * G, 0.0);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 0, 2> for PulledBox {
    crate::no_bilateral!(3);
    const CONTACTS: [&'static str; 2] = ["rear", "front"];
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<2>) {
        let (s, c) = q[2].sin_cos();
        for i in 0..2 {
            let (rx, ry) = self.corner(i);
            g[i] = q[1] + rx * s + ry * c;
        }
    }
    fn gap_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        let (s, c) = q[2].sin_cos();
        for i in 0..2 {
            let (rx, ry) = self.corner(i);
            w.set_column(i, &Vector::<3>::new(0.0, 1.0, rx * c - ry * s));
        }
        p.fill(0.0);
    }
    fn gap_drift(&self, q: &Vector<3>, u: &Vector<3>, _: f64, d: &mut Vector<2>) {
        let (s, c) = q[2].sin_cos();
        for i in 0..2 {
            let (rx, ry) = self.corner(i);
            d[i] = (-rx * s - ry * c) * u[2] * u[2];
        }
    }
    fn slip_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        let (s, c) = q[2].sin_cos();
        for i in 0..2 {
            let (rx, ry) = self.corner(i);
            w.set_column(i, &Vector::<3>::new(1.0, 0.0, -rx * s - ry * c));
        }
        p.fill(0.0);
    }
    fn slip_drift(&self, q: &Vector<3>, u: &Vector<3>, _: f64, d: &mut Vector<2>) {
        let (s, c) = q[2].sin_cos();
        for i in 0..2 {
            let (rx, ry) = self.corner(i);
            d[i] = (-rx * c + ry * s) * u[2] * u[2];
        }
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [law(self.mu, 0.0, 0.0), law(self.mu, 0.0, 0.0)]
    }
}

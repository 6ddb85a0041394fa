//! A block on an inclined line with a pull, with planar Coulomb friction.

use super::G;
use mbruntime::{Constraints, Dynamics, Matrix, Vector};

/// A block of mass m on a line inclined at α (α = 0: a floor) under gravity [`G`] and a constant
/// pull (F_x, F_y): coordinates x (along the line, uphill) and y (normal to it), one contact
/// with planar friction μ (no restitution), g_N = y, W_N = e_y, W_T = e_x. M = m𝟙,
/// h = (F_x − m g sin α, F_y − m g cos α).
///
/// At rest on the incline without pull it sticks iff μ ≥ tan α, with λ_T = m g sin α and
/// λ_N = m g cos α, and otherwise starts sliding downhill with a = g (sin α − μ cos α); on a
/// floor under a horizontal pull F it sticks iff |F| ≤ μ m g and slides with
/// a = (F − σ μ m g)/m; pulled up by more than its weight it lifts off.
#[derive(Debug, Clone, Copy)]
pub struct PulledBlock {
    /// Mass m.
    pub m: f64,
    /// Inclination α of the line.
    pub alpha: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Constant pull (F_x, F_y) along and normal to the line.
    pub pull: (f64, f64),
}

impl Dynamics<2> for PulledBlock {
    const NAME: &'static str = "PulledBlock";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "y"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<2>, u: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * G * (q[0] * self.alpha.sin() + q[1] * self.alpha.cos())
            - self.pull.0 * q[0]
            - self.pull.1 * q[1]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        let w = self.m * G;
        *h = Vector::<2>::new(
            self.pull.0 - w * self.alpha.sin(),
            self.pull.1 - w * self.alpha.cos(),
        );
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 0, 1> for PulledBlock {
    planar_floor_contact!("base");
}

//! Painlevé's rod in the plane, with planar Coulomb friction.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// Painlevé's rod (Painlevé 1895) in the vertical plane: a uniform rod of mass m and half
/// length l (J = m l²/3 about its centre) under gravity [`G`], coordinates q = (x, y, θ) with
/// the centre at (x, y) and the lower end at (x + l cos θ, y − l sin θ) touching the floor
/// y = 0 with planar friction μ (no restitution):
///
/// ```text
/// g_N = y − l sin θ:      W_N = (0, 1, −l cos θ),   ẇ_N = l sin θ θ̇²,
/// γ_T = ẋ − l sin θ θ̇:   W_T = (1, 0, −l sin θ),   ẇ_T = −l cos θ θ̇².
/// ```
///
/// Sliding with σ = sign γ_T, λ_T = −μσλ_N and g̈_N = 0 give
/// λ_N = m(g − l sinθ θ̇²)/(1 + 3cos²θ − 3μσ sinθ cosθ), ẍ = −μσλ_N/m, ÿ = −g + λ_N/m,
/// θ̈ = −3(cosθ − μσ sinθ)λ_N/(m l); for σ = +1 the denominator vanishes at Painlevé's bound
/// μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ), above which the problem is inconsistent or has two
/// solutions.
#[derive(Debug, Clone, Copy)]
pub struct PainleveRod {
    /// Mass m.
    pub m: f64,
    /// Half length l.
    pub l: f64,
    /// Friction coefficient μ.
    pub mu: f64,
}

impl Dynamics<3> for PainleveRod {
    const NAME: &'static str = "PainleveRod";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<3>, u: &Vector<3>, _: f64) -> f64 {
        0.5 * self.m * (u[0] * u[0] + u[1] * u[1]) + self.m * self.l * self.l / 6.0 * u[2] * u[2]
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * G * q[1]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        let j = self.m * self.l * self.l / 3.0;
        *m = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(self.m, self.m, j));
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(0.0, -self.m * G, 0.0);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 0, 1> for PainleveRod {
    crate::no_bilateral!(3);
    const CONTACTS: [&'static str; 1] = ["end"];
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = q[1] - self.l * q[2].sin();
    }
    fn gap_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        *w = Matrix::<3, 1>::new(0.0, 1.0, -self.l * q[2].cos());
        p.fill(0.0);
    }
    fn gap_drift(&self, q: &Vector<3>, u: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d[0] = self.l * q[2].sin() * u[2] * u[2];
    }
    fn slip_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        *w = Matrix::<3, 1>::new(1.0, 0.0, -self.l * q[2].sin());
        p.fill(0.0);
    }
    fn slip_drift(&self, q: &Vector<3>, u: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d[0] = -self.l * q[2].cos() * u[2] * u[2];
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, 0.0, 0.0)]
    }
}

//! A uniform sphere on a floor, with spatial Coulomb friction.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// A uniform sphere of mass m and radius R on the plane z = 0 under gravity [`G`]: coordinates
/// the centre (x, y, z) and φ = (φ_x, φ_y, φ_z) with φ̇ = ω, the angular velocity in space. The
/// inertia of a uniform sphere is I𝟙 in every orientation (I = 2/5 m R², no gyroscopic term:
/// Iω × ω = 0) and the contact kinematics on a plane depend on ω only, so φ (the integral of ω)
/// is an exact set of coordinates for this problem although it is not an orientation.
///
/// One contact with a tangent plane, friction μ, Newton restitution e_n: the contact point's
/// velocity is v + ω × (−R e_z) = (ẋ − R ω_y, ẏ + R ω_x, ż), so W_N = e_z,
/// W_T = (1, 0, 0, 0, −R, 0), W_T2 = (0, 1, 0, R, 0, 0). Every force is constant (zero force
/// Jacobians). Launched sliding with speed v₀ and no spin, it slips until
/// t_s = 2 v₀/(7 μ g) and then rolls at 5 v₀/7 along the launch direction (the angular momentum
/// about the contact point, m R v + I ω, is conserved); dropped from height h₀ it rebounds to
/// e_n² h₀.
#[derive(Debug, Clone, Copy)]
pub struct Ball {
    /// Mass m.
    pub m: f64,
    /// Radius R.
    pub radius: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Newton restitution e_n.
    pub e_n: f64,
}

impl Ball {
    /// Moment of inertia 2/5 m R².
    pub fn inertia(&self) -> f64 {
        0.4 * self.m * self.radius * self.radius
    }
}

impl Dynamics<6> for Ball {
    const NAME: &'static str = "Ball";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 6] = ["x", "y", "z", "phi_x", "phi_y", "phi_z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<6>, u: &Vector<6>, _: f64) -> f64 {
        0.5 * self.m * u.fixed_rows::<3>(0).norm_squared()
            + 0.5 * self.inertia() * u.fixed_rows::<3>(3).norm_squared()
    }
    fn potential_energy(&self, q: &Vector<6>, _: f64) -> f64 {
        self.m * G * q[2]
    }
    fn mass_matrix(&self, _: &Vector<6>, _: f64, m: &mut Matrix<6, 6>) {
        let i = self.inertia();
        *m = Matrix::<6, 6>::from_diagonal(&Vector::<6>::from([self.m, self.m, self.m, i, i, i]));
    }
    fn forces(&self, _: &Vector<6>, _: &Vector<6>, _: f64, h: &mut Vector<6>) {
        h.fill(0.0);
        h[2] = -self.m * G;
    }
    fn coriolis(&self, _: &Vector<6>, _: &Vector<6>, _: f64, c: &mut Matrix<6, 6>) {
        c.fill(0.0);
    }
}

impl Constraints<6, 0, 1> for Ball {
    crate::no_bilateral!(6);
    const CONTACTS: [&'static str; 1] = ["floor"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn gaps(&self, q: &Vector<6>, _: f64, g: &mut Vector<1>) {
        g[0] = q[2] - self.radius;
    }
    fn gap_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[2] = 1.0;
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[0] = 1.0;
        w[4] = -self.radius;
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[1] = 1.0;
        w[3] = self.radius;
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, self.e_n, 0.0)]
    }
}

crate::constant_force_jacobians!(Ball, 6, 0, 1);

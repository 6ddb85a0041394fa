//! Painlevé's rod free to translate sideways, with spatial Coulomb friction.

use super::law;
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// Painlevé's rod (Painlevé 1895) free to translate sideways.
///
/// A uniform rod of mass m and length 2l (moment of inertia m l²/3 about its centre) moves in a
/// vertical plane parallel to x–z that may itself translate along y: coordinates
/// q = (x, y, z, θ), the centre at (x, y, z), the rod along (−cos θ, 0, sin θ), its lower end at
///
/// ```text
/// E = (x + l cos θ, y, z − l sin θ),     T = ½ m (ẋ² + ẏ² + ż²) + ½ (m l²/3) θ̇²,
/// ```
///
/// so M = diag(m, m, m, m l²/3), under gravity h = (0, 0, −m g, 0). The lower end touches the
/// floor z = 0 (normal e_z) with tangents t1 = e_x, t2 = e_y (spatial Coulomb friction μ):
///
/// ```text
/// g_N = z − l sin θ:     W_N  = (0, 0, 1, −l cos θ),   Ẇ_Nᵀ q̇  = l sin θ θ̇²,
/// γ_T1 = d/dt(x + l cos θ): W_T1 = (1, 0, 0, −l sin θ), Ẇ_T1ᵀ q̇ = −l cos θ θ̇²,
/// γ_T2 = ẏ:              W_T2 = (0, 1, 0, 0),          Ẇ_T2ᵀ q̇ = 0.
/// ```
///
/// Every force is constant, so the exact force Jacobians are zero and Moreau–Jean applies.
#[derive(Debug, Clone, Copy)]
pub struct SlidingRod {
    /// Mass m (kg).
    pub m: f64,
    /// Half length l (m).
    pub l: f64,
    /// Friction coefficient μ.
    pub mu: f64,
    /// Gravity g (m/s²).
    pub g: f64,
}

impl SlidingRod {
    /// Moment of inertia about the centre, m l²/3.
    pub fn inertia(&self) -> f64 {
        self.m * self.l * self.l / 3.0
    }
}

impl Dynamics<4> for SlidingRod {
    const NAME: &'static str = "SlidingRod";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 4] = ["x", "y", "z", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<4>, u: &Vector<4>, _: f64) -> f64 {
        0.5 * self.m * u.fixed_rows::<3>(0).norm_squared() + 0.5 * self.inertia() * u[3] * u[3]
    }
    fn potential_energy(&self, q: &Vector<4>, _: f64) -> f64 {
        self.m * self.g * q[2]
    }
    fn mass_matrix(&self, _: &Vector<4>, _: f64, m: &mut Matrix<4, 4>) {
        *m = Matrix::<4, 4>::from_diagonal(&Vector::<4>::new(
            self.m,
            self.m,
            self.m,
            self.inertia(),
        ));
    }
    fn forces(&self, _: &Vector<4>, _: &Vector<4>, _: f64, h: &mut Vector<4>) {
        *h = Vector::<4>::new(0.0, 0.0, -self.m * self.g, 0.0);
    }
    fn coriolis(&self, _: &Vector<4>, _: &Vector<4>, _: f64, c: &mut Matrix<4, 4>) {
        c.fill(0.0);
    }
}

impl Constraints<4, 0, 1> for SlidingRod {
    crate::no_bilateral!(4);
    const CONTACTS: [&'static str; 1] = ["end"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn gaps(&self, q: &Vector<4>, _: f64, g: &mut Vector<1>) {
        g[0] = q[2] - self.l * q[3].sin();
    }
    fn gap_jacobian(&self, q: &Vector<4>, _: f64, w: &mut Matrix<4, 1>, p: &mut Vector<1>) {
        *w = Matrix::<4, 1>::new(0.0, 0.0, 1.0, -self.l * q[3].cos());
        p.fill(0.0);
    }
    fn gap_drift(&self, q: &Vector<4>, u: &Vector<4>, _: f64, d: &mut Vector<1>) {
        d[0] = self.l * q[3].sin() * u[3] * u[3];
    }
    fn slip_jacobian(&self, q: &Vector<4>, _: f64, w: &mut Matrix<4, 1>, p: &mut Vector<1>) {
        *w = Matrix::<4, 1>::new(1.0, 0.0, 0.0, -self.l * q[3].sin());
        p.fill(0.0);
    }
    fn slip_drift(&self, q: &Vector<4>, u: &Vector<4>, _: f64, d: &mut Vector<1>) {
        d[0] = -self.l * q[3].cos() * u[3] * u[3];
    }
    fn second_slip_jacobian(&self, _: &Vector<4>, _: f64, w: &mut Matrix<4, 1>, p: &mut Vector<1>) {
        *w = Matrix::<4, 1>::new(0.0, 1.0, 0.0, 0.0);
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, 0.0, 0.0)]
    }
}

impl SlidingRod {
    /// ∂(Ẇ_Nᵀq̇)/∂q, ∂(Ẇ_Nᵀq̇)/∂q̇ for [`crate::constant_force_jacobians!`].
    fn gap_drift_partials(
        &self,
        q: &Vector<4>,
        u: &Vector<4>,
        d_dq: &mut Matrix<1, 4>,
        d_du: &mut Matrix<1, 4>,
    ) {
        d_dq.fill(0.0);
        d_du.fill(0.0);
        d_dq[3] = self.l * q[3].cos() * u[3] * u[3];
        d_du[3] = 2.0 * self.l * q[3].sin() * u[3];
    }
}

crate::constant_force_jacobians!(SlidingRod, 4, 0, 1, gap_drift);

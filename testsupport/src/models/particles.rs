//! Independent point masses on a slope, each with its own friction coefficient.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Jacobians, Matrix, Vector};

/// `NU` independent point masses m (NQ = 3 NU coordinates x_i, y_i, z_i) on the plane z = 0
/// under gravity [`G`] tilted by α in the x–z plane (a slope seen in its own frame:
/// h_i = (−m g sin α, 0, −m g cos α)); particle i has one contact with a tangent plane,
/// friction coefficient `mu[i]` and no restitution, W_N = e_z, W_T = e_x, W_T2 = e_y of its
/// own coordinates. Every force is constant (zero force Jacobians, no parameters). Particle i
/// sticks iff μ_i ≥ tan α and otherwise slides down at g (sin α − μ_i cos α), its slip
/// direction turning towards −x when launched across the slope.
#[derive(Debug, Clone, Copy)]
pub struct Particles<const NQ: usize, const NU: usize> {
    /// Mass m of each particle.
    pub m: f64,
    /// Slope α.
    pub alpha: f64,
    /// Friction coefficient of each particle.
    pub mu: [f64; NU],
}

impl<const NQ: usize, const NU: usize> Particles<NQ, NU> {
    /// Particles with the given friction coefficients (NQ must be 3 NU).
    pub fn new(m: f64, alpha: f64, mu: [f64; NU]) -> Self {
        assert_eq!(NQ, 3 * NU, "three coordinates per particle");
        Self { m, alpha, mu }
    }
}

impl<const NQ: usize, const NU: usize> Dynamics<NQ> for Particles<NQ, NU> {
    const NAME: &'static str = "Particles";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; NQ] = [""; NQ];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<NQ>, u: &Vector<NQ>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<NQ>, t: f64) -> f64 {
        let mut h = Vector::<NQ>::zeros();
        self.forces(q, q, t, &mut h);
        -h.dot(q)
    }
    fn mass_matrix(&self, _: &Vector<NQ>, _: f64, m: &mut Matrix<NQ, NQ>) {
        *m = Matrix::<NQ, NQ>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, h: &mut Vector<NQ>) {
        for i in 0..NU {
            h[3 * i] = -self.m * G * self.alpha.sin();
            h[3 * i + 1] = 0.0;
            h[3 * i + 2] = -self.m * G * self.alpha.cos();
        }
    }
    fn coriolis(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, c: &mut Matrix<NQ, NQ>) {
        c.fill(0.0);
    }
}

impl<const NQ: usize, const NU: usize> Constraints<NQ, 0, NU> for Particles<NQ, NU> {
    crate::no_bilateral!(NQ);
    const CONTACTS: [&'static str; NU] = ["particle"; NU];
    const TANGENT_PLANES: [bool; NU] = [true; NU];
    fn gaps(&self, q: &Vector<NQ>, _: f64, g: &mut Vector<NU>) {
        for i in 0..NU {
            g[i] = q[3 * i + 2];
        }
    }
    fn gap_jacobian(&self, _: &Vector<NQ>, _: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        unit_columns(w, 2);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<NQ>, _: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        unit_columns(w, 0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(
        &self,
        _: &Vector<NQ>,
        _: f64,
        w: &mut Matrix<NQ, NU>,
        p: &mut Vector<NU>,
    ) {
        unit_columns(w, 1);
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; NU] {
        self.mu.map(|mu| law(mu, 0.0, 0.0))
    }
}

/// Column i = e_{3i + component}.
fn unit_columns<const NQ: usize, const NU: usize>(w: &mut Matrix<NQ, NU>, component: usize) {
    w.fill(0.0);
    for i in 0..NU {
        w[(3 * i + component, i)] = 1.0;
    }
}

impl<const NQ: usize, const NU: usize> Jacobians<NQ, 0, NU> for Particles<NQ, NU> {
    fn force_jacobians(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        dh_dq: &mut Matrix<NQ, NQ>,
        dh_du: &mut Matrix<NQ, NQ>,
    ) {
        dh_dq.fill(0.0);
        dh_du.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NQ>) {
        d.fill(0.0);
    }
    fn mass_action_jacobian(
        &self,
        _: &Vector<NQ>,
        _: f64,
        _: &Vector<NQ>,
        out: &mut Matrix<NQ, NQ>,
    ) {
        out.fill(0.0);
    }
    crate::no_parameter_derivatives!(NQ);
    crate::no_bilateral_drift_jacobians!(NQ);
    fn gap_drift_jacobians(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        d_dq: &mut Matrix<NU, NQ>,
        d_du: &mut Matrix<NU, NQ>,
    ) {
        d_dq.fill(0.0);
        d_du.fill(0.0);
    }
}

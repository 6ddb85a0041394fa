//! A particle sliding inside a circular bowl.

use super::frictionless;
use mbruntime::{Constraints, ContactLaw, Matrix, Vector};

/// A particle of mass m (coordinates x, y) sliding without friction inside a circular bowl of
/// radius R centred at the origin, under gravity g along −y: one contact without tangent or
/// restitution, g_N = R − ‖q‖ ≥ 0, W_N = −q/‖q‖, and the curvature drift
/// ẇ_Nᵀq̇ = −(‖u‖² − (q·u/‖q‖)²)/‖q‖ (the centripetal term). M = m𝟙, h = (0, −m g), constant:
/// the force Jacobians are zero, the gap drift's partials are written out.
///
/// While it stays in contact its exact motion is that of a pendulum of length R with g_N ≡ 0;
/// the M-metric projection of a position onto the circle is the nearest point R q/‖q‖.
#[derive(Debug, Clone, Copy)]
pub struct Bowl {
    /// Mass m.
    pub m: f64,
    /// Radius R.
    pub radius: f64,
    /// Gravity g.
    pub g: f64,
}

point_mass_dynamics!(Bowl, "Bowl");

/// Gravity is constant (zero force Jacobians); only the gap drift depends on the state.
impl Bowl {
    /// d = −‖u‖²/r + s²/r³ with s = q·u, r = ‖q‖: its partials, for
    /// [`crate::constant_force_jacobians!`].
    fn gap_drift_partials(
        &self,
        q: &Vector<2>,
        u: &Vector<2>,
        d_dq: &mut Matrix<1, 2>,
        d_du: &mut Matrix<1, 2>,
    ) {
        let (r, s) = (q.norm(), q.dot(u));
        let dq = q * (u.norm_squared() / r.powi(3) - 3.0 * s * s / r.powi(5))
            + u * (2.0 * s / r.powi(3));
        let du = -u * (2.0 / r) + q * (2.0 * s / r.powi(3));
        d_dq.copy_from(&dq.transpose());
        d_du.copy_from(&du.transpose());
    }
}

crate::constant_force_jacobians!(Bowl, 2, 0, 1, gap_drift);

impl Constraints<2, 0, 1> for Bowl {
    crate::no_bilateral!(2);
    const CONTACTS: [&'static str; 1] = ["wall"];
    fn gaps(&self, q: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g[0] = self.radius - q.norm();
    }
    fn gap_jacobian(&self, q: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        w.set_column(0, &(-q / q.norm()));
        p[0] = 0.0;
    }
    fn gap_drift(&self, q: &Vector<2>, u: &Vector<2>, _: f64, d: &mut Vector<1>) {
        let r = q.norm();
        let radial = q.dot(u) / r;
        d[0] = -(u.norm_squared() - radial * radial) / r;
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [frictionless(0.0)]
    }
}

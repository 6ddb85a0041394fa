//! The Chaplygin sleigh with a wall.

use super::{Sleigh, frictionless};
use mbruntime::{Constraints, ContactLaw, Jacobians, Jet, Matrix, Rates, StateJet, Vector};

/// The [`Sleigh`] (coordinates x, y, θ and its knife edge) with a wall x ≤ X hit by its centre
/// of mass: one frictionless contact without tangent, g_N = X − x, W_N = (−1, 0, 0), Newton
/// restitution ε. Between impacts it moves as the sleigh does (on the level plane: the closed
/// form of [`super::sleigh::closed_form`]); an impact obeys Newton's law γ_N⁺ = −ε γ_N⁻ with the
/// knife edge kept. `Rates` and `Jacobians` are the sleigh's with the wall's column added; the
/// model exposes no parameters.
#[derive(Debug, Clone, Copy)]
pub struct WalledSleigh {
    /// The sleigh.
    pub sleigh: Sleigh,
    /// The wall's abscissa X.
    pub wall: f64,
    /// Newton restitution ε of the wall.
    pub restitution: f64,
}

sleigh_dynamics!(WalledSleigh, "WalledSleigh");

impl Constraints<3, 1, 1> for WalledSleigh {
    const BILATERAL: [&'static str; 1] = ["knife_edge"];
    const CONTACTS: [&'static str; 1] = ["wall"];
    const HOLONOMIC: [bool; 1] = [false];
    fn bilateral(&self, q: &Vector<3>, t: f64, g: &mut Vector<1>) {
        Constraints::<3, 1, 0>::bilateral(&self.sleigh, q, t, g)
    }
    fn bilateral_jacobian(&self, q: &Vector<3>, t: f64, j: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        Constraints::<3, 1, 0>::bilateral_jacobian(&self.sleigh, q, t, j, p)
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<1>) {
        Constraints::<3, 1, 0>::bilateral_drift(&self.sleigh, q, qd, t, d)
    }
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = self.wall - q[0];
    }
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &Vector::<3>::new(-1.0, 0.0, 0.0));
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [frictionless(self.restitution)]
    }
}

/// The sleigh's jets with the wall's column W_N = (−1, 0, 0) and g_N = X − x.
impl Rates<3, 1, 1> for WalledSleigh {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        lambda_b: &[Jet<N>; 1],
        lambda_n: &[Jet<N>; 1],
        out: &mut [Jet<N>; 3],
    ) {
        Rates::<3, 1, 0>::motion_residual_jet(&self.sleigh, x, lambda_b, &[], out);
        out[0] = out[0] + lambda_n[0];
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        bilateral: &mut [Jet<N>; 1],
        gaps: &mut [Jet<N>; 1],
    ) {
        Rates::<3, 1, 0>::constraint_jet(&self.sleigh, x, bilateral, &mut []);
        gaps[0] = self.wall - x.q[0];
    }
}

impl Jacobians<3, 1, 1> for WalledSleigh {
    fn force_jacobians(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        dh_dq: &mut Matrix<3, 3>,
        dh_dqd: &mut Matrix<3, 3>,
    ) {
        Jacobians::<3, 1, 0>::force_jacobians(&self.sleigh, q, qd, t, dh_dq, dh_dqd)
    }
    fn force_time_partial(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, out: &mut Vector<3>) {
        Jacobians::<3, 1, 0>::force_time_partial(&self.sleigh, q, qd, t, out)
    }
    fn mass_action_jacobian(&self, q: &Vector<3>, t: f64, a: &Vector<3>, out: &mut Matrix<3, 3>) {
        Jacobians::<3, 1, 0>::mass_action_jacobian(&self.sleigh, q, t, a, out)
    }
    crate::no_parameter_derivatives!(3);
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        d_dq: &mut Matrix<1, 3>,
        d_dqd: &mut Matrix<1, 3>,
    ) {
        Jacobians::<3, 1, 0>::bilateral_drift_jacobians(&self.sleigh, q, qd, t, d_dq, d_dqd)
    }
    fn bilateral_velocity_jacobian(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        out: &mut Matrix<1, 3>,
    ) {
        Jacobians::<3, 1, 0>::bilateral_velocity_jacobian(&self.sleigh, q, qd, t, out)
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<3>,
        _: &Vector<3>,
        _: f64,
        d_dq: &mut Matrix<1, 3>,
        d_dqd: &mut Matrix<1, 3>,
    ) {
        d_dq.fill(0.0);
        d_dqd.fill(0.0);
    }
}

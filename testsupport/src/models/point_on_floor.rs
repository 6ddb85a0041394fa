//! A point mass above a floor that may move.

use super::frictionless;
use mbruntime::{Constraints, ContactLaw, Dynamics, Jacobians, Matrix, Vector};

/// A point of mass m at height y (one coordinate) under gravity g above a floor that may move,
/// with the gap g_N = w_N·y + d − v_f·t: w_N scales the contact normal (0 makes it insensitive
/// to y), d is the floor's depth below y = 0 and v_f its upward speed, so ŵ_N = −v_f (the model
/// is rheonomic). One frictionless contact without tangent, Newton restitution
/// [`RESTITUTION`](Self::RESTITUTION) = ½. Parameters, in index order: m, g, w_n, floor_speed,
/// floor_depth (default 1, 9.81, 1, 0, 0).
///
/// h = −m g is constant, so the exact `Jacobians` are zero in (y, u, t); only the parameter
/// derivatives are not (∂h/∂m = −g, ∂h/∂g = −m, ∂(M a)/∂m = a), and w_N, v_f, d enter the gap
/// only. Falling from rest at y₀ onto the fixed floor (w_N = 1, d = v_f = 0) it hits at
/// t* = √(2y₀/g) with γ⁻ = −g t*.
#[derive(Clone, Copy)]
pub struct PointOnFloor {
    /// Mass m.
    pub m: f64,
    /// Gravity g.
    pub g: f64,
    /// Scale w_N of the contact normal.
    pub w_n: f64,
    /// Upward speed v_f of the floor.
    pub floor_speed: f64,
    /// Depth d of the floor below y = 0 at t = 0.
    pub floor_depth: f64,
}

impl Default for PointOnFloor {
    fn default() -> Self {
        Self {
            m: 1.0,
            g: 9.81,
            w_n: 1.0,
            floor_speed: 0.0,
            floor_depth: 0.0,
        }
    }
}

impl PointOnFloor {
    /// Newton restitution of the floor contact.
    pub const RESTITUTION: f64 = 0.5;

    fn values(&self) -> [f64; 5] {
        [self.m, self.g, self.w_n, self.floor_speed, self.floor_depth]
    }
}

impl Dynamics<1> for PointOnFloor {
    const NAME: &'static str = "PointOnFloor";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 1] = ["y"];
    const RHEONOMIC: bool = true;
    fn parameter_names(&self) -> &'static [&'static str] {
        &["m", "g", "w_n", "floor_speed", "floor_depth"]
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        self.values().get(k).copied()
    }
    fn kinetic_energy(&self, _: &Vector<1>, u: &Vector<1>, _: f64) -> f64 {
        0.5 * self.m * u[0] * u[0]
    }
    fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 {
        self.m * self.g * q[0]
    }
    fn mass_matrix(&self, _: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) {
        m[0] = self.m;
    }
    fn forces(&self, _: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) {
        h[0] = -self.m * self.g;
    }
    fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) {
        c.fill(0.0);
    }
}

impl Constraints<1, 0, 1> for PointOnFloor {
    crate::no_bilateral!(1);
    const CONTACTS: [&'static str; 1] = ["floor"];
    fn gaps(&self, q: &Vector<1>, t: f64, g: &mut Vector<1>) {
        g[0] = self.w_n * q[0] + self.floor_depth - self.floor_speed * t;
    }
    fn gap_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w[0] = self.w_n;
        p[0] = -self.floor_speed;
    }
    fn gap_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [frictionless(Self::RESTITUTION)]
    }
}

/// h = −m g is constant in (y, u, t), so only its parameter derivatives are nonzero:
/// ∂h/∂m = −g, ∂h/∂g = −m; ∂(M a)/∂m = a; w_N, v_f and d enter the gap only.
impl Jacobians<1, 0, 1> for PointOnFloor {
    fn force_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        dh_dq: &mut Matrix<1, 1>,
        dh_du: &mut Matrix<1, 1>,
    ) {
        dh_dq.fill(0.0);
        dh_du.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<1>, _: f64, _: &Vector<1>, o: &mut Matrix<1, 1>) {
        o.fill(0.0);
    }
    fn force_parameter_derivative(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        k: usize,
        o: &mut Vector<1>,
    ) -> bool {
        match k {
            0 => o[0] = -self.g,
            1 => o[0] = -self.m,
            2..=4 => o[0] = 0.0,
            _ => return false,
        }
        true
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<1>,
        _: f64,
        a: &Vector<1>,
        k: usize,
        o: &mut Vector<1>,
    ) -> bool {
        match k {
            0 => o[0] = a[0],
            1..=4 => o[0] = 0.0,
            _ => return false,
        }
        true
    }
    fn parameter_enters_constraints(&self, k: usize) -> bool {
        (2..=4).contains(&k)
    }
    crate::no_bilateral_drift_jacobians!(1);
    fn gap_drift_jacobians(
        &self,
        _: &Vector<1>,
        _: &Vector<1>,
        _: f64,
        d_dq: &mut Matrix<1, 1>,
        d_du: &mut Matrix<1, 1>,
    ) {
        d_dq.fill(0.0);
        d_du.fill(0.0);
    }
}

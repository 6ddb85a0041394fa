//! What the nonholonomic integrator tests share: the closed-form motion of the Chaplygin
//! sleigh on a level plane, and small test-only variants of the sleigh of `common/sleigh.rs`
//! (a wall contact, a duplicated knife edge) and a particle whose velocity constraint loses
//! rank on a line.
//!
//! **The closed form** (Neimark & Fufaev 1972, ch. III; Borisov & Mamaev 2009). With forward
//! speed u and yaw rate ω the level sleigh obeys u̇ = a ω², ω̇ = −m a u ω/(I + m a²). With
//! k = (I + m a²)/m, the energy ½m(u² + k ω²) is conserved, c² = u² + k ω², and with
//! β = a c/k:
//!
//! ```text
//! u(t) = c tanh(β (t − t₀)),   ω(t) = ±(c/√k) sech(β (t − t₀)),   t₀ = −artanh(u₀/c)/β,
//! θ(t) = θ₀ ± (√k/a) [gd(β (t − t₀)) − gd(−β t₀)],   gd(s) = atan(sinh s),
//! ```
//!
//! (± the sign of ω₀). By differentiation: u̇ = c β sech² = (β/c)(c² − u²) = (a/k) k ω² = a ω²,
//! ω̇ = −β tanh(·) ω = −(a/k) u ω, and θ̇ = (√k/a) β sech = (c/√k) sech = |ω|; `closed_form_is_a_
//! solution` in `event_nonholonomic.rs` checks it by central differences as well.
#![allow(dead_code)]

use crate::sleigh::Sleigh;
use mbruntime::{
    Constraints, ContactLaw, Dynamics, Jacobians, Jet, Matrix, Rates, StateJet, Vector,
};

/// Body velocities (u, ω) and heading θ of the level sleigh at time t from (θ₀, u₀, ω₀) at 0.
pub fn closed_form(s: &Sleigh, theta0: f64, u0: f64, w0: f64, t: f64) -> (f64, f64, f64) {
    let k = (s.inertia + s.m * s.a * s.a) / s.m;
    let c = (u0 * u0 + k * w0 * w0).sqrt();
    let beta = s.a * c / k;
    let t0 = -(u0 / c).atanh() / beta;
    let arg = beta * (t - t0);
    let sign = w0.signum();
    let u = c * arg.tanh();
    let w = sign * c / k.sqrt() / arg.cosh();
    let gd = |x: f64| x.sinh().atan();
    let theta = theta0 + sign * k.sqrt() / s.a * (gd(arg) - gd(-beta * t0));
    (u, w, theta)
}

/// Kinetic energy ½m(ẋ² + ẏ²) + ½Iθ̇² of the sleigh.
pub fn energy(s: &Sleigh, qd: &Vector<3>) -> f64 {
    0.5 * s.m * (qd[0] * qd[0] + qd[1] * qd[1]) + 0.5 * s.inertia * qd[2] * qd[2]
}

/// γ = A(θ) q̇ of the knife edge.
pub fn knife_residual(s: &Sleigh, q: &Vector<3>, qd: &Vector<3>) -> f64 {
    s.constraint_row(q[2]).dot(qd)
}

/// The sleigh with a wall x ≤ X hit by its centre of mass: g_N = X − x, W_N = (−1, 0, 0),
/// Newton restitution ε, no friction.
#[derive(Debug, Clone, Copy)]
pub struct WalledSleigh {
    /// The sleigh.
    pub sleigh: Sleigh,
    /// The wall's abscissa X.
    pub wall: f64,
    /// Newton restitution ε of the wall.
    pub restitution: f64,
}

impl Dynamics<3> for WalledSleigh {
    const NAME: &'static str = "WalledSleigh";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, qd: &Vector<3>, t: f64) -> f64 {
        self.sleigh.kinetic_energy(q, qd, t)
    }
    fn potential_energy(&self, q: &Vector<3>, t: f64) -> f64 {
        self.sleigh.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<3>, t: f64, m: &mut Matrix<3, 3>) {
        self.sleigh.mass_matrix(q, t, m)
    }
    fn forces(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, h: &mut Vector<3>) {
        self.sleigh.forces(q, qd, t, h)
    }
    fn coriolis(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, c: &mut Matrix<3, 3>) {
        self.sleigh.coriolis(q, qd, t, c)
    }
}

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
        [ContactLaw {
            normal_restitution: self.restitution,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }]
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
    fn force_parameter_derivative(
        &self,
        _: &Vector<3>,
        _: &Vector<3>,
        _: f64,
        _: usize,
        _: &mut Vector<3>,
    ) -> bool {
        false
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<3>,
        _: f64,
        _: &Vector<3>,
        _: usize,
        _: &mut Vector<3>,
    ) -> bool {
        false
    }
    fn parameter_enters_constraints(&self, _: usize) -> bool {
        false
    }
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

/// The sleigh with its knife edge stated twice: G = [Aᵀ Aᵀ] has rank 1 everywhere (a
/// redundant, consistent velocity constraint; Lötstedt 1982, Lemma 5.2).
#[derive(Debug, Clone, Copy, Default)]
pub struct DoubleKnife {
    /// The sleigh.
    pub sleigh: Sleigh,
}

impl Dynamics<3> for DoubleKnife {
    const NAME: &'static str = "DoubleKnife";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, qd: &Vector<3>, t: f64) -> f64 {
        self.sleigh.kinetic_energy(q, qd, t)
    }
    fn potential_energy(&self, q: &Vector<3>, t: f64) -> f64 {
        self.sleigh.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<3>, t: f64, m: &mut Matrix<3, 3>) {
        self.sleigh.mass_matrix(q, t, m)
    }
    fn forces(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, h: &mut Vector<3>) {
        self.sleigh.forces(q, qd, t, h)
    }
    fn coriolis(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, c: &mut Matrix<3, 3>) {
        self.sleigh.coriolis(q, qd, t, c)
    }
}

impl Constraints<3, 2, 0> for DoubleKnife {
    const BILATERAL: [&'static str; 2] = ["knife_edge", "knife_edge_again"];
    const CONTACTS: [&'static str; 0] = [];
    const HOLONOMIC: [bool; 2] = [false, false];
    fn bilateral(&self, _: &Vector<3>, _: f64, g: &mut Vector<2>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<3>, _: f64, j: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        let row = self.sleigh.constraint_row(q[2]);
        j.set_column(0, &row);
        j.set_column(1, &row);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<2>) {
        let mut one = Vector::<1>::zeros();
        Constraints::<3, 1, 0>::bilateral_drift(&self.sleigh, q, qd, t, &mut one);
        d.fill(one[0]);
    }
    fn gaps(&self, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn contact_laws(&self) -> [ContactLaw; 0] {
        []
    }
}

/// The sleigh's jets with the knife edge's multiplier split over the two equal rows.
impl Rates<3, 2, 0> for DoubleKnife {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        lambda_b: &[Jet<N>; 2],
        _: &[Jet<N>; 0],
        out: &mut [Jet<N>; 3],
    ) {
        let total = [lambda_b[0] + lambda_b[1]];
        Rates::<3, 1, 0>::motion_residual_jet(&self.sleigh, x, &total, &[], out);
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        bilateral: &mut [Jet<N>; 2],
        _: &mut [Jet<N>; 0],
    ) {
        let mut one = [Jet::ZERO];
        Rates::<3, 1, 0>::constraint_jet(&self.sleigh, x, &mut one, &mut []);
        *bilateral = [one[0], one[0]];
    }
}

/// A particle q = (x, y) of mass m under gravity g along −y with the velocity constraint
/// γ = x ẏ = 0: its column (0, x) vanishes on the line x = 0, where the constraint matrix loses
/// rank (the linearised constraint constrains nothing there).
#[derive(Debug, Clone, Copy)]
pub struct FadingBlade {
    /// Mass m.
    pub m: f64,
    /// Gravity g.
    pub g: f64,
}

impl Dynamics<2> for FadingBlade {
    const NAME: &'static str = "FadingBlade";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "y"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<2>, qd: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * qd.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * self.g * q[1]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        *h = Vector::<2>::new(0.0, -self.m * self.g);
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 1, 0> for FadingBlade {
    const BILATERAL: [&'static str; 1] = ["blade"];
    const CONTACTS: [&'static str; 0] = [];
    const HOLONOMIC: [bool; 1] = [false];
    fn bilateral(&self, _: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<2>, _: f64, j: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        j.set_column(0, &Vector::<2>::new(0.0, q[0]));
        p.fill(0.0);
    }
    /// γ̇ = x ÿ + ẋ ẏ.
    fn bilateral_drift(&self, _: &Vector<2>, qd: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d[0] = qd[0] * qd[1];
    }
    fn gaps(&self, _: &Vector<2>, _: f64, _: &mut Vector<0>) {}
    fn gap_jacobian(&self, _: &Vector<2>, _: f64, _: &mut Matrix<2, 0>, _: &mut Vector<0>) {}
    fn gap_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, _: &mut Vector<0>) {}
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, _: &mut Matrix<2, 0>, _: &mut Vector<0>) {}
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, _: &mut Vector<0>) {}
    fn contact_laws(&self) -> [ContactLaw; 0] {
        []
    }
}

/// On jets: r = m q̈ − (0, −m g) − (0, x) λ, γ = x ẏ.
impl Rates<2, 1, 0> for FadingBlade {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 2>,
        lambda_b: &[Jet<N>; 1],
        _: &[Jet<N>; 0],
        out: &mut [Jet<N>; 2],
    ) {
        out[0] = self.m * x.qdd[0];
        out[1] = self.m * x.qdd[1] + self.m * self.g - x.q[0] * lambda_b[0];
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 2>,
        bilateral: &mut [Jet<N>; 1],
        _: &mut [Jet<N>; 0],
    ) {
        bilateral[0] = x.q[0] * x.qd[1];
    }
}

/// The sleigh with its centre of mass held on the circle x² + y² = R² as well: a holonomic
/// row g = x² + y² − R² (∇g = (2x, 2y, 0)) before the knife edge's velocity row.
#[derive(Debug, Clone, Copy)]
pub struct CircleSleigh {
    /// The sleigh.
    pub sleigh: Sleigh,
    /// Radius R of the circle.
    pub radius: f64,
}

impl Dynamics<3> for CircleSleigh {
    const NAME: &'static str = "CircleSleigh";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, qd: &Vector<3>, t: f64) -> f64 {
        self.sleigh.kinetic_energy(q, qd, t)
    }
    fn potential_energy(&self, q: &Vector<3>, t: f64) -> f64 {
        self.sleigh.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<3>, t: f64, m: &mut Matrix<3, 3>) {
        self.sleigh.mass_matrix(q, t, m)
    }
    fn forces(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, h: &mut Vector<3>) {
        self.sleigh.forces(q, qd, t, h)
    }
    fn coriolis(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, c: &mut Matrix<3, 3>) {
        self.sleigh.coriolis(q, qd, t, c)
    }
}

impl Constraints<3, 2, 0> for CircleSleigh {
    const BILATERAL: [&'static str; 2] = ["circle", "knife_edge"];
    const CONTACTS: [&'static str; 0] = [];
    const HOLONOMIC: [bool; 2] = [true, false];
    fn bilateral(&self, q: &Vector<3>, _: f64, g: &mut Vector<2>) {
        *g = Vector::<2>::new(q[0] * q[0] + q[1] * q[1] - self.radius * self.radius, 0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<3>, _: f64, j: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        j.set_column(0, &Vector::<3>::new(2.0 * q[0], 2.0 * q[1], 0.0));
        j.set_column(1, &self.sleigh.constraint_row(q[2]));
        p.fill(0.0);
    }
    /// g̈ = ∇gᵀq̈ + 2(ẋ² + ẏ²); the knife edge's drift from the sleigh.
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<2>) {
        let mut one = Vector::<1>::zeros();
        Constraints::<3, 1, 0>::bilateral_drift(&self.sleigh, q, qd, t, &mut one);
        *d = Vector::<2>::new(2.0 * (qd[0] * qd[0] + qd[1] * qd[1]), one[0]);
    }
    fn gaps(&self, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn contact_laws(&self) -> [ContactLaw; 0] {
        []
    }
}

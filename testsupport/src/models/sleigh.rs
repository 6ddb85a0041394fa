//! The Chaplygin sleigh, written by hand: the classical nonholonomic test model (Neimark &
//! Fufaev, *Dynamics of Nonholonomic Systems*, 1972; Borisov & Mamaev, "The dynamics of a
//! Chaplygin sleigh", J. Appl. Math. Mech. 73, 2009).
//!
//! A rigid body in the plane, coordinates q = (x, y, θ): its centre of mass C = (x, y), of mass
//! m and central moment of inertia I, and its heading θ. A knife edge at P = C − a e₁, with
//! e₁ = (cos θ, sin θ) the heading and e₂ = (−sin θ, cos θ) the lateral direction, allows no
//! sideways velocity of P:
//!
//! ```text
//! γ = e₂ · v_P = −sin θ ẋ + cos θ ẏ − a θ̇ = 0        (one velocity constraint, not integrable)
//! ```
//!
//! so A = (−sin θ, cos θ, −a) and a = 0 (no explicit time). The plane may be tilted by α about
//! the x axis, gravity then pulling along −y with g sin α: V = m g sin α · y. Hence
//!
//! ```text
//! T = ½ m (ẋ² + ẏ²) + ½ I θ̇²,   M = diag(m, m, I),   h = (0, −m g sin α, 0)
//! Ȧ = −θ̇ (cos θ, sin θ, 0),      d = Ȧ q̇ = −θ̇ (cos θ ẋ + sin θ ẏ)
//! ∂A/∂θ = (−cos θ, −sin θ, 0)   (the only non-zero column of the constraint's Jacobian)
//! ```
//!
//! With body velocities u = e₁·v_C (forward) and ω = θ̇ the constraint makes the lateral
//! velocity of C equal to a ω, and on the level plane u̇ = a ω², ω̇ = −m a u ω / (I + m a²)
//! (Borisov & Mamaev 2009). Every derivative below is written out by hand from these
//! formulas; the linearisation tests of `mbruntime` check each one by finite differences.
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
//! ω̇ = −β tanh(·) ω = −(a/k) u ω, and θ̇ = (√k/a) β sech = (c/√k) sech = |ω|. [`closed_form`]
//! evaluates it; the event-driven tests of `mbruntime` check it by central differences as well.

use mbruntime::{
    Constraints, Dynamics, Jacobians, Jet, Matrix, ParameterError, Rates, StateJet, Statics, Vector,
};

/// The Chaplygin sleigh on a plane tilted by α (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sleigh {
    /// Mass m.
    pub m: f64,
    /// Moment of inertia I about the centre of mass.
    pub inertia: f64,
    /// Distance a from the centre of mass back to the knife edge (a > 0: the edge trails).
    pub a: f64,
    /// Gravity g.
    pub g: f64,
    /// Tilt α of the plane (gravity along −y is g sin α); 0: level.
    pub alpha: f64,
}

impl Default for Sleigh {
    fn default() -> Self {
        Self {
            m: 1.7,
            inertia: 0.23,
            a: 0.35,
            g: 9.81,
            alpha: 0.0,
        }
    }
}

/// Parameter names, in index order.
const PARAMETERS: [&str; 5] = ["m", "inertia", "a", "g", "alpha"];

impl Sleigh {
    fn values(&self) -> [f64; 5] {
        [self.m, self.inertia, self.a, self.g, self.alpha]
    }

    /// The velocity q̇ of the state with forward speed u (of the centre of mass, along e₁) and
    /// yaw rate ω at heading θ: q̇ = u e₁ + a ω e₂ + ω e_θ, which satisfies the constraint.
    pub fn admissible_velocity(&self, theta: f64, forward: f64, yaw_rate: f64) -> Vector<3> {
        let (s, c) = theta.sin_cos();
        Vector::<3>::new(
            forward * c - self.a * yaw_rate * s,
            forward * s + self.a * yaw_rate * c,
            yaw_rate,
        )
    }

    /// Body velocities (u, v, ω) = (e₁·(ẋ, ẏ), e₂·(ẋ, ẏ), θ̇) of the centre of mass.
    pub fn body_velocities(&self, q: &Vector<3>, qd: &Vector<3>) -> [f64; 3] {
        let (s, c) = q[2].sin_cos();
        [c * qd[0] + s * qd[1], -s * qd[0] + c * qd[1], qd[2]]
    }

    /// The constraint row A(θ) = (−sin θ, cos θ, −a).
    pub fn constraint_row(&self, theta: f64) -> Vector<3> {
        let (s, c) = theta.sin_cos();
        Vector::<3>::new(-s, c, -self.a)
    }

    /// g sin α: the component of gravity along −y.
    fn slope_gravity(&self) -> f64 {
        self.g * self.alpha.sin()
    }
}

impl Dynamics<3> for Sleigh {
    const NAME: &'static str = "Sleigh";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn parameter_names(&self) -> &'static [&'static str] {
        &PARAMETERS
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        self.values().get(k).copied()
    }
    fn set_parameter(&mut self, k: usize, value: f64) -> Result<(), ParameterError> {
        super::set_parameter(
            &mut [
                &mut self.m,
                &mut self.inertia,
                &mut self.a,
                &mut self.g,
                &mut self.alpha,
            ],
            &PARAMETERS,
            k,
            value,
        )
    }
    fn kinetic_energy(&self, _: &Vector<3>, qd: &Vector<3>, _: f64) -> f64 {
        0.5 * self.m * (qd[0] * qd[0] + qd[1] * qd[1]) + 0.5 * self.inertia * qd[2] * qd[2]
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * self.slope_gravity() * q[1]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        *m = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(self.m, self.m, self.inertia));
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(0.0, -self.m * self.slope_gravity(), 0.0);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 1, 0> for Sleigh {
    const BILATERAL: [&'static str; 1] = ["knife_edge"];
    const HOLONOMIC: [bool; 1] = [false];
    fn bilateral(&self, _: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<3>,
        _: f64,
        jac: &mut Matrix<3, 1>,
        time_partial: &mut Vector<1>,
    ) {
        jac.set_column(0, &self.constraint_row(q[2]));
        time_partial.fill(0.0);
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, _: f64, drift: &mut Vector<1>) {
        let (s, c) = q[2].sin_cos();
        drift[0] = -qd[2] * (c * qd[0] + s * qd[1]);
    }
    crate::no_contacts!(3);
}

/// On jets: r = M q̈ − h − Aᵀλ with Aᵀ = (−sin θ, cos θ, −a), and γ = A q̇.
impl Rates<3, 1, 0> for Sleigh {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        lambda_b: &[Jet<N>; 1],
        _: &[Jet<N>; 0],
        out: &mut [Jet<N>; 3],
    ) {
        let (s, c) = x.q[2].sin_cos();
        let l = lambda_b[0];
        out[0] = self.m * x.qdd[0] + s * l;
        out[1] = self.m * x.qdd[1] + self.m * self.slope_gravity() - c * l;
        out[2] = self.inertia * x.qdd[2] + self.a * l;
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        bilateral: &mut [Jet<N>; 1],
        _: &mut [Jet<N>; 0],
    ) {
        let (s, c) = x.q[2].sin_cos();
        bilateral[0] = -s * x.qd[0] + c * x.qd[1] - self.a * x.qd[2];
    }
}

impl Statics<3> for Sleigh {
    fn potential_gradient(&self, _: &Vector<3>, _: f64, grad: &mut Vector<3>) {
        *grad = Vector::<3>::new(0.0, self.m * self.slope_gravity(), 0.0);
    }
    fn potential_hessian(&self, _: &Vector<3>, _: f64, hess: &mut Matrix<3, 3>) {
        hess.fill(0.0);
    }
    fn potential_gradient_parameter(
        &self,
        _: &Vector<3>,
        _: f64,
        k: usize,
        out: &mut Vector<3>,
    ) -> bool {
        let (sa, ca) = self.alpha.sin_cos();
        let d = [self.g * sa, 0.0, 0.0, self.m * sa, self.m * self.g * ca];
        d.get(k)
            .map(|&v| *out = Vector::<3>::new(0.0, v, 0.0))
            .is_some()
    }
    /// Entry (k, j) = ∂A_k/∂q_j: only the θ column, ∂A/∂θ = (−cos θ, −sin θ, 0).
    fn bilateral_hessian(&self, q: &Vector<3>, _: f64, i: usize, hess: &mut Matrix<3, 3>) -> bool {
        if i != 0 {
            return false;
        }
        let (s, c) = q[2].sin_cos();
        hess.fill(0.0);
        hess[(0, 2)] = -c;
        hess[(1, 2)] = -s;
        true
    }
    fn gap_hessian(&self, _: &Vector<3>, _: f64, _: usize, _: &mut Matrix<3, 3>) -> bool {
        false
    }
}

impl Jacobians<3, 1, 0> for Sleigh {
    fn force_jacobians(
        &self,
        _: &Vector<3>,
        _: &Vector<3>,
        _: f64,
        dh_dq: &mut Matrix<3, 3>,
        dh_dqd: &mut Matrix<3, 3>,
    ) {
        dh_dq.fill(0.0);
        dh_dqd.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<3>, _: &Vector<3>, _: f64, dh_dt: &mut Vector<3>) {
        dh_dt.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<3>, _: f64, _: &Vector<3>, out: &mut Matrix<3, 3>) {
        out.fill(0.0);
    }
    /// h = (0, −m g sin α, 0).
    fn force_parameter_derivative(
        &self,
        _: &Vector<3>,
        _: &Vector<3>,
        _: f64,
        k: usize,
        out: &mut Vector<3>,
    ) -> bool {
        let (sa, ca) = self.alpha.sin_cos();
        let d = [-self.g * sa, 0.0, 0.0, -self.m * sa, -self.m * self.g * ca];
        d.get(k)
            .map(|&v| *out = Vector::<3>::new(0.0, v, 0.0))
            .is_some()
    }
    /// M a = (m a₀, m a₁, I a₂).
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<3>,
        _: f64,
        acc: &Vector<3>,
        k: usize,
        out: &mut Vector<3>,
    ) -> bool {
        let d = [
            Vector::<3>::new(acc[0], acc[1], 0.0),
            Vector::<3>::new(0.0, 0.0, acc[2]),
            Vector::zeros(),
            Vector::zeros(),
            Vector::zeros(),
        ];
        d.get(k).map(|v| *out = *v).is_some()
    }
    /// Only the offset a of the knife edge enters the constraint.
    fn parameter_enters_constraints(&self, k: usize) -> bool {
        k == 2
    }
    /// d = −θ̇ (cos θ ẋ + sin θ ẏ): ∂d/∂q = (0, 0, θ̇ (sin θ ẋ − cos θ ẏ)),
    /// ∂d/∂q̇ = (−θ̇ cos θ, −θ̇ sin θ, −(cos θ ẋ + sin θ ẏ)).
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        _: f64,
        d_dq: &mut Matrix<1, 3>,
        d_dqd: &mut Matrix<1, 3>,
    ) {
        let (s, c) = q[2].sin_cos();
        let w = qd[2];
        *d_dq = Matrix::<1, 3>::new(0.0, 0.0, w * (s * qd[0] - c * qd[1]));
        *d_dqd = Matrix::<1, 3>::new(-w * c, -w * s, -(c * qd[0] + s * qd[1]));
    }
    /// γ = −sin θ ẋ + cos θ ẏ − a θ̇: ∂γ/∂q = (0, 0, −cos θ ẋ − sin θ ẏ).
    fn bilateral_velocity_jacobian(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        _: f64,
        out: &mut Matrix<1, 3>,
    ) {
        let (s, c) = q[2].sin_cos();
        *out = Matrix::<1, 3>::new(0.0, 0.0, -c * qd[0] - s * qd[1]);
    }
    crate::no_gap_drift_jacobians!(3);
}

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

//! Closed forms of the rolling examples of [`crate::rolling_models`], written independently of
//! the compiler and the integrators so that their runs can be compared with them.
//!
//! **The Chaplygin sleigh** ([`SleighMotion`]; Neimark & Fufaev, *Dynamics of Nonholonomic
//! Systems*, 1972, ch. III; Borisov & Mamaev, "The dynamics of a Chaplygin sleigh", J. Appl.
//! Math. Mech. 73, 2009). A planar body of mass m and central inertia I, heading θ, with
//! e₁ = (cos θ, sin θ), e₂ = (−sin θ, cos θ), on a knife edge at P = C − a e₁. With the forward
//! speed u = e₁·v_C and the yaw rate ω = θ̇ the knife edge makes the lateral velocity of C equal
//! to a ω, and u̇ = a ω², ω̇ = −m a u ω/(I + m a²). With k = (I + m a²)/m the energy
//! ½m(u² + k ω²) is conserved, c² = u² + k ω², and with β = a c/k:
//!
//! ```text
//! u(t) = c tanh(β (t − t₀)),   ω(t) = ±(c/√k) sech(β (t − t₀)),   t₀ = −artanh(u₀/c)/β,
//! θ(t) = θ₀ ± (√k/a) [gd(β (t − t₀)) − gd(−β t₀)],   gd(s) = atan(sinh s),
//! ```
//!
//! ± the sign of ω₀. By differentiation: u̇ = c β sech² = (β/c)(c² − u²) = (a/k) k ω² = a ω²,
//! ω̇ = −β tanh(·) ω = −(a/k) u ω, θ̇ = ±(√k/a) β sech = ω. As t → ∞ (β > 0): u → c, ω → 0
//! and θ → θ∞ = θ₀ ± (√k/a)(π/2 − gd(−β t₀)): straight-line motion. The centre moves with
//! ż = (u + i a ω) e^{iθ} (z = x + i y), integrated here by Gauss–Legendre quadrature.
//!
//! **The ball on a turntable** ([`TurntableCentre`]). A uniform ball (I = (2/5) m r²) rolls on
//! a table spinning at Ω(t) = ω + α t about the vertical through the origin. With the centre
//! ρ = (x, y), v = ρ̇, the contact force F (horizontal part) and the rolling condition
//! v + ω_b × (−r ẑ) = Ω ẑ × ρ, i.e. v = Ω ẑ × ρ + r ω_b × ẑ: m v̇ = F and I ω̇_b = −r ẑ × F give
//! r ω̇_b × ẑ = −(m r²/I) v̇, hence v̇ = α ẑ × ρ + Ω ẑ × v − (5/2) v̇, that is
//!
//! ```text
//! v̇ = (2/7) (Ω ẑ × v + α ẑ × ρ)     (ω_b·ẑ constant: the torque is horizontal).
//! ```
//!
//! In complex form z̈ = (2i/7)(Ω ż + α z) = (2i/7) d(Ω z)/dt, so ż − (2i/7) Ω z = C₀ is
//! constant, and with φ(t) = (2/7)(ω t + α t²/2)
//!
//! ```text
//! z(t) = e^{iφ(t)} [z₀ + C₀ ∫₀ᵗ e^{−iφ(s)} ds].
//! ```
//!
//! For α = 0 this is a circle run at κ = 2ω/7 about z_c = z₀ + i ż₀/κ, of radius |ż₀|/κ.

use nalgebra::Complex;
use std::f64::consts::FRAC_PI_2;

/// Gauss–Legendre nodes on [−1, 1] (5 points) and their weights.
const GL_NODES: [f64; 5] = [
    -0.906179845938664,
    -0.5384693101056831,
    0.0,
    0.5384693101056831,
    0.906179845938664,
];
const GL_WEIGHTS: [f64; 5] = [
    0.23692688505618908,
    0.47862867049936647,
    0.5688888888888889,
    0.47862867049936647,
    0.23692688505618908,
];

/// ∫ₐᵇ f by composite 5-point Gauss–Legendre quadrature on panels no wider than `panel`
/// (exact for polynomials of degree 9 on each panel).
pub fn integrate(f: impl Fn(f64) -> Complex<f64>, a: f64, b: f64, panel: f64) -> Complex<f64> {
    let panels = ((b - a).abs() / panel).ceil().max(1.0) as usize;
    let h = (b - a) / panels as f64;
    let mut sum = Complex::new(0.0, 0.0);
    for p in 0..panels {
        let mid = a + (p as f64 + 0.5) * h;
        for (x, w) in GL_NODES.iter().zip(GL_WEIGHTS) {
            sum += f(mid + 0.5 * h * x) * w;
        }
    }
    sum * (0.5 * h)
}

/// The Gudermannian gd(s) = atan(sinh s).
pub fn gudermannian(s: f64) -> f64 {
    s.sinh().atan()
}

/// Body velocities and heading of the sleigh at one instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SleighState {
    /// Forward speed u of the centre of mass along the heading [m/s].
    pub u: f64,
    /// Yaw rate ω = θ̇ [rad/s].
    pub omega: f64,
    /// Heading θ [rad].
    pub theta: f64,
}

/// The closed-form motion of the Chaplygin sleigh on a level plane from (θ₀, u₀, ω₀) at t = 0
/// (ω₀ ≠ 0: with ω₀ = 0 the sleigh moves straight for ever).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SleighMotion {
    /// Mass m [kg].
    pub m: f64,
    /// Central moment of inertia I [kg m²].
    pub inertia: f64,
    /// Distance a from the knife edge forward to the centre of mass [m].
    pub a: f64,
    /// Initial heading θ₀ [rad].
    pub theta0: f64,
    /// Initial forward speed u₀ [m/s].
    pub u0: f64,
    /// Initial yaw rate ω₀ [rad/s].
    pub omega0: f64,
}

impl SleighMotion {
    /// k = (I + m a²)/m.
    pub fn k(&self) -> f64 {
        (self.inertia + self.m * self.a * self.a) / self.m
    }

    /// The final speed c = √(u₀² + k ω₀²).
    pub fn c(&self) -> f64 {
        (self.u0 * self.u0 + self.k() * self.omega0 * self.omega0).sqrt()
    }

    /// The rate β = a c/k of the approach to straight-line motion [1/s].
    pub fn beta(&self) -> f64 {
        self.a * self.c() / self.k()
    }

    /// t₀ = −artanh(u₀/c)/β: the time at which u = 0 (negative if u₀ a > 0).
    pub fn t0(&self) -> f64 {
        -(self.u0 / self.c()).atanh() / self.beta()
    }

    /// (u, ω, θ) at time t.
    pub fn at(&self, t: f64) -> SleighState {
        let (k, c, beta) = (self.k(), self.c(), self.beta());
        let s = beta * (t - self.t0());
        let sign = self.omega0.signum();
        SleighState {
            u: c * s.tanh(),
            omega: sign * c / k.sqrt() / s.cosh(),
            theta: self.theta0
                + sign * k.sqrt() / self.a * (gudermannian(s) - gudermannian(-beta * self.t0())),
        }
    }

    /// The heading θ∞ of the final straight-line motion (gd(±∞) = ±π/2 with the sign of β).
    pub fn final_heading(&self) -> f64 {
        let sign = self.omega0.signum();
        let gd_end = FRAC_PI_2 * self.beta().signum();
        self.theta0
            + sign * self.k().sqrt() / self.a * (gd_end - gudermannian(-self.beta() * self.t0()))
    }

    /// The velocity (ẋ, ẏ) of the centre of mass at time t: u e₁ + a ω e₂.
    pub fn centre_velocity(&self, t: f64) -> Complex<f64> {
        let s = self.at(t);
        Complex::new(s.u, self.a * s.omega) * Complex::from_polar(1.0, s.theta)
    }

    /// The centre of mass at time t from (x₀, y₀) at 0, by quadrature of
    /// [`centre_velocity`](Self::centre_velocity).
    pub fn centre(&self, x0: f64, y0: f64, t: f64) -> (f64, f64) {
        let z = Complex::new(x0, y0) + integrate(|s| self.centre_velocity(s), 0.0, t, 0.02);
        (z.re, z.im)
    }
}

/// The generalised velocity (ẋ, ẏ, θ̇) = u e₁ + a ω e₂ (+ ω for θ) of a sleigh at heading θ:
/// it satisfies the knife edge e₂·v_P = 0, v_P = v_C − a ω e₂.
pub fn sleigh_velocity(a: f64, theta: f64, u: f64, omega: f64) -> [f64; 3] {
    let (s, c) = theta.sin_cos();
    [u * c - a * omega * s, u * s + a * omega * c, omega]
}

/// The body velocities (u, ω) of a sleigh state: u = e₁·(ẋ, ẏ), ω = θ̇.
pub fn sleigh_body_velocities(theta: f64, qd: &[f64; 3]) -> (f64, f64) {
    let (s, c) = theta.sin_cos();
    (c * qd[0] + s * qd[1], qd[2])
}

/// The centre of the ball on the turntable (see the module documentation): table rate
/// Ω(t) = ω + α t, initial centre z₀ and velocity ż₀.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TurntableCentre {
    /// Table rate ω at t = 0 [rad/s].
    pub omega: f64,
    /// Angular acceleration α of the table [rad/s²].
    pub alpha: f64,
    /// Initial centre (x₀, y₀) [m].
    pub position0: (f64, f64),
    /// Initial velocity (ẋ₀, ẏ₀) of the centre [m/s].
    pub velocity0: (f64, f64),
}

/// A circle in the plane run at a constant rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    /// Centre (x, y) [m].
    pub centre: (f64, f64),
    /// Radius [m].
    pub radius: f64,
    /// Angular rate [rad/s] (positive: counter-clockwise).
    pub rate: f64,
}

impl TurntableCentre {
    fn z0(&self) -> Complex<f64> {
        Complex::new(self.position0.0, self.position0.1)
    }

    fn v0(&self) -> Complex<f64> {
        Complex::new(self.velocity0.0, self.velocity0.1)
    }

    /// Φ(t) = (2/7)(ω t + α t²/2), so that Φ̇ = 2Ω(t)/7.
    fn phase(&self, t: f64) -> f64 {
        2.0 / 7.0 * (self.omega * t + 0.5 * self.alpha * t * t)
    }

    /// The table rate Ω(t) = ω + α t.
    pub fn table_rate(&self, t: f64) -> f64 {
        self.omega + self.alpha * t
    }

    /// The conserved C₀ = ż − (2i/7) Ω z of the centre's motion, at (z, ż) and t.
    pub fn first_integral(&self, t: f64, z: (f64, f64), v: (f64, f64)) -> (f64, f64) {
        let c = Complex::new(v.0, v.1)
            - Complex::new(0.0, 2.0 / 7.0 * self.table_rate(t)) * Complex::new(z.0, z.1);
        (c.re, c.im)
    }

    /// The centre (x, y) at time t ≥ 0.
    pub fn position(&self, t: f64) -> (f64, f64) {
        let c0 = self.v0() - Complex::new(0.0, 2.0 / 7.0 * self.omega) * self.z0();
        let integral = integrate(|s| Complex::from_polar(1.0, -self.phase(s)), 0.0, t, 0.05);
        let z = Complex::from_polar(1.0, self.phase(t)) * (self.z0() + c0 * integral);
        (z.re, z.im)
    }

    /// The circle of the motion on a table at constant rate (α = 0): rate κ = 2ω/7, centre
    /// z₀ + i ż₀/κ, radius |ż₀|/κ.
    pub fn circle(&self) -> Circle {
        let kappa = 2.0 * self.omega / 7.0;
        let centre = self.z0() + Complex::new(0.0, 1.0) * self.v0() / kappa;
        Circle {
            centre: (centre.re, centre.im),
            radius: self.v0().norm() / kappa.abs(),
            rate: kappa,
        }
    }
}

impl Circle {
    /// The point reached at time t from (x₀, y₀) at 0, turning at [`rate`](Self::rate).
    pub fn point(&self, start: (f64, f64), t: f64) -> (f64, f64) {
        let c = Complex::new(self.centre.0, self.centre.1);
        let z = c + (Complex::new(start.0, start.1) - c) * Complex::from_polar(1.0, self.rate * t);
        (z.re, z.im)
    }
}

/// The world angular velocity of a body with rotation R = R_z(a) R_y(b) R_x(c) at angles
/// (a, b, c) and rates (ȧ, ḃ, ċ): ω = ȧ ẑ + ḃ R_z(a) ŷ + ċ R_z(a) R_y(b) x̂.
pub fn zyx_angular_velocity(angles: [f64; 3], rates: [f64; 3]) -> [f64; 3] {
    let (sa, ca) = angles[0].sin_cos();
    let (sb, cb) = angles[1].sin_cos();
    [
        -sa * rates[1] + ca * cb * rates[2],
        ca * rates[1] + sa * cb * rates[2],
        rates[0] - sb * rates[2],
    ]
}

/// The angle rates (ȧ, ḃ, ċ) of the chart R_z(a) R_y(b) R_x(c) that give the world angular
/// velocity ω (the inverse of [`zyx_angular_velocity`]; singular at b = ±π/2).
pub fn zyx_rates(angles: [f64; 3], omega: [f64; 3]) -> [f64; 3] {
    let (sa, ca) = angles[0].sin_cos();
    let (sb, cb) = angles[1].sin_cos();
    let c_dot = (ca * omega[0] + sa * omega[1]) / cb;
    [omega[2] + sb * c_dot, -sa * omega[0] + ca * omega[1], c_dot]
}

/// Velocities (ẋ, ẏ, ȧ, ḃ, ċ) of a ball of radius r centred over (x, y) rolling on a table
/// spinning at Ω about the vertical through the origin, with centre velocity (ẋ, ẏ) and spin
/// ω_z about the vertical: the rolling condition v + ω × (−r ẑ) = Ω ẑ × ρ gives
/// ω_x = (Ω x − ẏ)/r, ω_y = (ẋ + Ω y)/r.
pub fn rolling_ball_velocity(
    r: f64,
    table_rate: f64,
    q: &[f64; 5],
    centre_velocity: (f64, f64),
    spin_z: f64,
) -> [f64; 5] {
    let (vx, vy) = centre_velocity;
    let omega = [
        (table_rate * q[0] - vy) / r,
        (vx + table_rate * q[1]) / r,
        spin_z,
    ];
    let rates = zyx_rates([q[2], q[3], q[4]], omega);
    [vx, vy, rates[0], rates[1], rates[2]]
}

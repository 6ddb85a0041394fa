//! The rattleback rolling without slipping: an independent reference for the generated
//! [`crate::rattleback::rattleback::Rattleback`], written by hand from the Newton–Euler
//! equations (no symbolic derivation, no part of the runtime) and integrated with the classical
//! fourth-order Runge–Kutta method.
//!
//! State, all in body axes: the world's vertical u (a unit vector, u̇ = u × ω because u is fixed
//! in the world) and the angular velocity ω. The contact point P is the lowest point of the
//! ellipsoid, P − O = −E²u/e with E = diag(a, b, c), e = ‖E u‖, and x = G − P =
//! E²u/e − h e₃. Rolling (the material point at P at rest) gives v_G = ω × x, and the
//! body-axis derivative of x is ẋ = E²u̇/e − E²u ė/e², ė = uᵀE²u̇/e. With the contact force F,
//! m a_G = F − m g u and I ω̇ + ω × I ω = −x × F, where a_G = ω̇ × x + ω × ẋ + ω × (ω × x)
//! (derivative of ω × x in the rotating axes). Eliminating F:
//!
//! ```text
//! (I + m (‖x‖² 𝟙 − x xᵀ)) ω̇ = −ω × I ω − m x × (ω × ẋ + ω × (ω × x) + g u)
//! ```
//!
//! (Kane & Levinson 1982, "Realistic mathematical modeling of the rattleback", with their
//! dissipation set to zero). The energy ½ m ‖ω × x‖² + ½ ωᵀ I ω + m g (x·u) is conserved: the
//! contact force does no work on a rolling body.

use nalgebra::{Matrix3, Vector3};

use crate::rattleback::rattleback::Rattleback;
use crate::rattleback::{angle_rates, body_angular_velocity, body_rotation};

/// The rattleback's data as in the generated model (SI units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RollingRattleback {
    /// Mass [kg].
    pub m: f64,
    /// Semi-axes (a, b, c) [m].
    pub semi_axes: Vector3<f64>,
    /// Distance from the ellipsoid's centre down to the centre of mass [m].
    pub h: f64,
    /// Inertia about the centre of mass in body axes [kg m²].
    pub inertia: Matrix3<f64>,
    /// Gravity [m/s²].
    pub g: f64,
}

/// The body-axis vertical u and angular velocity ω.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RollingState {
    /// World vertical e_z in body axes (unit).
    pub up: Vector3<f64>,
    /// Angular velocity in body axes [rad/s].
    pub omega: Vector3<f64>,
}

impl RollingState {
    /// The spin about the vertical, ω·u [rad/s] (the rattleback's yaw rate up to its rocking).
    pub fn vertical_spin(&self) -> f64 {
        self.omega.dot(&self.up)
    }
}

impl RollingRattleback {
    /// E² u / e: the lowest point of the ellipsoid seen from below its centre, and e.
    fn support(&self, up: &Vector3<f64>) -> (Vector3<f64>, f64) {
        let e2 = self.semi_axes.component_mul(&self.semi_axes);
        let e = e2.dot(&up.component_mul(up)).sqrt();
        (e2.component_mul(up) / e, e)
    }

    /// x = G − P in body axes.
    pub fn contact_to_centre(&self, up: &Vector3<f64>) -> Vector3<f64> {
        self.support(up).0 - Vector3::new(0.0, 0.0, self.h)
    }

    /// Total energy of the rolling body (the height of G is x·u).
    pub fn energy(&self, s: &RollingState) -> f64 {
        let x = self.contact_to_centre(&s.up);
        let v = s.omega.cross(&x);
        0.5 * self.m * v.norm_squared()
            + 0.5 * s.omega.dot(&(self.inertia * s.omega))
            + self.m * self.g * x.dot(&s.up)
    }

    /// (u̇, ω̇) of the rolling body; `None` if the reduced inertia is singular.
    pub fn rates(&self, s: &RollingState) -> Option<(Vector3<f64>, Vector3<f64>)> {
        let (u, w) = (s.up, s.omega);
        let du = u.cross(&w);
        let e2 = self.semi_axes.component_mul(&self.semi_axes);
        let (_, e) = self.support(&u);
        let de = e2.dot(&u.component_mul(&du)) / e;
        let x = self.contact_to_centre(&u);
        let dx = e2.component_mul(&du) / e - e2.component_mul(&u) * (de / (e * e));
        let reduced =
            self.inertia + (Matrix3::identity() * x.norm_squared() - x * x.transpose()) * self.m;
        let rhs = -w.cross(&(self.inertia * w))
            - x.cross(&(w.cross(&dx) + w.cross(&w.cross(&x)) + u * self.g)) * self.m;
        reduced.lu().solve(&rhs).map(|dw| (du, dw))
    }

    /// One classical Runge–Kutta step of length `dt`, the vertical renormalised to unit length.
    pub fn rk4_step(&self, s: &RollingState, dt: f64) -> Option<RollingState> {
        let at = |k: &(Vector3<f64>, Vector3<f64>), f: f64| RollingState {
            up: s.up + k.0 * f,
            omega: s.omega + k.1 * f,
        };
        let k1 = self.rates(s)?;
        let k2 = self.rates(&at(&k1, 0.5 * dt))?;
        let k3 = self.rates(&at(&k2, 0.5 * dt))?;
        let k4 = self.rates(&at(&k3, dt))?;
        let up = s.up + (k1.0 + (k2.0 + k3.0) * 2.0 + k4.0) * (dt / 6.0);
        let omega = s.omega + (k1.1 + (k2.1 + k3.1) * 2.0 + k4.1) * (dt / 6.0);
        Some(RollingState {
            up: up.normalize(),
            omega,
        })
    }
}

impl RollingRattleback {
    /// The data of a generated model (its friction coefficient plays no part in rolling).
    pub fn of(model: &Rattleback) -> Self {
        Self {
            m: model.m,
            semi_axes: Vector3::new(model.a, model.b, model.c),
            h: model.h,
            inertia: Matrix3::new(
                model.ia, model.d, 0.0, model.d, model.ib, 0.0, 0.0, 0.0, model.ic,
            ),
            g: model.g,
        }
    }

    /// The generalised coordinates and velocities (x, y, z, ψ, θ, φ) of the generated model for
    /// a body with its centre of mass above the origin at yaw ψ, pitch θ and roll φ, touching
    /// the floor and rolling with body-axis angular velocity ω: z puts the lowest point on
    /// z = 0 and v_G = R (ω × x) makes the contact point's velocity vanish.
    pub fn coordinates(&self, angles: [f64; 3], omega: &Vector3<f64>) -> ([f64; 6], [f64; 6]) {
        let mut q = [0.0, 0.0, 0.0, angles[0], angles[1], angles[2]];
        let r = body_rotation(&q);
        let up = r.transpose() * Vector3::z();
        let x = self.contact_to_centre(&up);
        q[2] = x.dot(&up);
        let v = r * omega.cross(&x);
        let rates = angle_rates(&q, omega);
        (q, [v[0], v[1], v[2], rates[0], rates[1], rates[2]])
    }
}

/// The rolling-reference state (u, ω) of the generated model's coordinates and velocities.
pub fn rolling_state(q: &[f64; 6], qd: &[f64; 6]) -> RollingState {
    RollingState {
        up: body_rotation(q).transpose() * Vector3::z(),
        omega: body_angular_velocity(q, qd),
    }
}

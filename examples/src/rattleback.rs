//! The rattleback (celt): an ellipsoidal body whose principal axes of inertia are turned against
//! the axes of its surface. Spun about the vertical in one sense it starts to rock about its
//! long axis, the rocking grows and turns the spin round; in the other sense it keeps its spin
//! far longer (Walker 1896, "On a dynamical top"; Kane & Levinson 1982, "Realistic mathematical
//! modeling of the rattleback", Int. J. Non-Linear Mech. 17, whose body data it uses in SI
//! units). Here it stands on a rough plane with spatial Coulomb friction and unilateral contact, so the
//! time-stepping integrators decide at every step whether the contact point sticks, slips or
//! lifts off; [`crate::rattleback_rolling`] integrates the same body under the ideal rolling
//! constraint as an independent reference.

use mbmacros::mechanism;

mechanism! {
    /// An ellipsoid with semi-axes (a, b, c) along its body axes e₁, e₂, e₃ on the plane z = 0
    /// (gravity (0, 0, −g)), its centre of mass G on the e₃ axis a distance h below the centre
    /// O. Coordinates: G = (x, y, z) and the yaw–pitch–roll angles (ψ, θ, φ) of the body axes,
    /// R = R_z(ψ) R_y(θ) R_x(φ) (regular while |θ| < π/2; the rattleback only rocks by a few
    /// degrees). Inertia about G in body axes [[A, D, 0], [D, B, 0], [0, 0, C]]: the product D
    /// turns the principal axes away from the ellipsoid's axes, which is what makes the body
    /// a rattleback.
    ///
    /// Body-axis angular velocity of R_z R_y R_x: ω = (φ̇ − ψ̇ sin θ, θ̇ cos φ + ψ̇ cos θ sin φ,
    /// ψ̇ cos θ cos φ − θ̇ sin φ). The world's vertical in body axes is u = Rᵀe_z = (−sin θ,
    /// cos θ sin φ, cos θ cos φ); the lowest point of the ellipsoid is O − E²u/e with
    /// E = diag(a, b, c) and e = ‖E u‖, so the gap is z + h u₃ − e and the contact point seen
    /// from G is ρ = (−a² u₁/e, −b² u₂/e, h − c² u₃/e). The slip velocities are the horizontal
    /// world components of the velocity of the body's material point there, ẋ + (R (ω × ρ))ₓ
    /// and ẏ + (R (ω × ρ))_y, so the tangent plane is (e_x, e_y).
    struct Rattleback;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Semi-axis along e₁ [m].
        a: 0.2,
        /// Semi-axis along e₂ [m].
        b: 0.03,
        /// Semi-axis along e₃ [m].
        c: 0.02,
        /// Distance from the centre of the ellipsoid down to the centre of mass [m].
        h: 0.01,
        /// Moment of inertia about e₁ through G [kg m²].
        ia: 2.0e-4,
        /// Moment of inertia about e₂ through G [kg m²].
        ib: 1.6e-3,
        /// Moment of inertia about e₃ through G [kg m²].
        ic: 1.7e-3,
        /// Product of inertia in the e₁–e₂ plane [kg m²].
        d: -2.0e-5,
        /// Friction coefficient.
        mu: 0.5,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, z, psi, theta, phi }
    let w1 = dot(phi) - dot(psi) * sin(theta);
    let w2 = dot(theta) * cos(phi) + dot(psi) * cos(theta) * sin(phi);
    let w3 = dot(psi) * cos(theta) * cos(phi) - dot(theta) * sin(phi);
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2))
        + 0.5 * (ia * w1.powi(2) + ib * w2.powi(2) + ic * w3.powi(2))
        + d * w1 * w2;
    potential = m * g * z;
    let u1 = -sin(theta);
    let u2 = cos(theta) * sin(phi);
    let u3 = cos(theta) * cos(phi);
    let e = sqrt(a.powi(2) * u1.powi(2) + b.powi(2) * u2.powi(2) + c.powi(2) * u3.powi(2));
    let r1 = -a.powi(2) * u1 / e;
    let r2 = -b.powi(2) * u2 / e;
    let r3 = h - c.powi(2) * u3 / e;
    let c1 = w2 * r3 - w3 * r2;
    let c2 = w3 * r1 - w1 * r3;
    let c3 = w1 * r2 - w2 * r1;
    let r11 = cos(psi) * cos(theta);
    let r12 = cos(psi) * sin(theta) * sin(phi) - sin(psi) * cos(phi);
    let r13 = cos(psi) * sin(theta) * cos(phi) + sin(psi) * sin(phi);
    let r21 = sin(psi) * cos(theta);
    let r22 = sin(psi) * sin(theta) * sin(phi) + cos(psi) * cos(phi);
    let r23 = sin(psi) * sin(theta) * cos(phi) - cos(psi) * sin(phi);
    contact floor {
        gap: z + h * u3 - e,
        restitution: 0.0,
        friction: mu,
        tangential_velocity: (
            dot(x) + r11 * c1 + r12 * c2 + r13 * c3,
            dot(y) + r21 * c1 + r22 * c2 + r23 * c3,
        ),
    }
    generate { targets: [rust, c] }
}

use nalgebra::{Matrix3, Rotation3, Vector3};

/// R = R_z(ψ) R_y(θ) R_x(φ) for the generalised coordinates q = (x, y, z, ψ, θ, φ).
pub fn body_rotation(q: &[f64; 6]) -> Matrix3<f64> {
    Rotation3::from_euler_angles(q[5], q[4], q[3]).into_inner()
}

/// The body-axis angular velocity of the yaw–pitch–roll rates (the `w1, w2, w3` of the block).
pub fn body_angular_velocity(q: &[f64; 6], qd: &[f64; 6]) -> Vector3<f64> {
    let (s_th, c_th, s_ph, c_ph) = (q[4].sin(), q[4].cos(), q[5].sin(), q[5].cos());
    Vector3::new(
        qd[5] - qd[3] * s_th,
        qd[4] * c_ph + qd[3] * c_th * s_ph,
        qd[3] * c_th * c_ph - qd[4] * s_ph,
    )
}

/// The yaw–pitch–roll rates (ψ̇, θ̇, φ̇) of a body-axis angular velocity ω (|θ| < π/2).
pub fn angle_rates(q: &[f64; 6], omega: &Vector3<f64>) -> Vector3<f64> {
    let (s_th, c_th, s_ph, c_ph) = (q[4].sin(), q[4].cos(), q[5].sin(), q[5].cos());
    let psi_dot = (omega[1] * s_ph + omega[2] * c_ph) / c_th;
    Vector3::new(
        psi_dot,
        omega[1] * c_ph - omega[2] * s_ph,
        omega[0] + psi_dot * s_th,
    )
}

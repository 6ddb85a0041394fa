//! The Whipple bicycle of the benchmark of Meijaard, Papadopoulos, Ruina & Schwab (2007),
//! "Linearized dynamics equations for the balance and steer of a bicycle: a benchmark and
//! review", Proc. R. Soc. A 463: four rigid bodies (rear wheel, rear frame with rider, front
//! frame, front wheel) on a kinematic tree, the two knife-edge wheels rolling without slipping
//! on a level floor. Its numbers are the benchmark's (Table 1) in mb's axes (x forward, y left,
//! z up; [`crate::bicycle_reference::UprightConfiguration`] transforms them); the linearised
//! benchmark equations written independently of mb are in [`crate::bicycle_reference`].

use mbmacros::mechanism;

mechanism! {
    /// The benchmark bicycle. The rear frame's joint frame sits at the rear hub: floating,
    /// translation (x, y, z) then yaw ψ, pitch θ, roll φ (R_z(ψ) R_y(θ) R_x(φ)); the front frame
    /// steers by δ about the steer axis (pointing down, the benchmark's positive steer) through
    /// the point a trail c ahead of the front contact; the wheels turn by θ_R, θ_F about their
    /// axles. Both wheels roll on the floor z = 0 and touch it (two holonomic and four velocity
    /// constraints), which leaves three independent speeds (lean, steer and forward speed).
    struct Bicycle;
    parameters {
        /// Wheel base w [m].
        w: 1.02,
        /// Trail c [m].
        c: 0.08,
        /// Steer axis tilt λ [rad] (π/10).
        lambda: 0.3141592653589793,
        /// Gravity [m/s²].
        g: 9.81,
        /// Rear wheel radius [m].
        r_r: 0.3,
        /// Rear wheel mass [kg].
        m_r: 2.0,
        /// Rear wheel inertia about a diameter [kg m²].
        i_rxx: 0.0603,
        /// Rear wheel inertia about its axle [kg m²].
        i_ryy: 0.12,
        /// Rear frame centre of mass ahead of the rear contact [m].
        x_b: 0.3,
        /// Rear frame centre of mass height [m].
        h_b: 0.9,
        /// Rear frame mass [kg].
        m_b: 85.0,
        /// Rear frame inertia (mb's axes) [kg m²].
        i_bxx: 9.2,
        i_byy: 11.0,
        i_bzz: 2.8,
        i_bxz: -2.4,
        /// Front frame centre of mass ahead of the rear contact [m].
        x_h: 0.9,
        /// Front frame centre of mass height [m].
        h_h: 0.7,
        /// Front frame mass [kg].
        m_h: 4.0,
        /// Front frame inertia (mb's axes) [kg m²].
        i_hxx: 0.05892,
        i_hyy: 0.06,
        i_hzz: 0.00708,
        i_hxz: 0.00756,
        /// Front wheel radius [m].
        r_f: 0.35,
        /// Front wheel mass [kg].
        m_f: 3.0,
        /// Front wheel inertia about a diameter [kg m²].
        i_fxx: 0.1405,
        /// Front wheel inertia about its axle [kg m²].
        i_fyy: 0.28,
    }
    coordinates { x, y, z, psi, theta, phi, delta, theta_r, theta_f }
    body frame {
        joint: floating(x, y, z, psi, theta, phi),
        mass: m_b,
        com: (x_b, 0.0, h_b - r_r),
        inertia: [[i_bxx, 0.0, i_bxz], [0.0, i_byy, 0.0], [i_bxz, 0.0, i_bzz]],
    }
    body rear_wheel {
        parent: frame,
        joint: revolute(theta_r),
        axis: (0.0, 1.0, 0.0),
        mass: m_r,
        inertia: (i_rxx, i_ryy, i_rxx),
    }
    body fork {
        parent: frame,
        joint: revolute(delta),
        axis: (sin(lambda), 0.0, -cos(lambda)),
        offset: (w + c, 0.0, -r_r),
        mass: m_h,
        com: (x_h - w - c, 0.0, h_h),
        inertia: [[i_hxx, 0.0, i_hxz], [0.0, i_hyy, 0.0], [i_hxz, 0.0, i_hzz]],
    }
    body front_wheel {
        parent: fork,
        joint: revolute(theta_f),
        axis: (0.0, 1.0, 0.0),
        offset: (-c, 0.0, r_f),
        mass: m_f,
        inertia: (i_fxx, i_fyy, i_fxx),
    }
    gravity = (0.0, 0.0, -g);
    rolling rear {
        body: rear_wheel,
        radius: r_r,
        axis: (0.0, 1.0, 0.0),
        normal: (0.0, 0.0, 1.0),
        touch: true,
    }
    rolling front {
        body: front_wheel,
        radius: r_f,
        axis: (0.0, 1.0, 0.0),
        normal: (0.0, 0.0, 1.0),
        touch: true,
    }
    generate { capabilities: [rates, statics, jacobians], targets: [rust, c] }
}

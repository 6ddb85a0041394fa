//! Example mechanisms with velocity (nonholonomic) constraints: a pendulum whose rod is written
//! as a velocity constraint next to its holonomic twin, the Chaplygin sleigh, a rolling coin
//! and a ball rolling on a turntable. Their closed forms are stated with each block; the tests
//! are `examples/tests/rolling_*.rs`.

use mbmacros::mechanism;

mechanism! {
    /// A bob of mass m at (x, y) on a rod of length l to the origin, the rod written as the
    /// holonomic constraint ½(x² + y² − l²) = 0: the twin of `VelocityPendulum`.
    struct HolonomicPendulum;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { x, y }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    constraint rod = 0.5 * (x.powi(2) + y.powi(2) - l.powi(2));
}

mechanism! {
    /// The pendulum of `HolonomicPendulum` with its rod written at velocity level,
    /// x ẋ + y ẏ = 0 (the derivative of ½(x² + y² − l²)): started on the circle it follows the
    /// same motion.
    struct VelocityPendulum;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { x, y }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    velocity_constraint rod = x * dot(x) + y * dot(y);
}

mechanism! {
    /// The Chaplygin sleigh: a planar body of mass m and central inertia I at (x, y), heading
    /// θ, on a knife edge at distance a behind its centre of mass that allows no sideways
    /// velocity. In body velocities (u forward, ω = θ̇), u̇ = a ω², ω̇ = −m a u ω/(I + m a²)
    /// (Chaplygin 1911; Neimark & Fufaev, Dynamics of Nonholonomic Systems, 1972), so
    /// c² = u² + ((I + m a²)/m) ω² is constant and u(t) = c tanh(m a c t/(I + m a²) +
    /// artanh(u₀/c)): the sleigh ends in straight-line motion at speed c, with ω → 0.
    struct ChaplyginSleigh;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Central moment of inertia [kg m²].
        inertia: 0.05,
        /// Distance from the knife edge forward to the centre of mass [m].
        a: 0.3,
    }
    coordinates { x, y, theta }
    body sleigh { mass: m, position: (x, y), angle: theta, inertia: inertia }
    point edge = (x - a * cos(theta), y - a * sin(theta));
    velocity_constraint blade = cos(theta) * velocity(sleigh, edge).y
        - sin(theta) * velocity(sleigh, edge).x;
    generate { targets: [rust, c] }
}

mechanism! {
    /// A uniform thin disk (coin) of mass m and radius r rolling without slipping on a
    /// horizontal floor: centre (x, y, r cos θ), heading ψ, lean θ (0 upright) and spin φ
    /// about the axle, R = R_z(ψ) R_x(θ) R_y(φ); moments of inertia m r²/4 about diameters and
    /// m r²/2 about the axle. Steady upright rolling at speed v = r φ̇ is stable for
    /// v² > g r/3 (see `examples/tests/rolling_coin.rs` for the linearised equations).
    struct RollingCoin;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Radius [m].
        r: 0.1,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, psi, theta, phi }
    body coin {
        mass: m,
        position: (x, y, r * cos(theta)),
        rotation: [rotz(psi), rotx(theta), roty(phi)],
        inertia: (0.25 * m * r.powi(2), 0.5 * m * r.powi(2), 0.25 * m * r.powi(2)),
    }
    gravity = (0.0, 0.0, -g);
    rolling floor { body: coin, radius: r, axis: (0.0, 1.0, 0.0), normal: (0.0, 0.0, 1.0) }
}

mechanism! {
    /// A uniform ball of mass m and radius r (inertia 2 m r²/5) rolling without slipping on a
    /// turntable spinning about the vertical through the origin at Ω(t) = ω + α t: centre
    /// (x, y, r), orientation R = R_z(a) R_y(b) R_x(c). The contact point (x, y, 0) must move
    /// with the table, v_P = Ω ẑ × (x, y, 0) (a rheonomic velocity constraint). For α = 0 the
    /// centre's velocity turns at the constant rate 2Ω/7, v̇ = (2Ω/7) ẑ × v (from
    /// m v̇ = F, I ω̇ = −r ẑ × F and the rolling condition): the ball moves on a circle at
    /// angular frequency 2Ω/7.
    struct TurntableBall;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Radius [m].
        r: 0.05,
        /// Spin of the table at t = 0 [rad/s].
        omega: 2.0,
        /// Angular acceleration of the table [rad/s²].
        alpha: 0.0,
    }
    coordinates { x, y, a, b, c }
    time t;
    body ball {
        mass: m,
        position: (x, y, r),
        rotation: [rotz(a), roty(b), rotx(c)],
        inertia: (0.4 * m * r.powi(2), 0.4 * m * r.powi(2), 0.4 * m * r.powi(2)),
    }
    rolling table {
        body: ball,
        radius: r,
        normal: (0.0, 0.0, 1.0),
        surface_velocity: (-(omega + alpha * t) * y, (omega + alpha * t) * x, 0.0),
    }
    generate { targets: [rust, c] }
}

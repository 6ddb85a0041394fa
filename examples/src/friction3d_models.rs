//! Example mechanisms with spatial Coulomb friction: each contact has a tangent plane (t̂1, t̂2)
//! and the time-stepping integrators solve the cone complementarity problem of De Saxcé & Feng
//! (1991) and Acary & Brogliato (2008, ch. 13) for it. Every force is constant and every contact
//! direction is fixed, so each block has a closed-form motion (stated in its docs) that the
//! tests `friction3d_*` compare with.

use mbmacros::mechanism;

mechanism! {
    /// A point mass (x, y, z) on the plane n̂·r = 0 inclined by α about the y axis, n̂ =
    /// (−sin α, 0, cos α), with tangents t̂1 = (cos α, 0, sin α) (up the slope) and t̂2 =
    /// (0, 1, 0), under gravity (0, 0, −g). Closed form (Coulomb's law in the tangent plane,
    /// ‖λ_T‖ ≤ μ λ_N, friction opposite to the slip): released at rest it sticks iff
    /// μ ≥ tan α, the contact force then being m g (sin α t̂1 + cos α n̂); otherwise it slides
    /// down the line of steepest descent with a = g (sin α − μ cos α), covering ½ a t².
    struct InclineBlock;
    parameters {
        /// Mass [kg].
        m: 2.5,
        /// Slope [rad] (30°).
        alpha: 0.5235987755982988,
        /// Friction coefficient (½ tan α: the block slides).
        mu: 0.28867513459481287,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, z }
    body block { mass: m, position: (x, y, z) }
    gravity = (0.0, 0.0, -g);
    contact slope {
        point: block,
        normal: (-sin(alpha), 0.0, cos(alpha)),
        tangents: ((cos(alpha), 0.0, sin(alpha)), (0.0, 1.0, 0.0)),
        restitution: 0.0,
        friction: mu,
    }
}

mechanism! {
    /// A point mass (x, y, z) on the horizontal plane z = 0 with friction μ, under gravity
    /// (0, 0, −g); the tangents follow the basis rule, t̂1 = e_x and t̂2 = e_y. Closed form:
    /// launched along the plane with speed v₀ in any direction it keeps that direction (the
    /// friction force −μ m g v̂ is parallel to the velocity), decelerates at μ g, stops at
    /// t* = v₀/(μ g) after v₀²/(2 μ g) and stays at rest.
    struct SlidingBlock;
    parameters {
        /// Mass [kg].
        m: 2.5,
        /// Friction coefficient.
        mu: 0.4,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, z }
    body block { mass: m, position: (x, y, z) }
    gravity = (0.0, 0.0, -g);
    contact floor { point: block, normal: (0.0, 0.0, 1.0), restitution: 0.0, friction: mu }
}

mechanism! {
    /// A uniform ball (mass m, radius r, moment of inertia I = 2/5 m r²) on the plane z = 0:
    /// coordinates the centre (x, y, z) and φ = (φ_x, φ_y, φ_z) with φ̇ = ω, the angular
    /// velocity in world axes. The inertia of a uniform ball is I𝟙 in every orientation (no
    /// gyroscopic term, I ω × ω = 0) and its contact kinematics on a plane depend on ω only, so
    /// φ, the integral of ω, is an exact set of coordinates for this problem although it is not
    /// an orientation: T = ½ m ṙ·ṙ + ½ I φ̇·φ̇. The contact point's velocity is
    /// ṙ + ω × (−r e_z) = (ẋ − r ω_y, ẏ + r ω_x, ż), hence the slips (x − r φ_y, y + r φ_x).
    /// Closed form (Routh 1905, "Dynamics of a System of Rigid Bodies", elementary part,
    /// §§ 243–246): launched sliding with speed v₀ and no spin, the slip speed falls at
    /// (1 + m r²/I) μ g = 7/2 μ g, so slipping ends at t_s = 2 v₀/(7 μ g); the angular momentum
    /// about the contact point, m r v + I ω, is conserved, so the ball then rolls at 5 v₀/7
    /// along the launch direction.
    struct RollingBall;
    parameters {
        /// Mass [kg].
        m: 0.17,
        /// Radius [m].
        r: 0.0286,
        /// Friction coefficient.
        mu: 0.2,
        /// Normal restitution.
        e: 0.0,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, z, phi_x, phi_y, phi_z }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2))
        + 0.2 * m * r.powi(2) * (dot(phi_x).powi(2) + dot(phi_y).powi(2) + dot(phi_z).powi(2));
    potential = m * g * z;
    contact floor {
        gap: z - r,
        restitution: e,
        friction: mu,
        slip: (x - r * phi_y, y + r * phi_x),
    }
}

mechanism! {
    /// `RollingBall` as a robot description writes it: the ball a body on a floating joint
    /// (translation (x, y, z), then R = R_z(yaw) R_y(pitch) R_x(roll)), and the contact's slip
    /// velocity the velocity of the ball's material point at its lowest point, `velocity(ball,
    /// touch)` = ṙ + ω × (−r e_z), as `mbcompile import` writes a sphere geom against a plane.
    /// Routh's closed form of `RollingBall` holds (rolling launched along y keeps pitch at 0, away
    /// from the parametrisation's singularity).
    struct FloatingBall;
    parameters {
        /// Mass [kg].
        m: 0.17,
        /// Radius [m].
        r: 0.0286,
        /// Friction coefficient.
        mu: 0.2,
        /// Normal restitution.
        e: 0.0,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { x, y, z, yaw, pitch, roll }
    body ball {
        joint: floating(x, y, z, yaw, pitch, roll),
        mass: m,
        inertia: (0.4 * m * r.powi(2), 0.4 * m * r.powi(2), 0.4 * m * r.powi(2)),
    }
    point touch = (ball.x, ball.y, ball.z - r);
    gravity = (0.0, 0.0, -g);
    contact floor {
        gap: ball.z - r,
        restitution: e,
        friction: mu,
        tangential_velocity: (velocity(ball, touch).x, velocity(ball, touch).y),
    }
}

mechanism! {
    /// A point mass (x, y, z) on the plane n̂·r = 0 inclined by α about the y axis, n̂ =
    /// (−sin α, 0, cos α), tangents t̂1 = (cos α, 0, sin α) (up the slope) and t̂2 = (0, 1, 0),
    /// with friction μ > tan α under gravity (0, 0, −g), pushed along the plane by the rotating
    /// force of pulsing magnitude F(t) = F₀ sin²(νt/2) (cos ωt t̂1 + sin ωt t̂2). The in-plane
    /// load is P(t) = F(t) − m g sin α t̂1 and the normal force m g cos α. While
    /// ‖P‖ < μ m g cos α the block sticks (the friction force is −P); it starts to slide where
    /// ‖P(t)‖ = μ m g cos α, in the direction of P there (the friction force leaves the cone
    /// where it is −P), with zero slip acceleration; while sliding, v̇ = P/m − μ g cos α v̂, the
    /// slip direction turns with P until the block stops and sticks again, once per pulse.
    struct PushedBlock;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Slope α [rad].
        alpha: 0.2,
        /// Friction coefficient (above tan α: the block rests on the slope without push).
        mu: 0.5,
        /// Gravity [m/s²].
        g: 9.81,
        /// Peak push [N].
        f0: 8.0,
        /// Pulse frequency ν [rad/s].
        nu: 2.0,
        /// Rotation rate ω of the push [rad/s].
        w: 1.5,
    }
    coordinates { x, y, z }
    time t;
    body block { mass: m, position: (x, y, z) }
    gravity = (0.0, 0.0, -g);
    forces {
        x: f0 * sin(0.5 * nu * t).powi(2) * cos(w * t) * cos(alpha),
        y: f0 * sin(0.5 * nu * t).powi(2) * sin(w * t),
        z: f0 * sin(0.5 * nu * t).powi(2) * cos(w * t) * sin(alpha),
    }
    contact slope {
        point: block,
        normal: (-sin(alpha), 0.0, cos(alpha)),
        tangents: ((cos(alpha), 0.0, sin(alpha)), (0.0, 1.0, 0.0)),
        restitution: 0.0,
        friction: mu,
    }
}

mechanism! {
    /// Painlevé's rod in space: the uniform rod of `PainleveRod` (length 2l, mass m, I = ml²/3,
    /// in the vertical (x, z) plane at angle θ to the floor) free to translate along y too, its
    /// lower end (x − l cos θ, y, z − l sin θ) on the rough floor with a tangent plane: gap
    /// z − l sin θ, slips (x − l cos θ, y). Sliding with unit slip direction (ŝ₁, ŝ₂) at θ̇ = 0,
    /// the normal force is λ_N = m g/(1 + 3cos²θ + 3μ ŝ₁ sin θ cos θ), so Painlevé's bound
    /// depends on the direction: μ*(θ, ŝ) = (1 + 3cos²θ)/(3 |ŝ₁| sin θ cos θ) for ŝ₁ < 0 (the
    /// lower end sliding away from the centre's side).
    struct PainleveRod3d;
    parameters { m: 1.0, l: 0.5, g: 9.81, mu: 0.5 }
    coordinates { x, y, z, theta }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2))
        + 0.5 * (m * l.powi(2) / 3.0) * dot(theta).powi(2);
    potential = m * g * z;
    contact tip {
        gap: z - l * sin(theta),
        restitution: 0.0,
        friction: mu,
        slip: (x - l * cos(theta), y),
    }
    generate { targets: [rust, c] }
}

mechanism! {
    /// Two independent point masses on rough floors: a (x_a, z_a) on the line z_a = 0 with
    /// planar friction μ_a, and b (x_b, y_b, z_b) on the plane z_b = 0 with spatial friction
    /// μ_b, so that one integrator sees a contact with one tangent and one with a tangent plane
    /// together. Launched along their floors each decelerates at μ g along its velocity and stops
    /// at v₀/(μ g) after v₀²/(2μ g).
    struct LineAndPlane;
    parameters { m: 1.0, g: 9.81, mu_a: 0.3, mu_b: 0.5 }
    coordinates { x_a, z_a, x_b, y_b, z_b }
    kinetic = 0.5 * m * (dot(x_a).powi(2) + dot(z_a).powi(2) + dot(x_b).powi(2)
        + dot(y_b).powi(2) + dot(z_b).powi(2));
    potential = m * g * (z_a + z_b);
    contact line { gap: z_a, restitution: 0.0, friction: mu_a, slip: x_a }
    contact plane { gap: z_b, restitution: 0.0, friction: mu_b, slip: (x_b, y_b) }
}

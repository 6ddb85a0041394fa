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
    /// A point mass (x, y, z) on the horizontal plane z = 0 with friction μ under gravity
    /// (0, 0, −g), pushed along the plane by the rotating force of pulsing magnitude
    /// F(t) = F₀ sin²(νt/2) (cos ωt, sin ωt, 0). While |F| < μ m g it sticks (the friction force
    /// is −F); it starts to slide when |F(t)| = μ m g, i.e. at sin²(νt/2) = μ m g / F₀, in the
    /// direction of F there (the friction force leaves the cone where it is −F), with zero slip
    /// acceleration; while sliding the slip direction turns with F until the block stops and
    /// sticks again, once per pulse.
    struct PushedBlock;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Friction coefficient.
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
        x: f0 * sin(0.5 * nu * t).powi(2) * cos(w * t),
        y: f0 * sin(0.5 * nu * t).powi(2) * sin(w * t),
    }
    contact floor { point: block, normal: (0.0, 0.0, 1.0), restitution: 0.0, friction: mu }
}

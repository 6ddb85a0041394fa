//! Example mechanisms with planar Coulomb friction (one tangent per contact) whose stick–slip
//! motions have piecewise closed forms: a block on a ramp under a harmonic push, a block
//! dragged over a rough floor by a spring whose end is moved harmonically, and a ball bouncing
//! with spin. The closed forms are in [`crate::stick_slip_reference`]; Painlevé's rod, the
//! fourth classical planar friction example, is `PainleveRod` in
//! [`crate::analysis_models`].

use mbmacros::mechanism;

mechanism! {
    /// A block (point mass m) on a ramp inclined at α, coordinates s along the ramp (upwards)
    /// and n normal to it, under gravity and the push F(t) = f0 sin(ω t) along the ramp;
    /// contact gap n, slip s, Coulomb friction μ. Closed form (Coulomb's law with a constant
    /// normal force m g cos α): the block sticks while
    /// |F − m g sin α| ≤ μ m g cos α and slides with m s̈ = F − m g sin α − σ μ m g cos α
    /// (σ the sign of ṡ) otherwise; slip starts where F − m g sin α = ±μ m g cos α and ends
    /// where the integral of the sliding equation brings ṡ back to zero. With the defaults
    /// (μ > tan α, f0 above both thresholds) each period of F is stick, slip up, stick, slip
    /// down, stick.
    struct RampBlock;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Gravity [m/s²].
        g: 9.81,
        /// Ramp angle [rad].
        alpha: 0.1,
        /// Friction coefficient.
        mu: 0.6,
        /// Amplitude of the push along the ramp [N].
        f0: 8.0,
        /// Angular frequency of the push [rad/s].
        omega: 3.0,
    }
    coordinates { s, n }
    time t;
    kinetic = 0.5 * m * (dot(s).powi(2) + dot(n).powi(2));
    potential = m * g * (s * sin(alpha) + n * cos(alpha));
    forces { s: f0 * sin(omega * t) }
    contact ramp { gap: n, restitution: 0.0, friction: mu, slip: s }
}

mechanism! {
    /// A block (point mass m) on a rough floor, coordinates x along the floor and y up (gap y,
    /// slip x, Coulomb friction μ), tied by a spring of stiffness k to a point moved as
    /// x_d(t) = x0 sin(Ω t). Den Hartog (1931), "Forced vibrations with combined Coulomb and
    /// viscous friction", Trans. ASME 53, the motion with stops: the block sticks while
    /// |k (x_d − x)| ≤ μ m g, and slides with m ẍ + k x = k x_d(t) − σ μ m g (σ the sign of ẋ),
    /// a harmonically forced oscillator with an exact solution, until ẋ returns to zero. With
    /// the defaults (Ω/ω₀ = 1/√10, μ g/(ω₀² x0) ≈ 0.29) the motion settles to a periodic
    /// stick–slip with two stops per period of the drive.
    struct SpringDraggedBlock;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Gravity [m/s²].
        g: 9.81,
        /// Spring stiffness [N/m].
        k: 40.0,
        /// Friction coefficient.
        mu: 0.3,
        /// Amplitude of the driven end [m].
        x0: 0.25,
        /// Angular frequency of the driven end [rad/s].
        omega: 2.0,
    }
    coordinates { x, y }
    time t;
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = 0.5 * k * (x - x0 * sin(omega * t)).powi(2) + m * g * y;
    contact floor { gap: y, restitution: 0.0, friction: mu, slip: x }
}

mechanism! {
    /// A solid ball (mass m, radius r, I = 2/5 m r² about its centre) moving in the vertical
    /// plane: centre (x, y) and rotation angle φ (anticlockwise). Floor contact gap y − r with
    /// normal restitution e_N, tangential restitution e_T and Coulomb friction μ; the contact
    /// point slides at γ_T = ẋ + r φ̇ (slip x + r φ), so φ̇ > 0 while moving to the right is
    /// backspin. Closed forms (Glocker & Studer 2005, (24)–(33) for a single decoupled
    /// contact): flights are parabolas with φ̇ constant; an impact has Λ_N = −(1 + e_N) m γ_N⁻,
    /// the sticking impulse Λ_T* = −(1 + e_T) γ_T⁻ / D_T with D_T = 1/m + r²/I if
    /// |Λ_T*| ≤ μ Λ_N, else Λ_T = −μ Λ_N sign γ_T⁻; after the accumulation point of the bounces
    /// the ball slides with ẍ = −μ g sign γ_T until it rolls. I φ̇ − m r ẋ (the angular
    /// momentum about the point of the floor below the centre, at contact height) is conserved
    /// throughout, which fixes the final rolling speed.
    struct SpinningBall;
    parameters {
        /// Mass [kg].
        m: 0.1,
        /// Radius [m].
        r: 0.05,
        /// Gravity [m/s²].
        g: 9.81,
        /// Normal restitution.
        e_N: 0.5,
        /// Tangential restitution.
        e_T: 0.3,
        /// Friction coefficient.
        mu: 0.1,
    }
    coordinates { x, y, phi }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2)) + 0.2 * m * r.powi(2) * dot(phi).powi(2);
    potential = m * g * y;
    contact floor {
        gap: y - r,
        restitution: e_N,
        tangential_restitution: e_T,
        friction: mu,
        slip: x + r * phi,
    }
}

mechanism! {
    /// A box (mass m, half width a, half height b, J = m(a² + b²)/3 about its centre) standing
    /// on its two lower corners on a rough floor (friction μ at both), pushed horizontally at
    /// its centre by F(t) = c t. Centre (x, y), tilt θ; corner (∓a, −b) in the body frame: gaps
    /// y ∓ a sin θ − b cos θ, slips x ∓ a cos θ + b sin θ. Closed form (θ ≡ 0, ÿ = 0): the
    /// tangential directions of the two corners coincide, so only the total friction is
    /// determined while the box sticks; it sticks until c t = μ m g, then both corners slide
    /// with m ẍ = c t − μ m g, and the moment balance about the centre,
    /// a(λ_right − λ_left) = μ b (λ_left + λ_right), gives λ_left,right = (m g/2)(1 ∓ μ b/a)
    /// (the box does not tip while μ b < a).
    struct PushedBox;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Half width [m].
        a: 0.2,
        /// Half height [m].
        b: 0.1,
        /// Gravity [m/s²].
        g: 9.81,
        /// Friction coefficient at both corners.
        mu: 0.4,
        /// Growth rate of the push [N/s].
        c: 8.0,
    }
    coordinates { x, y, theta }
    time t;
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2))
        + 0.5 * (m * (a.powi(2) + b.powi(2)) / 3.0) * dot(theta).powi(2);
    potential = m * g * y;
    forces { x: c * t }
    contact left {
        gap: y - a * sin(theta) - b * cos(theta),
        restitution: 0.0,
        friction: mu,
        slip: x - a * cos(theta) + b * sin(theta),
    }
    contact right {
        gap: y + a * sin(theta) - b * cos(theta),
        restitution: 0.0,
        friction: mu,
        slip: x + a * cos(theta) + b * sin(theta),
    }
}

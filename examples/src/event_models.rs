//! Example mechanisms for the event examples (see the crate docs).

use mbmacros::mechanism;

mechanism! {
    /// Lötstedt (1982), Sect. 1: a uniform bar of length 2l hinged to the ceiling at the origin
    /// (two bilateral constraints on its centre (x, y)), angle θ from the downward vertical;
    /// its free end hits the floor y = −d (unilateral, gap = y − l cos θ + d).
    struct HingedBar;
    parameters { m: 1.0, l: 0.5, d: 0.8, g: 9.81, e: 0.5 }
    coordinates { x, y, theta }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2)) + 0.5 * (m * l.powi(2) / 3.0) * dot(theta).powi(2);
    potential = m * g * y;
    constraint hinge_x = x - l * sin(theta);
    constraint hinge_y = y + l * cos(theta);
    contact floor { gap: y - l * cos(theta) + d, restitution: e }
}

mechanism! {
    /// Brogliato (2013), Sect. 4.3 and Example 3: the rod of `RodWall` (centre (x, y), angle θ,
    /// half-length l) against the wall x − l cos θ ≥ 0, with the centre on the line
    /// αx + βy + γ = 0 (bilateral). α = 0 gives the kinetically orthogonal family g = βy + δ,
    /// which takes no percussion at an impact; α ≠ 0 the slanted guide of Fig. 3.
    struct RodLine;
    parameters { m: 1.0, l: 0.5, alpha: 0.5, beta: 1.0, gamma: -1.0, g: 9.81, e: 0.5 }
    coordinates { x, y, theta }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2)) + 0.5 * (m * l.powi(2) / 3.0) * dot(theta).powi(2);
    potential = m * g * y;
    constraint line = alpha * x + beta * y + gamma;
    contact wall { gap: x - l * cos(theta), restitution: e }
}

mechanism! {
    /// Constructed case for Lötstedt's Theorem 5.4: a unit point mass on the floor y ≥ 0, no
    /// gravity, pushed by the force a (t − t0). At t = t0 with y = ẏ = 0 both λ and δ = ÿ
    /// vanish; λ̇ = −a, δ̇ = a/m decide the active set.
    struct RampForce;
    parameters { m: 1.0, a: 1.0, t0: 0.0 }
    coordinates { y }
    time t;
    kinetic = 0.5 * m * dot(y).powi(2);
    forces { y: a * (t - t0) }
    contact floor { gap: y, restitution: 0.0 }
}

mechanism! {
    /// Lötstedt (1982), Sect. 1: a point mass m on an inextensible string of length ℓ tied to
    /// the origin. The string is a unilateral distance constraint ℓ − √(x² + y²) ≥ 0: slack
    /// (free parabolic flight) while the gap is positive, taut (circular pendulum, tension
    /// λ ≥ 0) while it is closed; it tightens with Newton's law of restitution e.
    struct BallOnString;
    parameters { m: 1.0, ell: 1.0, g: 9.81, e: 0.0 }
    coordinates { x, y }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    contact string { gap: ell - (x.powi(2) + y.powi(2)).sqrt(), restitution: e }
}

mechanism! {
    /// Brogliato (2013), Example 1, pushed up: the block of `BlockThreeContacts` (q = (x, y),
    /// x vertical, no rotation) on three aligned points of its base, h₁ = h₂ = h₃ = x − l ≥ 0,
    /// with a vertical force f(t) = k t. The Delassus matrix W_NᵀM⁻¹W_N = (1/m)𝟙𝟙ᵀ has rank 1:
    /// the acceleration is unique, the three multipliers are not. Lift-off at f(t) = m g,
    /// i.e. t_lift = m g / k.
    struct BlockLift;
    parameters { m: 1.0, l: 0.1, g: 9.81, k: 5.0, e: 0.0 }
    coordinates { x, y }
    time t;
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * x;
    forces { x: k * t }
    contact left { gap: x - l, restitution: e }
    contact middle { gap: x - l, restitution: e }
    contact right { gap: x - l, restitution: e }
}

mechanism! {
    /// Constructed case for the second level (k = 2) of Lötstedt's Theorem 5.4: a block of mass
    /// m on the floor y ≥ 0 under gravity, with a vertical force m g + c (t − t0)² that just
    /// balances gravity at t0. Starting at rest on the floor at t0, the closed motion has
    /// λ(t) = −c (t − t0)², the free one ÿ = c (t − t0)²/m, so λ = δ = λ̇ = δ̇ = 0 at t0 and
    /// λ̈ = −2c, δ̈ = 2c/m decide: c < 0 (pushed down) stays closed, c > 0 (pulled up) lifts off
    /// with y = c (t − t0)⁴/(12 m).
    struct QuadraticForce;
    parameters { m: 1.0, g: 9.81, c: 1.0, t0: 0.0 }
    coordinates { y }
    time t;
    kinetic = 0.5 * m * dot(y).powi(2);
    potential = m * g * y;
    forces { y: m * g + c * (t - t0).powi(2) }
    contact floor { gap: y, restitution: 0.0 }
}

mechanism! {
    /// Constructed case for the second level (k = 2) of Lötstedt's Theorem 5.4 with a non-zero
    /// bilateral force carried through the derivative equations (G̈λ_B, 2Ġλ̇_B in (5.10)): a
    /// cart of mass mc on a horizontal rail, coordinate s, against the wall s ≥ 0 (contact
    /// `wall`), with a pendulum bob of mass m at (x, y) on a rigid rod of length l hinged at the
    /// cart (bilateral `rod`), θ from the downward vertical, x − s = l sin θ, y = −l cos θ.
    /// A horizontal force f(t) = a0 + a1 τ + c τ², τ = t − t0, acts on the cart.
    ///
    /// Held at the wall (s ≡ 0) the bob is a simple pendulum, θ̈ = −(g/l) sin θ, with rod
    /// tension T = m l θ̇² + m g cos θ pulling the cart by P = T sin θ, so the wall force is
    /// λ(t) = −f(t) − P(t). Choosing a0 = −P(t0), a1 = −Ṗ(t0) (from Ṫ = −3 m g θ̇ sin θ,
    /// T̈ = −3 m g (θ̈ sin θ + θ̇² cos θ)) makes λ = λ̇ = 0 and, since the level-k LCP reads
    /// δ⁽ᵏ⁾ = a λ⁽ᵏ⁾ + bₖ with a = wᵀM⁻¹Pw = 1/(mc + m sin²θ) and the held motion solving it
    /// with δ⁽ᵏ⁾ = 0, also δ = δ̇ = 0 at t0: the contact is undecided up to level 1 while the
    /// rod carries λ_B ≠ 0 with Ġ, λ̇_B ≠ 0. At level 2, with κ = 2c + P̈(t0): κ < 0 keeps the
    /// cart at the wall with λ̈ = −κ; κ > 0 releases it with δ̈ = κ/(mc + m sin²θ0).
    struct CartPendulumWall;
    parameters { mc: 2.0, m: 1.0, l: 1.0, g: 9.81, a0: 0.0, a1: 0.0, c: 0.0, t0: 0.0 }
    coordinates { s, x, y }
    time t;
    kinetic = 0.5 * mc * dot(s).powi(2) + 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    forces { s: a0 + a1 * (t - t0) + c * (t - t0).powi(2) }
    constraint rod = sqrt((x - s).powi(2) + y.powi(2)) - l;
    contact wall { gap: s, restitution: 0.0 }
}

mechanism! {
    /// `CartPendulumWall` with the rod replaced by a taut string, a second unilateral contact
    /// `string` (gap l − |(x − s, y)|): the string is closed with λ = T > 0 at t0 (decided at
    /// level 0), so its Jacobian rates carry a non-zero force through the derivative equations
    /// (Ẅλ, 2Ẇλ̇ in (5.10)) while the wall is undecided up to level 1. As long as the string
    /// stays taut the closed forms of `CartPendulumWall` hold unchanged (λ_string = T,
    /// κ = 2c + P̈(t0) decides the wall at level 2).
    struct CartStringWall;
    parameters { mc: 2.0, m: 1.0, l: 1.0, g: 9.81, a0: 0.0, a1: 0.0, c: 0.0, t0: 0.0 }
    coordinates { s, x, y }
    time t;
    kinetic = 0.5 * mc * dot(s).powi(2) + 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    forces { s: a0 + a1 * (t - t0) + c * (t - t0).powi(2) }
    contact wall { gap: s, restitution: 0.0 }
    contact string { gap: l - sqrt((x - s).powi(2) + y.powi(2)), restitution: 0.0 }
}

mechanism! {
    /// Redundant contact for Lötstedt's termination criterion 2 (after (5.15), Lemma 5.3): a
    /// pendulum bob of mass m at (x, y) on a rigid rod of length l to the origin (bilateral
    /// `rod`, |r| − l = 0) and, in addition, a string of the same length (contact `string`,
    /// gap l − |r|). The string's column is −1 times the rod's, so its gap vanishes identically
    /// with the rod: it is kept closed with λ = 0 and the rod carries the whole tension
    /// m l θ̇² + m g cos θ.
    struct PendulumRodAndString;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { x, y }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    constraint rod = sqrt(x.powi(2) + y.powi(2)) - l;
    contact string { gap: l - sqrt(x.powi(2) + y.powi(2)), restitution: 0.0 }
}

mechanism! {
    /// Constructed family for Lötstedt's Theorem 5.4 at any level: a block of mass m on the
    /// floor y ≥ 0 (Coulomb friction μ along x) under gravity, with the vertical force
    /// m g + p(τ), p(τ) = c1 τ + c2 τ² + … + c6 τ⁶, τ = t − t0. At rest on the floor the closed
    /// motion has λ(t) = −p(τ): with only c_k ≠ 0, λ and the normal acceleration δ vanish at t0
    /// with their first k − 1 derivatives, and λ⁽ᵏ⁾ = −k! c_k, δ⁽ᵏ⁾ = k! c_k/m decide at level k.
    /// c_k > 0 lifts the block off at t0, y = c_k τ^(k+2)/((k+1)(k+2) m); c_k < 0 keeps it down
    /// with λ = −c_k τ^k.
    struct PolynomialLift;
    parameters {
        m: 1.0, g: 9.81, mu: 0.0, t0: 0.0,
        c1: 0.0, c2: 0.0, c3: 0.0, c4: 0.0, c5: 0.0, c6: 0.0,
    }
    coordinates { x, y }
    time t;
    let tau = t - t0;
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    forces {
        y: m * g + c1 * tau + c2 * tau.powi(2) + c3 * tau.powi(3) + c4 * tau.powi(4)
            + c5 * tau.powi(5) + c6 * tau.powi(6),
    }
    contact floor { gap: y, restitution: 0.0, friction: mu, slip: x }
    generate { targets: [rust, c] }
}

mechanism! {
    /// `PolynomialLift` on a curved guide: a particle of mass m outside the circle of radius R
    /// about the origin (gap |r| − R), under gravity −g e_y and a radial force
    /// F = (m g y/|r| − m |ṙ|²/|r| + p(τ)) r/|r|, p as in `PolynomialLift`. While the particle
    /// slides on the guide (|r| = R) the normal force is λ = −p(τ) exactly, its motion along the
    /// guide is driven by gravity alone, and the curvature enters every derivative of the gap
    /// (Ẇ, Ẅ, the centripetal terms); after lift-off |r|‥ = p(τ)/m − ṙ_r²/|r|.
    struct CurvedLift;
    parameters {
        m: 1.0, R: 1.0, g: 9.81, t0: 0.0,
        c1: 0.0, c2: 0.0, c3: 0.0, c4: 0.0, c5: 0.0, c6: 0.0,
    }
    coordinates { x, y }
    time t;
    let tau = t - t0;
    let r = (x.powi(2) + y.powi(2)).sqrt();
    let p = c1 * tau + c2 * tau.powi(2) + c3 * tau.powi(3) + c4 * tau.powi(4)
        + c5 * tau.powi(5) + c6 * tau.powi(6);
    let push = m * g * y / r - m * (dot(x).powi(2) + dot(y).powi(2)) / r + p;
    body particle { mass: m, position: (x, y) }
    gravity = (0.0, -g);
    load lift { at: particle, force: (push * x / r, push * y / r) }
    contact guide { gap: r - R, restitution: 0.0 }
}

mechanism! {
    /// A rigid rectangular block in the plane (centre (x, y), angle θ, width 2a, height 2b, mass
    /// m, central inertia m (a² + b²)/3) standing on four supports of its base at body
    /// abscissae −a, −a/3, a/3, a over the floor y = 0, Newton restitution e on each. Flat
    /// (θ = 0) the four normal columns (0, 1, sᵢ) span a plane: the contacts are redundant, and
    /// dropped flat the block hits all four at once.
    struct BlockFourSupports;
    parameters { m: 2.0, a: 0.3, b: 0.1, g: 9.81, e: 0.5 }
    coordinates { x, y, theta }
    body block { mass: m, position: (x, y), angle: theta, inertia: m * (a.powi(2) + b.powi(2)) / 3.0 }
    gravity = (0.0, -g);
    contact s1 { gap: y - a * sin(theta) - b * cos(theta), restitution: e }
    contact s2 { gap: y - a / 3.0 * sin(theta) - b * cos(theta), restitution: e }
    contact s3 { gap: y + a / 3.0 * sin(theta) - b * cos(theta), restitution: e }
    contact s4 { gap: y + a * sin(theta) - b * cos(theta), restitution: e }
}

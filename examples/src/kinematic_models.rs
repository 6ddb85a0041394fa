//! Example mechanisms written with points and rigid bodies instead of scalar energies.
//!
//! The compiler assembles T, V, Q and the contact kinematics from the bodies (see
//! `mbcompile::dsl::assemble`): T = Σ ½ m ṙ·ṙ + ½ ωᵀ I ω, V = −Σ m g·r (+ springs, + the direct
//! `potential`), Q from loads and torques, gaps g_N = n̂·(r − r₀) of a point against a line or
//! plane and g_N = L − |r_a − r_b| of a distance limit. Each model here has a scalar twin or a
//! closed form to be checked against (`examples/tests/kinematic_models.rs`).

use mbmacros::mechanism;

mechanism! {
    /// The planar 3-link pendulum of `Chain3` (point masses at the link ends, absolute angles θ_k
    /// from the downward vertical) written as three particles under gravity.
    /// Closed form: M_jk = μ_max(j,k) l_j l_k cos(θ_j − θ_k), μ_k = Σ_{i≥k} m_i.
    struct BodyChain3;
    parameters { m1: 1.0, m2: 0.8, m3: 0.6, l1: 1.0, l2: 0.9, l3: 0.8, g: 9.81 }
    coordinates { th1, th2, th3 }
    let x1 = l1 * sin(th1);
    let y1 = -l1 * cos(th1);
    let x2 = x1 + l2 * sin(th2);
    let y2 = y1 - l2 * cos(th2);
    body bob1 { mass: m1, position: (x1, y1) }
    body bob2 { mass: m2, position: (x2, y2) }
    body bob3 { mass: m3, position: (x2 + l3 * sin(th3), y2 - l3 * cos(th3)) }
    gravity = (0.0, -g);
}

mechanism! {
    /// Heavy symmetric top (Lagrange top) with its tip fixed at the origin: Euler angles
    /// (ψ, θ, φ) of the sequence R = R_z(ψ) R_x(θ) R_z(φ) (body → world), centre of mass at
    /// distance h along the body symmetry axis, r = h R e_z = h (sin ψ sin θ, −cos ψ sin θ, cos θ),
    /// inertia diag(A, A, C) about the centre of mass, gravity −g e_z.
    /// Closed form: T = ½ (m h² + A)(θ̇² + ψ̇² sin²θ) + ½ C (φ̇ + ψ̇ cos θ)², V = m g h cos θ;
    /// ψ and φ are cyclic, so p_ψ = ∂T/∂ψ̇ and p_φ = ∂T/∂φ̇ are conserved with T + V.
    struct HeavyTop;
    parameters {
        /// Mass [kg].
        m: 0.5,
        /// Distance tip–centre of mass [m].
        h: 0.04,
        /// Transverse moment of inertia about the centre of mass [kg m²].
        A: 4.0e-4,
        /// Axial moment of inertia [kg m²].
        C: 6.0e-4,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { psi, theta, phi }
    body top {
        mass: m,
        position: (h * sin(psi) * sin(theta), -h * cos(psi) * sin(theta), h * cos(theta)),
        rotation: [rotz(psi), rotx(theta), rotz(phi)],
        inertia: [[A, 0.0, 0.0], [0.0, A, 0.0], [0.0, 0.0, C]],
    }
    gravity = (0.0, 0.0, -g);
    generate { targets: [rust, c] }
}

mechanism! {
    /// Planar four-bar linkage: crank O–A (length a, angle th1) pivoted at O = (0, 0), coupler
    /// A–B (length b, angle th2), rocker D–B (length c, angle th3) pivoted at D = (d, 0); three
    /// uniform bars (inertia m l²/12 about their centres), gravity −g e_y, a driving torque τ on
    /// the crank and a spring of stiffness k and rest length s0 from B to the fixed point
    /// E = (e_x, e_y). The loop closes by two bilateral constraints
    /// a cos θ₁ + b cos θ₂ − d − c cos θ₃ = 0, a sin θ₁ + b sin θ₂ − c sin θ₃ = 0.
    struct FourBar;
    parameters {
        a: 0.1, b: 0.35, c: 0.3, d: 0.4,
        m1: 0.2, m2: 0.6, m3: 0.5, g: 9.81,
        /// Driving torque on the crank [N m].
        tau: 0.3,
        /// Spring stiffness [N/m].
        k: 20.0,
        /// Spring rest length [m].
        s0: 0.1,
        e_x: 0.5,
        e_y: 0.3,
    }
    coordinates { th1, th2, th3 }
    point A = (a * cos(th1), a * sin(th1));
    point B = (a * cos(th1) + b * cos(th2), a * sin(th1) + b * sin(th2));
    point E = (e_x, e_y);
    body crank {
        mass: m1,
        position: (0.5 * a * cos(th1), 0.5 * a * sin(th1)),
        angle: th1,
        inertia: m1 * a.powi(2) / 12.0,
    }
    body coupler {
        mass: m2,
        position: (a * cos(th1) + 0.5 * b * cos(th2), a * sin(th1) + 0.5 * b * sin(th2)),
        angle: th2,
        inertia: m2 * b.powi(2) / 12.0,
    }
    body rocker {
        mass: m3,
        position: (d + 0.5 * c * cos(th3), 0.5 * c * sin(th3)),
        angle: th3,
        inertia: m3 * c.powi(2) / 12.0,
    }
    gravity = (0.0, -g);
    torque drive { on: crank, value: tau }
    spring pull { between: (B, E), stiffness: k, rest: s0 }
    constraint loop_x = a * cos(th1) + b * cos(th2) - d - c * cos(th3);
    constraint loop_y = a * sin(th1) + b * sin(th2) - c * sin(th3);
}

mechanism! {
    /// The woodpecker toy of Glocker & Studer (2005), Sect. 4 (same parameters as `Woodpecker`,
    /// Table I), written from bodies and points under the paper's linearised kinematics
    /// (small φ_M, φ_S: a body point at (a, b) from its centre of mass moves to
    /// (a − b φ, b + a φ)). Pole axis x = 0, pole surface x = r_O; q = (y, φ_M, φ_S) (13).
    ///
    /// - sleeve: centre of mass M = (0, y), angle φ_M, mass m_M, inertia J_M;
    /// - woodpecker: joint G at (l_M, 0) from M, centre of mass S at (l_G, 0) from G, so
    ///   S = (l_M + l_G, y + l_M φ_M + l_G φ_S), angle φ_S, mass m_S, inertia J_S (Fig. 3);
    /// - the rotational spring ½ c_φ (φ_M − φ_S)² as a direct potential;
    /// - contacts of three points with the pole surface (normal e_x through (r_O, 0), slip along
    ///   +e_y): the beak tip 1 at (−l_S, h_S) from S, the lower and upper sleeve edges at
    ///   (r_M, ∓h_M) from M, giving the gaps (15) and the directions (16).
    struct WoodpeckerBodies;
    parameters {
        /// Radius of pole [m].
        r_O: 0.0025,
        /// Inner radius of sleeve [m].
        r_M: 0.0031,
        /// Half height of sleeve [m].
        h_M: 0.0058,
        /// Distance M–G [m].
        l_M: 0.010,
        /// Distance G–S [m].
        l_G: 0.015,
        /// Distance S–P [m].
        h_S: 0.02,
        /// Length of beak P–1 [m].
        l_S: 0.0201,
        /// Mass of sleeve [kg].
        m_M: 0.0003,
        /// Mass of woodpecker [kg].
        m_S: 0.0045,
        /// Moment of inertia of sleeve [kg m²].
        J_M: 5.0e-9,
        /// Moment of inertia of woodpecker [kg m²].
        J_S: 7.0e-7,
        /// Angular stiffness of the spring [N m/rad].
        c_phi: 0.0056,
        /// Gravity [m/s²].
        g: 9.81,
        /// Normal restitution of the beak contact.
        e_N1: 0.5,
        /// Normal restitution of the sleeve contacts.
        e_N23: 0.0,
        /// Friction coefficient of all contacts.
        mu: 0.3,
    }
    coordinates { y, phi_M, phi_S }
    let y_S = y + l_M * phi_M + l_G * phi_S;
    body sleeve { mass: m_M, position: (0.0, y), angle: phi_M, inertia: J_M }
    body bird { mass: m_S, position: (l_M + l_G, y_S), angle: phi_S, inertia: J_S }
    point beak_tip = (l_M + l_G - l_S - h_S * phi_S, y_S + h_S - l_S * phi_S);
    point sleeve_edge_lower = (r_M + h_M * phi_M, y - h_M + r_M * phi_M);
    point sleeve_edge_upper = (r_M - h_M * phi_M, y + h_M + r_M * phi_M);
    gravity = (0.0, -g);
    potential = 0.5 * c_phi * (phi_M - phi_S).powi(2);
    contact beak {
        point: beak_tip,
        normal: (1.0, 0.0),
        through: (r_O, 0.0),
        tangent: (0.0, 1.0),
        restitution: e_N1,
        friction: mu,
    }
    contact sleeve_lower {
        point: sleeve_edge_lower,
        normal: (1.0, 0.0),
        through: (r_O, 0.0),
        tangent: (0.0, 1.0),
        restitution: e_N23,
        friction: mu,
    }
    contact sleeve_upper {
        point: sleeve_edge_upper,
        normal: (1.0, 0.0),
        through: (r_O, 0.0),
        tangent: (0.0, 1.0),
        restitution: e_N23,
        friction: mu,
    }
}

mechanism! {
    /// A particle (x, y) on an inextensible string of length L tied to the anchor (0, H)
    /// (unilateral: g_N = L − |r − r_anchor| ≥ 0, slack when positive) above a sloped floor
    /// through (0, −d) with upward normal (−s, 1) (g_N = (−s x + y + d)/√(1 + s²), slip along
    /// t̂ = (1, s)/√(1 + s²)), under gravity.
    struct PointBallString;
    parameters {
        m: 1.0, g: 9.81,
        /// String length [m].
        L: 1.0,
        /// Height of the anchor [m].
        H: 0.5,
        /// Depth of the floor below the origin [m].
        d: 0.7,
        /// Floor slope.
        s: 0.2,
        e_string: 0.0,
        e_floor: 0.5,
        mu: 0.4,
    }
    coordinates { x, y }
    point anchor = (0.0, H);
    body ball { mass: m, position: (x, y) }
    gravity = (0.0, -g);
    contact string { distance: (ball, anchor), max: L, restitution: e_string }
    contact floor {
        point: ball,
        normal: (-s, 1.0),
        through: (0.0, -d),
        restitution: e_floor,
        friction: mu,
    }
}

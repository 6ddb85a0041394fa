//! Example mechanisms for the analysis examples (see the crate docs).

use mbmacros::mechanism;

mechanism! {
    /// Brogliato (2013), Example 1: a block that cannot rotate, q = (x, y) with x vertical,
    /// standing on three aligned points of its base: h₁ = h₂ = h₃ = x − l ≥ 0.
    struct BlockThreeContacts;
    parameters { m: 1.0, l: 0.1, g: 9.81, e: 0.0 }
    coordinates { x, y }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));
    potential = m * g * x;
    contact left { gap: x - l, restitution: e }
    contact middle { gap: x - l, restitution: e }
    contact right { gap: x - l, restitution: e }
}

mechanism! {
    /// Painlevé's rod: a uniform rod of length 2l and mass m (I = ml²/3), centre of mass (x, y),
    /// angle θ to the floor, whose lower end touches the rough floor: gap y − l sin θ ≥ 0,
    /// slip x − l cos θ, Coulomb friction μ.
    struct PainleveRod;
    parameters { m: 1.0, l: 0.5, g: 9.81, mu: 0.5 }
    coordinates { x, y, theta }
    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2)) + 0.5 * (m * l.powi(2) / 3.0) * dot(theta).powi(2);
    potential = m * g * y;
    contact tip { gap: y - l * sin(theta), restitution: 0.0, friction: mu, slip: x - l * cos(theta) }
}

mechanism! {
    /// Schulz & Pellegrino (2000), Sect. 6, Fig. 5: rigid bar AB (length L) hinged at A, angle
    /// φ to the horizontal; a zero-length spring (stiffness k) from B to the point D = (−L, p)
    /// of a vertical slider; B must stay above the line AC: g = sin φ ≥ 0. The load parameter is
    /// p (index 2). V = ½k[(L cos φ + L)² + (L sin φ − p)²].
    struct BarSpringStop;
    parameters { k: 1.0, L: 1.0, p: -1.0 }
    coordinates { phi }
    kinetic = 0.5 * (L.powi(2) / 3.0) * dot(phi).powi(2);
    potential = 0.5 * k * ((L * cos(phi) + L).powi(2) + (L * sin(phi) - p).powi(2));
    contact stop { gap: sin(phi), restitution: 0.0 }
}

mechanism! {
    /// The bar-and-spring system of `BarSpringStop` in Cartesian coordinates of B = (x, y):
    /// a bilateral constraint keeps the bar length, x² + y² − L² = 0, and the stop is y / L ≥ 0
    /// (equal to sin φ on the constraint). The load parameter is p (index 2).
    struct BarSpringStopCartesian;
    parameters { k: 1.0, L: 1.0, p: -1.0 }
    coordinates { x, y }
    kinetic = 0.5 * (dot(x).powi(2) + dot(y).powi(2));
    potential = 0.5 * k * ((x + L).powi(2) + (y - p).powi(2));
    constraint length = 0.5 * (x.powi(2) + y.powi(2) - L.powi(2));
    contact stop { gap: y / L, restitution: 0.0 }
}

mechanism! {
    /// A shallow two-bar (von Mises) truss: apex (x, y), supports at (±a, 0), bars of natural
    /// length ℓ₀ = √(a² + h²) with the polynomial (Green-strain) energy c (ℓᵢ² − ℓ₀²)²,
    /// c = k / (8 ℓ₀²), a downward load p at the apex (parameter index 4), and a stop under the
    /// apex: y − y_stop ≥ 0. On x = 0: p(y) = 8c y (h² − y²), limit points at y = ±h/√3.
    struct VonMisesTrussStop;
    parameters { k: 1.0, a: 1.0, h: 0.5, y_stop: 0.1, p: 0.0 }
    coordinates { x, y }
    let c = k / (8.0 * (a.powi(2) + h.powi(2)));
    let s1 = (a + x).powi(2) + y.powi(2) - a.powi(2) - h.powi(2);
    let s2 = (a - x).powi(2) + y.powi(2) - a.powi(2) - h.powi(2);
    kinetic = 0.5 * (dot(x).powi(2) + dot(y).powi(2));
    potential = c * (s1.powi(2) + s2.powi(2)) + p * y;
    contact stop { gap: y - y_stop, restitution: 0.0 }
}

mechanism! {
    /// Euler strut: a rigid bar of length L hinged at its base, held upright by a rotational
    /// spring of stiffness k, angle θ from the vertical, under a dead axial load p at its top
    /// (parameter index 2). V = ½kθ² + pL cos θ; equilibrium kθ = pL sin θ. The trivial path
    /// θ = 0 meets the buckled branch p = kθ/(L sin θ) at the pitchfork bifurcation p = k/L.
    struct EulerStrut;
    parameters { k: 1.0, L: 1.0, p: 0.0 }
    coordinates { theta }
    kinetic = 0.5 * (L.powi(2) / 3.0) * dot(theta).powi(2);
    potential = 0.5 * k * theta.powi(2) + p * L * cos(theta);
}

mechanism! {
    /// The situation of an end point (Schulz & Pellegrino 2000, Sect. 4b, Fig. 4a) with two weakly
    /// active stops: V = k(xy − ½x²) + p(2x − y), x ≥ 0, y ≥ 0 (load parameter p, index 1). For
    /// p > 0 the equilibria are x = 2p/k, y = 0 with λ_y = p; for p < 0 there are none; at the
    /// origin both stops are weakly active and the path-derivative LCP (4.1) has one solution for
    /// ṗ > 0 and none for ṗ < 0 — but also one with ṗ = 0: at p = 0 the half-line x = 0, y ≥ 0
    /// (λ_x = k y) is in equilibrium too, so the path turns horizontal there rather than ending,
    /// which first order cannot tell from an end (Sect. 4(b)). A mathematical example.
    struct TwoStopEndPoint;
    parameters { k: 1.0, p: 0.0 }
    coordinates { x, y }
    kinetic = 0.5 * (dot(x).powi(2) + dot(y).powi(2));
    potential = k * (x * y - 0.5 * x.powi(2)) + p * (2.0 * x - y);
    contact left { gap: x, restitution: 0.0 }
    contact bottom { gap: y, restitution: 0.0 }
}

mechanism! {
    /// A fold (common limit point) of the free path exactly where a stop becomes weakly active:
    /// the singular-H₊ cases of Schulz & Pellegrino (2000), Sect. 7. V = a x³/3 − ½ b p x²
    /// + ½ d y² − p (u_x x + u_y y), stop n_x x + n_y y ≥ 0, load parameter p (index 7). At the
    /// origin with p = 0: H₊ = diag(0, d), w₁ = e_x, ∇U' = −(u_x, u_y), so c₁ = −u_x (7.4),
    /// c₂ = n_x (7.5), and (7.7)–(7.8) give c₃ = ±(n_y − n_x u_y / u_x)/√|d|,
    /// c₄ = n_y (n_y − n_x u_y / u_x) / d.
    struct FoldAtStop;
    parameters { a: 1.0, b: 0.0, d: 1.0, ux: 1.0, uy: 0.0, nx: 1.0, ny: 1.0, p: 0.0 }
    coordinates { x, y }
    kinetic = 0.5 * (dot(x).powi(2) + dot(y).powi(2));
    potential = a * x.powi(3) / 3.0 - 0.5 * b * p * x.powi(2) + 0.5 * d * y.powi(2) - p * (ux * x + uy * y);
    contact stop { gap: nx * x + ny * y, restitution: 0.0 }
}

//! Example mechanisms whose mass matrix depends explicitly on time.
//!
//! For such a model Ṁ = Σ_k (∂M/∂q_k) q̇_k + ∂M/∂t, and the Coriolis matrix C of the contract
//! (Christoffel symbols of the q-dependence of M) satisfies C + Cᵀ = Σ_k (∂M/∂q_k) q̇_k: the
//! matrix Ṁ − ∂M/∂t − 2C is skew-symmetric, Ṁ − 2C is not (`tests/tests/derivation.rs`).

use mbmacros::mechanism;

mechanism! {
    /// A planar double pendulum (point masses, absolute angles θ₁, θ₂ from the downward vertical)
    /// whose upper link is a telescope driven to the length l₁(t) = l₀ + a sin(ωt), like a swing
    /// pumped by its rider. With the bob positions r₁ = l₁ (sin θ₁, −cos θ₁) and
    /// r₂ = r₁ + l₂ (sin θ₂, −cos θ₂):
    /// T = ½ m₁ (l̇₁² + l₁² θ̇₁²) + ½ m₂ |ṙ₂|², V = −g (m₁ + m₂) l₁ cos θ₁ − g m₂ l₂ cos θ₂, and
    /// M(q, t) = [[(m₁ + m₂) l₁², m₂ l₁ l₂ cos(θ₁ − θ₂)], [m₂ l₁ l₂ cos(θ₁ − θ₂), m₂ l₂²]].
    struct TelescopicDoublePendulum;
    parameters {
        /// Mass of the upper bob [kg].
        m1: 1.0,
        /// Mass of the lower bob [kg].
        m2: 0.5,
        /// Mean length of the upper link [m].
        l0: 1.0,
        /// Amplitude of the upper link's length [m].
        a: 0.2,
        /// Angular frequency of the upper link's length [rad/s].
        w: 2.0,
        /// Length of the lower link [m].
        l2: 0.7,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { th1, th2 }
    time t;
    let l1 = l0 + a * sin(w * t);
    let x1 = l1 * sin(th1);
    let y1 = -l1 * cos(th1);
    body bob1 { mass: m1, position: (x1, y1) }
    body bob2 { mass: m2, position: (x1 + l2 * sin(th2), y1 - l2 * cos(th2)) }
    gravity = (0.0, -g);
    generate { targets: [rust, c] }
}

//! Example mechanisms for the linearisation tests and programs, each with a closed-form
//! linearisation (`examples/tests/linearisation_cart_pole.rs`, `linearisation_top.rs`).

use mbmacros::mechanism;

mechanism! {
    /// Cart–pole: a cart of mass M on a horizontal line (coordinate x) carrying, on a massless
    /// rod of length l, a point mass m at angle θ from the upward vertical, under gravity −g e_y;
    /// a horizontal force f acts on the cart (an input of the linearisation).
    /// Closed form: T = ½ (M + m) ẋ² + m l cos θ ẋ θ̇ + ½ m l² θ̇², V = m g l cos θ, Q_x = f,
    /// so ẍ = (f + m l θ̇² sin θ − m g sin θ cos θ)/(M + m sin²θ), θ̈ = (g sin θ − ẍ cos θ)/l.
    struct CartPole;
    parameters {
        /// Cart mass [kg].
        M: 1.0,
        /// Pole (point) mass [kg].
        m: 0.1,
        /// Pole length [m].
        l: 0.5,
        /// Gravity [m/s²].
        g: 9.81,
        /// Horizontal force on the cart [N].
        f: 0.0,
    }
    coordinates { x, theta }
    body cart { mass: M, position: (x, 0.0) }
    body bob { mass: m, position: (x + l * sin(theta), l * cos(theta)) }
    gravity = (0.0, -g);
    forces { x: f }
}

mechanism! {
    /// Heavy symmetric top with its tip fixed at the origin, in Cardan angles regular at the
    /// vertical: R = R_x(a) R_y(b) R_z(φ) (body → world), centre of mass at distance h along
    /// the body symmetry axis, r = h R e_z = h (sin b, −sin a cos b, cos a cos b), inertia
    /// diag(a_I, a_I, c_I) about the centre of mass, gravity −g e_z.
    /// Closed form: with A = a_I + m h² (transverse moment about the tip),
    /// T = ½ A (ḃ² + ȧ² cos²b) + ½ c_I (φ̇ + ȧ sin b)², V = m g h cos a cos b; φ is cyclic and
    /// a = b = 0 with φ̇ = ω is the sleeping top.
    struct CardanTop;
    parameters {
        /// Mass [kg].
        m: 0.5,
        /// Distance tip–centre of mass [m].
        h: 0.04,
        /// Transverse moment of inertia about the centre of mass [kg m²].
        a_I: 4.0e-4,
        /// Axial moment of inertia [kg m²].
        c_I: 6.0e-4,
        /// Gravity [m/s²].
        g: 9.81,
    }
    coordinates { a, b, phi }
    body top {
        mass: m,
        position: (h * sin(b), -h * sin(a) * cos(b), h * cos(a) * cos(b)),
        rotation: [rotx(a), roty(b), rotz(phi)],
        inertia: [[a_I, 0.0, 0.0], [0.0, a_I, 0.0], [0.0, 0.0, c_I]],
    }
    gravity = (0.0, 0.0, -g);
}

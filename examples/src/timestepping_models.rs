//! Example mechanisms for the time-stepping examples (see the crate docs); the woodpecker,
//! bouncing ball, slider-crank and rod models live in the crate root.

use mbmacros::mechanism;

mechanism! {
    /// A mass on a very stiff spring pressed against a stop: the spring (stiffness k, rest
    /// position x_r behind the stop) pushes the mass of height x onto the stop x = 0 with the
    /// preload k·(−x_r). Its period 2π√(m/k) is far below practical steps, so only an implicit
    /// scheme with the exact stiffness K = −∂h/∂x stays stable.
    struct StiffSpringStop;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Spring stiffness [N/m].
        k: 100000000.0,
        /// Rest position of the spring, behind the stop [m].
        x_r: -0.00001,
    }
    coordinates { x }
    kinetic = 0.5 * m * dot(x).powi(2);
    potential = 0.5 * k * (x - x_r).powi(2);
    contact stop { gap: x, restitution: 0.0 }
}

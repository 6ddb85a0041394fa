//! A planar rigid body on four supports (redundant contacts).

use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Number of supports.
pub const SUPPORTS: usize = 4;
const NU: usize = SUPPORTS;

/// A planar rigid body (x, y, θ), mass m, central inertia J, with four support points (aᵢ, bᵢ)
/// in the body frame against the floor: gᵢ(q) = y + aᵢ sin θ + bᵢ cos θ − cᵢ, ∇gᵢ = (0, 1,
/// aᵢ cos θ − bᵢ sin θ), ẇᵢ = −(aᵢ sin θ + bᵢ cos θ) θ̇², frictionless, loaded by
/// a force (F_x, F_y − m g) and a torque τ, restitution e on every support. Four contacts on three coordinates: the columns are
/// dependent, the multipliers of all four closed are not unique (Lötstedt 1982, Lemma 5.2).
#[derive(Clone, Copy)]
pub struct SupportedBody {
    /// Mass m.
    pub m: f64,
    /// Central moment of inertia J.
    pub j: f64,
    /// Gravity g.
    pub g: f64,
    /// Support points (aᵢ, bᵢ) in the body frame.
    pub points: [[f64; 2]; NU],
    /// Floor offsets cᵢ.
    pub floor: [f64; NU],
    /// Applied force (F_x, F_y) and torque τ.
    pub load: [f64; 3],
    /// Newton's restitution e of every support (E = e I).
    pub restitution: f64,
}

impl SupportedBody {
    /// ∇gᵢ at q.
    pub fn normal(&self, q: &Vector<3>, i: usize) -> Vector<3> {
        let [a, b] = self.points[i];
        Vector::<3>::new(0.0, 1.0, a * q[2].cos() - b * q[2].sin())
    }
    /// The height y + aᵢ sin θ + bᵢ cos θ of support i.
    pub fn height(&self, q: &Vector<3>, i: usize) -> f64 {
        let [a, b] = self.points[i];
        q[1] + a * q[2].sin() + b * q[2].cos()
    }
}

impl Dynamics<3> for SupportedBody {
    const NAME: &'static str = "SupportedBody";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<3>, u: &Vector<3>, _: f64) -> f64 {
        0.5 * (self.m * (u[0] * u[0] + u[1] * u[1]) + self.j * u[2] * u[2])
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * self.g * q[1]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        *m = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(self.m, self.m, self.j));
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(self.load[0], self.load[1] - self.m * self.g, self.load[2]);
    }
    fn dynamics(
        &self,
        q: &Vector<3>,
        u: &Vector<3>,
        t: f64,
        m: &mut Matrix<3, 3>,
        h: &mut Vector<3>,
    ) {
        self.mass_matrix(q, t, m);
        self.forces(q, u, t, h);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 0, NU> for SupportedBody {
    const BILATERAL: [&'static str; 0] = [];
    const CONTACTS: [&'static str; NU] = ["s0", "s1", "s2", "s3"];
    fn bilateral(&self, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn bilateral_jacobian(&self, _: &Vector<3>, _: f64, _: &mut Matrix<3, 0>, _: &mut Vector<0>) {}
    fn bilateral_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, _: &mut Vector<0>) {}
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<NU>) {
        for i in 0..NU {
            g[i] = self.height(q, i) - self.floor[i];
        }
    }
    fn gap_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, NU>, p: &mut Vector<NU>) {
        for i in 0..NU {
            w.set_column(i, &self.normal(q, i));
        }
        p.fill(0.0);
    }
    fn gap_drift(&self, q: &Vector<3>, u: &Vector<3>, _: f64, d: &mut Vector<NU>) {
        for i in 0..NU {
            let [a, b] = self.points[i];
            d[i] = -(a * q[2].sin() + b * q[2].cos()) * u[2] * u[2];
        }
    }
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, NU>, p: &mut Vector<NU>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; NU] {
        [ContactLaw {
            normal_restitution: self.restitution,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }; NU]
    }
}

/// A body with random mass, inertia, support points (aᵢ ∈ [−1, 1], bᵢ ∈ [−½, 0]) and load (no
/// restitution), its
/// floor placed under every support at q = (x, y, θ), so that every contact is closed there
/// (with zero normal velocity when θ̇ = ẏ = 0).
pub fn random_body(rng: &mut ChaCha8Rng, q: &Vector<3>) -> SupportedBody {
    let mut body = SupportedBody {
        m: rng.gen_range(0.5..3.0),
        j: rng.gen_range(0.05..0.5),
        g: 9.81,
        points: [[0.0; 2]; NU],
        floor: [0.0; NU],
        load: [
            rng.gen_range(-10.0..10.0),
            rng.gen_range(-20.0..40.0),
            rng.gen_range(-8.0..8.0),
        ],
        restitution: 0.0,
    };
    for i in 0..NU {
        body.points[i] = [rng.gen_range(-1.0..1.0), rng.gen_range(-0.5..0.0)];
        body.floor[i] = body.height(q, i);
    }
    body
}

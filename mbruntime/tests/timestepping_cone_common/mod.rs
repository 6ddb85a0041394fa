//! Hand-written models with spatial contacts shared by the `timestepping_cone_*` tests and the
//! `cone_step` bench. Every force is constant, so the exact force Jacobians are zero and both
//! schemes (Moreau's midpoint rule and Moreau–Jean) apply.
//!
//! * [`Block`]: a point mass (coordinates x, y, z in space) on the plane n·x = 0 through the
//!   origin with n = (−sin α, 0, cos α), tangents t1 = (cos α, 0, sin α) (up the slope) and
//!   t2 = (0, 1, 0): W_N = n, W_T = t1, W_T2 = t2. Its motion along y may drive a flywheel
//!   (rack and pinion) that adds the inertia `lateral_mass` to that direction only, making the
//!   tangential Delassus matrix anisotropic (0 in most tests).
//! * [`Ball`]: a uniform sphere of radius R on the plane z = 0: centre (x, y, z) and φ with
//!   φ̇ = ω, the angular velocity in space. The inertia of a uniform sphere is I𝟙 in every
//!   orientation (I = 2/5 m R², no gyroscopic term: Iω × ω = 0) and the contact kinematics on a
//!   plane depend on ω only, so φ (the integral of ω) is an exact set of coordinates for this
//!   problem although it is not an orientation. The contact point's velocity is
//!   v + ω × (−R e_z) = (ẋ − R ω_y, ẏ + R ω_x, ż): W_N = e_z, W_T = (1, 0, 0, 0, −R, 0),
//!   W_T2 = (0, 1, 0, R, 0, 0).
//! * [`PlanarBlock`]: a point mass (x, z) on the floor z = 0 with planar friction along x (one
//!   tangent, no tangent plane): the contact LCP's route.
//! * [`PlanarAndSpatial`]: a [`PlanarBlock`] and, independent of it, a [`Block`] on a
//!   horizontal plane: a model with both kinds of contact.
//! * [`Particles`]: `NU` independent point masses on the plane z = 0 (coordinates
//!   x_i, y_i, z_i), each with its own friction coefficient, gravity tilted by α in the x–z
//!   plane (a slope seen in its own frame).
#![allow(dead_code)]

use mbruntime::{Constraints, ContactLaw, Dynamics, Jacobians, Matrix, Vector};

/// Gravity.
pub const G: f64 = 9.81;

use mb_testsupport::constant_force_jacobians;

/// The parts of `Constraints` a model without bilateral constraints leaves empty.
macro_rules! no_bilateral {
    ($nq:expr) => {
        const BILATERAL: [&'static str; 0] = [];
        fn bilateral(&self, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
        fn bilateral_jacobian(
            &self,
            _: &Vector<$nq>,
            _: f64,
            _: &mut Matrix<$nq, 0>,
            _: &mut Vector<0>,
        ) {
        }
        fn bilateral_drift(&self, _: &Vector<$nq>, _: &Vector<$nq>, _: f64, _: &mut Vector<0>) {}
    };
}

/// A contact law with friction and a tangent.
pub fn law(mu: f64, e_n: f64, e_t: f64) -> ContactLaw {
    ContactLaw {
        normal_restitution: e_n,
        tangential_restitution: e_t,
        friction: mu,
        has_tangent: true,
    }
}

/// Point mass on the inclined plane n·x = 0 (see the module docs).
#[derive(Debug, Clone, Copy)]
pub struct Block {
    pub m: f64,
    /// Inertia added to the y direction by the flywheel.
    pub lateral_mass: f64,
    /// Slope α (0: horizontal plane).
    pub alpha: f64,
    pub mu: f64,
    pub e_n: f64,
    pub e_t: f64,
}

impl Block {
    pub fn normal(&self) -> Vector<3> {
        Vector::<3>::new(-self.alpha.sin(), 0.0, self.alpha.cos())
    }
    pub fn up_slope(&self) -> Vector<3> {
        Vector::<3>::new(self.alpha.cos(), 0.0, self.alpha.sin())
    }
    pub fn lateral(&self) -> Vector<3> {
        Vector::<3>::new(0.0, 1.0, 0.0)
    }
}

impl Dynamics<3> for Block {
    const NAME: &'static str = "Block";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<3>, u: &Vector<3>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared() + 0.5 * self.lateral_mass * u[1] * u[1]
    }
    fn potential_energy(&self, q: &Vector<3>, _: f64) -> f64 {
        self.m * G * q[2]
    }
    fn mass_matrix(&self, _: &Vector<3>, _: f64, m: &mut Matrix<3, 3>) {
        *m = Matrix::<3, 3>::identity() * self.m;
        m[(1, 1)] += self.lateral_mass;
    }
    fn forces(&self, _: &Vector<3>, _: &Vector<3>, _: f64, h: &mut Vector<3>) {
        *h = Vector::<3>::new(0.0, 0.0, -self.m * G);
    }
    fn coriolis(&self, _: &Vector<3>, _: &Vector<3>, _: f64, c: &mut Matrix<3, 3>) {
        c.fill(0.0);
    }
}

impl Constraints<3, 0, 1> for Block {
    no_bilateral!(3);
    const CONTACTS: [&'static str; 1] = ["plane"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = self.normal().dot(q);
    }
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.normal());
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.up_slope());
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        w.set_column(0, &self.lateral());
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, self.e_n, self.e_t)]
    }
}

constant_force_jacobians!(Block, 3, 0, 1);

/// Uniform sphere on the plane z = 0 (see the module docs).
#[derive(Debug, Clone, Copy)]
pub struct Ball {
    pub m: f64,
    pub radius: f64,
    pub mu: f64,
    pub e_n: f64,
}

impl Ball {
    /// Moment of inertia 2/5 m R².
    pub fn inertia(&self) -> f64 {
        0.4 * self.m * self.radius * self.radius
    }
}

impl Dynamics<6> for Ball {
    const NAME: &'static str = "Ball";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 6] = ["x", "y", "z", "phi_x", "phi_y", "phi_z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<6>, u: &Vector<6>, _: f64) -> f64 {
        0.5 * self.m * u.fixed_rows::<3>(0).norm_squared()
            + 0.5 * self.inertia() * u.fixed_rows::<3>(3).norm_squared()
    }
    fn potential_energy(&self, q: &Vector<6>, _: f64) -> f64 {
        self.m * G * q[2]
    }
    fn mass_matrix(&self, _: &Vector<6>, _: f64, m: &mut Matrix<6, 6>) {
        let i = self.inertia();
        *m = Matrix::<6, 6>::from_diagonal(&Vector::<6>::from([self.m, self.m, self.m, i, i, i]));
    }
    fn forces(&self, _: &Vector<6>, _: &Vector<6>, _: f64, h: &mut Vector<6>) {
        h.fill(0.0);
        h[2] = -self.m * G;
    }
    fn coriolis(&self, _: &Vector<6>, _: &Vector<6>, _: f64, c: &mut Matrix<6, 6>) {
        c.fill(0.0);
    }
}

impl Constraints<6, 0, 1> for Ball {
    no_bilateral!(6);
    const CONTACTS: [&'static str; 1] = ["floor"];
    const TANGENT_PLANES: [bool; 1] = [true];
    fn gaps(&self, q: &Vector<6>, _: f64, g: &mut Vector<1>) {
        g[0] = q[2] - self.radius;
    }
    fn gap_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[2] = 1.0;
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[0] = 1.0;
        w[4] = -self.radius;
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        w[1] = 1.0;
        w[3] = self.radius;
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, self.e_n, 0.0)]
    }
}

constant_force_jacobians!(Ball, 6, 0, 1);

/// Point mass (x, z) on the floor z = 0 with planar friction along x, pulled along x by a
/// constant force `pull`.
#[derive(Debug, Clone, Copy)]
pub struct PlanarBlock {
    pub m: f64,
    pub mu: f64,
    pub pull: f64,
}

impl Dynamics<2> for PlanarBlock {
    const NAME: &'static str = "PlanarBlock";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "z"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<2>, u: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * G * q[1] - self.pull * q[0]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        *h = Vector::<2>::new(self.pull, -self.m * G);
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 0, 1> for PlanarBlock {
    no_bilateral!(2);
    const CONTACTS: [&'static str; 1] = ["floor"];
    fn gaps(&self, q: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g[0] = q[1];
    }
    fn gap_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        *w = Matrix::<2, 1>::new(0.0, 1.0);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        *w = Matrix::<2, 1>::new(1.0, 0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [law(self.mu, 0.0, 0.0)]
    }
}

constant_force_jacobians!(PlanarBlock, 2, 0, 1);

/// A [`PlanarBlock`] (coordinates 0, 1; contact 0, planar) and an independent [`Block`] on a
/// horizontal plane (coordinates 2, 3, 4; contact 1, tangent plane).
#[derive(Debug, Clone, Copy)]
pub struct PlanarAndSpatial {
    pub planar: PlanarBlock,
    pub spatial: Block,
}

impl Dynamics<5> for PlanarAndSpatial {
    const NAME: &'static str = "PlanarAndSpatial";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 5] = ["x_a", "z_a", "x_b", "y_b", "z_b"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<5>, u: &Vector<5>, t: f64) -> f64 {
        let (qa, qb) = split(q);
        let (ua, ub) = split(u);
        self.planar.kinetic_energy(&qa, &ua, t) + self.spatial.kinetic_energy(&qb, &ub, t)
    }
    fn potential_energy(&self, q: &Vector<5>, t: f64) -> f64 {
        let (qa, qb) = split(q);
        self.planar.potential_energy(&qa, t) + self.spatial.potential_energy(&qb, t)
    }
    fn mass_matrix(&self, _: &Vector<5>, _: f64, m: &mut Matrix<5, 5>) {
        let (ma, mb) = (self.planar.m, self.spatial.m);
        *m = Matrix::<5, 5>::from_diagonal(&Vector::<5>::from([ma, ma, mb, mb, mb]));
    }
    fn forces(&self, q: &Vector<5>, u: &Vector<5>, t: f64, h: &mut Vector<5>) {
        let (qa, qb) = split(q);
        let (ua, ub) = split(u);
        let (mut ha, mut hb) = (Vector::<2>::zeros(), Vector::<3>::zeros());
        self.planar.forces(&qa, &ua, t, &mut ha);
        self.spatial.forces(&qb, &ub, t, &mut hb);
        *h = join(&ha, &hb);
    }
    fn coriolis(&self, _: &Vector<5>, _: &Vector<5>, _: f64, c: &mut Matrix<5, 5>) {
        c.fill(0.0);
    }
}

fn split(x: &Vector<5>) -> (Vector<2>, Vector<3>) {
    (
        x.fixed_rows::<2>(0).into_owned(),
        x.fixed_rows::<3>(2).into_owned(),
    )
}

fn join(a: &Vector<2>, b: &Vector<3>) -> Vector<5> {
    Vector::<5>::from([a[0], a[1], b[0], b[1], b[2]])
}

impl Constraints<5, 0, 2> for PlanarAndSpatial {
    no_bilateral!(5);
    const CONTACTS: [&'static str; 2] = ["planar_floor", "spatial_floor"];
    const TANGENT_PLANES: [bool; 2] = [false, true];
    fn gaps(&self, q: &Vector<5>, _: f64, g: &mut Vector<2>) {
        *g = Vector::<2>::new(q[1], self.spatial.normal().dot(&split(q).1));
    }
    fn gap_jacobian(&self, _: &Vector<5>, _: f64, w: &mut Matrix<5, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        w[(1, 0)] = 1.0;
        w.fixed_view_mut::<3, 1>(2, 1)
            .copy_from(&self.spatial.normal());
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<5>, _: &Vector<5>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<5>, _: f64, w: &mut Matrix<5, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        w[(0, 0)] = 1.0;
        w.fixed_view_mut::<3, 1>(2, 1)
            .copy_from(&self.spatial.up_slope());
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<5>, _: &Vector<5>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<5>, _: f64, w: &mut Matrix<5, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        w.fixed_view_mut::<3, 1>(2, 1)
            .copy_from(&self.spatial.lateral());
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [
            law(self.planar.mu, 0.0, 0.0),
            law(self.spatial.mu, self.spatial.e_n, self.spatial.e_t),
        ]
    }
}

constant_force_jacobians!(PlanarAndSpatial, 5, 0, 2);

/// `NU` independent point masses (NQ = 3 NU) on the plane z = 0 under gravity tilted by α in
/// the x–z plane, particle i with friction coefficient `mu[i]`.
#[derive(Debug, Clone, Copy)]
pub struct Particles<const NQ: usize, const NU: usize> {
    pub m: f64,
    pub alpha: f64,
    pub mu: [f64; NU],
}

impl<const NQ: usize, const NU: usize> Particles<NQ, NU> {
    /// Particles with the given friction coefficients (NQ must be 3 NU).
    pub fn new(m: f64, alpha: f64, mu: [f64; NU]) -> Self {
        assert_eq!(NQ, 3 * NU, "three coordinates per particle");
        Self { m, alpha, mu }
    }
}

impl<const NQ: usize, const NU: usize> Dynamics<NQ> for Particles<NQ, NU> {
    const NAME: &'static str = "Particles";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; NQ] = [""; NQ];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<NQ>, u: &Vector<NQ>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<NQ>, t: f64) -> f64 {
        let mut h = Vector::<NQ>::zeros();
        self.forces(q, q, t, &mut h);
        -h.dot(q)
    }
    fn mass_matrix(&self, _: &Vector<NQ>, _: f64, m: &mut Matrix<NQ, NQ>) {
        *m = Matrix::<NQ, NQ>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, h: &mut Vector<NQ>) {
        for i in 0..NU {
            h[3 * i] = -self.m * G * self.alpha.sin();
            h[3 * i + 1] = 0.0;
            h[3 * i + 2] = -self.m * G * self.alpha.cos();
        }
    }
    fn coriolis(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, c: &mut Matrix<NQ, NQ>) {
        c.fill(0.0);
    }
}

impl<const NQ: usize, const NU: usize> Constraints<NQ, 0, NU> for Particles<NQ, NU> {
    no_bilateral!(NQ);
    const CONTACTS: [&'static str; NU] = ["particle"; NU];
    const TANGENT_PLANES: [bool; NU] = [true; NU];
    fn gaps(&self, q: &Vector<NQ>, _: f64, g: &mut Vector<NU>) {
        for i in 0..NU {
            g[i] = q[3 * i + 2];
        }
    }
    fn gap_jacobian(&self, _: &Vector<NQ>, _: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        unit_columns(w, 2);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<NQ>, _: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        unit_columns(w, 0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NU>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(
        &self,
        _: &Vector<NQ>,
        _: f64,
        w: &mut Matrix<NQ, NU>,
        p: &mut Vector<NU>,
    ) {
        unit_columns(w, 1);
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; NU] {
        self.mu.map(|mu| law(mu, 0.0, 0.0))
    }
}

/// Column i = e_{3i + component}.
fn unit_columns<const NQ: usize, const NU: usize>(w: &mut Matrix<NQ, NU>, component: usize) {
    w.fill(0.0);
    for i in 0..NU {
        w[(3 * i + component, i)] = 1.0;
    }
}

impl<const NQ: usize, const NU: usize> Jacobians<NQ, 0, NU> for Particles<NQ, NU> {
    fn force_jacobians(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        dh_dq: &mut Matrix<NQ, NQ>,
        dh_du: &mut Matrix<NQ, NQ>,
    ) {
        dh_dq.fill(0.0);
        dh_du.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<NQ>, _: &Vector<NQ>, _: f64, d: &mut Vector<NQ>) {
        d.fill(0.0);
    }
    fn mass_action_jacobian(
        &self,
        _: &Vector<NQ>,
        _: f64,
        _: &Vector<NQ>,
        out: &mut Matrix<NQ, NQ>,
    ) {
        out.fill(0.0);
    }
    fn force_parameter_derivative(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        _: usize,
        _: &mut Vector<NQ>,
    ) -> bool {
        false
    }
    fn mass_action_parameter_derivative(
        &self,
        _: &Vector<NQ>,
        _: f64,
        _: &Vector<NQ>,
        _: usize,
        _: &mut Vector<NQ>,
    ) -> bool {
        false
    }
    fn parameter_enters_constraints(&self, _: usize) -> bool {
        false
    }
    fn bilateral_drift_jacobians(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        _: &mut Matrix<0, NQ>,
        _: &mut Matrix<0, NQ>,
    ) {
    }
    fn gap_drift_jacobians(
        &self,
        _: &Vector<NQ>,
        _: &Vector<NQ>,
        _: f64,
        d_dq: &mut Matrix<NU, NQ>,
        d_du: &mut Matrix<NU, NQ>,
    ) {
        d_dq.fill(0.0);
        d_du.fill(0.0);
    }
}

//! A planar-friction block and a spatial-friction block side by side.

use super::{Block, PlanarBlock, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// A [`PlanarBlock`] (coordinates 0, 1 = x_a, z_a; contact 0, planar friction) and, independent
/// of it, a [`Block`] (coordinates 2, 3, 4 = x_b, y_b, z_b; contact 1, tangent plane): a model
/// with both kinds of contact. Its energies and forces are those of the two parts, its mass
/// matrix diag(m_a, m_a, m_b, m_b, m_b) (the [`Block`]'s `lateral_mass` is meant to be 0);
/// every force is constant (zero force Jacobians), and each part moves as it would alone.
#[derive(Debug, Clone, Copy)]
pub struct PlanarAndSpatial {
    /// The block with planar friction.
    pub planar: PlanarBlock,
    /// The block with a tangent plane.
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
    crate::no_bilateral!(5);
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

crate::constant_force_jacobians!(PlanarAndSpatial, 5, 0, 2);

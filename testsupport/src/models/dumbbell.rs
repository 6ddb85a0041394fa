//! Two point masses joined by a rod, sliding on a floor with spatial Coulomb friction.

use super::{G, law};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// A dumbbell: two point masses m (coordinates x₁, y₁, z₁, x₂, y₂, z₂) joined by a massless rod
/// of length L, the bilateral constraint ½(|p₁ − p₂|² − L²) = 0 (drift ‖u₁ − u₂‖²), under
/// gravity [`G`], each end with its own contact on the floor z = 0 with a tangent plane
/// (tangents e_x, e_y, friction μ, no restitution). The rod couples the contacts' Delassus
/// blocks through the constrained inverse, so the cone problem is not block diagonal, and it is
/// singular (rank 5 of 6: equal and opposite impulses along the rod are taken up by the rod).
/// Forces are constant (zero force Jacobians); the rod's drift partials are written out.
///
/// Launched in translation with speed v₀ in any horizontal direction it translates without
/// turning, decelerates at μ g on a straight line and stops at t* = v₀/(μ g) after
/// v₀²/(2 μ g), like a single block.
#[derive(Clone, Copy)]
pub struct Dumbbell {
    /// Mass m of each end.
    pub m: f64,
    /// Length L of the rod.
    pub length: f64,
    /// Friction coefficient μ of both contacts.
    pub mu: f64,
}

impl Dumbbell {
    /// The positions (p₁, p₂), or velocities, of the two ends in q (or u).
    pub fn ends(q: &Vector<6>) -> (Vector<3>, Vector<3>) {
        (
            q.fixed_rows::<3>(0).into_owned(),
            q.fixed_rows::<3>(3).into_owned(),
        )
    }
}

impl Dynamics<6> for Dumbbell {
    const NAME: &'static str = "Dumbbell";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 6] = ["x1", "y1", "z1", "x2", "y2", "z2"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<6>, u: &Vector<6>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<6>, _: f64) -> f64 {
        self.m * G * (q[2] + q[5])
    }
    fn mass_matrix(&self, _: &Vector<6>, _: f64, m: &mut Matrix<6, 6>) {
        *m = Matrix::<6, 6>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<6>, _: &Vector<6>, _: f64, h: &mut Vector<6>) {
        *h = Vector::<6>::from([0.0, 0.0, -self.m * G, 0.0, 0.0, -self.m * G]);
    }
    fn coriolis(&self, _: &Vector<6>, _: &Vector<6>, _: f64, c: &mut Matrix<6, 6>) {
        c.fill(0.0);
    }
}

impl Constraints<6, 1, 2> for Dumbbell {
    const BILATERAL: [&'static str; 1] = ["rod"];
    const CONTACTS: [&'static str; 2] = ["end1", "end2"];
    const TANGENT_PLANES: [bool; 2] = [true, true];
    fn bilateral(&self, q: &Vector<6>, _: f64, g: &mut Vector<1>) {
        let (p1, p2) = Self::ends(q);
        g[0] = 0.5 * ((p1 - p2).norm_squared() - self.length * self.length);
    }
    fn bilateral_jacobian(&self, q: &Vector<6>, _: f64, jac: &mut Matrix<6, 1>, p: &mut Vector<1>) {
        let (p1, p2) = Self::ends(q);
        let d = p1 - p2;
        *jac = Matrix::<6, 1>::from([d[0], d[1], d[2], -d[0], -d[1], -d[2]]);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<6>, u: &Vector<6>, _: f64, drift: &mut Vector<1>) {
        let (u1, u2) = Self::ends(u);
        drift[0] = (u1 - u2).norm_squared();
    }
    fn gaps(&self, q: &Vector<6>, _: f64, g: &mut Vector<2>) {
        *g = Vector::<2>::new(q[2], q[5]);
    }
    fn gap_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        (w[(2, 0)], w[(5, 1)]) = (1.0, 1.0);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        (w[(0, 0)], w[(3, 1)]) = (1.0, 1.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<6>, _: &Vector<6>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn second_slip_jacobian(&self, _: &Vector<6>, _: f64, w: &mut Matrix<6, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        (w[(1, 0)], w[(4, 1)]) = (1.0, 1.0);
        p.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [law(self.mu, 0.0, 0.0); 2]
    }
}

/// Constant forces (gravity): zero force Jacobians; the rod's drift ‖u₁ − u₂‖² depends on u.
impl Dumbbell {
    /// ∂(Ġq̇)/∂q = 0, ∂(Ġq̇)/∂q̇ of the rod constraint, for
    /// [`crate::constant_force_jacobians!`].
    fn bilateral_drift_partials(
        &self,
        _: &Vector<6>,
        u: &Vector<6>,
        d_dq: &mut Matrix<1, 6>,
        d_du: &mut Matrix<1, 6>,
    ) {
        let (u1, u2) = Self::ends(u);
        let r = (u1 - u2) * 2.0;
        d_dq.fill(0.0);
        *d_du = Matrix::<1, 6>::from([r[0], r[1], r[2], -r[0], -r[1], -r[2]]);
    }
}

crate::constant_force_jacobians!(Dumbbell, 6, 1, 2, bilateral_drift);

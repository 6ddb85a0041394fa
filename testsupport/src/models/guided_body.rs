//! The body on four supports with a guide (a bilateral constraint).

use super::SupportedBody;
use super::supported_body::SUPPORTS;
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// The [`SupportedBody`] with its x tied to θ by the guide g(q) = x + κθ − c₀ = 0 (a rack):
/// ∇g = (1, 0, κ), no drift. With κ = 0 the guide is kinetically orthogonal to every support
/// (M is diagonal and ∇gᵢ has no x component).
#[derive(Clone, Copy)]
pub struct GuidedBody {
    /// The body and its supports.
    pub body: SupportedBody,
    /// κ.
    pub kappa: f64,
    /// c₀.
    pub offset: f64,
}

impl Dynamics<3> for GuidedBody {
    const NAME: &'static str = "GuidedBody";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<3>, u: &Vector<3>, t: f64) -> f64 {
        self.body.kinetic_energy(q, u, t)
    }
    fn potential_energy(&self, q: &Vector<3>, t: f64) -> f64 {
        self.body.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<3>, t: f64, m: &mut Matrix<3, 3>) {
        self.body.mass_matrix(q, t, m);
    }
    fn forces(&self, q: &Vector<3>, u: &Vector<3>, t: f64, h: &mut Vector<3>) {
        self.body.forces(q, u, t, h);
    }
    fn dynamics(
        &self,
        q: &Vector<3>,
        u: &Vector<3>,
        t: f64,
        m: &mut Matrix<3, 3>,
        h: &mut Vector<3>,
    ) {
        self.body.dynamics(q, u, t, m, h);
    }
    fn coriolis(&self, q: &Vector<3>, u: &Vector<3>, t: f64, c: &mut Matrix<3, 3>) {
        self.body.coriolis(q, u, t, c);
    }
}

impl Constraints<3, 1, SUPPORTS> for GuidedBody {
    const BILATERAL: [&'static str; 1] = ["rack"];
    const CONTACTS: [&'static str; SUPPORTS] = ["s0", "s1", "s2", "s3"];
    fn bilateral(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = q[0] + self.kappa * q[2] - self.offset;
    }
    fn bilateral_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        *w = Matrix::<3, 1>::new(1.0, 0.0, self.kappa);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn gaps(&self, q: &Vector<3>, t: f64, g: &mut Vector<SUPPORTS>) {
        self.body.gaps(q, t, g);
    }
    fn gap_jacobian(
        &self,
        q: &Vector<3>,
        t: f64,
        w: &mut Matrix<3, SUPPORTS>,
        p: &mut Vector<SUPPORTS>,
    ) {
        self.body.gap_jacobian(q, t, w, p);
    }
    fn gap_drift(&self, q: &Vector<3>, u: &Vector<3>, t: f64, d: &mut Vector<SUPPORTS>) {
        self.body.gap_drift(q, u, t, d);
    }
    fn slip_jacobian(
        &self,
        q: &Vector<3>,
        t: f64,
        w: &mut Matrix<3, SUPPORTS>,
        p: &mut Vector<SUPPORTS>,
    ) {
        self.body.slip_jacobian(q, t, w, p);
    }
    fn slip_drift(&self, q: &Vector<3>, u: &Vector<3>, t: f64, d: &mut Vector<SUPPORTS>) {
        self.body.slip_drift(q, u, t, d);
    }
    fn contact_laws(&self) -> [ContactLaw; SUPPORTS] {
        self.body.contact_laws()
    }
}

//! A uniform disk on a floor, for impacts with friction.

use mbruntime::{Constraints, ContactLaw, Matrix, Vector};

/// A uniform disk of mass m and radius r (I = ½ m r²) under gravity [`G`](super::G), coordinates
/// q = (x, y, φ) with φ clockwise, on the floor y = r: one contact with the given law,
/// W_N = (0, 1, 0), W_T = (1, 0, −r), so the contact-point slip is γ_T = v_x − r ω. `PLANE`
/// declares a tangent plane (which a planar method must refuse), and `NB = 1` locks the
/// rotation by the bilateral constraint φ = const (G = e_φ).
///
/// Normal and tangential directions decouple (W_Nᵀ M⁻¹ W_T = 0): an impact with restitution e
/// has Λ_N = (1 + e) m |v_y|, v_y⁺ = −e v_y. With D_T = 1/m + r²/I = 3/m the sticking impulse
/// Λ_T* = −(1 + ε_T) γ_T⁻ / D_T is taken if |Λ_T*| ≤ μΛ_N, and otherwise the disk slides through
/// the impact with Λ_T = −μΛ_N sign γ_T⁻; then v_x⁺ = v_x + Λ_T/m, ω⁺ = ω − rΛ_T/I. With the
/// rotation locked D_T = 1/m and the locking impulse is Λ_B = rΛ_T.
#[derive(Debug, Clone, Copy)]
pub struct Disk<const PLANE: bool, const NB: usize> {
    /// Mass m.
    pub m: f64,
    /// Radius r.
    pub r: f64,
    /// The floor contact's law.
    pub law: ContactLaw,
}

impl<const PLANE: bool, const NB: usize> Disk<PLANE, NB> {
    /// Moment of inertia ½ m r².
    pub fn inertia(&self) -> f64 {
        0.5 * self.m * self.r * self.r
    }
}

planar_body_dynamics!([const PLANE: bool, const NB: usize] Disk<PLANE, NB>, "Disk", "phi");

impl<const PLANE: bool, const NB: usize> Constraints<3, NB, 1> for Disk<PLANE, NB> {
    const BILATERAL: [&'static str; NB] = ["lock"; NB];
    const CONTACTS: [&'static str; 1] = ["floor"];
    const TANGENT_PLANES: [bool; 1] = [PLANE];
    fn bilateral(&self, q: &Vector<3>, _: f64, g: &mut Vector<NB>) {
        g.fill(q[2]);
    }
    fn bilateral_jacobian(&self, _: &Vector<3>, _: f64, g: &mut Matrix<3, NB>, p: &mut Vector<NB>) {
        g.fill(0.0);
        for j in 0..NB {
            g[(2, j)] = 1.0;
        }
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<NB>) {
        d.fill(0.0);
    }
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<1>) {
        g[0] = q[1] - self.r;
    }
    fn gap_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        *w = Matrix::<3, 1>::new(0.0, 1.0, 0.0);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<3>, _: f64, w: &mut Matrix<3, 1>, p: &mut Vector<1>) {
        *w = Matrix::<3, 1>::new(1.0, 0.0, -self.r);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [self.law]
    }
}

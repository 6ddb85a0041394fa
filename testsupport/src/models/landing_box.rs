//! A box landing on its two lower corners, for impacts with friction.

use mbruntime::{Constraints, ContactLaw, Matrix, Vector};

/// A box of mass m, half width a and half height b (J = m(a² + b²)/3) under gravity
/// [`G`](super::G), coordinates q = (x, y, θ), landing flat on its two lower corners (∓a, −b) on
/// the floor y = 0 (contacts "left" and "right", both with the given law): at θ = 0
/// W_N,i = (0, 1, s_i a), W_T,i = (1, 0, b) with s = (−1, +1). The contact drifts are left at
/// zero: the model is meant for impacts, which see the columns only.
///
/// Landing with ω = 0 both corners keep γ_N⁺ = −e v_y, so ω⁺ = 0, v_y⁺ = −e v_y and
/// Λ_N,1 + Λ_N,2 = S = (1 + e) m |v_y|. Vertically (v_x = 0) Λ_N,i = S/2 and
/// Λ_T,1 + Λ_T,2 = 0; sliding ((1 + ε_T)|v_x| > μ(1 + e)|v_y|, μb < a) the friction torque
/// balance a(Λ_N,2 − Λ_N,1) = μσbS gives Λ_N,1,2 = S(1 ∓ μσb/a)/2 and v_x⁺ = v_x − μσS/m;
/// sticking v_x⁺ = −ε_T v_x.
#[derive(Debug, Clone, Copy)]
pub struct LandingBox {
    /// Mass m.
    pub m: f64,
    /// Half width a.
    pub a: f64,
    /// Half height b.
    pub b: f64,
    /// The law of both corner contacts.
    pub law: ContactLaw,
}

impl LandingBox {
    /// The sides s of the two corners (∓a, −b).
    pub const SIDES: [f64; 2] = [-1.0, 1.0];

    /// Moment of inertia m(a² + b²)/3.
    pub fn inertia(&self) -> f64 {
        self.m * (self.a * self.a + self.b * self.b) / 3.0
    }
}

planar_body_dynamics!([] LandingBox, "LandingBox", "theta");

impl Constraints<3, 0, 2> for LandingBox {
    crate::no_bilateral!(3);
    const CONTACTS: [&'static str; 2] = ["left", "right"];
    fn gaps(&self, q: &Vector<3>, _: f64, g: &mut Vector<2>) {
        for (i, s) in Self::SIDES.iter().enumerate() {
            g[i] = q[1] + s * self.a * q[2].sin() - self.b * q[2].cos();
        }
    }
    fn gap_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        for (i, s) in Self::SIDES.iter().enumerate() {
            let lever = s * self.a * q[2].cos() + self.b * q[2].sin();
            w.set_column(i, &Vector::<3>::new(0.0, 1.0, lever));
        }
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, q: &Vector<3>, _: f64, w: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        for (i, s) in Self::SIDES.iter().enumerate() {
            let lever = self.b * q[2].cos() - s * self.a * q[2].sin();
            w.set_column(i, &Vector::<3>::new(1.0, 0.0, lever));
        }
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<3>, _: &Vector<3>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [self.law; 2]
    }
}

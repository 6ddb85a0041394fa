//! The Chaplygin sleigh with a slider on a spring, held by a holonomic constraint.

use super::Sleigh;
use mbruntime::{Constraints, Dynamics, Jacobians, Matrix, Statics, Vector};

/// The [`Sleigh`] (coordinates x, y, θ, its knife edge) with a slider: a fourth coordinate s of
/// mass m_s on a spring k (V += ½ k s²), held by the holonomic constraint g = s − x − b sin θ = 0
/// listed after the knife edge; no contacts. So n = 4, r_h = 1, m = 1: three independent
/// coordinates, two independent speeds. ∇g = (−1, 0, −b cos θ, 1), ∇²g has b sin θ at (θ, θ),
/// d = b sin θ θ̇² with ∂d/∂θ = b cos θ θ̇², ∂d/∂θ̇ = 2 b sin θ θ̇, and ∂ġ/∂θ = b sin θ θ̇; every
/// derivative (`Statics`, `Jacobians`) is written out by hand, without parameter derivatives.
/// The default sleigh is tilted by α = 0.3, so that h ≠ 0.
#[derive(Debug, Clone, Copy)]
pub struct SleighWithSlider {
    /// The sleigh.
    pub sleigh: Sleigh,
    /// Mass m_s of the slider.
    pub m_s: f64,
    /// Stiffness k of the spring.
    pub k: f64,
    /// Lever b of the constraint s = x + b sin θ.
    pub b: f64,
}

impl Default for SleighWithSlider {
    fn default() -> Self {
        Self {
            sleigh: Sleigh {
                alpha: 0.3,
                ..Sleigh::default()
            },
            m_s: 0.6,
            k: 3.2,
            b: 0.45,
        }
    }
}

/// A 3-vector with a fourth entry appended.
fn extend(v: &Vector<3>, last: f64) -> Vector<4> {
    Vector::<4>::new(v[0], v[1], v[2], last)
}

/// The first three entries of a 4-vector.
fn planar(q: &Vector<4>) -> Vector<3> {
    Vector::<3>::new(q[0], q[1], q[2])
}

impl Dynamics<4> for SleighWithSlider {
    const NAME: &'static str = "SleighWithSlider";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 4] = ["x", "y", "theta", "s"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, q: &Vector<4>, qd: &Vector<4>, t: f64) -> f64 {
        self.sleigh.kinetic_energy(&planar(q), &planar(qd), t) + 0.5 * self.m_s * qd[3] * qd[3]
    }
    fn potential_energy(&self, q: &Vector<4>, t: f64) -> f64 {
        self.sleigh.potential_energy(&planar(q), t) + 0.5 * self.k * q[3] * q[3]
    }
    fn mass_matrix(&self, q: &Vector<4>, t: f64, m: &mut Matrix<4, 4>) {
        let mut m3 = Matrix::<3, 3>::zeros();
        self.sleigh.mass_matrix(&planar(q), t, &mut m3);
        m.fill(0.0);
        m.fixed_view_mut::<3, 3>(0, 0).copy_from(&m3);
        m[(3, 3)] = self.m_s;
    }
    fn forces(&self, q: &Vector<4>, qd: &Vector<4>, t: f64, h: &mut Vector<4>) {
        let mut h3 = Vector::<3>::zeros();
        self.sleigh.forces(&planar(q), &planar(qd), t, &mut h3);
        *h = extend(&h3, -self.k * q[3]);
    }
    fn coriolis(&self, _: &Vector<4>, _: &Vector<4>, _: f64, c: &mut Matrix<4, 4>) {
        c.fill(0.0);
    }
}

impl Constraints<4, 2, 0> for SleighWithSlider {
    const BILATERAL: [&'static str; 2] = ["knife_edge", "slider"];
    const HOLONOMIC: [bool; 2] = [false, true];
    fn bilateral(&self, q: &Vector<4>, _: f64, g: &mut Vector<2>) {
        *g = Vector::<2>::new(0.0, q[3] - q[0] - self.b * q[2].sin());
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<4>,
        _: f64,
        jac: &mut Matrix<4, 2>,
        g_t: &mut Vector<2>,
    ) {
        jac.set_column(0, &extend(&self.sleigh.constraint_row(q[2]), 0.0));
        jac.set_column(1, &Vector::<4>::new(-1.0, 0.0, -self.b * q[2].cos(), 1.0));
        g_t.fill(0.0);
    }
    fn bilateral_drift(&self, q: &Vector<4>, qd: &Vector<4>, t: f64, d: &mut Vector<2>) {
        let mut d0 = Vector::<1>::zeros();
        self.sleigh
            .bilateral_drift(&planar(q), &planar(qd), t, &mut d0);
        *d = Vector::<2>::new(d0[0], self.b * q[2].sin() * qd[2] * qd[2]);
    }
    crate::no_contacts!(4);
}

impl Statics<4> for SleighWithSlider {
    fn potential_gradient(&self, q: &Vector<4>, t: f64, grad: &mut Vector<4>) {
        let mut g3 = Vector::<3>::zeros();
        self.sleigh.potential_gradient(&planar(q), t, &mut g3);
        *grad = extend(&g3, self.k * q[3]);
    }
    fn potential_hessian(&self, _: &Vector<4>, _: f64, hess: &mut Matrix<4, 4>) {
        hess.fill(0.0);
        hess[(3, 3)] = self.k;
    }
    fn potential_gradient_parameter(
        &self,
        _: &Vector<4>,
        _: f64,
        _: usize,
        _: &mut Vector<4>,
    ) -> bool {
        false
    }
    fn bilateral_hessian(&self, q: &Vector<4>, t: f64, i: usize, hess: &mut Matrix<4, 4>) -> bool {
        hess.fill(0.0);
        match i {
            0 => {
                let mut h3 = Matrix::<3, 3>::zeros();
                self.sleigh.bilateral_hessian(&planar(q), t, 0, &mut h3);
                hess.fixed_view_mut::<3, 3>(0, 0).copy_from(&h3);
                true
            }
            1 => {
                hess[(2, 2)] = self.b * q[2].sin();
                true
            }
            _ => false,
        }
    }
    fn gap_hessian(&self, _: &Vector<4>, _: f64, _: usize, _: &mut Matrix<4, 4>) -> bool {
        false
    }
}

impl Jacobians<4, 2, 0> for SleighWithSlider {
    fn force_jacobians(
        &self,
        _: &Vector<4>,
        _: &Vector<4>,
        _: f64,
        dq: &mut Matrix<4, 4>,
        dqd: &mut Matrix<4, 4>,
    ) {
        dq.fill(0.0);
        dq[(3, 3)] = -self.k;
        dqd.fill(0.0);
    }
    fn force_time_partial(&self, _: &Vector<4>, _: &Vector<4>, _: f64, out: &mut Vector<4>) {
        out.fill(0.0);
    }
    fn mass_action_jacobian(&self, _: &Vector<4>, _: f64, _: &Vector<4>, out: &mut Matrix<4, 4>) {
        out.fill(0.0);
    }
    crate::no_parameter_derivatives!(4);
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<4>,
        qd: &Vector<4>,
        t: f64,
        dq: &mut Matrix<2, 4>,
        dqd: &mut Matrix<2, 4>,
    ) {
        let (mut r_q, mut r_qd) = (Matrix::<1, 3>::zeros(), Matrix::<1, 3>::zeros());
        self.sleigh
            .bilateral_drift_jacobians(&planar(q), &planar(qd), t, &mut r_q, &mut r_qd);
        let (s, c, w) = (q[2].sin(), q[2].cos(), qd[2]);
        *dq = Matrix::<2, 4>::new(
            r_q[0],
            r_q[1],
            r_q[2],
            0.0,
            0.0,
            0.0,
            self.b * c * w * w,
            0.0,
        );
        *dqd = Matrix::<2, 4>::new(
            r_qd[0],
            r_qd[1],
            r_qd[2],
            0.0,
            0.0,
            0.0,
            2.0 * self.b * s * w,
            0.0,
        );
    }
    fn bilateral_velocity_jacobian(
        &self,
        q: &Vector<4>,
        qd: &Vector<4>,
        t: f64,
        out: &mut Matrix<2, 4>,
    ) {
        let mut r = Matrix::<1, 3>::zeros();
        self.sleigh
            .bilateral_velocity_jacobian(&planar(q), &planar(qd), t, &mut r);
        let g_q = self.b * q[2].sin() * qd[2];
        *out = Matrix::<2, 4>::new(r[0], r[1], r[2], 0.0, 0.0, 0.0, g_q, 0.0);
    }
    crate::no_gap_drift_jacobians!(4);
}

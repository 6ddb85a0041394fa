//! The Chaplygin sleigh held on a circle.

use super::Sleigh;
use mbruntime::{Constraints, Matrix, Vector};

/// The [`Sleigh`] (coordinates x, y, θ) with its centre of mass held on the circle
/// x² + y² = R² as well, no contacts: a holonomic row g = x² + y² − R² (∇g = (2x, 2y, 0), drift
/// 2(ẋ² + ẏ²)) before the knife edge's velocity row. The M-nearest point of the circle to a
/// position off it is the radial projection with θ unchanged (M = diag(m, m, I) and the
/// holonomic row does not involve θ).
#[derive(Debug, Clone, Copy)]
pub struct CircleSleigh {
    /// The sleigh.
    pub sleigh: Sleigh,
    /// Radius R of the circle.
    pub radius: f64,
}

sleigh_dynamics!(CircleSleigh, "CircleSleigh");

impl Constraints<3, 2, 0> for CircleSleigh {
    const BILATERAL: [&'static str; 2] = ["circle", "knife_edge"];
    const HOLONOMIC: [bool; 2] = [true, false];
    fn bilateral(&self, q: &Vector<3>, _: f64, g: &mut Vector<2>) {
        *g = Vector::<2>::new(q[0] * q[0] + q[1] * q[1] - self.radius * self.radius, 0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<3>, _: f64, j: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        j.set_column(0, &Vector::<3>::new(2.0 * q[0], 2.0 * q[1], 0.0));
        j.set_column(1, &self.sleigh.constraint_row(q[2]));
        p.fill(0.0);
    }
    /// g̈ = ∇gᵀq̈ + 2(ẋ² + ẏ²); the knife edge's drift from the sleigh.
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<2>) {
        let mut one = Vector::<1>::zeros();
        Constraints::<3, 1, 0>::bilateral_drift(&self.sleigh, q, qd, t, &mut one);
        *d = Vector::<2>::new(2.0 * (qd[0] * qd[0] + qd[1] * qd[1]), one[0]);
    }
    crate::no_contacts!(3);
}

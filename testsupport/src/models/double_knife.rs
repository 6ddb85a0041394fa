//! The Chaplygin sleigh with its knife edge stated twice.

use super::Sleigh;
use mbruntime::{Constraints, Jet, Matrix, Rates, StateJet, Vector};

/// The [`Sleigh`] (coordinates x, y, θ) with its knife edge stated twice, no contacts:
/// G = [Aᵀ Aᵀ] has rank 1 everywhere (a redundant, consistent velocity constraint; Lötstedt
/// 1982, Lemma 5.2), so its motion is the sleigh's (on the level plane the closed form of
/// [`super::sleigh::closed_form`]) with the knife edge's multiplier split over the two equal
/// rows.
#[derive(Debug, Clone, Copy, Default)]
pub struct DoubleKnife {
    /// The sleigh.
    pub sleigh: Sleigh,
}

sleigh_dynamics!(DoubleKnife, "DoubleKnife");

impl Constraints<3, 2, 0> for DoubleKnife {
    const BILATERAL: [&'static str; 2] = ["knife_edge", "knife_edge_again"];
    const HOLONOMIC: [bool; 2] = [false, false];
    fn bilateral(&self, _: &Vector<3>, _: f64, g: &mut Vector<2>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<3>, _: f64, j: &mut Matrix<3, 2>, p: &mut Vector<2>) {
        let row = self.sleigh.constraint_row(q[2]);
        j.set_column(0, &row);
        j.set_column(1, &row);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<2>) {
        let mut one = Vector::<1>::zeros();
        Constraints::<3, 1, 0>::bilateral_drift(&self.sleigh, q, qd, t, &mut one);
        d.fill(one[0]);
    }
    crate::no_contacts!(3);
}

/// The sleigh's jets with the knife edge's multiplier split over the two equal rows.
impl Rates<3, 2, 0> for DoubleKnife {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        lambda_b: &[Jet<N>; 2],
        _: &[Jet<N>; 0],
        out: &mut [Jet<N>; 3],
    ) {
        let total = [lambda_b[0] + lambda_b[1]];
        Rates::<3, 1, 0>::motion_residual_jet(&self.sleigh, x, &total, &[], out);
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 3>,
        bilateral: &mut [Jet<N>; 2],
        _: &mut [Jet<N>; 0],
    ) {
        let mut one = [Jet::ZERO];
        Rates::<3, 1, 0>::constraint_jet(&self.sleigh, x, &mut one, &mut []);
        *bilateral = [one[0], one[0]];
    }
}

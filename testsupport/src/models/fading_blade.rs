//! A particle whose velocity constraint loses rank on a line.

use mbruntime::{Constraints, Jet, Matrix, Rates, StateJet, Vector};

/// A particle q = (x, y) of mass m under gravity g along −y with one velocity constraint
/// γ = x ẏ = 0 (the "blade") and no contacts: its column (0, x) vanishes on the line x = 0,
/// where the constraint matrix loses rank (the linearised constraint constrains nothing there).
/// Away from that line ẏ = 0, so the particle keeps its height and moves along x at constant
/// speed; M = m𝟙, h = (0, −m g), the drift is ẋ ẏ.
#[derive(Debug, Clone, Copy)]
pub struct FadingBlade {
    /// Mass m.
    pub m: f64,
    /// Gravity g.
    pub g: f64,
}

point_mass_dynamics!(FadingBlade, "FadingBlade");

impl Constraints<2, 1, 0> for FadingBlade {
    const BILATERAL: [&'static str; 1] = ["blade"];
    const HOLONOMIC: [bool; 1] = [false];
    fn bilateral(&self, _: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(&self, q: &Vector<2>, _: f64, j: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        j.set_column(0, &Vector::<2>::new(0.0, q[0]));
        p.fill(0.0);
    }
    /// γ̇ = x ÿ + ẋ ẏ.
    fn bilateral_drift(&self, _: &Vector<2>, qd: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d[0] = qd[0] * qd[1];
    }
    crate::no_contacts!(2);
}

/// On jets: r = m q̈ − (0, −m g) − (0, x) λ, γ = x ẏ.
impl Rates<2, 1, 0> for FadingBlade {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 2>,
        lambda_b: &[Jet<N>; 1],
        _: &[Jet<N>; 0],
        out: &mut [Jet<N>; 2],
    ) {
        out[0] = self.m * x.qdd[0];
        out[1] = self.m * x.qdd[1] + self.m * self.g - x.q[0] * lambda_b[0];
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 2>,
        bilateral: &mut [Jet<N>; 1],
        _: &mut [Jet<N>; 0],
    ) {
        bilateral[0] = x.q[0] * x.qd[1];
    }
}

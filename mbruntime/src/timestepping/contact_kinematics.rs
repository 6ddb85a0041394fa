//! The contact kinematics of one step at its evaluation point: the directions W_N, W_T, W_T2
//! of every contact and their explicit time partials.

use crate::mechanism::{Matrix, Vector};

/// W_N, W_T, W_T2 (one column per contact) and ŵ_N, ŵ_T, ŵ_T2 at the evaluation point of a
/// step. W_T2 and ŵ_T2 stay zero for a model without tangent planes (they are not evaluated).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ContactKinematics<const NQ: usize, const NU: usize> {
    /// W_N.
    pub w_n: Matrix<NQ, NU>,
    /// ŵ_N.
    pub what_n: Vector<NU>,
    /// W_T (the first tangent t1 of a contact with a tangent plane).
    pub w_t: Matrix<NQ, NU>,
    /// ŵ_T.
    pub what_t: Vector<NU>,
    /// W_T2 (the second tangent t2; zero column for a contact without tangent plane).
    pub w_t2: Matrix<NQ, NU>,
    /// ŵ_T2.
    pub what_t2: Vector<NU>,
}

impl<const NQ: usize, const NU: usize> ContactKinematics<NQ, NU> {
    /// All directions zero.
    pub(crate) fn zeros() -> Self {
        Self {
            w_n: Matrix::zeros(),
            what_n: Vector::zeros(),
            w_t: Matrix::zeros(),
            what_t: Vector::zeros(),
            w_t2: Matrix::zeros(),
            what_t2: Vector::zeros(),
        }
    }

    /// γ_N = W_Nᵀ u + ŵ_N and γ_T = W_Tᵀ u + ŵ_T.
    pub(crate) fn relative_velocities(&self, u: &Vector<NQ>) -> (Vector<NU>, Vector<NU>) {
        (
            self.w_n.transpose() * u + self.what_n,
            self.w_t.transpose() * u + self.what_t,
        )
    }

    /// γ_T2 = W_T2ᵀ u + ŵ_T2.
    pub(crate) fn second_tangent_velocities(&self, u: &Vector<NQ>) -> Vector<NU> {
        self.w_t2.transpose() * u + self.what_t2
    }
}

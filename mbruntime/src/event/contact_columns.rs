//! The contact Jacobians of the planar frictional problems at one point, and their columns in
//! the kinetic metric with the bilateral constraints condensed: shared by the
//! acceleration-level problem ([`friction_modes`](super::friction_modes)) and the impact law
//! ([`friction_impact`](super::friction_impact)).
//!
//! With the factor L Lᵀ = M and Q the orthonormal basis of L⁻¹G of the kept bilateral columns
//! ([`ConstraintFactor`]), zᵢ = (I − QQᵀ)L⁻¹W_N,i and yᵢ = (I − QQᵀ)L⁻¹W_T,i give every
//! constrained Delassus entry as a dot product: W_iᵀ M_c⁻¹ W_j = zᵢ·zⱼ (Brogliato 2013,
//! (16)–(19), (77)).

use crate::linalg::{ConstraintFactor, NonFiniteEntry, first_non_finite};
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

/// W_N, ŵ_N, W_T, ŵ_T at (q, t) (tangent data zero where the law declares no tangent) and the
/// kinetic-metric columns of the member contacts (zero elsewhere).
#[derive(Debug, Clone, Copy)]
pub(super) struct ContactColumns<const NQ: usize, const NU: usize> {
    pub w_n: Matrix<NQ, NU>,
    pub what_n: Vector<NU>,
    pub w_t: Matrix<NQ, NU>,
    pub what_t: Vector<NU>,
    /// (I − QQᵀ) L⁻¹ W_N of the members.
    pub zn: Matrix<NQ, NU>,
    /// (I − QQᵀ) L⁻¹ W_T of the members.
    pub zt: Matrix<NQ, NU>,
}

/// The columns at (q, t) for the contacts with `members[i]`, with `factor` holding M and the
/// bilateral columns. An error naming the first entry of (W_N, W_T, ŵ_N, ŵ_T) — matrices
/// column-major, in that order — that is not finite.
pub(super) fn contact_columns<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    laws: &[ContactLaw; NU],
    factor: &ConstraintFactor<NQ>,
    members: &[bool; NU],
    t: f64,
    q: &Vector<NQ>,
) -> Result<ContactColumns<NQ, NU>, NonFiniteEntry>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let mut cols = ContactColumns {
        w_n: Matrix::zeros(),
        what_n: Vector::zeros(),
        w_t: Matrix::zeros(),
        what_t: Vector::zeros(),
        zn: Matrix::zeros(),
        zt: Matrix::zeros(),
    };
    model.gap_jacobian(q, t, &mut cols.w_n, &mut cols.what_n);
    model.slip_jacobian(q, t, &mut cols.w_t, &mut cols.what_t);
    let entries = cols.w_n.iter().chain(cols.w_t.iter());
    if let Some(entry) = first_non_finite(entries.chain(&cols.what_n).chain(&cols.what_t)) {
        return Err(entry);
    }
    for i in (0..NU).filter(|&i| !laws[i].has_tangent) {
        cols.w_t.column_mut(i).fill(0.0);
        cols.what_t[i] = 0.0;
    }
    for i in (0..NU).filter(|&i| members[i]) {
        let zn = factor.project_out(&factor.whiten(&cols.w_n.column(i).into_owned()));
        let zt = factor.project_out(&factor.whiten(&cols.w_t.column(i).into_owned()));
        cols.zn.set_column(i, &zn);
        cols.zt.set_column(i, &zt);
    }
    Ok(cols)
}

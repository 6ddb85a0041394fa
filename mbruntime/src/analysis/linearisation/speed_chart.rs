//! The independent speeds u = q̇\[independent_speeds\] of the admissible velocities C q̇ + c = 0
//! (every active constraint at velocity level): N_v = ∂q̇/∂u and the slope ∂q̇/∂q at fixed u
//! along the holonomic manifold.

use nalgebra::DMatrix;

use super::chart::IndependentChart;
use super::constrained_acceleration::{ConstrainedAcceleration, REDUNDANCY_CONSISTENCY_TOLERANCE};
use super::error::{LinearisationError, check_index_list};
use super::split::{DEPENDENT_BLOCK_TOLERANCE, SingularBlock, Split, pivot_columns};
use crate::mechanism::Vector;

/// Independent and dependent speeds with N_v = ∂q̇/∂u (n × k_u) and (∂q̇/∂q)|_u N (n × k_y).
#[derive(Debug, Clone)]
pub(super) struct SpeedChart {
    /// Coordinates whose velocities are the independent speeds u (model indices).
    pub independent: Vec<usize>,
    /// Coordinates whose velocities are the dependent speeds w (model indices, ascending).
    pub dependent: Vec<usize>,
    /// N_v = ∂q̇/∂u: identity rows for u, −C_w⁻¹ C_u rows for w.
    pub speed_map: DMatrix<f64>,
    /// (∂q̇/∂q at fixed u) N: zero rows for u, −C_w⁻¹ (∂γ/∂q) N rows for w.
    pub velocity_slope: DMatrix<f64>,
}

impl SpeedChart {
    /// The speed chart of the system's kept constraints at the operating point, with `gamma_q`
    /// (entry i: ∂γ_i/∂q of active constraint i) and the position chart. `requested`: the
    /// user's independent speeds; otherwise the velocities of the independent coordinates, of
    /// which a column-pivoted QR of C_v N (C_v: the kept velocity constraints) makes one
    /// dependent per velocity constraint.
    pub fn new<const NQ: usize>(
        sys: &ConstrainedAcceleration<NQ>,
        gamma_q: &[Vector<NQ>],
        positions: &IndependentChart,
        requested: Option<&[usize]>,
    ) -> Result<Self, LinearisationError> {
        let c_t = sys.kept_jacobian(false);
        let r = c_t.ncols();
        let (independent, dependent) = match requested {
            Some(u) => split_requested::<NQ>(u, r)?,
            None => split_by_pivoting(&c_t, sys.kept_jacobian(true).ncols(), positions),
        };
        let split = Split::new(&c_t, independent, dependent.clone()).map_err(
            |SingularBlock {
                 smallest_singular_value,
                 threshold,
             }| LinearisationError::SingularDependentSpeedBlock {
                dependent_speeds: dependent,
                smallest_singular_value,
                tolerance: DEPENDENT_BLOCK_TOLERANCE,
                threshold,
            },
        )?;
        // C_u δu + C_w δw = 0.
        let speed_map = split.null_space_map(&c_t);
        // C_w δw + (∂γ/∂q) δq = 0 at fixed u, with δq = N δy.
        let gamma_q_kept = DMatrix::from_fn(r, NQ, |k, j| gamma_q[sys.kept[k]][j]);
        let slope_w = split.solve(-(gamma_q_kept * &positions.tangent));
        let velocity_slope = split.dependent_rows(&slope_w);
        Ok(Self {
            independent: split.independent,
            dependent: split.dependent,
            speed_map,
            velocity_slope,
        })
    }

    /// A velocity constraint i dropped as dependent at q* must stay dependent nearby: its
    /// linearisation (∂γ_i/∂q + A_i (∂q̇/∂q)|_u) N must vanish on the kept constraints'
    /// (to [`REDUNDANCY_CONSISTENCY_TOLERANCE`] relative to the sizes of its two terms).
    pub fn check_dropped<const NQ: usize>(
        &self,
        sys: &ConstrainedAcceleration<NQ>,
        gamma_q: &[Vector<NQ>],
        tangent: &DMatrix<f64>,
    ) -> Result<(), LinearisationError> {
        for &i in sys.dropped.iter().filter(|&&i| !sys.holonomic[i]) {
            let gamma_row = DMatrix::from_fn(1, NQ, |_, j| gamma_q[i][j]);
            let column_row = DMatrix::from_fn(1, NQ, |_, j| sys.columns[i][j]);
            let along = &gamma_row * tangent;
            let through = &column_row * &self.velocity_slope;
            let residual = (&along + &through).amax();
            let threshold = REDUNDANCY_CONSISTENCY_TOLERANCE
                * (gamma_row.norm() * tangent.norm()
                    + column_row.norm() * self.velocity_slope.norm());
            if residual > threshold {
                return Err(LinearisationError::InconsistentVelocityRedundancy {
                    constraint: sys.constraints[i],
                    residual,
                    threshold,
                });
            }
        }
        Ok(())
    }
}

/// The user's independent speeds: in range, distinct, n − r of them.
fn split_requested<const NQ: usize>(
    u: &[usize],
    r: usize,
) -> Result<(Vec<usize>, Vec<usize>), LinearisationError> {
    check_index_list(u, NQ, "independent speed")?;
    if u.len() != NQ - r {
        return Err(LinearisationError::IndependentSpeedCount {
            expected: NQ - r,
            got: u.len(),
        });
    }
    let dependent = (0..NQ).filter(|i| !u.contains(i)).collect();
    Ok((u.to_vec(), dependent))
}

/// Dependent speeds = the velocities of the dependent coordinates z and of the first m pivot
/// columns y_d of a column-pivoted QR of C_v N (m × k_y: the kept velocity constraints on the
/// holonomic tangent space). Then C_w is invertible exactly when (C_v N)_{y_d} is (its Schur
/// complement with respect to the block F_zᵀ of the position chart). The independent speeds are
/// the velocities of the other independent coordinates, in their order.
fn split_by_pivoting(
    c_t: &DMatrix<f64>,
    holonomic_rank: usize,
    positions: &IndependentChart,
) -> (Vec<usize>, Vec<usize>) {
    let m = c_t.ncols() - holonomic_rank;
    let c_v = c_t.columns(holonomic_rank, m).transpose();
    let y_d = pivot_columns(c_v * &positions.tangent, &positions.independent);
    let mut dependent: Vec<usize> = positions.dependent.iter().chain(&y_d).copied().collect();
    dependent.sort_unstable();
    let independent = positions
        .independent
        .iter()
        .filter(|i| !y_d.contains(i))
        .copied()
        .collect();
    (independent, dependent)
}

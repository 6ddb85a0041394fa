//! The chart y = q_independent of the constraint manifold: which coordinates are independent,
//! the tangent map N = ∂q/∂y and the velocity slope ∂q̇/∂y at fixed ẏ.

use nalgebra::{ColPivQR, DMatrix, SVD};

use super::error::{LinearisationError, check_index_list};
use crate::linalg::lu::{factor_in_place, solve_in_place};
use crate::mechanism::Vector;

/// Relative tolerance of the dependent block: F_z (the rows of the kept constraint Jacobian for
/// the dependent coordinates) must have σ_min(F_z) > 10⁻⁹ · σ_max(F), the dependence threshold
/// of the kinetic-metric factorisation. Below it the dependent coordinates are not (to working
/// precision) functions of the independent ones, and N = ∂q/∂y would carry entries ≳ 10⁹.
pub const DEPENDENT_BLOCK_TOLERANCE: f64 = 1e-9;

/// Independent and dependent coordinates with N = ∂q/∂y and ∂q̇/∂y (both n × k).
#[derive(Debug, Clone)]
pub(super) struct IndependentChart {
    /// Independent coordinates y (model indices, ascending unless given by the user).
    pub independent: Vec<usize>,
    /// Dependent coordinates z (model indices).
    pub dependent: Vec<usize>,
    /// N = ∂q/∂y: identity rows for y, −F_z⁻ᵀF_yᵀ rows for z.
    pub tangent: DMatrix<f64>,
    /// ∂q̇/∂y at fixed ẏ: zero rows for y, −F_z⁻ᵀ(½ ∂d/∂q̇ N) rows for z.
    pub velocity_slope: DMatrix<f64>,
}

impl IndependentChart {
    /// The chart for the kept constraint columns `f` (n × r) and their drift velocity Jacobians
    /// (row k: ∂d_k/∂q̇). `requested`: the user's independent coordinates; otherwise a
    /// column-pivoted QR of Fᵀ over the coordinates not in `never_dependent` picks the
    /// dependent ones.
    pub fn new<const NQ: usize>(
        f: &DMatrix<f64>,
        drift_velocity_jacobian: &[Vector<NQ>],
        requested: Option<&[usize]>,
        never_dependent: &[usize],
    ) -> Result<Self, LinearisationError> {
        let r = f.ncols();
        let (independent, dependent) = match requested {
            Some(y) => split_requested::<NQ>(y, r)?,
            None => split_by_pivoting::<NQ>(f, never_dependent),
        };
        let f_z = DMatrix::from_fn(r, r, |z, k| f[(dependent.get(z).copied().unwrap_or(0), k)]);
        check_dependent_block(f, &f_z, &dependent)?;
        let k = NQ - r;
        // F_zᵀ (r × r, row k: kept constraint k), column-major, factored once.
        let mut lu: Vec<f64> = f_z.transpose().as_slice().to_vec();
        let mut pivots = vec![0; r];
        factor_in_place(r, &mut lu, &mut pivots).map_err(|_| singular(&f_z, f, &dependent))?;
        let solve = |rhs: DMatrix<f64>| -> DMatrix<f64> {
            let mut x = rhs;
            for mut col in x.column_iter_mut() {
                solve_in_place(r, &lu, &pivots, col.as_mut_slice());
            }
            x
        };
        // F_yᵀ δy + F_zᵀ δz = 0.
        let f_y_t = DMatrix::from_fn(r, k, |c, j| f[(independent[j], c)]);
        let n_z = solve(-f_y_t);
        let mut tangent = DMatrix::zeros(NQ, k);
        for (j, &y) in independent.iter().enumerate() {
            tangent[(y, j)] = 1.0;
        }
        for (z, &row) in dependent.iter().enumerate() {
            tangent.row_mut(row).copy_from(&n_z.row(z));
        }
        // ∂(Fᵀq̇ + ∂f/∂t)/∂q N + F_zᵀ ∂ż/∂y = 0 with ∂(Fᵀq̇ + ∂f/∂t)/∂q = ½ ∂d/∂q̇.
        let d_qd = DMatrix::from_fn(r, NQ, |c, j| drift_velocity_jacobian[c][j]);
        let z_slope = solve(-(d_qd * &tangent) * 0.5);
        let mut velocity_slope = DMatrix::zeros(NQ, k);
        for (z, &row) in dependent.iter().enumerate() {
            velocity_slope.row_mut(row).copy_from(&z_slope.row(z));
        }
        Ok(Self {
            independent,
            dependent,
            tangent,
            velocity_slope,
        })
    }
}

/// The user's independent coordinates: in range, distinct, n − r of them.
fn split_requested<const NQ: usize>(
    y: &[usize],
    r: usize,
) -> Result<(Vec<usize>, Vec<usize>), LinearisationError> {
    check_index_list(y, NQ, "independent coordinate")?;
    if y.len() != NQ - r {
        return Err(LinearisationError::IndependentCount {
            expected: NQ - r,
            got: y.len(),
        });
    }
    let dependent = (0..NQ).filter(|i| !y.contains(i)).collect();
    Ok((y.to_vec(), dependent))
}

/// Dependent coordinates = the first r pivot columns of a column-pivoted QR of Fᵀ restricted
/// to the candidate coordinates (nalgebra's `ColPivQR`, which pivots on the largest remaining
/// entry). With fewer candidates than r the dependent set is short and the block check fails.
fn split_by_pivoting<const NQ: usize>(
    f: &DMatrix<f64>,
    never_dependent: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let r = f.ncols();
    let candidates: Vec<usize> = (0..NQ).filter(|i| !never_dependent.contains(i)).collect();
    let mut dependent: Vec<usize> = if r == 0 || candidates.is_empty() {
        Vec::new()
    } else {
        let f_t = DMatrix::from_fn(r, candidates.len(), |c, j| f[(candidates[j], c)]);
        let qr = ColPivQR::new(f_t);
        let mut order = DMatrix::from_fn(1, candidates.len(), |_, j| j as f64);
        qr.p().permute_columns(&mut order);
        let pivots = r.min(candidates.len());
        (0..pivots)
            .map(|j| candidates[order[(0, j)] as usize])
            .collect()
    };
    dependent.sort_unstable();
    let independent = (0..NQ).filter(|i| !dependent.contains(i)).collect();
    (independent, dependent)
}

/// σ_min(F_z) > tolerance · σ_max(F), and F_z square.
fn check_dependent_block(
    f: &DMatrix<f64>,
    f_z: &DMatrix<f64>,
    dependent: &[usize],
) -> Result<(), LinearisationError> {
    if f.ncols() == 0 {
        return Ok(());
    }
    let err = singular(f_z, f, dependent);
    match err {
        LinearisationError::SingularDependentBlock {
            smallest_singular_value,
            threshold,
            ..
        } if dependent.len() == f.ncols() && smallest_singular_value > threshold => Ok(()),
        _ => Err(err),
    }
}

/// The [`LinearisationError::SingularDependentBlock`] describing F_z.
fn singular(f_z: &DMatrix<f64>, f: &DMatrix<f64>, dependent: &[usize]) -> LinearisationError {
    let smallest = if dependent.len() == f.ncols() {
        SVD::new(f_z.clone(), false, false).singular_values.min()
    } else {
        0.0
    };
    let norm = SVD::new(f.clone(), false, false).singular_values.max();
    LinearisationError::SingularDependentBlock {
        dependent: dependent.to_vec(),
        smallest_singular_value: smallest,
        tolerance: DEPENDENT_BLOCK_TOLERANCE,
        threshold: DEPENDENT_BLOCK_TOLERANCE * norm,
    }
}

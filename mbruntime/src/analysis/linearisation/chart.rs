//! The chart y = q_independent of the holonomic constraint manifold: which coordinates are
//! independent and the tangent map N = ∂q/∂y.

use nalgebra::DMatrix;

use super::error::{LinearisationError, check_index_list};
use super::split::{DEPENDENT_BLOCK_TOLERANCE, SingularBlock, Split, pivot_columns};

/// Independent and dependent coordinates with N = ∂q/∂y (n × k_y).
#[derive(Debug, Clone)]
pub(super) struct IndependentChart {
    /// Independent coordinates y (model indices, ascending unless given by the user).
    pub independent: Vec<usize>,
    /// Dependent coordinates z (model indices, ascending).
    pub dependent: Vec<usize>,
    /// N = ∂q/∂y: identity rows for y, −F_z⁻ᵀF_yᵀ rows for z.
    pub tangent: DMatrix<f64>,
}

impl IndependentChart {
    /// The chart for the kept holonomic constraint columns `f_h` (n × r_h). `requested`: the
    /// user's independent coordinates; otherwise a column-pivoted QR of F_hᵀ over the
    /// coordinates not in `never_dependent` picks the dependent ones.
    pub fn new<const NQ: usize>(
        f_h: &DMatrix<f64>,
        requested: Option<&[usize]>,
        never_dependent: &[usize],
    ) -> Result<Self, LinearisationError> {
        let r = f_h.ncols();
        let (independent, dependent) = match requested {
            Some(y) => split_requested::<NQ>(y, r)?,
            None => split_by_pivoting::<NQ>(f_h, never_dependent),
        };
        let split = Split::new(f_h, independent, dependent.clone()).map_err(
            |SingularBlock {
                 smallest_singular_value,
                 threshold,
             }| LinearisationError::SingularDependentBlock {
                dependent,
                smallest_singular_value,
                tolerance: DEPENDENT_BLOCK_TOLERANCE,
                threshold,
            },
        )?;
        // F_yᵀ δy + F_zᵀ δz = 0.
        let tangent = split.null_space_map(f_h);
        Ok(Self {
            independent: split.independent,
            dependent: split.dependent,
            tangent,
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

/// Dependent coordinates = the first r pivot columns of a column-pivoted QR of F_hᵀ restricted
/// to the candidate coordinates. With fewer candidates than r the dependent set is short and
/// the block check fails.
fn split_by_pivoting<const NQ: usize>(
    f_h: &DMatrix<f64>,
    never_dependent: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let r = f_h.ncols();
    let candidates: Vec<usize> = (0..NQ).filter(|i| !never_dependent.contains(i)).collect();
    let f_t = DMatrix::from_fn(r, candidates.len(), |c, j| f_h[(candidates[j], c)]);
    let mut dependent = pivot_columns(f_t, &candidates);
    dependent.sort_unstable();
    let independent = (0..NQ).filter(|i| !dependent.contains(i)).collect();
    (independent, dependent)
}

//! A split of the coordinates into independent and dependent ones for a constraint matrix of
//! full column rank: the dependent block, its conditioning check and the solves with it. The
//! position chart (F_h, dependent coordinates) and the speed chart (all of F, dependent speeds)
//! both use it.

use nalgebra::{ColPivQR, DMatrix, SVD};

use crate::linalg::lu::{factor_in_place, solve_in_place};

/// Relative tolerance of the dependent block: F_z (the rows of the kept constraint Jacobian for
/// the dependent coordinates) must have σ_min(F_z) > 10⁻⁹ · σ_max(F), the dependence threshold
/// of the kinetic-metric factorisation. Below it the dependent coordinates are not (to working
/// precision) functions of the independent ones, and N = ∂q/∂y would carry entries ≳ 10⁹. The
/// same tolerance applies to the dependent speeds.
pub const DEPENDENT_BLOCK_TOLERANCE: f64 = 1e-9;

/// The smallest singular value of a dependent block that is too small, and the threshold.
#[derive(Debug, Clone, Copy)]
pub(super) struct SingularBlock {
    /// σ_min of the block (0 if it is not square).
    pub smallest_singular_value: f64,
    /// DEPENDENT_BLOCK_TOLERANCE · σ_max(F).
    pub threshold: f64,
}

/// Independent and dependent coordinates of a constraint matrix F (n × r, one column per
/// constraint), with the LU factors of F_wᵀ (F_w: the rows of F for the dependent ones).
#[derive(Debug, Clone)]
pub(super) struct Split {
    /// Independent coordinates (model indices).
    pub independent: Vec<usize>,
    /// Dependent coordinates (model indices), r of them.
    pub dependent: Vec<usize>,
    /// LU factors of F_wᵀ (r × r, column-major).
    lu: Vec<f64>,
    /// Row pivots of the LU factors.
    pivots: Vec<usize>,
}

impl Split {
    /// Checks σ_min(F_w) > tolerance · σ_max(F) (and F_w square) and factors F_wᵀ.
    pub fn new(
        f: &DMatrix<f64>,
        independent: Vec<usize>,
        dependent: Vec<usize>,
    ) -> Result<Self, SingularBlock> {
        let r = f.ncols();
        let f_w = DMatrix::from_fn(r, r, |w, k| f[(dependent.get(w).copied().unwrap_or(0), k)]);
        if r > 0 {
            let block = conditioning(f, &f_w, dependent.len());
            if !(dependent.len() == r && block.smallest_singular_value > block.threshold) {
                return Err(block);
            }
        }
        // F_wᵀ (row k: constraint k), column-major, factored once.
        let mut lu: Vec<f64> = f_w.transpose().as_slice().to_vec();
        let mut pivots = vec![0; r];
        factor_in_place(r, &mut lu, &mut pivots)
            .map_err(|_| conditioning(f, &f_w, dependent.len()))?;
        Ok(Self {
            independent,
            dependent,
            lu,
            pivots,
        })
    }

    /// F_wᵀ⁻¹ rhs (rhs: r × c).
    pub fn solve(&self, rhs: DMatrix<f64>) -> DMatrix<f64> {
        let r = self.dependent.len();
        let mut x = rhs;
        for mut col in x.column_iter_mut() {
            solve_in_place(r, &self.lu, &self.pivots, col.as_mut_slice());
        }
        x
    }

    /// The solution of Fᵀ δ = 0 in terms of the independent components: identity rows for the
    /// independent coordinates, −F_wᵀ⁻¹ F_iᵀ rows for the dependent ones (n × k).
    pub fn null_space_map(&self, f: &DMatrix<f64>) -> DMatrix<f64> {
        let (r, k) = (f.ncols(), self.independent.len());
        // F_iᵀ δ_i + F_wᵀ δ_w = 0.
        let f_i_t = DMatrix::from_fn(r, k, |c, j| f[(self.independent[j], c)]);
        let mut map = self.dependent_rows(&self.solve(-f_i_t));
        for (j, &i) in self.independent.iter().enumerate() {
            map[(i, j)] = 1.0;
        }
        map
    }

    /// The n × c matrix with `rows` (r × c) in the rows of the dependent coordinates and zeros
    /// elsewhere.
    pub fn dependent_rows(&self, rows: &DMatrix<f64>) -> DMatrix<f64> {
        let n = self.independent.len() + self.dependent.len();
        let mut out = DMatrix::zeros(n, rows.ncols());
        for (w, &row) in self.dependent.iter().enumerate() {
            out.row_mut(row).copy_from(&rows.row(w));
        }
        out
    }
}

/// The labels of the first min(rows, columns) pivot columns of a column-pivoted QR of `matrix`
/// (column j labelled `labels[j]`; nalgebra's `ColPivQR`, which pivots on the largest remaining
/// column), in pivot order.
pub(super) fn pivot_columns(matrix: DMatrix<f64>, labels: &[usize]) -> Vec<usize> {
    let (rows, columns) = matrix.shape();
    if rows == 0 || columns == 0 {
        return Vec::new();
    }
    let qr = ColPivQR::new(matrix);
    let mut order = DMatrix::from_fn(1, columns, |_, j| j as f64);
    qr.p().permute_columns(&mut order);
    (0..rows.min(columns))
        .map(|j| labels[order[(0, j)] as usize])
        .collect()
}

/// σ_min(F_w) (0 unless `dependent_count` = r) and the threshold DEPENDENT_BLOCK_TOLERANCE ·
/// σ_max(F).
fn conditioning(f: &DMatrix<f64>, f_w: &DMatrix<f64>, dependent_count: usize) -> SingularBlock {
    let smallest_singular_value = if dependent_count == f.ncols() {
        SVD::new(f_w.clone(), false, false).singular_values.min()
    } else {
        0.0
    };
    let norm = SVD::new(f.clone(), false, false).singular_values.max();
    SingularBlock {
        smallest_singular_value,
        threshold: DEPENDENT_BLOCK_TOLERANCE * norm,
    }
}

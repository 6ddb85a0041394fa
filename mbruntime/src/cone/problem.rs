//! The discrete frictional contact problem of one time step (Siconos' fc3d) as borrowed,
//! validated slices.

use super::error::{ConeError, ConeSlice};
use super::natural_map::{NaturalMapResidual, natural_map_residual};
use crate::linalg::first_non_finite;

/// `u = W r + q` with `K_i ∋ r_i ⊥ ũ_i ∈ K_i*` for `nc` contacts: the Delassus matrix `W`
/// (column-major `m × m`, `m = 3 nc`, per contact the rows normal, first tangent, second
/// tangent), the free velocity `q ∈ ℝᵐ` and the friction coefficients `μ ∈ ℝ^nc`.
///
/// [`ConeProblem::new`] checks lengths, finiteness, `μ ≥ 0` and a nonnegative diagonal of `W`.
/// Symmetry and positive semidefiniteness of `W` are the caller's contract (a Delassus matrix
/// `H M⁻¹ Hᵀ` has both); they are not checked.
#[derive(Debug, Clone, Copy)]
pub struct ConeProblem<'a> {
    delassus: &'a [f64],
    q: &'a [f64],
    mu: &'a [f64],
    q_norm: f64,
}

impl<'a> ConeProblem<'a> {
    /// Validates and wraps the data; `nc = mu.len()`. Errors name the offending contact.
    pub fn new(delassus: &'a [f64], q: &'a [f64], mu: &'a [f64]) -> Result<Self, ConeError> {
        let nc = mu.len();
        let m = nc.checked_mul(3).ok_or(ConeError::Dimension {
            what: ConeSlice::FreeVelocity,
            expected: usize::MAX,
            got: q.len(),
        })?;
        if q.len() != m {
            return Err(ConeError::Dimension {
                what: ConeSlice::FreeVelocity,
                expected: m,
                got: q.len(),
            });
        }
        let mm = m.saturating_mul(m);
        if delassus.len() != mm {
            return Err(ConeError::Dimension {
                what: ConeSlice::Delassus,
                expected: mm,
                got: delassus.len(),
            });
        }
        for (contact, &x) in mu.iter().enumerate() {
            if !x.is_finite() {
                return Err(ConeError::NonFinite {
                    what: ConeSlice::Friction,
                    index: contact,
                    contact,
                    value: x,
                });
            }
            if x < 0.0 {
                return Err(ConeError::NegativeFriction { contact, mu: x });
            }
        }
        check_finite(ConeSlice::FreeVelocity, q, |index| index / 3)?;
        check_finite(ConeSlice::Delassus, delassus, |index| (index % m) / 3)?;
        for row in 0..m {
            let value = delassus[row + row * m];
            if value < 0.0 {
                return Err(ConeError::NegativeDiagonal {
                    contact: row / 3,
                    component: row % 3,
                    value,
                });
            }
        }
        let q_norm = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        Ok(Self {
            delassus,
            q,
            mu,
            q_norm,
        })
    }

    /// Number of contacts `nc`.
    pub fn contacts(&self) -> usize {
        self.mu.len()
    }

    /// Number of unknowns `m = 3 nc`.
    pub fn dimension(&self) -> usize {
        self.q.len()
    }

    /// The Delassus matrix, column-major.
    pub fn delassus(&self) -> &'a [f64] {
        self.delassus
    }

    /// The free velocity q.
    pub fn free_velocity(&self) -> &'a [f64] {
        self.q
    }

    /// The friction coefficients μ.
    pub fn friction(&self) -> &'a [f64] {
        self.mu
    }

    /// `‖q‖₂`, the scale of the [normalised residual](natural_map_residual).
    pub fn free_velocity_norm(&self) -> f64 {
        self.q_norm
    }

    /// Whether the reaction `r` and the velocity `u` have the problem's `3 nc` entries.
    pub(crate) fn check_lengths(&self, r: &[f64], u: &[f64]) -> Result<(), ConeError> {
        let m = self.dimension();
        for (what, got) in [
            (ConeSlice::Reaction, r.len()),
            (ConeSlice::Velocity, u.len()),
        ] {
            if got != m {
                return Err(ConeError::Dimension {
                    what,
                    expected: m,
                    got,
                });
            }
        }
        Ok(())
    }

    /// Entry `W_ij`.
    #[inline]
    pub(crate) fn w(&self, i: usize, j: usize) -> f64 {
        self.delassus[i + j * self.q.len()]
    }

    /// The 3 × 3 block `W_ij` coupling contacts `i` (rows) and `j` (columns), row-major.
    #[inline]
    pub(crate) fn block(&self, i: usize, j: usize) -> [[f64; 3]; 3] {
        std::array::from_fn(|a| std::array::from_fn(|b| self.w(3 * i + a, 3 * j + b)))
    }

    /// Columns `3j .. 3j + 3` of W (the coupling of contact `j` to every row).
    #[inline]
    pub(crate) fn columns(&self, j: usize) -> &'a [f64] {
        let m = self.q.len();
        &self.delassus[3 * j * m..(3 * j + 3) * m]
    }

    /// `u = W r + q` (lengths `3 nc`, unchecked; never allocates).
    pub(crate) fn velocity(&self, r: &[f64], u: &mut [f64]) {
        self.apply_delassus(r, u);
        for (ui, qi) in u.iter_mut().zip(self.q) {
            *ui += qi;
        }
    }

    /// `y = W x` (lengths `3 nc`; never allocates).
    pub(crate) fn apply_delassus(&self, x: &[f64], y: &mut [f64]) {
        let m = self.q.len();
        let y = &mut y[..m];
        y.fill(0.0);
        for (j, &xj) in x[..m].iter().enumerate() {
            if xj != 0.0 {
                let col = &self.delassus[j * m..(j + 1) * m];
                for (yi, wij) in y.iter_mut().zip(col) {
                    *yi += wij * xj;
                }
            }
        }
    }

    /// Writes `u = W r + q` and returns the normalised natural-map residual of `r`: the
    /// certificate of the [module docs](super), usable on any candidate `r` (`+∞` if `r` has
    /// a non-finite entry). `r` and `u` must hold `3 nc` entries. Never allocates.
    pub fn residual(&self, r: &[f64], u: &mut [f64]) -> Result<NaturalMapResidual, ConeError> {
        self.check_lengths(r, u)?;
        self.velocity(r, u);
        Ok(natural_map_residual(r, u, self.mu, self.q_norm))
    }
}

/// The first non-finite entry of `data`, as [`ConeError::NonFinite`].
fn check_finite(
    what: ConeSlice,
    data: &[f64],
    contact_of: impl Fn(usize) -> usize,
) -> Result<(), ConeError> {
    match first_non_finite(data) {
        Some(e) => Err(ConeError::NonFinite {
            what,
            index: e.index,
            contact: contact_of(e.index),
            value: e.value,
        }),
        None => Ok(()),
    }
}

//! The Cholesky factor of the mass matrix, reused while M is bitwise unchanged.
//!
//! Both schemes factor M at every step (Moreau's midpoint rule uses it as the iteration matrix,
//! Moreau–Jean as the kinetic metric and, without force tangents, as the iteration matrix). For
//! a body whose mass matrix does not depend on q (a point mass, a ball, any model written in
//! Cartesian coordinates) M is the same matrix at every step; comparing its entries bit for bit
//! costs one pass over M, much less than a factorisation. A hit returns the factor computed
//! from the identical matrix, so results are bitwise those of factoring anew.

use nalgebra::{Cholesky, Const};

use super::error::TimeSteppingError;
use crate::linalg::cholesky;
use crate::mechanism::Matrix;

/// The last successfully factored M and its factor, on the heap (allocated once with the
/// stepper: for large NQ the pair would otherwise weigh on the stack of every step).
#[derive(Debug, Clone)]
pub(crate) struct MassFactor<const NQ: usize> {
    last: Box<(Matrix<NQ, NQ>, Cholesky<f64, Const<NQ>>)>,
    valid: bool,
}

impl<const NQ: usize> MassFactor<NQ> {
    /// No factor yet.
    pub(crate) fn new() -> Self {
        let identity = Matrix::<NQ, NQ>::identity();
        let chol = Cholesky::new(identity).expect("the identity is positive definite");
        Self {
            last: Box::new((identity, chol)),
            valid: false,
        }
    }

    /// The Cholesky factor of `m` (evaluated at time `t`, for the error): the cached one if `m`
    /// equals the last factored matrix bit for bit, else a new factorisation (errors as
    /// [`TimeSteppingError::mass_factor`]: M not finite or not positive definite).
    pub(crate) fn factor(
        &mut self,
        m: &Matrix<NQ, NQ>,
        t: f64,
    ) -> Result<Cholesky<f64, Const<NQ>>, TimeSteppingError> {
        if self.valid && bitwise_equal(self.last.0.as_slice(), m.as_slice()) {
            return Ok(self.last.1);
        }
        self.valid = false;
        let chol = cholesky(m).map_err(|e| TimeSteppingError::mass_factor(e, t))?;
        self.last.0 = *m;
        self.last.1 = chol;
        self.valid = true;
        Ok(chol)
    }
}

/// Bit-for-bit equality, one pass without early exit.
fn bitwise_equal(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .fold(0, |diff, (x, y)| diff | (x.to_bits() ^ y.to_bits()))
            == 0
}

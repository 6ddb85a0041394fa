//! The distance of a computed matrix from its reference.

use nalgebra::SMatrix;

/// max |a − b| / max |b|: the entrywise error of `a` relative to the size of the reference `b`
/// (exactly 0 when both vanish; a nonzero `a` against a zero `b` gives a huge value, never NaN).
pub fn relative_error<const R: usize, const C: usize>(
    a: &SMatrix<f64, R, C>,
    b: &SMatrix<f64, R, C>,
) -> f64 {
    (a - b).amax() / b.amax().max(f64::MIN_POSITIVE)
}

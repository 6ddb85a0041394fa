//! Writing results into numpy arrays: one block of numbers per state, stacked along a batch axis
//! (dropped when the input was a single state), matrices in row-major (C) order.

use mbruntime::Matrix;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;

/// Evaluates `f(i, block)` for every state i = 0..n with the GIL released, each filling a block
/// of `len` numbers, and returns the blocks one after the other.
pub fn per_state<F>(py: Python<'_>, n: usize, len: usize, f: F) -> Vec<f64>
where
    F: Fn(usize, &mut [f64]) + Send + Sync,
{
    py.detach(|| {
        let mut out = vec![0.0; n * len];
        if len > 0 {
            for (i, block) in out.chunks_mut(len).enumerate() {
                f(i, block);
            }
        }
        out
    })
}

/// As [`per_state`], for two results per state written into two arrays of blocks of `len_a` and
/// `len_b` numbers (no interleaved buffer to split afterwards).
pub fn per_state_pair<F>(
    py: Python<'_>,
    n: usize,
    (len_a, len_b): (usize, usize),
    f: F,
) -> (Vec<f64>, Vec<f64>)
where
    F: Fn(usize, &mut [f64], &mut [f64]) + Send + Sync,
{
    py.detach(|| {
        let (mut a, mut b) = (vec![0.0; n * len_a], vec![0.0; n * len_b]);
        if len_a > 0 && len_b > 0 {
            let blocks = a.chunks_mut(len_a).zip(b.chunks_mut(len_b));
            for (i, (block_a, block_b)) in blocks.enumerate() {
                f(i, block_a, block_b);
            }
        }
        (a, b)
    })
}

/// Writes `m` into `out` row by row.
pub fn put_matrix<const R: usize, const C: usize>(m: &Matrix<R, C>, out: &mut [f64]) {
    for i in 0..R {
        for j in 0..C {
            out[i * C + j] = m[(i, j)];
        }
    }
}

/// The numpy array of shape (n, *inner) (or `inner` alone when not `batched`) holding `data`.
pub fn shaped<'py>(
    py: Python<'py>,
    data: Vec<f64>,
    n: usize,
    inner: &[usize],
    batched: bool,
) -> PyResult<Bound<'py, PyArrayDyn<f64>>> {
    let mut dims = Vec::with_capacity(inner.len() + 1);
    if batched {
        dims.push(n);
    }
    dims.extend_from_slice(inner);
    PyArray1::from_vec(py, data).reshape(dims)
}

/// A 1-D numpy array of `data`.
pub fn vector<'py>(py: Python<'py>, data: Vec<f64>) -> Bound<'py, PyArray1<f64>> {
    PyArray1::from_vec(py, data)
}

/// A numpy array of shape (rows, cols) from row-major `data`.
pub fn table<'py>(
    py: Python<'py>,
    data: Vec<f64>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyArrayDyn<f64>>> {
    PyArray1::from_vec(py, data).reshape(vec![rows, cols])
}

//! Evaluation over a batch of states: read the arrays in place ([`crate::states`]), evaluate one
//! state at a time with the GIL released, and return arrays of shape (n, *inner) (inner alone
//! for one state). Every vectorised evaluation of a model goes through these three drivers.

use crate::output::{per_state, per_state_pair, shaped};
use crate::states::{read_times, with_state_pair, with_states};
use mbruntime::Vector;
use numpy::PyArrayDyn;
use pyo3::prelude::*;

/// A numpy array of results.
pub type Array<'py> = Bound<'py, PyArrayDyn<f64>>;

fn len(inner: &[usize]) -> usize {
    inner.iter().product()
}

/// `f(q_i, t_i, out_i)` for every position q_i of `q` (a block of shape `inner` per state).
pub fn over_positions<'py, const NQ: usize>(
    py: Python<'py>,
    (q, t): (&Bound<'py, PyAny>, &Bound<'py, PyAny>),
    inner: &[usize],
    f: impl Fn(&Vector<NQ>, f64, &mut [f64]) + Send + Sync,
) -> PyResult<Array<'py>> {
    with_states::<NQ, _>(q, "q", |q, n, batched| {
        let times = read_times(t, n)?;
        let data = per_state(py, n, len(inner), |i, out| f(&q.row(i), times[i], out));
        shaped(py, data, n, inner, batched)
    })
}

/// `f(q_i, q̇_i, t_i, out_i)` for every state of (`q`, `qd`).
pub fn over_states<'py, const NQ: usize>(
    py: Python<'py>,
    (q, qd, t): (&Bound<'py, PyAny>, &Bound<'py, PyAny>, &Bound<'py, PyAny>),
    inner: &[usize],
    f: impl Fn(&Vector<NQ>, &Vector<NQ>, f64, &mut [f64]) + Send + Sync,
) -> PyResult<Array<'py>> {
    with_state_pair::<NQ, _>(q, qd, |q, qd, n, batched| {
        let times = read_times(t, n)?;
        let data = per_state(py, n, len(inner), |i, out| {
            f(&q.row(i), &qd.row(i), times[i], out)
        });
        shaped(py, data, n, inner, batched)
    })
}

/// `f(q_i, q̇_i, t_i, a_i, b_i)` for every state of (`q`, `qd`), with two results per state of
/// shapes `inner.0` and `inner.1`.
pub fn over_states_two<'py, const NQ: usize>(
    py: Python<'py>,
    (q, qd, t): (&Bound<'py, PyAny>, &Bound<'py, PyAny>, &Bound<'py, PyAny>),
    inner: (&[usize], &[usize]),
    f: impl Fn(&Vector<NQ>, &Vector<NQ>, f64, &mut [f64], &mut [f64]) + Send + Sync,
) -> PyResult<(Array<'py>, Array<'py>)> {
    with_state_pair::<NQ, _>(q, qd, |q, qd, n, batched| {
        let times = read_times(t, n)?;
        let (a, b) = per_state_pair(py, n, (len(inner.0), len(inner.1)), |i, a, b| {
            f(&q.row(i), &qd.row(i), times[i], a, b)
        });
        Ok((
            shaped(py, a, n, inner.0, batched)?,
            shaped(py, b, n, inner.1, batched)?,
        ))
    })
}

//! Reading batches of states from numpy: arrays of shape (n, NQ) or (NQ,), float64, any memory
//! layout (C, Fortran or strided views), every entry finite; and the time argument, a float or an
//! array of shape (n,).

use crate::errors::{type_error, value_error};
use mbruntime::Vector;
use numpy::{
    PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

/// A batch of states of `NQ` entries in place: n·NQ numbers, row-major.
#[derive(Debug, Clone, Copy)]
pub struct Rows<'a, const NQ: usize>(&'a [f64]);

impl<const NQ: usize> Rows<'_, NQ> {
    /// State `i`.
    pub fn row(&self, i: usize) -> Vector<NQ> {
        Vector::<NQ>::from_column_slice(&self.0[i * NQ..(i + 1) * NQ])
    }
}

/// Checks `obj` (named `what` in messages) as states of `NQ` entries, shape (n, NQ) or (NQ,), and
/// calls `f(rows, n, batched)`. A non-array is converted with `numpy.asarray(obj,
/// dtype=float64)`; an array must already be float64. A C-contiguous array is read in place (no
/// copy); any other layout is gathered first.
pub fn with_states<const NQ: usize, R>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    f: impl FnOnce(Rows<'_, NQ>, usize, bool) -> PyResult<R>,
) -> PyResult<R> {
    let expected = format!("shape (n, {NQ}) or ({NQ},)");
    let array = as_float_array(obj, what, &expected)?;
    let readonly = array
        .try_readonly()
        .map_err(|e| value_error(format!("{what} cannot be read: {e}")))?;
    let view = readonly.as_array();
    let (n, batched) = match *view.shape() {
        [m] if m == NQ => (1, false),
        [n, m] if m == NQ => (n, true),
        ref shape => {
            return Err(value_error(format!(
                "{what} must have {expected}, got shape {}",
                python_shape(shape)
            )));
        }
    };
    let gathered: Vec<f64>;
    let flat: &[f64] = match view.as_slice() {
        Some(slice) => slice,
        None => {
            gathered = view.iter().copied().collect();
            &gathered
        }
    };
    if let Some(k) = flat.iter().position(|x| !x.is_finite()) {
        let index = if batched {
            format!("[{}, {}]", k / NQ, k % NQ)
        } else {
            format!("[{k}]")
        };
        return Err(value_error(format!(
            "{what}{index} must be finite, got {}",
            flat[k]
        )));
    }
    f(Rows(flat), n, batched)
}

/// Reads one state of `NQ` entries (shape (NQ,)).
pub fn read_state<const NQ: usize>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vector<NQ>> {
    with_states::<NQ, _>(obj, what, |rows, n, batched| {
        if batched {
            return Err(value_error(format!(
                "{what} must be one state of shape ({NQ},), got {n} states"
            )));
        }
        Ok(rows.row(0))
    })
}

/// As [`with_states`] for positions `q` and velocities `qd`, which must have the same shape:
/// calls `f(q, qd, n, batched)`.
pub fn with_state_pair<const NQ: usize, R>(
    q: &Bound<'_, PyAny>,
    qd: &Bound<'_, PyAny>,
    f: impl FnOnce(Rows<'_, NQ>, Rows<'_, NQ>, usize, bool) -> PyResult<R>,
) -> PyResult<R> {
    with_states::<NQ, _>(q, "q", |q, n, batched| {
        with_states::<NQ, _>(qd, "qd", |qd, n_qd, batched_qd| {
            if (n, batched) != (n_qd, batched_qd) {
                return Err(value_error(format!(
                    "q and qd must have the same shape, got {} and {}",
                    shape_text::<NQ>(n, batched),
                    shape_text::<NQ>(n_qd, batched_qd)
                )));
            }
            f(q, qd, n, batched)
        })
    })
}

/// The times of a batch of states: one for all, or one per state; indexed by state.
#[derive(Debug, Clone)]
pub enum Times {
    /// The same time for every state.
    Same(f64),
    /// One time per state.
    Each(Vec<f64>),
}

impl std::ops::Index<usize> for Times {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        match self {
            Times::Same(t) => t,
            Times::Each(ts) => &ts[i],
        }
    }
}

/// The times of a batch of `n` states: a float (the same for all) or an array of shape (n,).
pub fn read_times(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Times> {
    if let Ok(t) = obj.extract::<f64>() {
        if !t.is_finite() {
            return Err(value_error(format!("t must be finite, got {t}")));
        }
        return Ok(Times::Same(t));
    }
    let array = as_float_array(obj, "t", "a float or shape (n,)")?;
    let readonly = array
        .try_readonly()
        .map_err(|e| value_error(format!("t cannot be read: {e}")))?;
    let view = readonly.as_array();
    if view.shape() != [n] {
        return Err(value_error(format!(
            "t must be a float or have shape ({n},), got shape {}",
            python_shape(view.shape())
        )));
    }
    let times: Vec<f64> = view.iter().copied().collect();
    if let Some(t) = times.iter().find(|t| !t.is_finite()) {
        return Err(value_error(format!("t must be finite, got {t}")));
    }
    Ok(Times::Each(times))
}

/// A shape as Python prints it: `(3,)`, `(2, 3)`.
fn python_shape(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

fn shape_text<const NQ: usize>(n: usize, batched: bool) -> String {
    if batched {
        format!("({n}, {NQ})")
    } else {
        format!("({NQ},)")
    }
}

/// `obj` as a float64 array: arrays of another dtype are refused (`TypeError`), anything else goes
/// through `numpy.asarray(obj, dtype=float64)`.
fn as_float_array<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    expected: &str,
) -> PyResult<Bound<'py, PyArrayDyn<f64>>> {
    let py = obj.py();
    let array = match obj.cast::<PyUntypedArray>() {
        Ok(array) => array.clone(),
        Err(_) => py
            .import("numpy")?
            .call_method1("asarray", (obj, "float64"))
            .map_err(|e| {
                type_error(format!(
                    "{what} must be a float64 array of {expected}: {}",
                    e.value(py)
                ))
            })?
            .cast_into::<PyUntypedArray>()
            .map_err(|e| type_error(format!("{what}: {e}")))?,
    };
    let dtype = array.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<f64>(py)) {
        return Err(type_error(format!(
            "{what} must be a float64 array of {expected}, got dtype {dtype}"
        )));
    }
    array
        .cast_into::<PyArrayDyn<f64>>()
        .map_err(|e| type_error(format!("{what}: {e}")))
}

/// Reads a 2-D float64 array of `cols` columns (any layout) as row-major values and its number
/// of rows.
pub fn read_rows(obj: &Bound<'_, PyAny>, what: &str, cols: usize) -> PyResult<(Vec<f64>, usize)> {
    let expected = format!("shape (runs, {cols})");
    let array = as_float_array(obj, what, &expected)?;
    let readonly = array
        .try_readonly()
        .map_err(|e| value_error(format!("{what} cannot be read: {e}")))?;
    let view = readonly.as_array();
    match *view.shape() {
        [rows, c] if c == cols => Ok((view.iter().copied().collect(), rows)),
        ref shape => Err(value_error(format!(
            "{what} must have {expected}, got shape {}",
            python_shape(shape)
        ))),
    }
}

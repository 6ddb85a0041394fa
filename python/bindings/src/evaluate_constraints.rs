//! Vectorised evaluation of the constraint functions over batches of positions: the gaps g_N and
//! W_N = (∂g_N/∂q)ᵀ of the unilateral contacts, the bilateral g and G = (∂g/∂q)ᵀ.

use crate::output::{per_state, put_matrix, shaped};
use crate::states::{read_states, read_times};
use mbruntime::{Constraints, Matrix, Vector};
use numpy::PyArrayDyn;
use pyo3::prelude::*;

type Array<'py> = Bound<'py, PyArrayDyn<f64>>;

/// Gaps g_N(q, t): array (n, NU).
pub fn gaps<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NU, |i, out| {
        let mut g = Vector::<NU>::zeros();
        model.gaps(&q.rows[i], times[i], &mut g);
        out.copy_from_slice(g.as_slice());
    });
    shaped(py, data, q.rows.len(), &[NU], q.batched)
}

/// W_N = (∂g_N/∂q)ᵀ (column i: contact i): array (n, NQ, NU).
pub fn gap_jacobian<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NQ * NU, |i, out| {
        let (mut w, mut partial) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q.rows[i], times[i], &mut w, &mut partial);
        put_matrix(&w, out);
    });
    shaped(py, data, q.rows.len(), &[NQ, NU], q.batched)
}

/// Bilateral constraint values g(q, t) (0 for a velocity constraint): array (n, NB).
pub fn bilateral<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NB, |i, out| {
        let mut g = Vector::<NB>::zeros();
        model.bilateral(&q.rows[i], times[i], &mut g);
        out.copy_from_slice(g.as_slice());
    });
    shaped(py, data, q.rows.len(), &[NB], q.batched)
}

/// G = (∂g/∂q)ᵀ (column i: constraint i; Aᵀ for a velocity constraint): array (n, NQ, NB).
pub fn bilateral_jacobian<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NQ * NB, |i, out| {
        let (mut g, mut partial) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
        model.bilateral_jacobian(&q.rows[i], times[i], &mut g, &mut partial);
        put_matrix(&g, out);
    });
    shaped(py, data, q.rows.len(), &[NQ, NB], q.batched)
}

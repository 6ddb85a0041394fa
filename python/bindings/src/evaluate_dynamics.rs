//! Vectorised evaluation of the unconstrained dynamics over batches of states: M, h, C, T, V and
//! the exact Jacobians ∂h/∂q, ∂h/∂q̇.

use crate::errors::value_error;
use crate::output::{per_state, per_state_pair, put_matrix, shaped};
use crate::states::{read_pair, read_states, read_times, with_flat_states};
use mbruntime::{Dynamics, Jacobians, Matrix, Vector};
use numpy::PyArrayDyn;
use pyo3::prelude::*;

type Array<'py> = Bound<'py, PyArrayDyn<f64>>;

/// M(q, t) and h(q, q̇, t): arrays (n, NQ, NQ) and (n, NQ).
pub fn dynamics<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    qd: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<(Array<'py>, Array<'py>)> {
    with_flat_states::<NQ, _>(q, "q", |q, n, batched| {
        with_flat_states::<NQ, _>(qd, "qd", |qd, n_qd, batched_qd| {
            if (n, batched) != (n_qd, batched_qd) {
                let shape = |n: usize, b: bool| {
                    if b {
                        format!("({n}, {NQ})")
                    } else {
                        format!("({NQ},)")
                    }
                };
                return Err(value_error(format!(
                    "q and qd must have the same shape, got {} and {}",
                    shape(n, batched),
                    shape(n_qd, batched_qd)
                )));
            }
            let times = read_times(t, n)?;
            // The states are read in place, one row at a time, with the GIL released.
            let (ms, hs) = per_state_pair(py, n, (NQ * NQ, NQ), |i, m_out, h_out| {
                let row = |x: &[f64]| Vector::<NQ>::from_column_slice(&x[i * NQ..(i + 1) * NQ]);
                let (mut m, mut h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
                model.dynamics(&row(q), &row(qd), times[i], &mut m, &mut h);
                put_matrix(&m, m_out);
                h_out.copy_from_slice(h.as_slice());
            });
            Ok((
                shaped(py, ms, n, &[NQ, NQ], batched)?,
                shaped(py, hs, n, &[NQ], batched)?,
            ))
        })
    })
}

/// M(q, t): array (n, NQ, NQ).
pub fn mass_matrix<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>> {
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NQ * NQ, |i, out| {
        let mut m = Matrix::<NQ, NQ>::zeros();
        model.mass_matrix(&q.rows[i], times[i], &mut m);
        put_matrix(&m, out);
    });
    shaped(py, data, q.rows.len(), &[NQ, NQ], q.batched)
}

/// h(q, q̇, t): array (n, NQ).
pub fn forces<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    qd: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>> {
    let (q, qd) = read_pair::<NQ>(q, qd)?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NQ, |i, out| {
        let mut h = Vector::<NQ>::zeros();
        model.forces(&q.rows[i], &qd.rows[i], times[i], &mut h);
        out.copy_from_slice(h.as_slice());
    });
    shaped(py, data, q.rows.len(), &[NQ], q.batched)
}

/// C(q, q̇, t): array (n, NQ, NQ).
pub fn coriolis<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    qd: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>> {
    let (q, qd) = read_pair::<NQ>(q, qd)?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), NQ * NQ, |i, out| {
        let mut c = Matrix::<NQ, NQ>::zeros();
        model.coriolis(&q.rows[i], &qd.rows[i], times[i], &mut c);
        put_matrix(&c, out);
    });
    shaped(py, data, q.rows.len(), &[NQ, NQ], q.batched)
}

/// T(q, q̇, t): array (n,) (a 0-d array for one state).
pub fn kinetic_energy<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    qd: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>> {
    let (q, qd) = read_pair::<NQ>(q, qd)?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), 1, |i, out| {
        out[0] = model.kinetic_energy(&q.rows[i], &qd.rows[i], times[i]);
    });
    shaped(py, data, q.rows.len(), &[], q.batched)
}

/// V(q, t): array (n,) (a 0-d array for one state).
pub fn potential_energy<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<Array<'py>> {
    let q = read_states::<NQ>(q, "q")?;
    let times = read_times(t, q.rows.len())?;
    let data = per_state(py, q.rows.len(), 1, |i, out| {
        out[0] = model.potential_energy(&q.rows[i], times[i]);
    });
    shaped(py, data, q.rows.len(), &[], q.batched)
}

/// ∂h/∂q and ∂h/∂q̇ (row i: component h_i): arrays (n, NQ, NQ) each.
pub fn force_jacobians<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q: &Bound<'py, PyAny>,
    qd: &Bound<'py, PyAny>,
    t: &Bound<'py, PyAny>,
) -> PyResult<(Array<'py>, Array<'py>)>
where
    M: Jacobians<NQ, NB, NU> + Sync,
{
    let (q, qd) = read_pair::<NQ>(q, qd)?;
    let n = q.rows.len();
    let times = read_times(t, n)?;
    let both = per_state(py, n, 2 * NQ * NQ, |i, out| {
        let (mut dq, mut dqd) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        model.force_jacobians(&q.rows[i], &qd.rows[i], times[i], &mut dq, &mut dqd);
        put_matrix(&dq, &mut out[..NQ * NQ]);
        put_matrix(&dqd, &mut out[NQ * NQ..]);
    });
    let (mut a, mut b) = (
        Vec::with_capacity(n * NQ * NQ),
        Vec::with_capacity(n * NQ * NQ),
    );
    for block in both.chunks(2 * NQ * NQ) {
        a.extend_from_slice(&block[..NQ * NQ]);
        b.extend_from_slice(&block[NQ * NQ..]);
    }
    Ok((
        shaped(py, a, n, &[NQ, NQ], q.batched)?,
        shaped(py, b, n, &[NQ, NQ], q.batched)?,
    ))
}

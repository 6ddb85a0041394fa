//! Vectorised evaluation of the unconstrained dynamics over batches of states: M, h, C, T, V and
//! the exact Jacobians ∂h/∂q, ∂h/∂q̇.

use crate::batch::{Array, over_positions, over_states, over_states_two};
use crate::output::put_matrix;
use mbruntime::{Dynamics, Jacobians, Matrix, Vector};
use pyo3::prelude::*;

type Arg<'a, 'py> = &'a Bound<'py, PyAny>;

/// M(q, t) and h(q, q̇, t): arrays (n, NQ, NQ) and (n, NQ).
pub fn dynamics<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, qd, t): (Arg<'_, 'py>, Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<(Array<'py>, Array<'py>)> {
    over_states_two(
        py,
        (q, qd, t),
        (&[NQ, NQ], &[NQ]),
        |q, qd, t, m_out, h_out| {
            let (mut m, mut h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
            model.dynamics(q, qd, t, &mut m, &mut h);
            put_matrix(&m, m_out);
            h_out.copy_from_slice(h.as_slice());
        },
    )
}

/// M(q, t): array (n, NQ, NQ).
pub fn mass_matrix<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>> {
    over_positions(py, (q, t), &[NQ, NQ], |q, t, out| {
        let mut m = Matrix::<NQ, NQ>::zeros();
        model.mass_matrix(q, t, &mut m);
        put_matrix(&m, out);
    })
}

/// h(q, q̇, t): array (n, NQ).
pub fn forces<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, qd, t): (Arg<'_, 'py>, Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>> {
    over_states(py, (q, qd, t), &[NQ], |q, qd, t, out| {
        let mut h = Vector::<NQ>::zeros();
        model.forces(q, qd, t, &mut h);
        out.copy_from_slice(h.as_slice());
    })
}

/// C(q, q̇, t): array (n, NQ, NQ).
pub fn coriolis<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, qd, t): (Arg<'_, 'py>, Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>> {
    over_states(py, (q, qd, t), &[NQ, NQ], |q, qd, t, out| {
        let mut c = Matrix::<NQ, NQ>::zeros();
        model.coriolis(q, qd, t, &mut c);
        put_matrix(&c, out);
    })
}

/// T(q, q̇, t): array (n,) (a 0-d array for one state).
pub fn kinetic_energy<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, qd, t): (Arg<'_, 'py>, Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>> {
    over_states(py, (q, qd, t), &[], |q, qd, t, out| {
        out[0] = model.kinetic_energy(q, qd, t);
    })
}

/// V(q, t): array (n,) (a 0-d array for one state).
pub fn potential_energy<'py, M: Dynamics<NQ> + Sync, const NQ: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>> {
    over_positions(py, (q, t), &[], |q, t, out| {
        out[0] = model.potential_energy(q, t);
    })
}

/// ∂h/∂q and ∂h/∂q̇ (row i: component h_i): arrays (n, NQ, NQ) each.
pub fn force_jacobians<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    (q, qd, t): (Arg<'_, 'py>, Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<(Array<'py>, Array<'py>)>
where
    M: Jacobians<NQ, NB, NU> + Sync,
{
    over_states_two(py, (q, qd, t), (&[NQ, NQ], &[NQ, NQ]), |q, qd, t, a, b| {
        let (mut dq, mut dqd) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        model.force_jacobians(q, qd, t, &mut dq, &mut dqd);
        put_matrix(&dq, a);
        put_matrix(&dqd, b);
    })
}

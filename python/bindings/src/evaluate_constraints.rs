//! Vectorised evaluation of the constraint functions over batches of positions: the gaps g_N and
//! W_N = (∂g_N/∂q)ᵀ of the unilateral contacts, the bilateral g and G = (∂g/∂q)ᵀ.

use crate::batch::{Array, over_positions};
use crate::output::put_matrix;
use mbruntime::{Constraints, Matrix, Vector};
use pyo3::prelude::*;

type Arg<'a, 'py> = &'a Bound<'py, PyAny>;

/// Gaps g_N(q, t): array (n, NU).
pub fn gaps<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    over_positions(py, (q, t), &[NU], |q, t, out| {
        let mut g = Vector::<NU>::zeros();
        model.gaps(q, t, &mut g);
        out.copy_from_slice(g.as_slice());
    })
}

/// W_N = (∂g_N/∂q)ᵀ (column i: contact i): array (n, NQ, NU).
pub fn gap_jacobian<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    over_positions(py, (q, t), &[NQ, NU], |q, t, out| {
        let (mut w, mut partial) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(q, t, &mut w, &mut partial);
        put_matrix(&w, out);
    })
}

/// Bilateral constraint values g(q, t) (0 for a velocity constraint): array (n, NB).
pub fn bilateral<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    over_positions(py, (q, t), &[NB], |q, t, out| {
        let mut g = Vector::<NB>::zeros();
        model.bilateral(q, t, &mut g);
        out.copy_from_slice(g.as_slice());
    })
}

/// G = (∂g/∂q)ᵀ (column i: constraint i; Aᵀ for a velocity constraint): array (n, NQ, NB).
pub fn bilateral_jacobian<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    (q, t): (Arg<'_, 'py>, Arg<'_, 'py>),
) -> PyResult<Array<'py>>
where
    M: Constraints<NQ, NB, NU> + Sync,
{
    over_positions(py, (q, t), &[NQ, NB], |q, t, out| {
        let (mut g, mut partial) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
        model.bilateral_jacobian(q, t, &mut g, &mut partial);
        put_matrix(&g, out);
    })
}

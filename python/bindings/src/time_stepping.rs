//! A time-stepping run from Python: Moreau's midpoint rule or the Moreau–Jean θ-method from
//! (q0, u0) to t_end with step h, recording every `every`-th step (and the last one), with the GIL
//! released while it runs.

use crate::errors::{time_stepping_error, value_error};
use crate::states::read_state;
use crate::trajectory::{Row, Trajectory};
use mbruntime::Jacobians;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};

/// Step size, end time, start time and recording interval of a run.
#[derive(Debug, Clone, Copy)]
pub struct Span {
    /// Step size Δt.
    pub h: f64,
    /// End time.
    pub t_end: f64,
    /// Start time.
    pub t0: f64,
    /// Record every this many steps (≥ 1); the initial state and the last step are always
    /// recorded.
    pub every: usize,
}

/// Runs the time-stepping integrator and returns a dict of numpy arrays (`t`, `q`, `u`,
/// `lambda_n`, `lambda_t`, `lambda_b`, `active`: impulses over each recorded step, zero in the
/// initial row) with `steps` (steps taken), `coordinates` and `contacts`.
pub fn run<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q0: &Bound<'py, PyAny>,
    u0: &Bound<'py, PyAny>,
    span: Span,
    scheme: Scheme,
    settings: Settings,
) -> PyResult<Bound<'py, PyDict>>
where
    M: Jacobians<NQ, NB, NU> + Clone + Send,
{
    let q0 = read_state::<NQ>(q0, "q0")?;
    let u0 = read_state::<NQ>(u0, "u0")?;
    if span.every == 0 {
        return Err(value_error("every must be at least 1"));
    }
    let model = model.clone();
    let (trajectory, steps) = py
        .detach(move || simulate::<M, NQ, NB, NU>(model, q0, u0, span, scheme, settings))
        .map_err(time_stepping_error)?;
    let dict = trajectory.into_dict(py)?;
    dict.set_item("steps", steps)?;
    dict.set_item("coordinates", M::COORDINATES.to_vec())?;
    dict.set_item("contacts", M::CONTACTS.to_vec())?;
    Ok(dict)
}

fn simulate<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: M,
    q0: mbruntime::Vector<NQ>,
    u0: mbruntime::Vector<NQ>,
    span: Span,
    scheme: Scheme,
    settings: Settings,
) -> Result<(Trajectory<NQ, NB, NU>, u64), mbruntime::timestepping::TimeSteppingError>
where
    M: Jacobians<NQ, NB, NU>,
{
    let mut ts = TimeStepper::new(model, scheme, settings, span.t0, q0, u0)?;
    let mut trajectory = Trajectory::default();
    let first = *ts.last();
    trajectory.push(Row {
        t: first.t,
        q: &first.q,
        u: &first.u,
        lambda_n: &first.impulses.lambda_n,
        lambda_t: &first.impulses.lambda_t,
        lambda_b: &first.impulses.lambda_b,
        active: &first.impulses.active,
    });
    let every = span.every as u64;
    let t_end = span.t_end;
    let steps = ts.run(span.h, t_end, |rec| {
        if rec.step % every == 0 || rec.t == t_end {
            trajectory.push(Row {
                t: rec.t,
                q: &rec.q,
                u: &rec.u,
                lambda_n: &rec.impulses.lambda_n,
                lambda_t: &rec.impulses.lambda_t,
                lambda_b: &rec.impulses.lambda_b,
                active: &rec.impulses.active,
            });
        }
    })?;
    Ok((trajectory, steps))
}

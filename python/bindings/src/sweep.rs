//! An ensemble of time-stepping runs over a design (`mbruntime::ensemble`), each reduced to its
//! end state and, with a Poincaré section, its crossings, period and mean rates. The design comes
//! as column names and a 2-D array with a row range, so that a chunk of rows gives exactly those
//! rows of the whole design's result.

use crate::errors::{ensemble_error, value_error};
use crate::states::{read_rows, read_state};
use mbruntime::ensemble::{
    Crossing, CycleSummary, Design, Ensemble, Outcome, RunError, Section, SectionObserver,
};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Jacobians, Vector};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};

/// How every run of a sweep is integrated and reduced.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Step size.
    pub h: f64,
    /// End time (every run starts at t = 0).
    pub t_end: f64,
    /// Scheme.
    pub scheme: Scheme,
    /// Integrator settings.
    pub settings: Settings,
    /// The Poincaré section and the number of crossings to skip, if any.
    pub section: Option<(Section, usize)>,
    /// Threads of the ensemble's own pool (`None`: the global pool).
    pub threads: Option<usize>,
}

/// The reduced result of one run.
#[derive(Debug, Clone, Copy)]
struct Reduced<const NQ: usize> {
    steps: u64,
    q_end: Vector<NQ>,
    u_end: Vector<NQ>,
    cycle: Option<CycleSummary<NQ>>,
}

/// The section `(coordinate, level, direction)` of a model with these coordinates.
pub fn section(coordinates: &[&str], spec: (String, f64, String)) -> PyResult<Section> {
    let (name, level, direction) = spec;
    let coordinate = coordinates.iter().position(|c| *c == name).ok_or_else(|| {
        value_error(format!(
            "section coordinate `{name}` is not a coordinate of the model ({})",
            coordinates.join(", ")
        ))
    })?;
    let direction = match direction.as_str() {
        "down" => Crossing::Down,
        "up" => Crossing::Up,
        "both" => Crossing::Both,
        other => {
            return Err(value_error(format!(
                "section direction `{other}` must be \"down\", \"up\" or \"both\""
            )));
        }
    };
    if !level.is_finite() {
        return Err(value_error(format!(
            "section level must be finite, got {level}"
        )));
    }
    Ok(Section {
        coordinate,
        level,
        direction,
    })
}

/// Runs rows `rows.0..rows.1` of the design (`names`, `values` of shape (runs, columns)) and
/// returns `columns` (an ordered dict of numpy arrays), `ok` (bool array) and `errors` (the
/// error message of each failed run, `None` for the others).
#[allow(clippy::too_many_arguments)]
pub fn run<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    names: Vec<String>,
    values: &Bound<'py, PyAny>,
    rows: (usize, usize),
    q0: &Bound<'py, PyAny>,
    u0: &Bound<'py, PyAny>,
    plan: Plan,
) -> PyResult<Bound<'py, PyDict>>
where
    M: Jacobians<NQ, NB, NU> + Clone + Send + Sync,
{
    let q0 = read_state::<NQ>(q0, "q0")?;
    let u0 = read_state::<NQ>(u0, "u0")?;
    let (values, _) = read_rows(values, "design values", names.len().max(1))?;
    let names_ref: Vec<&str> = names.iter().map(String::as_str).collect();
    let design = Design::samples(&names_ref, values)
        .and_then(|d| d.rows(rows.0..rows.1))
        .map_err(ensemble_error)?;
    let mut ensemble = Ensemble::new(model.clone(), q0, u0);
    if let Some(threads) = plan.threads {
        ensemble = ensemble.threads(threads);
    }
    // In chunks of a few runs per thread, with Python's signals checked between them: Ctrl-C
    // (KeyboardInterrupt) stops a long sweep after the chunk in flight and discards it. The
    // ensemble's results do not depend on the chunking.
    let threads = plan
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let chunk = 4 * threads.max(1);
    let mut runs = Vec::with_capacity(design.len());
    let mut start = 0;
    // At least one chunk, so that an empty design is checked against the model as before.
    loop {
        let end = (start + chunk).min(design.len());
        let part = design.rows(start..end).map_err(ensemble_error)?;
        let done = py
            .detach(|| {
                ensemble.run(&part, |member| {
                    reduce::<M, NQ, NB, NU>(member.model, member.q0, member.u0, &plan)
                })
            })
            .map_err(ensemble_error)?;
        runs.extend(done.runs);
        py.check_signals()?;
        if end >= design.len() {
            break;
        }
        start = end;
    }
    let outcome = Outcome { design, runs };
    columns::<M, NQ, NB, NU>(py, &outcome, rows.0, plan.section.is_some())
}

fn reduce<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: M,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    plan: &Plan,
) -> Result<Reduced<NQ>, TimeSteppingError>
where
    M: Jacobians<NQ, NB, NU>,
{
    let mut ts = TimeStepper::new(model, plan.scheme, plan.settings, 0.0, q0, u0)?;
    let mut observer = plan.section.map(|(s, skip)| SectionObserver::new(s, skip));
    let steps = ts.run(plan.h, plan.t_end, |rec| {
        if let Some(observer) = observer.as_mut() {
            observer.observe(rec);
        }
    })?;
    Ok(Reduced {
        steps,
        q_end: *ts.q(),
        u_end: *ts.u(),
        cycle: observer.map(|o| o.finish()),
    })
}

/// The outcome as columns: `run`, the design columns, `steps`, `q_end.<c>`, `u_end.<c>` and with a
/// section `crossings`, `cycles`, `period`, `period_min`, `period_max`, `rate.<c>` (NaN where a
/// run failed or has no whole cycle).
fn columns<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    outcome: &Outcome<Reduced<NQ>, TimeSteppingError>,
    first_row: usize,
    with_section: bool,
) -> PyResult<Bound<'py, PyDict>>
where
    M: Jacobians<NQ, NB, NU>,
{
    let runs = &outcome.runs;
    let float = |f: &dyn Fn(&Reduced<NQ>) -> Option<f64>| -> Vec<f64> {
        runs.iter()
            .map(|r| r.as_ref().ok().and_then(f).unwrap_or(f64::NAN))
            .collect()
    };
    let cols = PyDict::new(py);
    let index: Vec<i64> = (0..runs.len()).map(|i| (first_row + i) as i64).collect();
    cols.set_item("run", PyArray1::from_vec(py, index))?;
    for (k, name) in outcome.design.names().iter().enumerate() {
        let column: Vec<f64> = (0..runs.len()).map(|i| outcome.design.row(i)[k]).collect();
        cols.set_item(name, PyArray1::from_vec(py, column))?;
    }
    cols.set_item(
        "steps",
        PyArray1::from_vec(py, float(&|r| Some(r.steps as f64))),
    )?;
    for (i, c) in M::COORDINATES.iter().enumerate() {
        cols.set_item(
            format!("q_end.{c}"),
            PyArray1::from_vec(py, float(&|r| Some(r.q_end[i]))),
        )?;
        cols.set_item(
            format!("u_end.{c}"),
            PyArray1::from_vec(py, float(&|r| Some(r.u_end[i]))),
        )?;
    }
    if with_section {
        let cycle = |f: &dyn Fn(&CycleSummary<NQ>) -> Option<f64>| {
            PyArray1::from_vec(py, float(&|r| r.cycle.as_ref().and_then(f)))
        };
        cols.set_item("crossings", cycle(&|s| Some(s.crossings as f64)))?;
        cols.set_item("cycles", cycle(&|s| Some(s.cycles as f64)))?;
        cols.set_item("period", cycle(&|s| s.period))?;
        cols.set_item("period_min", cycle(&|s| s.period_range.map(|r| r.0)))?;
        cols.set_item("period_max", cycle(&|s| s.period_range.map(|r| r.1)))?;
        for (i, c) in M::COORDINATES.iter().enumerate() {
            cols.set_item(format!("rate.{c}"), cycle(&|s| s.mean_rates.map(|v| v[i])))?;
        }
    }
    let errors: Vec<Option<String>> = runs
        .iter()
        .map(|r| {
            r.as_ref()
                .err()
                .map(|e: &RunError<TimeSteppingError>| e.to_string())
        })
        .collect();
    let flags: Vec<bool> = runs.iter().map(Result::is_ok).collect();
    let dict = PyDict::new(py);
    dict.set_item("columns", cols)?;
    dict.set_item("ok", PyArray1::from_vec(py, flags))?;
    dict.set_item("errors", errors)?;
    Ok(dict)
}

/// The full factorial grid of `axes` (first axis slowest), as `Design::grid` orders it: the
/// column names and the row-major values.
pub fn grid(axes: Vec<(String, Vec<f64>)>) -> PyResult<(Vec<String>, Vec<f64>, usize)> {
    let refs: Vec<(&str, &[f64])> = axes
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_slice()))
        .collect();
    let design = Design::grid(&refs).map_err(ensemble_error)?;
    let rows = design.len();
    let values = (0..rows).flat_map(|i| design.row(i).to_vec()).collect();
    Ok((design.names().to_vec(), values, rows))
}

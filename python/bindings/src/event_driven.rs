//! An event-driven run from Python (Lötstedt's active set, Dormand–Prince 5(4) with event
//! location): the accepted steps as numpy arrays and the events as a list of dicts, with the GIL
//! released while it runs.

use crate::errors::event_error;
use crate::output::{table, vector};
use crate::states::read_state;
use mbruntime::event::{Event, EventDriven, EventError, EventKind, EventOptions, Report, Stats};
use mbruntime::{Rates, Vector};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods, PyList, PyListMethods};

/// The accepted steps (the initial state first) and the events of a run.
struct Run<const NQ: usize, const NB: usize, const NU: usize> {
    t: Vec<f64>,
    q: Vec<f64>,
    u: Vec<f64>,
    lambda_n: Vec<f64>,
    events: Vec<Event<NQ, NB, NU>>,
    stats: Stats,
}

impl<const NQ: usize, const NB: usize, const NU: usize> Run<NQ, NB, NU> {
    fn push(&mut self, t: f64, q: &Vector<NQ>, u: &Vector<NQ>, lambda_n: &Vector<NU>) {
        self.t.push(t);
        self.q.extend_from_slice(q.as_slice());
        self.u.extend_from_slice(u.as_slice());
        self.lambda_n.extend_from_slice(lambda_n.as_slice());
    }
}

/// Runs the event-driven integrator from (q0, u0) at t0 to t_end and returns a dict: `t` (n,),
/// `q`, `u` (n, NQ), `lambda_n` (n, NU) at the initial state and every accepted step; `events`, a
/// list of dicts (`t`, `kind`, `contact`, `contact_index`, `t_limit` (accumulations only), `q`,
/// `u_pre`, `u_post`, `impulse`, `kinetic_energy_pre`, `kinetic_energy_post`, `closed`); `stats`
/// (steps, rejected, events, impacts, evaluations); `coordinates` and `contacts`.
pub fn run<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    model: &M,
    q0: &Bound<'py, PyAny>,
    u0: &Bound<'py, PyAny>,
    times: (f64, f64),
    options: EventOptions,
) -> PyResult<Bound<'py, PyDict>>
where
    M: Rates<NQ, NB, NU> + Clone + Send,
{
    let q0 = read_state::<NQ>(q0, "q0")?;
    let u0 = read_state::<NQ>(u0, "u0")?;
    let model = model.clone();
    let run = py
        .detach(move || simulate::<M, NQ, NB, NU>(model, q0, u0, times, options))
        .map_err(event_error)?;
    let n = run.t.len();
    let dict = PyDict::new(py);
    dict.set_item("t", vector(py, run.t))?;
    dict.set_item("q", table(py, run.q, n, NQ)?)?;
    dict.set_item("u", table(py, run.u, n, NQ)?)?;
    dict.set_item("lambda_n", table(py, run.lambda_n, n, NU)?)?;
    let events = PyList::empty(py);
    for event in &run.events {
        events.append(event_dict::<M, NQ, NB, NU>(py, event)?)?;
    }
    dict.set_item("events", events)?;
    let s = run.stats;
    let stats = PyDict::new(py);
    stats.set_item("steps", s.steps)?;
    stats.set_item("rejected", s.rejected)?;
    stats.set_item("events", s.events)?;
    stats.set_item("impacts", s.impacts)?;
    stats.set_item("evaluations", s.evaluations)?;
    dict.set_item("stats", stats)?;
    dict.set_item("coordinates", M::COORDINATES.to_vec())?;
    dict.set_item("contacts", M::CONTACTS.to_vec())?;
    Ok(dict)
}

fn simulate<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: M,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    (t0, t_end): (f64, f64),
    options: EventOptions,
) -> Result<Run<NQ, NB, NU>, EventError>
where
    M: Rates<NQ, NB, NU>,
{
    let mut integrator = EventDriven::new(model, options, t0, q0, u0)?;
    let mut run = Run {
        t: Vec::new(),
        q: Vec::new(),
        u: Vec::new(),
        lambda_n: Vec::new(),
        events: Vec::new(),
        stats: Stats::default(),
    };
    run.push(
        t0,
        integrator.q(),
        integrator.u(),
        integrator.contact_multipliers(),
    );
    integrator.run(t_end, |report| match report {
        Report::Step {
            t, q, u, lambda, ..
        } => run.push(t, q, u, lambda),
        Report::Event(event) => run.events.push(*event),
    })?;
    run.stats = integrator.stats();
    Ok(run)
}

/// The name of an event kind, and the accumulation time t∞ for an accumulation.
fn kind_name(kind: EventKind) -> (&'static str, Option<f64>) {
    match kind {
        EventKind::Impact => ("impact", None),
        EventKind::Accumulation { t_limit } => ("accumulation", Some(t_limit)),
        EventKind::Rest => ("rest", None),
        EventKind::MultiplierZero => ("multiplier_zero", None),
        EventKind::SlipStops => ("slip_stops", None),
        EventKind::StickEnds => ("stick_ends", None),
        EventKind::Grazing => ("grazing", None),
    }
}

fn event_dict<'py, M, const NQ: usize, const NB: usize, const NU: usize>(
    py: Python<'py>,
    event: &Event<NQ, NB, NU>,
) -> PyResult<Bound<'py, PyDict>>
where
    M: Rates<NQ, NB, NU>,
{
    let (kind, t_limit) = kind_name(event.kind);
    let dict = PyDict::new(py);
    dict.set_item("t", event.t)?;
    dict.set_item("kind", kind)?;
    dict.set_item("contact", M::CONTACTS.get(event.contact).copied())?;
    dict.set_item("contact_index", event.contact)?;
    dict.set_item("t_limit", t_limit)?;
    dict.set_item("q", vector(py, event.q.as_slice().to_vec()))?;
    dict.set_item("u_pre", vector(py, event.u_pre.as_slice().to_vec()))?;
    dict.set_item("u_post", vector(py, event.u_post.as_slice().to_vec()))?;
    dict.set_item("impulse", vector(py, event.impulse.as_slice().to_vec()))?;
    dict.set_item("kinetic_energy_pre", event.kinetic_energy_pre)?;
    dict.set_item("kinetic_energy_post", event.kinetic_energy_post)?;
    dict.set_item("closed", event.closed.to_vec())?;
    Ok(dict)
}

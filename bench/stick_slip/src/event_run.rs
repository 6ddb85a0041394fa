//! The event-driven integrator on the driven spring block: its transitions (the `StickEnds`
//! and `SlipStops` events) and the CPU time of a run.

use crate::cpu::median_cpu;
use crate::reference::Transition;
use mb_examples::friction_event_models::spring_dragged_block::SpringDraggedBlock;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventError, EventKind, EventOptions, Report};

/// One event-driven level: rtol (atol = rtol·1e-2).
pub struct EventLevel {
    /// The transitions, in time order.
    pub transitions: Vec<(f64, Transition)>,
    /// Events of any other kind (none expected for this motion).
    pub other_events: usize,
    /// Accepted smooth steps.
    pub steps: usize,
    /// Rejected trial steps.
    pub rejected: usize,
    /// Events handled.
    pub events: usize,
    /// Median CPU time of a run [s].
    pub cpu: f64,
}

/// The integrator's options at relative tolerance `rtol`; everything else at its default.
pub fn options(rtol: f64) -> EventOptions {
    EventOptions {
        rtol,
        atol: rtol * 1e-2,
        ..EventOptions::default()
    }
}

type Block = EventDriven<SpringDraggedBlock, 2, 0, 1>;

/// A fresh integrator at rest at the origin (construction is outside the timed region).
fn fresh(p: &SpringDraggedBlock, rtol: f64) -> Result<Block, EventError> {
    EventDriven::new(*p, options(rtol), 0.0, Vector::<2>::zeros(), Vector::<2>::zeros())
}

/// Restarts `sim` at rest at the origin and runs it to `t_end`, handing each report on.
fn run(
    sim: &mut Block,
    t_end: f64,
    report: impl FnMut(Report<'_, 2, 0, 1>),
) -> Result<(), EventError> {
    sim.set_state(0.0, Vector::<2>::zeros(), Vector::<2>::zeros())?;
    sim.run(t_end, report)
}

/// Runs the level once recorded (events) and `runs` times timed (median CPU time; the timed
/// region is `set_state` + `run` with an empty report callback).
pub fn measure(
    p: &SpringDraggedBlock,
    rtol: f64,
    t_end: f64,
    runs: usize,
) -> Result<EventLevel, EventError> {
    let mut sim = fresh(p, rtol)?;
    let (mut transitions, mut other_events) = (Vec::new(), 0);
    run(&mut sim, t_end, |r| {
        if let Report::Event(ev) = r {
            match ev.kind {
                EventKind::StickEnds => transitions.push((ev.t, Transition::SlipStarts)),
                EventKind::SlipStops => transitions.push((ev.t, Transition::SlipEnds)),
                _ => other_events += 1,
            }
        }
    })?;
    let stats = sim.stats();
    let cpu = median_cpu(runs, || fresh(p, rtol), |mut s| run(&mut s, t_end, |_| {}))?;
    Ok(EventLevel {
        transitions,
        other_events,
        steps: stats.steps,
        rejected: stats.rejected,
        events: stats.events,
        cpu,
    })
}

//! Allocation-freedom of the event-driven integrator with planar Coulomb friction (no heap
//! allocation on per-step or per-event paths): after construction (which allocates the LCP
//! tableaux once), initialisation, sliding and sticking smooth phases, slip-stop and stick-end
//! events, frictional impacts and the accumulation point of Painlevé's rod dropped onto the
//! rough floor, the force-controlled steps of a block sticking and slipping on a ramp, and a
//! ball bouncing with spin until it rolls do not allocate.

use mb_examples::analysis_models::painleve_rod::PainleveRod;
use mb_examples::friction_event_models::{ramp_block::RampBlock, spinning_ball::SpinningBall};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn frictional_steps_and_events_do_not_allocate() {
    let cases = [
        (0.3, 0.6, 0.0, -1.0),
        (2.0, 0.8, 0.01, -0.5),
        (5.0, 0.8, 0.01, -0.5),
    ];
    // Built (the LCP tableaux allocated) at rest on the floor; each run restarts below.
    let mut sims = cases.map(|(mu, _, _, _)| {
        let model = PainleveRod {
            mu,
            ..PainleveRod::default()
        };
        let q0 = Vector::<3>::new(0.0, model.l * f64::sin(0.6), 0.6);
        EventDriven::new(
            model,
            EventOptions::default(),
            0.0,
            q0,
            Vector::<3>::zeros(),
        )
        .unwrap()
    });
    let mut ramp = EventDriven::new(
        RampBlock::default(),
        EventOptions::default(),
        0.0,
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    )
    .unwrap();
    let ball0 = (
        Vector::<3>::new(0.0, 0.3, 0.0),
        Vector::<3>::new(1.0, 0.0, 30.0),
    );
    let mut ball = EventDriven::new(
        SpinningBall::default(),
        EventOptions::default(),
        0.0,
        ball0.0,
        ball0.1,
    )
    .unwrap();
    let (mut slip_stops, mut stick_ends, mut impacts, mut steps) = (0, 0, 0, 0);
    let before = allocations_on_this_thread();
    for (sim, &(_, theta0, height, v0)) in sims.iter_mut().zip(&cases) {
        let l = sim.model().l;
        let q0 = Vector::<3>::new(0.0, l * f64::sin(theta0) + height, theta0);
        sim.set_state(0.0, q0, Vector::<3>::new(v0, 0.0, 0.0))
            .unwrap();
        sim.run(1.0, |r| match r {
            Report::Step { .. } => steps += 1,
            Report::Event(ev) => match ev.kind {
                EventKind::SlipStops => slip_stops += 1,
                EventKind::StickEnds => stick_ends += 1,
                EventKind::Impact | EventKind::Accumulation { .. } => impacts += 1,
                _ => {}
            },
        })
        .unwrap();
    }
    ramp.set_state(0.0, Vector::<2>::zeros(), Vector::<2>::zeros())
        .unwrap();
    ramp.run(3.0, |r| match r {
        Report::Step { .. } => steps += 1,
        Report::Event(ev) => {
            slip_stops += usize::from(ev.kind == EventKind::SlipStops);
            stick_ends += usize::from(ev.kind == EventKind::StickEnds);
        }
    })
    .unwrap();
    ball.set_state(0.0, ball0.0, ball0.1).unwrap();
    ball.run(1.0, |r| {
        if let Report::Event(ev) = r {
            impacts += usize::from(ev.kind == EventKind::Impact);
            slip_stops += usize::from(ev.kind == EventKind::SlipStops);
        }
    })
    .unwrap();
    let after = allocations_on_this_thread();
    assert!(
        slip_stops >= 8 && stick_ends >= 6 && impacts >= 10 && steps > 100,
        "exercised {slip_stops} slip stops, {stick_ends} stick ends, {impacts} impacts, \
         {steps} steps"
    );
    assert_eq!(after - before, 0, "allocations during the frictional runs");
}

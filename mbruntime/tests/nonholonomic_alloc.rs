//! Allocation-freedom with velocity (nonholonomic) constraints (working agreement: no heap
//! allocation on per-step or per-event paths). A counting global allocator records every
//! allocation; once the integrators are built, time-stepping steps (both schemes, an impact on
//! a wall with the gap projection, the holonomic-only position projection of a model with both
//! kinds of rows, a redundant knife edge, the velocity-constraint residual of every record) and
//! event-driven initialisation, smooth steps with the velocity projection and an impact with the
//! knife edge kept must not allocate.

use mb_testsupport::models::{CircleSleigh, DoubleKnife, Sleigh, WalledSleigh};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn steps_and_events_with_a_knife_edge_do_not_allocate() {
    let s = Sleigh::default();
    let walled = WalledSleigh {
        sleigh: s,
        wall: 0.5,
        restitution: 0.6,
    };
    let circle = CircleSleigh {
        sleigh: s,
        radius: 1.0,
    };
    let q0 = Vector::<3>::new(0.0, 0.0, 0.3);
    let qd0 = s.admissible_velocity(0.3, 1.0, 0.8);
    let projecting = Settings {
        gap_projection_iterations: 3,
        ..Settings::default()
    };
    let (phi, theta) = (0.9_f64, 0.2);
    let qc = Vector::<3>::new(phi.cos(), phi.sin(), theta);
    let uc = Vector::<3>::new(2.0 * qc[0], 2.0 * qc[1], 0.0).cross(&s.constraint_row(theta));
    let midpoint = Scheme::MoreauMidpoint;
    let jean = Scheme::MoreauJean { theta: 0.5 };
    let mut plain = TimeStepper::new(s, midpoint, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut implicit = TimeStepper::new(s, jean, Settings::default(), 0.0, q0, qd0).unwrap();
    let mut wall = TimeStepper::new(walled, midpoint, projecting, 0.0, q0, qd0).unwrap();
    let mut mixed =
        TimeStepper::without_jacobians(circle, midpoint, Settings::default(), 0.0, qc, uc).unwrap();
    let double = DoubleKnife { sleigh: s };
    let mut redundant =
        TimeStepper::without_jacobians(double, midpoint, Settings::default(), 0.0, q0, qd0)
            .unwrap();
    let (mut impacts, mut events, mut steps) = (0usize, 0usize, 0usize);

    // Built (the LCP tableaux allocated) before counting; restarted inside.
    let mut event_plain = EventDriven::new(s, EventOptions::default(), 0.0, q0, qd0).unwrap();
    let mut event_wall = EventDriven::new(walled, EventOptions::default(), 0.0, q0, qd0).unwrap();
    let mut event_double = EventDriven::new(double, EventOptions::default(), 0.0, q0, qd0).unwrap();
    let before = allocations_on_this_thread();
    for ts_steps in [
        plain.run(1e-3, 1.0, |_| ()).unwrap(),
        implicit.run(1e-3, 1.0, |_| ()).unwrap(),
        wall.run(1e-3, 1.0, |rec| {
            impacts += usize::from(rec.impulses.lambda_n[0] > 0.0)
        })
        .unwrap(),
        mixed.run(1e-3, 1.0, |_| ()).unwrap(),
        redundant.run(1e-3, 1.0, |_| ()).unwrap(),
    ] {
        assert_eq!(ts_steps, 1000);
    }
    event_plain.set_state(0.0, q0, qd0).unwrap();
    event_plain.run(2.0, |_| steps += 1).unwrap();
    event_wall.set_state(0.0, q0, qd0).unwrap();
    event_wall
        .run(1.5, |r| match r {
            Report::Event(_) => events += 1,
            Report::Step { .. } => steps += 1,
        })
        .unwrap();
    event_double.set_state(0.0, q0, qd0).unwrap();
    event_double.run(2.0, |_| steps += 1).unwrap();
    let after = allocations_on_this_thread();

    assert_eq!(after - before, 0, "a step or an event allocated");
    assert!(impacts > 0 && events > 0 && steps > 0);
}

//! Allocation-freedom of the event-driven integrator (working agreement: no heap allocation
//! on per-step or per-event paths). A counting global allocator records every allocation;
//! after construction (which allocates the Lemke tableau once), restarting with `set_state`, smooth steps,
//! impacts, the accumulation point and the active-set LCPs must not allocate; nor do the
//! second level of the Theorem 5.4 iteration (`QuadraticForce`, the ball over the top) and
//! grazing closings with their short flights (the elastic ball on a string).

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::event_models::ball_on_string::BallOnString;
use mb_examples::event_models::hinged_bar::HingedBar;
use mb_examples::event_models::quadratic_force::QuadraticForce;
use mb_examples::event_models::rod_line::RodLine;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions, Report};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn steps_and_events_do_not_allocate() {
    let string = BallOnString {
        e: 1.0,
        ..BallOnString::default()
    };
    let top = BallOnString::default();
    let (l, theta) = (0.5, 0.6_f64);
    let x = l * theta.cos() + 0.05;
    let v0 = (3.5 * string.g * string.ell).sqrt();
    // The initial states; every integrator is built at its own (construction allocates the
    // tableaux) and restarted there inside the counted region.
    let ball0 = (Vector::<1>::new(1.0), Vector::<1>::zeros());
    let bar0 = (
        Vector::<3>::new(l, 0.0, std::f64::consts::FRAC_PI_2),
        Vector::<3>::zeros(),
    );
    let rod0 = (
        Vector::<3>::new(x, 1.0 - 0.5 * x, theta),
        Vector::<3>::new(-1.0, 0.5, 0.5),
    );
    let elastic0 = (
        Vector::<2>::new(0.0, -string.ell),
        Vector::<2>::new(v0, 0.0),
    );
    let over_top0 = (
        Vector::<2>::new(0.0, top.ell),
        Vector::<2>::new((top.g * top.ell).sqrt(), 0.0),
    );
    let rest = (Vector::<1>::zeros(), Vector::<1>::zeros());
    let opts = EventOptions::default();
    let mut ball = EventDriven::new(BouncingBall::default(), opts, 0.0, ball0.0, ball0.1).unwrap();
    let mut bar = EventDriven::new(HingedBar::default(), opts, 0.0, bar0.0, bar0.1).unwrap();
    let mut rod = EventDriven::new(RodLine::default(), opts, 0.0, rod0.0, rod0.1).unwrap();
    let mut elastic = EventDriven::new(string, opts, 0.0, elastic0.0, elastic0.1).unwrap();
    let mut over_top = EventDriven::new(top, opts, 0.0, over_top0.0, over_top0.1).unwrap();
    let pushing = QuadraticForce {
        c: -3.0,
        ..QuadraticForce::default()
    };
    let mut pushed = EventDriven::new(pushing, opts, 0.0, rest.0, rest.1).unwrap();
    let mut pulled =
        EventDriven::new(QuadraticForce::default(), opts, 0.0, rest.0, rest.1).unwrap();
    let mut level2 = 0usize;
    let (mut events, mut steps) = (0usize, 0usize);
    // The counter sees this thread's allocations (and checks that it is installed).
    let before = allocations_on_this_thread();
    ball.set_state(0.0, ball0.0, ball0.1).unwrap();
    ball.run(2.0, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    bar.set_state(0.0, bar0.0, bar0.1).unwrap();
    bar.run(5.0, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    rod.set_state(0.0, rod0.0, rod0.1).unwrap();
    rod.run(0.5, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    elastic.set_state(0.0, elastic0.0, elastic0.1).unwrap();
    elastic
        .run(5.0, |r| match r {
            Report::Event(_) => events += 1,
            Report::Step { .. } => steps += 1,
        })
        .unwrap();
    over_top.set_state(0.0, over_top0.0, over_top0.1).unwrap();
    level2 += usize::from(over_top.last_derivative_lcp_of_order(2).is_some());
    for sim in [&mut pushed, &mut pulled] {
        sim.set_state(0.0, rest.0, rest.1).unwrap();
        level2 += usize::from(sim.last_derivative_lcp_of_order(2).is_some());
        sim.run(0.5, |r| match r {
            Report::Event(_) => events += 1,
            Report::Step { .. } => steps += 1,
        })
        .unwrap();
    }
    let after = allocations_on_this_thread();
    assert_eq!(
        level2, 3,
        "the second level was reached in the three constructed cases"
    );
    assert!(
        events > 30 && steps > 50,
        "exercised {events} events, {steps} steps"
    );
    assert_eq!(
        after - before,
        0,
        "allocations during {steps} steps and {events} events"
    );
}

//! Allocation-freedom of the event-driven integrator (working agreement: no heap allocation
//! on per-step or per-event paths). A counting global allocator records every allocation;
//! after construction (which allocates the Lemke tableau once), initialisation, smooth steps,
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
    let mut ball = EventDriven::new(BouncingBall::default(), EventOptions::default());
    let mut bar = EventDriven::new(HingedBar::default(), EventOptions::default());
    let mut rod = EventDriven::new(RodLine::default(), EventOptions::default());
    let string = BallOnString {
        e: 1.0,
        ..BallOnString::default()
    };
    let mut elastic = EventDriven::new(string, EventOptions::default());
    let mut over_top = EventDriven::new(BallOnString::default(), EventOptions::default());
    let mut pushed = EventDriven::new(
        QuadraticForce {
            c: -3.0,
            ..QuadraticForce::default()
        },
        EventOptions::default(),
    );
    let mut pulled = EventDriven::new(QuadraticForce::default(), EventOptions::default());
    let mut level2 = 0usize;
    let (mut events, mut steps) = (0usize, 0usize);
    // The counter sees this thread's allocations (and checks that it is installed).
    let before = allocations_on_this_thread();
    ball.initialize(0.0, Vector::<1>::new(1.0), Vector::<1>::zeros())
        .unwrap();
    ball.advance_to(2.0, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    let l = 0.5;
    bar.initialize(
        0.0,
        Vector::<3>::new(l, 0.0, std::f64::consts::FRAC_PI_2),
        Vector::<3>::zeros(),
    )
    .unwrap();
    bar.advance_to(5.0, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    let theta: f64 = 0.6;
    let x = l * theta.cos() + 0.05;
    rod.initialize(
        0.0,
        Vector::<3>::new(x, 1.0 - 0.5 * x, theta),
        Vector::<3>::new(-1.0, 0.5, 0.5),
    )
    .unwrap();
    rod.advance_to(0.5, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .unwrap();
    let v0 = (3.5 * string.g * string.ell).sqrt();
    elastic
        .initialize(
            0.0,
            Vector::<2>::new(0.0, -string.ell),
            Vector::<2>::new(v0, 0.0),
        )
        .unwrap();
    elastic
        .advance_to(5.0, |r| match r {
            Report::Event(_) => events += 1,
            Report::Step { .. } => steps += 1,
        })
        .unwrap();
    let top = BallOnString::default();
    over_top
        .initialize(
            0.0,
            Vector::<2>::new(0.0, top.ell),
            Vector::<2>::new((top.g * top.ell).sqrt(), 0.0),
        )
        .unwrap();
    level2 += usize::from(over_top.last_derivative_lcp_of_order(2).is_some());
    for sim in [&mut pushed, &mut pulled] {
        sim.initialize(0.0, Vector::<1>::zeros(), Vector::<1>::zeros())
            .unwrap();
        level2 += usize::from(sim.last_derivative_lcp_of_order(2).is_some());
        sim.advance_to(0.5, |r| match r {
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

//! Time-stepping performs no heap allocation per step after setup.
//!
//! Invariant (runtime contract, ARCHITECTURE.md: "no heap allocation in any per-step path"): a
//! counting global allocator observes zero allocations over 10⁴ woodpecker steps (Glocker &
//! Studer 2005, Table I, covering free flight, the jammed sleeve, and the beak impact) for
//! both schemes, through `step` and through `run` with a callback, and over steps of the
//! slider-crank (bilateral constraints with position projection).

use mb_examples::slider_crank::SliderCrank;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn ten_thousand_woodpecker_steps_do_not_allocate() {
    let q0 = Vector::<3>::new(0.0, -0.1036, -0.2788);
    let u0 = Vector::<3>::new(-0.3411, 0.0, -7.4583);
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let mut ts = TimeStepper::new(
            Woodpecker::default(),
            scheme,
            Settings::default(),
            0.0,
            q0,
            u0,
        )
        .unwrap();
        let mut closed = [0usize; 3];
        let before = allocations_on_this_thread();
        for _ in 0..10_000 {
            let r = ts.step(1e-5).unwrap();
            for (n, &a) in closed.iter_mut().zip(&r.impulses.active) {
                *n += usize::from(a);
            }
        }
        ts.run(1e-5, ts.t() + 0.1, |r| {
            for (n, &a) in closed.iter_mut().zip(&r.impulses.active) {
                *n += usize::from(a);
            }
        })
        .unwrap();
        let after = allocations_on_this_thread();
        assert_eq!(after - before, 0, "{scheme:?} allocated");
        assert!(
            closed.iter().all(|&n| n > 0),
            "every contact exercised: {closed:?}"
        );
    }
}

#[test]
fn bilateral_steps_do_not_allocate() {
    let crank = SliderCrank::default();
    let q0 = Vector::<3>::new(0.0, 0.0, crank.r + crank.L);
    let mut ts = TimeStepper::new(
        crank,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        Vector::zeros(),
    )
    .unwrap();
    let before = allocations_on_this_thread();
    for _ in 0..10_000 {
        ts.step(1e-4).unwrap();
    }
    assert_eq!(allocations_on_this_thread() - before, 0);
}

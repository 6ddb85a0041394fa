//! Time-stepping the iiwa-like arm performs no heap allocation per step after setup.
//!
//! Invariant (runtime contract, ARCHITECTURE.md: "no heap allocation in any per-step path"): a
//! counting global allocator observes zero allocations over the steps of the damped `Iiwa` falling
//! onto the table and resting there (free flight, the impact, sliding and sticking contact, all
//! with the generated spatial-tree functions), for Moreau–Jean with θ = 1 and θ = ½ (Moreau's
//! midpoint rule treats the joint damping explicitly and is unstable at this step: d Δt/I > 2 for
//! the last link).

use mb_examples::tree_models::iiwa::Iiwa;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn iiwa_steps_on_the_table_do_not_allocate() {
    let q0 = Vector::<7>::from_column_slice(&[0.3, 0.7, -0.4, -1.1, 0.5, 0.9, 0.2]);
    for scheme in [
        Scheme::MoreauJean { theta: 1.0 },
        Scheme::MoreauJean { theta: 0.5 },
    ] {
        let model = Iiwa {
            d: 3.0,
            ..Default::default()
        };
        let mut ts =
            TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, Vector::zeros()).unwrap();
        let (mut free, mut closed) = (0usize, 0usize);
        let before = allocations_on_this_thread();
        for _ in 0..3000 {
            let r = ts.step(1e-3).unwrap();
            if r.impulses.active[0] {
                closed += 1;
            } else {
                free += 1;
            }
        }
        let after = allocations_on_this_thread();
        assert_eq!(after - before, 0, "{scheme:?} allocated");
        assert!(free > 0 && closed > 0, "free {free}, closed {closed}");
    }
}

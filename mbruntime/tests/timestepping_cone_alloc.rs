//! Steps with spatial contacts perform no heap allocation after `TimeStepper::new`.
//!
//! Invariant (runtime contract, ARCHITECTURE.md: "no heap allocation in any per-step path"; the
//! cone solver's own contract, `tests/cone_alloc.rs`): a counting global allocator observes
//! zero allocations over hundreds of steps of models with tangent planes — 16 particles
//! sliding and sticking on a slope (up to 16 closed 3-D contacts per step), a ball that slips,
//! rolls and bounces, a model mixing planar and spatial contacts — for both schemes, through
//! `step` and through `run` with a callback, including steps whose cone problem fails.

use mb_testsupport::models::{Ball, Block, Particles, PlanarAndSpatial, PlanarBlock};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::cone::ConeOptions;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const SCHEMES: [Scheme; 2] = [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }];

/// 48 coordinates: the fixed-size 48 × 48 matrices that the steps keep by value need more than
/// the default 2 MiB test-thread stack in unoptimised builds, so the run gets its own thread
/// (allocations are counted per thread, and the thread is spawned before counting).
#[test]
fn sixteen_particles_on_a_slope_do_not_allocate() {
    std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(sixteen_particles)
        .expect("thread")
        .join()
        .expect("no panic");
}

fn sixteen_particles() {
    let mu: [f64; 16] = std::array::from_fn(|i| 0.1 + 0.05 * i as f64);
    let model = Particles::<48, 16>::new(1.0, 20f64.to_radians(), mu);
    let mut q0 = Vector::<48>::zeros();
    let mut u0 = Vector::<48>::zeros();
    for i in 0..16 {
        q0[3 * i + 2] = -1e-9;
        u0[3 * i] = 0.3 * (i as f64 * 0.7).cos();
        u0[3 * i + 1] = 0.3 * (i as f64 * 0.7).sin();
    }
    for scheme in SCHEMES {
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut largest = 0;
        let before = allocations_on_this_thread();
        for _ in 0..400 {
            largest = largest.max(ts.step(1e-3).unwrap().impulses.cone_size);
        }
        ts.run(1e-3, ts.t() + 0.1, |r| {
            largest = largest.max(r.impulses.cone_size)
        })
        .unwrap();
        let after = allocations_on_this_thread();
        assert_eq!(after - before, 0, "{scheme:?} allocated");
        assert_eq!(largest, 48, "all 16 contacts closed in one problem");
    }
}

#[test]
fn ball_and_mixed_models_do_not_allocate_even_when_a_step_fails() {
    let ball = Ball {
        m: 0.2,
        radius: 0.03,
        mu: 0.2,
        e_n: 0.5,
    };
    let mut q0 = Vector::<6>::zeros();
    q0[2] = 0.2;
    let u0 = Vector::<6>::from([1.0, 0.5, 0.0, 0.0, 0.0, 3.0]);
    let mixed = PlanarAndSpatial {
        planar: PlanarBlock {
            m: 1.0,
            mu: 0.4,
            pull: 2.0,
        },
        spatial: Block {
            m: 1.0,
            lateral_mass: 2.0,
            alpha: 0.0,
            mu: 0.3,
            e_n: 0.0,
            e_t: 0.0,
        },
    };
    let qm = Vector::<5>::from([0.0, -1e-9, 0.0, 0.0, -1e-9]);
    let um = Vector::<5>::from([1.0, 0.0, 0.4, 0.6, 0.0]);
    let starved = Settings {
        friction_cone: ConeOptions {
            max_iterations: 1,
            ..ConeOptions::default()
        },
        ..Settings::default()
    };
    for scheme in SCHEMES {
        let mut ts_ball = TimeStepper::new(ball, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut ts_mixed =
            TimeStepper::new(mixed, scheme, Settings::default(), 0.0, qm, um).unwrap();
        // The oblique slip of `timestepping_cone_errors.rs` with a one-iteration budget: every
        // step fails (and leaves the state as it was).
        let slope = Block {
            alpha: 25f64.to_radians(),
            lateral_mass: 3.0,
            ..mixed.spatial
        };
        let (qs, us) = (
            -slope.normal() * 1e-9,
            slope.lateral() * 0.05 + slope.up_slope() * 0.01,
        );
        let mut ts_failing = TimeStepper::new(slope, scheme, starved, 0.0, qs, us).unwrap();
        let (mut cone_steps, mut failures) = (0, 0);
        let before = allocations_on_this_thread();
        for _ in 0..1000 {
            cone_steps += usize::from(ts_ball.step(1e-3).unwrap().impulses.cone_size > 0);
            cone_steps += usize::from(ts_mixed.step(1e-3).unwrap().impulses.cone_size > 0);
            failures += usize::from(ts_failing.step(1e-2).is_err());
        }
        let after = allocations_on_this_thread();
        assert_eq!(after - before, 0, "{scheme:?} allocated");
        assert!(cone_steps > 1000, "{cone_steps} cone steps");
        assert_eq!(failures, 1000, "every step of the starved solver fails");
    }
}

//! Equilibrium-path continuation (Schulz & Pellegrino 2000) allocates only in
//! `EquilibriumPathTracer::new`: predictor–corrector steps, tangents (2.8)–(2.9), reduced
//! Hessians (3.14) with their inertia (5.9), event location and the path-derivative LCP
//! (4.1)–(4.4) at corner limit points run on fixed-size and preallocated storage (counting global
//! allocator). The traced paths are checked against their closed forms (von Mises truss:
//! snap-through load p_L = 16ch³/(3√3) (2.22); bar and spring: corner at (0, 0), Sect. 6) so the
//! test also asserts that the work really happened.

use mb_examples::analysis_models::bar_spring_stop::BarSpringStop;
use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::analysis::{EquilibriumPathTracer, PathOptions, SpecialPointKind, Termination};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn path_continuation_steps_do_not_allocate() {
    // Von Mises truss: smooth steps, a common limit point, a corner limit point (event + LCP).
    let mut truss = VonMisesTrussStop {
        k: 3.0,
        a: 1.0,
        h: 0.5,
        y_stop: 0.1,
        p: 0.0,
    };
    let c = truss.k / (8.0 * (truss.a * truss.a + truss.h * truss.h));
    let p_limit = 16.0 * c * truss.h.powi(3) / (3.0 * 3f64.sqrt());
    let opts = PathOptions {
        parameter: 4,
        step: 0.001,
        parameter_range: (-1.0, 0.5),
        max_steps: 5000,
        ..Default::default()
    };
    let q0 = Vector::<2>::new(0.0, truss.h);
    let mut tracer = EquilibriumPathTracer::new(&mut truss, &q0, &opts).unwrap();
    let before = allocations_on_this_thread();
    let termination = tracer.run();
    let allocations = allocations_on_this_thread() - before;
    let steps = tracer.points().len();
    let kinds: Vec<_> = tracer.special_points().iter().map(|s| s.kind).collect();
    let limit_p = tracer.points()[tracer.special_points()[0].index].p;
    assert_eq!(allocations, 0, "allocations while tracing {steps} points");
    assert!(steps > 500, "{steps} points traced");
    assert_eq!(termination, Termination::ParameterRange);
    assert_eq!(
        kinds,
        [
            SpecialPointKind::CommonLimitPoint,
            SpecialPointKind::CornerLimitPoint
        ]
    );
    assert!((limit_p - p_limit).abs() < 1e-10);

    // Bar and spring (Sect. 6): starts strongly active, corner limit point at (0, 0), then the
    // unstable branch p = −L tan φ; stepped one step at a time.
    let mut bar = BarSpringStop {
        k: 2.0,
        L: 1.5,
        p: -1.5,
    };
    let opts = PathOptions {
        parameter: 2,
        step: 0.001,
        parameter_range: (-3.0, 1.0),
        max_steps: 10_000,
        ..Default::default()
    };
    let mut tracer = EquilibriumPathTracer::new(&mut bar, &Vector::<1>::new(0.0), &opts).unwrap();
    let before = allocations_on_this_thread();
    let mut steps = 0;
    while tracer.step().is_none() {
        steps += 1;
    }
    let allocations = allocations_on_this_thread() - before;
    assert_eq!(allocations, 0, "allocations in {steps} steps");
    assert!(steps > 1000);
    let corner = &tracer.special_points()[0];
    assert_eq!(corner.kind, SpecialPointKind::CornerLimitPoint);
    let last = tracer.points().last().unwrap();
    assert!((last.p + 1.5 * last.q[0].tan()).abs() < 1e-9);
}

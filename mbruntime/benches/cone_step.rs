//! Per-step cost of the time-stepping integrator with spatial Coulomb friction (release
//! profile): one `TimeStepper::step` (Moreau's midpoint rule, Δt = 1 ms) of `Particles`
//! (`mb_testsupport::models::Particles`): nc = 1, 4, 16 independent point masses on a
//! slope of 20°, each with a closed 3-D contact, so every step solves a cone problem of
//! dimension 3 nc (Delassus assembly W_c = Hᵀ M⁻¹ H, `ConeSolver` with `ConeMethod::Auto`,
//! warm started from the previous step). Friction coefficients alternate between 0.25 (< tan 20°
//! ≈ 0.364: the particle slides down the slope) and 0.6 (it sticks); the sliding ones are
//! launched across the slope, so their slip direction turns during the first steps. The
//! steppers are warmed up for 200 steps during setup, which prints the mean cone iterations per
//! step; the bench then measures steps along the continuing motion (steady sliding and
//! sticking).
//!
//! `cargo bench -p mbruntime --bench cone_step -- --noplot`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mb_testsupport::models::Particles;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use std::hint::black_box;

const DT: f64 = 1e-3;

fn stepper<const NQ: usize, const NU: usize>() -> TimeStepper<Particles<NQ, NU>, NQ, 0, NU> {
    let mu: [f64; NU] = std::array::from_fn(|i| if i % 2 == 0 { 0.25 } else { 0.6 });
    let model = Particles::<NQ, NU>::new(1.0, 20f64.to_radians(), mu);
    let mut q0 = Vector::<NQ>::zeros();
    let mut u0 = Vector::<NQ>::zeros();
    for i in 0..NU {
        q0[3 * i + 2] = -1e-9;
        if i % 2 == 0 {
            u0[3 * i + 1] = 0.2 + 0.05 * i as f64;
        }
    }
    let settings = Settings::default();
    TimeStepper::new(model, Scheme::MoreauMidpoint, settings, 0.0, q0, u0).expect("valid start")
}

fn bench_one<const NQ: usize, const NU: usize>(c: &mut Criterion) {
    let mut ts = stepper::<NQ, NU>();
    let mut iterations = 0;
    for _ in 0..200 {
        let r = ts.step(DT).expect("step");
        assert_eq!(r.impulses.cone_size, NQ, "every contact closed");
        iterations += r.impulses.cone_iterations;
    }
    println!(
        "setup cone_step/nc{NU}: {:.2} cone iterations per step over the first 200 steps",
        iterations as f64 / 200.0
    );
    let mut g = c.benchmark_group("cone_step");
    g.bench_function(BenchmarkId::from_parameter(format!("nc{NU}")), |b| {
        b.iter(|| black_box(ts.step(black_box(DT)).map(|r| r.impulses.cone_iterations)))
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    bench_one::<3, 1>(c);
    bench_one::<12, 4>(c);
    bench_one::<48, 16>(c);
}

criterion_group!(benches, bench);
criterion_main!(benches);

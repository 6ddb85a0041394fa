//! The largest example, the Whipple bicycle (`Bicycle`: 9 coordinates, 2 holonomic and 4
//! velocity constraints, four bodies): the cost of one time step of Moreau's midpoint rule and
//! of Moreau–Jean (θ = ½) riding upright at 5 m/s (h = 1e-3), and of one linearisation about
//! upright straight running with the eigenvalues of its lateral block (what the benchmark's
//! speed sweep repeats).
//!
//! `cargo bench -p mb-examples --bench bicycle`

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use mb_examples::bicycle::bicycle::Bicycle;
use mb_examples::bicycle_speeds::{lateral_eigenvalues, upright_running};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let model = Bicycle::default();
    let op = upright_running(&model, 5.0);
    let mut g = c.benchmark_group("bicycle");
    for (name, scheme) in [
        ("step_midpoint_h1e-3", Scheme::MoreauMidpoint),
        (
            "step_jean_theta_0.5_h1e-3",
            Scheme::MoreauJean { theta: 0.5 },
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || TimeStepper::new(model, scheme, Settings::default(), 0.0, op.q, op.qd).unwrap(),
                |ts| black_box(ts.step(1e-3).unwrap().t),
                BatchSize::SmallInput,
            )
        });
    }
    g.bench_function("linearise_and_lateral_eigenvalues_v5", |b| {
        b.iter(|| black_box(lateral_eigenvalues(&model, black_box(5.0)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
